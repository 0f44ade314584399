"""The :class:`Preset` record: a named rule set, where it comes from, and how each point its source
leaves open is read. The presets themselves are :mod:`spades.rules.presets`'.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import attrs

from .._text import exact_text, quote
from ..errors import RuleSetError
from .ruleset import RuleSet

__all__ = ["Preset"]


def _preset_problem(field: str, what: str, value: object) -> RuleSetError:
    return RuleSetError(
        f"A preset's {field} must be {what}, not {quote(value)}.",
        option="preset",
        reason="bad_preset",
    )


def _text_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not str:
        raise _preset_problem(attribute.name, "text", value)


def _rules_field(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, RuleSet):
        raise _preset_problem(attribute.name, "a RuleSet", value)


def _texts(field: str, value: Collection[str]) -> tuple[str, ...]:
    """A tuple of plain texts from any collection of texts (not from one text, nor an iterator,
    which may never end)."""
    if isinstance(value, (str, bytes, bytearray)) or not isinstance(value, Collection):
        raise _preset_problem(field, "a tuple of texts", value)
    if any(exact_text(item) is None for item in value):
        raise _preset_problem(field, "texts", next(i for i in value if exact_text(i) is None))
    return tuple(str.__str__(item) for item in value)


def _aliases(value: Collection[str]) -> tuple[str, ...]:
    return _texts("aliases", value)


def _readings(value: Collection[str]) -> tuple[str, ...]:
    return _texts("readings", value)


@attrs.frozen(kw_only=True, repr=False)
class Preset:
    """A named rule set and where it comes from."""

    #: The preset's name, which :func:`find_preset` and records use (``'partners_app'``).
    name: str = attrs.field(validator=_text_field)
    #: The rules.
    rules: RuleSet = attrs.field(validator=_rules_field)
    #: What the preset is, in a few words (``'Spades: Partners (mobile app)'``).
    title: str = attrs.field(validator=_text_field)
    #: The number of the source text it reproduces (``'000'``), or where its rules come from.
    source: str = attrs.field(validator=_text_field)
    #: Other names :func:`find_preset` accepts, such as the source text's number (``'000'``).
    aliases: tuple[str, ...] = attrs.field(default=(), converter=_aliases)
    #: How each point the source leaves open is read, one sentence each.
    readings: tuple[str, ...] = attrs.field(default=(), converter=_readings)

    def __repr__(self) -> str:
        return f"find_preset({self.name!r})"
