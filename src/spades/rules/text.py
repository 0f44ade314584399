"""Rule sets as text: an option with its meaning, the presets, a preset's rules, and where two
presets differ (what ``spades rules`` prints)."""

from __future__ import annotations

import enum
import textwrap
from collections.abc import Iterable
from typing import Any

from .._text import quote
from .presets import PRESETS, Preset, find_preset
from .ruleset import OPTION_NAMES, RuleSet

__all__ = ["option_text", "presets_text", "rules_diff_text", "rules_text", "value_text"]


def value_text(value: Any) -> str:
    """An option value as typed on the command line: ``none``, ``true``, ``bags_only``, ``-200``.

    A value no option can hold is shown as an error message quotes it (a whole number too long
    to print, an object whose ``str`` fails)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value)
    if isinstance(value, int):
        return quote(value)
    if isinstance(value, str):
        return str.__str__(value)
    return quote(value)


def _wrap(text: str, indent: int) -> str:
    pad = " " * indent
    return textwrap.fill(text, width=100, initial_indent=pad, subsequent_indent=pad)


def _preset(preset: Preset | str) -> Preset:
    """A preset, or the one a name names (a :class:`~spades.errors.RuleSetError` otherwise)."""
    return preset if isinstance(preset, Preset) else find_preset(preset)


def option_text(name: str, value: Any) -> str:
    """``name = value`` and the option's meaning below it."""
    meaning = RuleSet.describe(name)  # first: a name that is not an option's is refused
    return f"  {str.__str__(name)} = {value_text(value)}\n{_wrap(meaning, 6)}"


def presets_text(presets: Iterable[Preset | str] = PRESETS) -> str:
    """The presets, one a line: name, title, source and aliases (each given as a
    :class:`~spades.rules.Preset` or its name)."""
    if isinstance(presets, (str, bytes)) or not isinstance(presets, Iterable):
        raise TypeError(f"presets_text() takes a list of presets, not {quote(presets)}.")
    chosen = [_preset(preset) for preset in presets]
    if not chosen:
        return ""
    width = max(len(preset.name) for preset in chosen)
    lines = []
    for preset in chosen:
        aliases = f" (also {', '.join(preset.aliases)})" if preset.aliases else ""
        lines.append(f"{preset.name:<{width}}  {preset.title}{aliases}")
    return "\n".join(lines)


def rules_text(preset: Preset | str) -> str:
    """Every option of a preset with its value and meaning, then how the preset reads its source.

    ``preset`` is a :class:`~spades.rules.Preset` or its name."""
    preset = _preset(preset)
    lines = [f"{preset.name}: {preset.title}", f"source: {preset.source}", ""]
    lines += [option_text(name, getattr(preset.rules, name)) for name in OPTION_NAMES]
    if preset.readings:
        lines += ["", "How this preset reads its source:"]
        lines += [_wrap(reading, 2).replace("  ", "- ", 1) for reading in preset.readings]
    return "\n".join(lines)


def rules_diff_text(a: Preset | str, b: Preset | str) -> str:
    """Only the options where two presets differ: both values and the option's meaning.

    ``a`` and ``b`` are :class:`~spades.rules.Preset` values or their names."""
    a, b = _preset(a), _preset(b)
    changes = a.rules.diff(b.rules)
    if not changes:
        return f"{a.name} and {b.name} have the same rules."
    count = len(changes)
    lines = [
        f"{a.name} -> {b.name}: {count} {'option differs' if count == 1 else 'options differ'}"
    ]
    width = max(len(name) for name in changes)
    left = max(len(value_text(pair[0])) for pair in changes.values())
    for name, (ours, theirs) in changes.items():
        lines.append(f"  {name:<{width}}  {value_text(ours):<{left}}  ->  {value_text(theirs)}")
        lines.append(_wrap(RuleSet.describe(name), 6))
    return "\n".join(lines)
