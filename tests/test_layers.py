"""The import contract: the package's modules form layers that point one way.

Read from the sources (the files of the installed package), not from the modules' own word:

- layers, lowest first: the leaves (the text helpers, the card encoding, the record base), the
  base (errors, cards, seats, phase), the rules, the kernel, the core, records and the computer
  players, the table driver and the arena, the command line; a module imports only from its
  own layer or below;
- no import circle, type-only imports included; no import inside a function; no import of
  another module's underscore names;
- only the engine imports the transitions; the computer players import no state, engine or
  legality; the core imports no records, computer players, table, arena or command line;
- no module over 600 lines;
- no seat arithmetic outside the kernel's table (stepping round the table by hand: a seat number
  taken modulo the table's size, or ``& 3``, or the direction's step);
- ``import spades`` loads none of records, the computer players, the table, the arena, the
  reinforcement-learning environments (nor numpy, gymnasium or pettingzoo) or
  ``concurrent.futures``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import spades

ROOT = Path(spades.__file__).resolve().parent
#: The most lines a module may have.
MOST_LINES = 600


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES: dict[str, Path] = {module_name(path): path for path in sorted(ROOT.rglob("*.py"))}
TREES: dict[str, ast.Module] = {
    name: ast.parse(path.read_text(encoding="utf-8"), str(path)) for name, path in MODULES.items()
}

#: Each module's layer, by the longest prefix of its name listed; lowest first.
LAYERS: dict[str, int] = {
    "spades._text": 0,
    "spades._version": 0,
    "spades._record": 0,
    "spades._kernel.cards": 0,
    "spades.errors": 1,
    "spades.cards": 1,
    "spades.seats": 1,
    "spades.phase": 1,
    "spades.rules": 2,
    "spades._kernel": 3,
    "spades": 4,  # the core: every module not named below it
    "spades.records": 5,
    "spades.bots": 5,
    "spades.table": 6,
    "spades.arena": 6,
    "spades.analysis": 6,
    "spades.rl": 6,
    "spades.openspiel": 6,
    "spades.cli": 7,
    "spades.__main__": 7,
}
LAYER_NAMES = ["leaves", "base", "rules", "kernel", "core", "records and bots", "table", "cli"]
#: The kernel's package module holds nothing but its docstring: a leaf too.
LEAVES = {"spades._kernel"}


def layer(module: str) -> int:
    if module in LEAVES:
        return 0
    best = max(
        (prefix for prefix in LAYERS if module == prefix or module.startswith(prefix + ".")),
        key=len,
    )
    return LAYERS[best]


def resolve(module: str, node: ast.ImportFrom | ast.Import) -> list[tuple[str, list[str]]]:
    """The spades modules ``node`` (in ``module``) imports, each with the names it takes."""
    if isinstance(node, ast.Import):
        return [(alias.name, []) for alias in node.names if alias.name.split(".")[0] == "spades"]
    if node.level:
        package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = package + ("." + node.module if node.module else "")
    else:
        base = node.module or ""
    if base.split(".")[0] != "spades":
        return []
    names = [alias.name for alias in node.names if f"{base}.{alias.name}" not in MODULES]
    found = [(base, names)] if names else []  # ``from . import module`` takes only the module
    found += [
        (f"{base}.{alias.name}", []) for alias in node.names if f"{base}.{alias.name}" in MODULES
    ]
    return found


def imports(module: str) -> list[tuple[str, list[str], ast.stmt]]:
    found = []
    for node in ast.walk(TREES[module]):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for target, names in resolve(module, node):
                found.append((target, names, node))
    return found


def test_the_modules_are_found() -> None:
    assert {"spades", "spades.engine", "spades._kernel.table", "spades.rules.ruleset"} <= set(
        MODULES
    )


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down_the_layers(module: str) -> None:
    for target, _names, node in imports(module):
        assert target in MODULES, f"{module} imports {target}, which is not a module of spades"
        assert layer(target) <= layer(module), (
            f"{module} (layer {LAYER_NAMES[layer(module)]}) imports {target} (layer "
            f"{LAYER_NAMES[layer(target)]}), line {node.lineno}"
        )


def test_no_import_circle() -> None:
    graph = {module: {target for target, _, _ in imports(module)} for module in MODULES}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if target == module:
                continue
            if state.get(target) == 1:
                circle = [*path[path.index(target) :], target]
                raise AssertionError("import circle: " + " -> ".join(circle))
            if target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_are_at_module_level(module: str) -> None:
    tree = TREES[module]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                assert not isinstance(inner, (ast.Import, ast.ImportFrom)), (
                    f"{module}: an import inside {node.name}, line {inner.lineno}"
                )


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_takes_another_modules_underscore_names(module: str) -> None:
    for target, names, node in imports(module):
        private = [name for name in names if name.startswith("_") and not name.startswith("__")]
        assert not private, f"{module} imports {private} from {target}, line {node.lineno}"


def test_only_the_engine_imports_the_transitions() -> None:
    importers = {
        module
        for module in MODULES
        if any(t == "spades._transitions" for t, _, _ in imports(module))
    }
    assert importers == {"spades.engine"}


def test_the_computer_players_read_views_not_states() -> None:
    forbidden = {"spades.state", "spades.engine", "spades.legality", "spades._transitions"}
    for module in MODULES:
        if module.startswith("spades.bots"):
            taken = {target for target, _, _ in imports(module)} & forbidden
            assert not taken, f"{module} imports {sorted(taken)}"


def test_the_core_imports_nothing_above_it() -> None:
    for module in MODULES:
        if layer(module) <= 4:
            above = {target for target, _, _ in imports(module) if layer(target) > 4}
            assert not above, f"{module} imports {sorted(above)}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_over_600_lines(module: str) -> None:
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"{module} has {lines} lines"


#: Names that hold a table's size or a seat's step, in seat arithmetic.
_GEOMETRY = {"players", "seats", "seat_count", "step", "n"}


def _is_geometry(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and node.value in (2, 3, 4):
        return True
    if isinstance(node, ast.Name) and node.id in _GEOMETRY:
        return True
    return isinstance(node, ast.Attribute) and node.attr in _GEOMETRY


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_seat_arithmetic_outside_the_kernels_table(module: str) -> None:
    if module == "spades._kernel.table":
        return
    for node in ast.walk(TREES[module]):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            assert not _is_geometry(node.right), (
                f"{module}, line {node.lineno}: a seat taken modulo the table's size"
            )
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):
            assert not (isinstance(node.right, ast.Constant) and node.right.value == 3), (
                f"{module}, line {node.lineno}: a seat taken & 3"
            )
        if isinstance(node, ast.Attribute) and node.attr == "step":
            assert (
                isinstance(node.value, ast.Attribute) is False or node.value.attr != "direction"
            ), f"{module}, line {node.lineno}: the direction's step read outside the table"


def test_import_spades_loads_only_the_core() -> None:
    code = (
        "import sys, spades; print(' '.join(sorted(m for m in sys.modules if m.startswith("
        "('spades.records', 'spades.bots', 'spades.table', 'spades.arena', 'spades.analysis', "
        "'spades.cli', 'spades.rl', 'concurrent.futures', 'multiprocessing', 'numpy', "
        "'gymnasium', 'pettingzoo')))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert loaded == []
