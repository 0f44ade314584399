"""The imports of a module of the installed package, read from its source (not from the module's
own word): what the tests of the layers of the computer players and the kernel read."""

from __future__ import annotations

import ast
from pathlib import Path

import spades

#: The installed package's folder.
SRC = Path(spades.__file__).parent


def module_imports(path: Path) -> list[tuple[str, list[str], bool]]:
    """Each import of the module at ``path``: the module imported (relative imports resolved,
    a name imported from a package counted as its module when it is one), the names imported,
    and whether the import is at the module's top level."""
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    tree = ast.parse(path.read_text())
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, [], id(node) in top) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module) if part)
            names = [alias.name for alias in node.names]
            for name in names:
                # ``from .. import _kernel``, ``from ..._kernel import play``: the module.
                if (SRC.parent / f"{module}.{name}".replace(".", "/")).with_suffix(".py").exists():
                    found.append((f"{module}.{name}", [], id(node) in top))
                    names = [other for other in names if other != name]
            if names:
                found.append((module, names, id(node) in top))
    return found
