"""A small Sphinx extension that writes the rule reference from the code, so it cannot drift.

Directives:

``.. spades-options::``
    The table of every :class:`~spades.rules.RuleSet` option: name, type (with the choices of an
    enum and their meanings), default and meaning, read from ``attrs.fields(RuleSet)``,
    :data:`spades.rules.meanings.OPTION_DOCS` and the ``#:`` comments of the enum members.

``.. spades-preset-matrix:: [NAME ...]``
    The presets named (every preset when none is) side by side, one row per option that one of
    them changes.

``.. spades-presets::``
    One section per entry of :data:`spades.rules.PRESETS`: title, source text, aliases, the
    options that differ from the default, and every reading of a point the text leaves open.

``.. spades-text-differences::``
    Where the source texts differ: one column per source text (its presets named first), one row
    per option on which their presets do not all agree.

``.. spades-module:: spades.records.format``
    ``automodule`` of a module inside a package, leaving out the names the package itself exports
    (they are documented once, under the package's name, which is where users import them from).

``.. spades-exports::``
    A summary table of every name in ``spades.__all__``, linked to its entry.

``.. spades-changelog:: ../CHANGELOG.md``
    The changelog, converted from its (simple) Markdown to reStructuredText.

``.. spades-optional-toctree::``
    A toctree of the listed pages that exist, for pages written separately from these.

The role ``:ruleopt:`name``` links to an option's row in the table; a name that is not an option
is a build warning (so ``-W`` fails). The extension also gives the autodoc entry of each
``RuleSet`` attribute the option's documentation, which is kept in ``spades.rules.meanings``
(document ``spades.rules`` with ``:undoc-members:`` so that autodoc lists them).

Autodoc's "Bases:" line names only documented classes: a private base
(``spades.rules.options._Choice``, ``spades.tricks._TrickFields``) or one its module does not
export (``spades.tricks.CompletedHandFields``) is replaced by its own public bases.

Source texts are named by their presets: where a rule's documentation cites a source text by its
number (``(000, 004)``), the generated tables name the preset (``(partners_app, four_levels)``).
"""

from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import attrs

try:
    from docutils import nodes
    from docutils.parsers.rst import directives
    from docutils.statemachine import StringList
    from sphinx.application import Sphinx
    from sphinx.pycode import ModuleAnalyzer
    from sphinx.roles import XRefRole
    from sphinx.util import logging
    from sphinx.util.docutils import SphinxDirective, SphinxRole
    from sphinx.util.nodes import nested_parse_with_titles
except ImportError:  # pragma: no cover
    # Only Sphinx loads this module for real, but ``pytest --doctest-modules`` imports every
    # module under ``docs`` too, also where Sphinx is not installed: skip it there.
    import pytest

    pytest.skip("Sphinx is not installed", allow_module_level=True)

from spades.rules import PRESETS, Preset, RuleSet
from spades.rules.meanings import OPTION_DOCS

logger = logging.getLogger(__name__)

#: The packages whose own names are documented under the package (``spades.rules.RuleSet``,
#: ``spades.records.dumps``), which is where users import them from, rather than under the module
#: that defines them (as ``tests/test_docs.py`` expects).
_PACKAGES = ("spades.rules", "spades.records", "spades.bots", "spades.arena")

#: The options: every field a caller can set (derived, ``init=False`` fields are not options).
_FIELDS = tuple(field for field in attrs.fields(RuleSet) if field.init)
_FIELDS_BY_NAME = {field.name: field for field in _FIELDS}
_DEFAULT = RuleSet()


def _is_source_text(source: str) -> bool:
    """Whether a preset's ``source`` is a source text id (``000``) rather than a description."""
    return source.isdigit()


def _escape(text: str) -> str:
    """Plain text made safe to embed in generated reStructuredText."""
    for char in ("\\", "*", "`", "|", "_", "[", "]"):
        text = text.replace(char, "\\" + char)
    return text


def _value(value: Any) -> str:
    """An option value as inline literal text: the form used in records and on the command line."""
    if isinstance(value, enum.Enum):
        return f"``{value}``"
    if value is None:
        return "``None``"
    return f"``{value!r}``"


def _enum_docs(enum_type: type[enum.Enum]) -> dict[str, str]:
    """The ``#:`` comment of each member of ``enum_type``, by member name."""
    docs = ModuleAnalyzer.for_module(enum_type.__module__).find_attr_docs()
    return {
        name: _by_name(" ".join(line.strip() for line in lines if line.strip()))
        for (owner, name), lines in docs.items()
        if owner == enum_type.__qualname__
    }


#: Each source text's number and the name of its first preset (``'000'``: ``'partners_app'``).
_SOURCE_NAMES = {
    source: next(p.name for p in PRESETS if p.source == source)
    for source in dict.fromkeys(p.source for p in PRESETS if p.source.isdigit())
}
_SOURCE_NUMBER = re.compile(r"(?<![\w-])(" + "|".join(_SOURCE_NAMES) + r")(?![\w-])")


def _by_name(text: str) -> str:
    """``text`` with every source text cited by number cited by its preset's name instead."""
    return _SOURCE_NUMBER.sub(lambda match: _SOURCE_NAMES[match.group(1)], text)


def _option_doc(field: attrs.Attribute[Any]) -> str:
    return _by_name(OPTION_DOCS.get(field.name, "").strip())


def _table(
    header: list[str], rows: list[list[str]], widths: str | None = None, wide: bool = False
) -> list[str]:
    """A ``list-table`` whose cells are reStructuredText (each cell may span several lines)."""
    lines = [".. list-table::", "   :header-rows: 1", "   :class: spades-table"]
    if wide:
        lines[-1] += " spades-wide"
    if widths:
        lines.append(f"   :widths: {widths}")
    lines.append("")
    for row in [header, *rows]:
        for position, cell in enumerate(row):
            cell_lines = cell.splitlines() or [""]
            bullet = "   * - " if position == 0 else "     - "
            lines.append(bullet + cell_lines[0])
            lines.extend("       " + line if line else "" for line in cell_lines[1:])
    lines.append("")
    return lines


class _GeneratedDirective(SphinxDirective):
    """A directive that writes reStructuredText and parses it in place."""

    has_content = False

    def lines(self) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        source = f"<{self.name} generated from the spades package>"
        content = StringList()
        for line in self.lines():
            content.append(line, source)
        container = nodes.Element()
        container.document = self.state.document
        nested_parse_with_titles(self.state, content, container)
        return list(container.children)


class OptionsDirective(_GeneratedDirective):
    """``.. spades-options::``: the table of every rule option."""

    def lines(self) -> list[str]:
        rows = []
        for field in _FIELDS:
            doc = _option_doc(field)
            if not doc:
                logger.warning(
                    "RuleSet option %r has no entry in spades.rules.meanings.OPTION_DOCS; every "
                    "option must say what it does.",
                    field.name,
                    location=(self.env.docname, self.lineno),
                )
            default = field.default
            if isinstance(default, enum.Enum):
                enum_type = type(default)
                member_docs = _enum_docs(enum_type)
                kind = [f":class:`~{enum_type.__module__}.{enum_type.__qualname__}`", ""]
                for member in enum_type:
                    meaning = member_docs.get(member.name)
                    if not meaning:
                        logger.warning(
                            "%s.%s has no #: comment; every choice must say what it does.",
                            enum_type.__qualname__,
                            member.name,
                            location=(self.env.docname, self.lineno),
                        )
                    kind.append(f"- ``{member}``: {_escape(meaning or '')}")
                type_cell = "\n".join(kind)
            else:
                type_cell = f"``{field.type}``"
            rows.append(
                [
                    f":ruleopt-target:`{field.name}`",
                    type_cell,
                    _value(default),
                    _escape(doc),
                ]
            )
        return _table(["Option", "Type", "Default", "Meaning"], rows, widths="20 30 12 38")


class PresetMatrixDirective(_GeneratedDirective):
    """``.. spades-preset-matrix:: [NAME ...]``: the presets named (all when none is), side by
    side, on the options any of them sets. An unknown name is an error of the docs build."""

    optional_arguments = 40

    def lines(self) -> list[str]:
        by_name = {preset.name: preset for preset in PRESETS}
        unknown = [name for name in self.arguments if name not in by_name]
        if unknown:
            raise self.error(f"{self.name}: not a preset: {', '.join(unknown)}")
        presets = [by_name[name] for name in self.arguments] if self.arguments else list(PRESETS)
        changed = [
            field
            for field in _FIELDS
            if any(getattr(p.rules, field.name) != field.default for p in presets)
        ]
        header = ["Option", "default", *(f":ref:`{p.name} <preset-{p.name}>`" for p in presets)]
        rows = []
        for field in changed:
            row = [f":ruleopt:`{field.name}`", _value(field.default)]
            for preset in presets:
                value = getattr(preset.rules, field.name)
                row.append(_value(value) if value != field.default else "")
            rows.append(row)
        source_row = ["source text", ""]
        source_row += [f"``{p.source}``" if _is_source_text(p.source) else "" for p in presets]
        if any(cell for cell in source_row[2:]):
            rows.insert(0, source_row)
        return _table(header, rows, wide=True)


class PresetsDirective(_GeneratedDirective):
    """``.. spades-presets::``: one section per preset."""

    def lines(self) -> list[str]:
        lines: list[str] = []
        for preset in PRESETS:
            lines += self._preset(preset)
        return lines

    def _preset(self, preset: Preset) -> list[str]:
        title = f"``{preset.name}``"
        lines = [f".. _preset-{preset.name}:", "", title, "~" * len(title), ""]
        lines += [_escape(preset.title) + ".", ""]
        if _is_source_text(preset.source):
            source = f"source text ``{preset.source}`` (see :ref:`source-texts`)"
        else:
            source = _escape(preset.source)
        aliases = ", ".join(f"``{alias}``" for alias in preset.aliases) or "none"
        lines += [
            f":Source: {source}",
            f":Aliases: {aliases}",
            f":Rules: ``find_ruleset({preset.name!r})`` is ``{preset.rules!r}``",
            "",
        ]
        changes = preset.rules.non_defaults()
        if changes:
            lines += ["Options that differ from the default:", ""]
            rows = [
                [f":ruleopt:`{name}`", _value(value), _value(getattr(_DEFAULT, name))]
                for name, value in changes.items()
            ]
            lines += _table(["Option", "This preset", "Default"], rows, widths="40 30 30")
        else:
            lines += ["Every option has its default value.", ""]
        if preset.readings:
            lines += ["How the text is read, where it is silent or ambiguous:", ""]
            lines += [f"- {_escape(reading)}" for reading in preset.readings]
            lines.append("")
        return lines


class OptionalToctreeDirective(_GeneratedDirective):
    """``.. spades-optional-toctree::``: a toctree of the listed pages that exist.

    For pages written separately from these (``records``, ``cli``): a page that is not there yet
    is left out instead of failing the build. The index is read again when one appears.
    """

    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "caption": directives.unchanged,
        "maxdepth": directives.nonnegative_int,
    }

    def lines(self) -> list[str]:
        present = []
        for line in self.content:
            name = line.strip()
            if not name:
                continue
            self.env.note_dependency(self.env.doc2path(name))
            if name in self.env.found_docs:
                present.append(name)
        if not present:
            return []
        lines = [".. toctree::", f"   :maxdepth: {self.options.get('maxdepth', 2)}"]
        if "caption" in self.options:
            lines.append(f"   :caption: {self.options['caption']}")
        return [*lines, "", *(f"   {name}" for name in present), ""]


class TextDifferencesDirective(_GeneratedDirective):
    """``.. spades-text-differences::``: the source texts side by side, where they differ.

    One column per source text, headed by the names of the presets that reproduce it; one row per
    option on which those presets do not all agree, each cell the text's value (with the choice's
    meaning for an enum). A text with two presets (500 and 250) shows both values.
    """

    def lines(self) -> list[str]:
        texts: dict[str, list[Preset]] = {}
        for preset in PRESETS:
            if _is_source_text(preset.source):
                texts.setdefault(preset.source, []).append(preset)
        presets = [p for group in texts.values() for p in group]
        differing = [
            field for field in _FIELDS if len({getattr(p.rules, field.name) for p in presets}) > 1
        ]
        header = ["Option"]
        for source, group in texts.items():
            names = ", ".join(f":ref:`{p.name} <preset-{p.name}>`" for p in group)
            header.append(f"{names} (text ``{source}``)")
        rows = []
        for field in differing:
            row = [f":ruleopt:`{field.name}`"]
            for group in texts.values():
                values = {getattr(p.rules, field.name): p.name for p in group}
                cell = []
                for value in dict.fromkeys(getattr(p.rules, field.name) for p in group):
                    text = _value(value)
                    if isinstance(value, enum.Enum):
                        meaning = _without_presets(_enum_docs(type(value)).get(value.name, ""))
                        text += f": {_escape(meaning)}" if meaning else ""
                    if len(values) > 1:
                        text += f" ({values[value]})"
                    cell.append(text)
                row.append("\n\n".join(cell))
            rows.append(row)
        width = 80 // len(texts)
        widths = " ".join(["20", *(str(width) for _ in texts)])
        return _table(header, rows, widths=widths, wide=True)


def _without_presets(meaning: str) -> str:
    """A choice's meaning without its closing list of the presets that use it (``(partners_app,
    four_levels).``): in a table of the texts, the column says which text uses it. A note that
    says more (``(cap40, and rule_sheet as read)``) is kept."""
    match = re.search(r"\s*\(([^()]*)\)\.$", meaning)
    if match is None:
        return meaning
    rest = match.group(1).replace("the standard game", "")
    for name in sorted((p.name for p in PRESETS), key=len, reverse=True):
        rest = rest.replace(name, "")
    if re.fullmatch(r"[\s,;]*(?:and[\s,;]*)*", rest):
        return meaning[: match.start()] + "."
    return meaning


class ModuleDirective(_GeneratedDirective):
    """``.. spades-module:: spades.records.format``: a module inside a package, without the names
    the package re-exports, which are documented once under the package's name. With
    ``:inherited:``, its classes list what they inherit from a class of another module, too."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "no-index": directives.flag,
        "inherited": directives.flag,
    }

    def lines(self) -> list[str]:
        name = self.arguments[0]
        package = importlib.import_module(name.rpartition(".")[0])
        exported = sorted(getattr(package, "__all__", ()))
        lines = [f".. automodule:: {name}"]
        if exported:
            lines.append(f"   :exclude-members: {', '.join(exported)}")
        if "no-index" in self.options:
            lines.append("   :no-index:")
        if "inherited" in self.options:
            lines.append("   :inherited-members:")
        return [*lines, ""]


def _documented_name(name: str) -> str:
    """Where the API reference documents ``spades.<name>``: under the package that exports it
    (``spades.rules.RuleSet``), which is where users import the package's names from, else its
    defining module (``spades.engine.apply``)."""
    import spades

    obj = getattr(spades, name)
    defined_in = getattr(obj, "__module__", None)
    for package in _PACKAGES:
        module = importlib.import_module(package)
        exported = name in getattr(module, "__all__", ()) and getattr(module, name) is obj
        # (a class or a function from outside the package is documented where it is defined)
        if exported and (not callable(obj) or str(defined_in).startswith(f"{package}.")):
            return f"{package}.{name}"
    if name in ("__version__", "COMPILED"):  # the package's own data, from spades._version
        return f"spades.{name}"
    if isinstance(obj, type) and defined_in in _spades_modules():
        return f"{defined_in}.{name}"
    for module_name, module in sorted(_spades_modules().items()):
        if name in getattr(module, "__all__", ()) and getattr(module, name) is obj:
            return f"{module_name}.{name}"
    raise LookupError(f"spades.{name} is documented nowhere")  # pragma: no cover


def _spades_modules() -> dict[str, Any]:
    """Every public module of the package, by name."""
    import pkgutil

    import spades

    found = {}
    for info in pkgutil.walk_packages(spades.__path__, "spades."):
        if any(part.startswith("_") for part in info.name.split(".")) or ".cli" in info.name:
            continue
        found[info.name] = importlib.import_module(info.name)
    return found


class ExportsDirective(_GeneratedDirective):
    """``.. spades-exports::``: every name in ``spades.__all__`` with its summary line."""

    def lines(self) -> list[str]:
        import spades

        names = [n for n in spades.__all__ if n != "__version__"]
        lines = [".. currentmodule:: spades", "", ".. autosummary::", "   :nosignatures:", ""]
        # Relative to the current module (autosummary asks for that): ``~cards.Card``.
        for name in sorted(names, key=str.lower):
            lines.append(f"   ~{_documented_name(name).removeprefix('spades.')}")
        return [*lines, ""]


_MD_CODE = re.compile(r"`([^`]+)`")
# Inline markup may only start after and end before these (or whitespace).
_OPEN_AFTER = set(" -:/'\"<([{")
_CLOSE_BEFORE = set(" -.,:;!?\\/'\")]}>")


def _md_inline(text: str) -> str:
    """One paragraph of the changelog's Markdown (code spans, plain text) as reStructuredText."""
    out = []
    position = 0
    for match in _MD_CODE.finditer(text):
        out.append(_escape(text[position : match.start()]))
        code = f"``{match.group(1)}``"
        before = text[match.start() - 1] if match.start() else " "
        after = text[match.end()] if match.end() < len(text) else " "
        if before not in _OPEN_AFTER:
            code = "\\ " + code
        if after not in _CLOSE_BEFORE:
            code += "\\ "
        out.append(code)
        position = match.end()
    out.append(_escape(text[position:]))
    return "".join(out)


def changelog_rst(markdown: str) -> list[str]:
    """The changelog's Markdown as reStructuredText lines: ``##`` and ``###`` headings (the ``#``
    title is left to the page), paragraphs, and ``-`` lists whose items continue on indented
    lines; code spans become literals and every other character is literal text."""
    lines: list[str] = []
    blocks: list[tuple[str, str]] = []  # (kind, text): heading2, heading3, item, paragraph
    for raw in markdown.splitlines():
        line = raw.rstrip()
        if not line.strip():
            blocks.append(("blank", ""))
        elif line.startswith("### "):
            blocks.append(("heading3", line[4:]))
        elif line.startswith("## "):
            blocks.append(("heading2", line[3:]))
        elif line.startswith("# "):
            blocks.append(("title", line[2:]))
        elif line.startswith("- "):
            blocks.append(("item", line[2:]))
        elif line.startswith("  ") and blocks and blocks[-1][0] == "item":
            blocks[-1] = ("item", blocks[-1][1] + " " + line.strip())
        elif blocks and blocks[-1][0] == "paragraph":
            blocks[-1] = ("paragraph", blocks[-1][1] + " " + line.strip())
        else:
            blocks.append(("paragraph", line.strip()))
    for kind, text in blocks:
        if kind == "title" or kind == "blank":
            continue
        if kind in ("heading2", "heading3"):
            title = _escape(text.strip("[]"))
            lines += ["", title, ("-" if kind == "heading2" else "~") * len(title), ""]
        elif kind == "item":
            lines += ["- " + _md_inline(text), ""]
        else:
            lines += [_md_inline(text), ""]
    return lines


class ChangelogDirective(_GeneratedDirective):
    """``.. spades-changelog:: ../CHANGELOG.md``: the changelog, from Markdown."""

    required_arguments = 1

    def lines(self) -> list[str]:
        relative, path = self.env.relfn2path(self.arguments[0], self.env.docname)
        self.env.note_dependency(relative)
        return changelog_rst(Path(path).read_text(encoding="utf-8"))


#: The package's type aliases, which signatures name as if they were classes (Sphinx 8 writes the
#: text of the hint, ``Action``; they are documented as data).
_TYPE_ALIASES = {
    "Action": "spades.actions.Action",
    "SeenExchange": "spades.views.SeenExchange",
}


def _resolve_private(app: Sphinx, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve the references autodoc writes for names behind a private module, and for the
    package's type aliases.

    A signature's type hint can name a class by the private module that defines it
    (``concurrent.futures._base.Executor``): it is looked up by its public name
    (``concurrent.futures.Executor``). A type variable (``spades.seats._Value``) has no entry of its
    own and is shown as plain text. A type alias (``Action``) links to its entry.
    """
    from sphinx.ext import intersphinx

    if node.get("refdomain") != "py":
        return None
    target = str(node.get("reftarget", ""))
    alias = _TYPE_ALIASES.get(target, target if target in _TYPE_ALIASES.values() else None)
    if alias is not None:
        domain = env.get_domain("py")
        return domain.resolve_xref(
            env, node.get("refdoc", ""), app.builder, "obj", alias, node, contnode
        )
    parts = target.split(".")
    if target.startswith("spades.") and parts[-1].startswith("_"):
        try:
            module = importlib.import_module(".".join(parts[:-1]))
        except ImportError:
            return None
        if isinstance(getattr(module, parts[-1], None), TypeVar):
            return contnode
        return None
    public = [part for part in parts[:-1] if not part.startswith("_")] + parts[-1:]
    if len(public) == len(parts):
        return None
    renamed = node.deepcopy()
    renamed["reftarget"] = ".".join(public)
    return intersphinx.missing_reference(app, env, renamed, contnode)


def _public_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list[Any]) -> None:
    """Replace each private base class (a ``_`` in its module or name), and each base of this
    package that its module does not export (a named tuple of fields), by its own bases."""

    def private(cls: Any) -> bool:
        module = getattr(cls, "__module__", "")
        where = f"{module}.{getattr(cls, '__qualname__', '')}"
        if any(part.startswith("_") for part in where.split(".") if part != "__main__"):
            return True
        if module.split(".")[0] != "spades":
            return False
        exported = getattr(importlib.import_module(module), "__all__", None)
        return exported is not None and cls.__name__ not in exported

    found: list[Any] = []
    pending = list(bases)
    while pending:
        cls = pending.pop(0)
        if isinstance(cls, type) and private(cls):
            pending[:0] = [base for base in cls.__bases__ if base is not object]
        elif cls not in found:
            found.append(cls)
    bases[:] = found or [object]


class _OptionTargetRole(SphinxRole):
    """``:ruleopt-target:`name```: the anchor of an option's row, registered for ``:ruleopt:``."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        name = self.text
        node_id = f"option-{name}"
        self.env.get_domain("std").note_object(
            "ruleopt", name, node_id, location=self.get_location()
        )
        target = nodes.target("", "", ids=[node_id])
        return [target, nodes.literal(name, name)], []


def _defining_doc(name: str, obj: Any) -> list[str]:
    """The ``#:`` comment of the constant a package re-exports as ``name``, from the module that
    defines it: one of the package's own modules (``spades.arena.MAX_HANDS`` is
    ``spades.arena.games``'s), or for :data:`spades.records.MAX_INT` the package-wide one."""
    import sys

    package_name, _, attribute = name.rpartition(".")
    candidates = sorted(m for m in sys.modules if m.startswith(package_name + "."))
    for module_name in [*candidates, "spades._text"]:
        if getattr(sys.modules.get(module_name), attribute, None) is not obj:
            continue
        found = ModuleAnalyzer.for_module(module_name).find_attr_docs().get(("", attribute))
        if found:
            return list(found)
    return []


def _process_docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give each ``RuleSet`` attribute its option documentation from ``OPTION_DOCS``, and a
    constant a package re-exports the comment it has where it is defined."""
    if what == "data" and name.startswith("spades."):
        # A re-exported constant has no comment in the package, so autodoc shows its type's
        # docstring (``int([x]) -> integer``): show the comment where it is defined instead.
        defining = _defining_doc(name, obj)
        if defining:
            lines[:] = defining
            return
    prefix = "spades.rules.RuleSet."  # documented under the package, which exports it
    if what == "attribute" and name.startswith(prefix):
        option = name[len(prefix) :]
        field = _FIELDS_BY_NAME.get(option)
        if field is not None:
            lines[:] = [
                _escape(_option_doc(field)),
                "",
                f"See :ruleopt:`{option}` in the rule options.",
            ]


#: Wide generated tables scroll sideways instead of running out of the page.
_CSS = """\
table.spades-wide { display: block; overflow-x: auto; max-width: 100%; }
table.spades-wide th, table.spades-wide td { padding: 0.2em 0.4em; font-size: 0.9em; }
table.spades-table ul { margin: 0.3em 0 0 1.2em; }
"""
_CSS_NAME = "spades_docs.css"


def add_stylesheet(app: Sphinx, name: str, css: str) -> None:
    """Link the stylesheet ``name`` from every HTML page and write ``css`` into the build's
    ``_static/name`` once the build has finished (the extensions' one way to ship their CSS)."""

    def write(app: Sphinx, exception: Exception | None) -> None:
        if exception is None and app.builder.format == "html":
            static = Path(app.outdir) / "_static"
            static.mkdir(parents=True, exist_ok=True)
            (static / name).write_text(css, encoding="utf-8")

    app.add_css_file(name)
    app.connect("build-finished", write)


def setup(app: Sphinx) -> dict[str, Any]:
    add_stylesheet(app, _CSS_NAME, _CSS)
    app.add_crossref_type("ruleopt", "ruleopt", indextemplate="pair: %s; rule option")
    app.add_role_to_domain(
        "std", "ruleopt", XRefRole(innernodeclass=nodes.literal, warn_dangling=True), override=True
    )
    app.add_role("ruleopt-target", _OptionTargetRole())
    app.add_directive("spades-options", OptionsDirective)
    app.add_directive("spades-preset-matrix", PresetMatrixDirective)
    app.add_directive("spades-presets", PresetsDirective)
    app.add_directive("spades-optional-toctree", OptionalToctreeDirective)
    app.add_directive("spades-text-differences", TextDifferencesDirective)
    app.add_directive("spades-module", ModuleDirective)
    app.add_directive("spades-exports", ExportsDirective)
    app.add_directive("spades-changelog", ChangelogDirective)
    app.connect("autodoc-process-bases", _public_bases)
    app.connect("missing-reference", _resolve_private)
    app.connect("autodoc-process-docstring", _process_docstring)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
