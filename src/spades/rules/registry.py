"""Finding the presets of :data:`~spades.rules.presets.PRESETS` by name or alias:
:func:`find_preset`, :func:`find_ruleset`, :func:`as_ruleset` (the one place where rules given as
text are read) and :func:`preset_name`.
"""

from __future__ import annotations

import difflib

from .._text import exact_text, quote
from ..errors import RuleSetError
from .preset import Preset
from .presets import PRESETS
from .ruleset import RuleSet

__all__ = ["as_ruleset", "find_preset", "find_ruleset", "preset_name"]

#: The standard rules, the first preset's (the very value, for the rules given as None).
_STANDARD = PRESETS[0].rules


def _key(name: str) -> str:
    # Only ASCII text names a preset: no lookalike letter lower-cases into a name.
    if not name.isascii():
        return ""
    return name.strip().lower().replace("-", "_").replace(" ", "_")


_BY_NAME: dict[str, Preset] = {}
for _preset in PRESETS:
    for _name in (_preset.name, *_preset.aliases):
        _BY_NAME[_key(_name)] = _preset


def find_preset(name: str) -> Preset:
    """The preset called ``name`` or one of its aliases (case, ``-`` and ``_`` do not matter)."""
    text = exact_text(name)
    if text is None:
        raise RuleSetError(
            f"A preset name is text, not {quote(name)}.", option="preset", reason="unknown_preset"
        )
    preset = _BY_NAME.get(_key(text))
    if preset is None:
        close = (
            difflib.get_close_matches(_key(text), list(_BY_NAME), n=1) if len(text) <= 100 else []
        )
        hint = f" (did you mean {_BY_NAME[close[0]].name}?)" if close else ""
        raise RuleSetError(
            f"{quote(text)} is not a preset{hint}; the presets are listed by 'spades rules' and "
            "in spades.PRESETS.",
            option="preset",
            reason="unknown_preset",
        )
    return preset


def find_ruleset(name: str) -> RuleSet:
    """The rules of the preset called ``name``."""
    return find_preset(name).rules


def as_ruleset(rules: RuleSet | str | None) -> RuleSet:
    """The rules ``rules`` names: a :class:`~spades.rules.RuleSet`, a preset's name or alias, or
    None for the standard rules. The one place where rules given as text are read, so
    :func:`~spades.engine.new_game`, :func:`~spades.scoring.score_hand`, records and the command
    line accept the same names and refuse the rest with the same sentence."""
    if rules is None:
        return _STANDARD
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return find_ruleset(rules)
    raise RuleSetError(
        f"Rules are a RuleSet or a preset's name, not {quote(rules)}.",
        option="rules",
        reason="bad_rules",
    )


def preset_name(rules: RuleSet | str) -> str | None:
    """The name of the first preset whose rules are exactly ``rules``, if any.

    ``rules`` is a :class:`~spades.rules.RuleSet` or a preset's name (whose canonical name is
    returned).
    """
    rules = as_ruleset(rules)
    for preset in PRESETS:
        if preset.rules == rules:
            return preset.name
    return None
