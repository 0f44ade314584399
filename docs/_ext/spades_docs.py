"""A small Sphinx extension that writes the rule reference from the code, so it cannot drift.

Directives:

``.. spades-options::``
    The table of every :class:`~spades.rules.RuleSet` option: name, type (with the choices of an
    enum and their meanings), default and meaning, read from ``attrs.fields(RuleSet)`` metadata and
    the ``#:`` comments of the enum members.

``.. spades-preset-matrix::``
    Every preset side by side, one row per option that some preset changes.

``.. spades-presets::``
    One section per entry of :data:`spades.presets.PRESETS`: title, source text, aliases, the
    options that differ from the default, and every reading of a point the text leaves open.

``.. spades-optional-toctree::``
    A toctree of the listed pages that exist, for pages written separately from these.

The role ``:ruleopt:`name``` links to an option's row in the table; a name that is not an option
is a build warning (so ``-W`` fails). The extension also gives the autodoc entry of each
``RuleSet`` attribute the option's documentation, which is otherwise kept only in field metadata
(document ``spades.rules`` with ``:undoc-members:`` so that autodoc lists them).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

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

from spades.presets import PRESETS, Preset
from spades.rules import RuleSet

logger = logging.getLogger(__name__)

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
        name: " ".join(line.strip() for line in lines if line.strip())
        for (owner, name), lines in docs.items()
        if owner == enum_type.__qualname__
    }


def _option_doc(field: attrs.Attribute[Any]) -> str:
    return str(field.metadata.get("doc", "")).strip()


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
                    "RuleSet option %r has no metadata['doc']; every option must say what it does.",
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
    """``.. spades-preset-matrix::``: the presets side by side, on the options any of them set."""

    def lines(self) -> list[str]:
        changed = [
            field
            for field in _FIELDS
            if any(getattr(p.rules, field.name) != field.default for p in PRESETS)
        ]
        header = ["Option", "default", *(f":ref:`{p.name} <preset-{p.name}>`" for p in PRESETS)]
        rows = []
        for field in changed:
            row = [f":ruleopt:`{field.name}`", _value(field.default)]
            for preset in PRESETS:
                value = getattr(preset.rules, field.name)
                row.append(_value(value) if value != field.default else "")
            rows.append(row)
        source_row = ["source text", ""]
        source_row += [f"``{p.source}``" if _is_source_text(p.source) else "" for p in PRESETS]
        return _table(header, [source_row, *rows], wide=True)


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


def _process_docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give each ``RuleSet`` attribute its option documentation from the field metadata."""
    prefix = f"{RuleSet.__module__}.RuleSet."
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


def _write_css(app: Sphinx, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        static = Path(app.outdir) / "_static"
        static.mkdir(parents=True, exist_ok=True)
        (static / _CSS_NAME).write_text(_CSS, encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_css_file(_CSS_NAME)
    app.connect("build-finished", _write_css)
    app.add_crossref_type("ruleopt", "ruleopt", indextemplate="pair: %s; rule option")
    app.add_role_to_domain(
        "std", "ruleopt", XRefRole(innernodeclass=nodes.literal, warn_dangling=True), override=True
    )
    app.add_role("ruleopt-target", _OptionTargetRole())
    app.add_directive("spades-options", OptionsDirective)
    app.add_directive("spades-preset-matrix", PresetMatrixDirective)
    app.add_directive("spades-presets", PresetsDirective)
    app.add_directive("spades-optional-toctree", OptionalToctreeDirective)
    app.connect("autodoc-process-docstring", _process_docstring)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
