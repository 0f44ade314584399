"""The documentation builds without a warning, every public name and member has an entry in the
API reference (the example scripts are run by ``tests/test_examples.py``).

The doctests in ``docs/*.rst`` are collected by pytest itself (``--doctest-glob='*.rst'``).
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import posixpath
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import spades
from extras import RL_EXTRA, needs_rl_extra
from spades.rules.house_presets import HOUSE_PRESETS

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

#: The packages whose names are documented under the package (``spades.records.dumps``), which is
#: where users import them from, rather than under the module that defines them.
PACKAGES = ("spades.rules", "spades.records", "spades.bots", "spades.arena", "spades.analysis")


@pytest.fixture(scope="module")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The HTML documentation, built as CI builds it: ``-W -n``, every warning an error and every
    cross-reference resolved."""
    pytest.importorskip("sphinx")
    from sphinx.cmd.build import build_main

    out = tmp_path_factory.mktemp("docs") / "html"
    status = build_main(["-W", "-n", "-q", "-b", "html", str(DOCS), str(out)])
    assert status == 0
    return out


@pytest.mark.docs
def test_docs_build_without_warnings(built_docs: Path) -> None:
    rules = (built_docs / "rules.html").read_text(encoding="utf-8")
    # The option table is generated from the code: every option has a row.
    from spades.rules import OPTION_NAMES

    for name in OPTION_NAMES:
        assert f'id="option-{name}"' in rules, name


def _inventory(built_docs: Path) -> set[str]:
    """Every Python object the built documentation has an entry for, by full name."""
    from sphinx.util.inventory import InventoryFile

    with open(built_docs / "objects.inv", "rb") as stream:
        inventory = InventoryFile.load(stream, "", posixpath.join)
    data: Any = getattr(inventory, "data", inventory)
    return {name for kind, items in data.items() if kind.startswith("py:") for name in items}


def _public_modules() -> dict[str, ModuleType]:
    """Every public module of the package (no ``_`` in its name), the command line apart, and
    :mod:`spades.rl` apart where the ``rl`` extra is missing (``tests/extras.py``)."""
    found: dict[str, ModuleType] = {"spades": spades}
    # (walk_packages imports each package to find its modules, and passes over one whose import
    # fails: spades.rl's modules are not listed without the extra.)
    for info in pkgutil.walk_packages(spades.__path__, "spades."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        if info.name.startswith("spades.cli"):
            continue
        if needs_rl_extra(info.name) and not RL_EXTRA:
            continue
        found[info.name] = importlib.import_module(info.name)
    return found


def _documented_names() -> dict[str, Any]:
    """The full name each public name is documented under, with its object: every name in a
    public module's ``__all__``, under the package for the packages' own names."""
    modules = _public_modules()
    names: dict[str, Any] = {}
    for module_name, module in modules.items():
        if module_name == "spades":
            continue
        package = module_name.rpartition(".")[0]
        exported = set(getattr(modules.get(package), "__all__", ())) if package in PACKAGES else ()
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            if name in exported:  # documented under the package
                continue
            defined = inspect.isclass(obj) or inspect.isfunction(obj)
            home = obj.__module__ if defined else module_name
            if module_name in PACKAGES:  # the package's own names, from any of its modules
                home = module_name if home.startswith(f"{module_name}.") else home
            if home == module_name:
                names[f"{module_name}.{name}"] = obj  # (else a re-export, documented where defined)
    return names


@pytest.mark.docs
def test_every_public_name_has_an_entry(built_docs: Path) -> None:
    inventory = _inventory(built_docs)
    documented = _documented_names()
    missing = sorted(name for name in documented if name not in inventory)
    assert not missing, f"public names without an entry in the API reference: {missing}"
    # Every name ``spades`` exports is one of them (documented where it is defined), and so is
    # every name of spades.records, spades.bots and spades.arena.
    for module_name in ("spades", *PACKAGES):
        module = importlib.import_module(module_name)
        for name in module.__all__:
            if name in ("__version__", "COMPILED"):  # the package's own data (spades._version)
                assert f"spades.{name}" in inventory
                continue
            obj = getattr(module, name)
            assert any(value is obj for value in documented.values()), f"{module_name}.{name}"


def _own_members(cls: type) -> list[str]:
    """The public members a class defines, or inherits from a class of this package: methods,
    properties, fields and (for an enum) its members."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if not klass.__module__.startswith("spades"):
            continue
        names |= set(vars(klass)) | set(getattr(klass, "__annotations__", {}))
    if issubclass(cls, enum.Enum):
        names |= set(cls.__members__)
    return sorted(name for name in names if not name.startswith("_"))


@pytest.mark.docs
def test_every_public_member_has_an_entry(built_docs: Path) -> None:
    inventory = _inventory(built_docs)
    missing = [
        f"{name}.{member}"
        for name, obj in _documented_names().items()
        if inspect.isclass(obj) and obj.__module__.startswith("spades")
        for member in _own_members(obj)
        if f"{name}.{member}" not in inventory
    ]
    assert not missing, f"public members without an entry in the API reference: {missing}"


@pytest.mark.docs
def test_every_enum_member_says_what_it_means() -> None:
    pytest.importorskip("sphinx")
    from sphinx.pycode import ModuleAnalyzer

    undocumented = []
    for name, obj in _documented_names().items():
        if inspect.isclass(obj) and issubclass(obj, enum.Enum):
            docs = ModuleAnalyzer.for_module(obj.__module__).find_attr_docs()
            for member in obj.__members__:
                if not "".join(docs.get((obj.__qualname__, member), [])).strip():
                    undocumented.append(f"{name}.{member}")
    assert not undocumented, f"enum members without a #: comment: {undocumented}"


def test_every_preset_is_in_a_side_by_side_table() -> None:
    """The preset matrices of docs/presets.rst name their presets: together, every preset once."""
    text = (DOCS / "presets.rst").read_text(encoding="utf-8")
    named: list[str] = []
    for match in re.finditer(r"^\.\. spades-preset-matrix::(.*(?:\n   \S.*)*)", text, re.M):
        named += match.group(1).split()
    assert sorted(named) == sorted(preset.name for preset in spades.PRESETS)


#: How text cites the project's own research notes, which users of the package do not have.
_PRIVATE_CITATION = re.compile(r"house-rules\.md|catalogue section|the catalogue's|shared/", re.I)


def _user_facing_files() -> list[Path]:
    """Every file whose text reaches users: the sources (docstrings, preset sources and readings,
    messages), the documentation, the examples and the README."""
    texts = {".py", ".rst", ".md", ".html", ".js", ".css", ".txt"}
    files = [ROOT / "README.md"]
    for folder in ("src", "docs", "examples"):
        files += [path for path in (ROOT / folder).rglob("*") if path.suffix in texts]
    return [path for path in files if "_build" not in path.parts]


def test_no_user_facing_text_cites_a_file_users_do_not_have() -> None:
    cited = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in _user_facing_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _PRIVATE_CITATION.search(line)
    ]
    assert not cited, "text citing the project's research notes:\n" + "\n".join(cited)


def test_every_house_preset_names_a_public_source() -> None:
    """A house preset's source is a page anyone can find: a web address or a named site, never
    the project's own notes."""
    for preset in HOUSE_PRESETS:
        assert not _PRIVATE_CITATION.search(preset.source), preset.name
        assert re.search(r"\b[\w-]+\.(com|net|org)\b", preset.source), preset.name


# -- code that fits the page -------------------------------------------------------------------

#: The most columns a line of code may take in the docs' code blocks and the examples: the page
#: (docs/conf.py: page_width, code_font_size) shows about 94 at full width, and 88 leaves room
#: for a block indented in a list.
CODE_COLUMNS = 88
#: The rows of a score sheet the docs print (``spades score``, ``score_sheet``) are the program's
#: own fixed-width table, which cannot be wrapped: they may take up to this many.
SHEET_COLUMNS = 92
_SHEET_ROW = re.compile(r"\s*(hand dealer|start |\d+ [NESW] )")
_CODE_DIRECTIVE = re.compile(r"(\s*)\.\. (code-block|code|sourcecode)::")
#: A doctest flag, which Sphinx leaves out of the page (trim_doctest_flags).
_DOCTEST_FLAG = re.compile(r"\s*# doctest:.*$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def literal_lines(text: str) -> list[tuple[int, str]]:
    """Each line of the literal blocks of reStructuredText ``text`` (doctest blocks, ``::``
    blocks and code-block directives), with its line number, as the page shows it."""
    lines = text.splitlines()
    found: list[tuple[int, str]] = []
    number = 0
    while number < len(lines):
        line = lines[number]
        if line.lstrip().startswith(">>>"):  # a doctest block: to the next blank line
            while number < len(lines) and lines[number].strip():
                found.append((number + 1, lines[number]))
                number += 1
            continue
        directive = _CODE_DIRECTIVE.match(line)
        opens = line.rstrip().endswith("::") and not line.lstrip().startswith(".. ")
        number += 1
        if not (directive or opens):
            continue
        base, content = _indent(line), False
        while number < len(lines) and (not lines[number].strip() or _indent(lines[number]) > base):
            # A directive's options (":caption: ...") come before its content.
            option = directive and not content and re.match(r"\s*:[\w-]+:", lines[number])
            if lines[number].strip() and not option:
                found.append((number + 1, lines[number]))
                content = True
            number += 1
    return [(n, _DOCTEST_FLAG.sub("", line)) for n, line in found]


def _too_wide(line: str) -> bool:
    limit = SHEET_COLUMNS if _SHEET_ROW.match(line) else CODE_COLUMNS
    return len(line) > limit


def test_literal_lines_finds_every_kind_of_block() -> None:
    text = (
        "Text::\n\n    literal\n\nProse.\n\n"
        ".. code-block:: python\n\n   code = 1\n\n"
        ">>> 1 + 1  # doctest: +ELLIPSIS\n2\n\nMore prose.\n"
    )
    assert literal_lines(text) == [
        (3, "    literal"),
        (9, "   code = 1"),
        (11, ">>> 1 + 1"),
        (12, "2"),
    ]


def test_docs_code_blocks_fit_the_page() -> None:
    wide = [
        f"{path.name}:{number}: {len(line)} columns"
        for path in sorted(DOCS.glob("*.rst"))
        for number, line in literal_lines(path.read_text(encoding="utf-8"))
        if _too_wide(line)
    ]
    assert not wide, f"code lines wider than {CODE_COLUMNS} columns:\n" + "\n".join(wide)


def test_examples_fit_the_page() -> None:
    wide = [
        f"{path.name}:{number}: {len(line)} columns"
        for path in sorted((ROOT / "examples").glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if len(line) > CODE_COLUMNS
    ]
    assert not wide, f"example lines wider than {CODE_COLUMNS} columns:\n" + "\n".join(wide)
