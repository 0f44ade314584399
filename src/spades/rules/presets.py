"""Named rule sets: one preset per source text, plus the common game and pagat's, and the house
rules' presets of ``spades.rules.house_presets``.

A preset is a :class:`~spades.rules.RuleSet` value with a name, aliases, the text it reproduces and
how each point that text leaves open is read. Presets are named for what they are (``standard``,
``pagat``, ``partners_app``, ...); the numbers of the source texts are aliases, so
``find_ruleset('partners-app')`` and ``find_ruleset('000')`` give the same rules.
"""

from __future__ import annotations

import difflib

from .._text import exact_text, quote
from ..errors import RuleSetError
from ..seats import Direction
from .house_presets import HOUSE_PRESETS
from .options import (
    BagRemainder,
    ExchangeOrder,
    FailedNilTricks,
    SpadesBreaking,
)
from .preset import Preset
from .ruleset import RuleSet

__all__ = ["PRESETS", "Preset", "as_ruleset", "find_preset", "find_ruleset", "preset_name"]


_STANDARD = RuleSet()
#: The common game, pagat's and the presets of the four source texts.
_SOURCE_PRESETS: tuple[Preset, ...] = (
    Preset(
        name="standard",
        rules=_STANDARD,
        title="The common game",
        source="the defaults, the rules most players and rule sites share",
        aliases=("default", "classic"),
        readings=(
            "Clockwise; the dealer's left bids first and leads first; the deal passes left.",
            "A failed nil's tricks are ignored: neither contract tricks nor bags (pagat).",
            "Every 10 bags cost 100 and the rest carry over; a hand that crosses 10 twice pays "
            "twice.",
            "Any spade played breaks spades. First to 500; an exact tie past 500 plays on.",
        ),
    ),
    Preset(
        name="pagat",
        rules=_STANDARD.evolve(
            blind_nil=True,
            blind_nil_min_deficit=100,
            blind_nil_exchange=2,
            exchange_order=ExchangeOrder.NIL_BIDDER_FIRST,
        ),
        title="pagat.com's partnership rules",
        source="the standard game with pagat's blind nil",
        readings=(
            "Blind nil scores 200 either way, only for a team 100 or more behind; the blind nil "
            "bidder then passes 2 cards face down to the partner, who passes 2 back (the order "
            "pagat and the Britannica-style text give).",
        ),
    ),
    Preset(
        name="partners_app",
        rules=RuleSet(
            direction=Direction.COUNTERCLOCKWISE,
            failed_nil_tricks=FailedNilTricks.BAGS_ONLY,
            losing_score=-200,
        ),
        title="Spades: Partners (mobile app)",
        source="000",
        aliases=("000", "source-000", "partners", "spades-partners"),
        readings=(
            "The dealer's right bids and leads, so play is counterclockwise; the text does not say "
            "where the deal goes next, so it follows the direction of play (to the right).",
            "A nil bidder's tricks are bags only, as stated.",
            "'Falls to -200' loses: a score of exactly -200 loses.",
            "Bags carry over; a hand that crosses 10 twice pays twice.",
            "If both teams cross a line in the same hand the higher score wins; an exact tie "
            "plays on.",
        ),
    ),
    Preset(
        name="rule_sheet",
        rules=RuleSet(
            failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT,
            bag_remainder=BagRemainder.RESET,
            spades_breaking=SpadesBreaking.TRUMP_ONLY,
        ),
        title="A plain Spades rule sheet",
        source="002",
        aliases=("002", "source-002", "sheet"),
        readings=(
            "Clockwise from the dealer's left; the next dealer is not stated and follows the "
            "direction of play (to the left).",
            "Only a spade played by someone who could not follow suit breaks spades; a spade led "
            "from a hand of only spades does not.",
            "A nil bidder's tricks count toward the team bid: the sheet scores the tricks 'a team "
            "wins' against the team bid, and nil apart 'regardless'.",
            "'The bag count resets' is read as: to zero, one penalty, the excess lost.",
            "Both teams past 500 in one round: more points wins; a tie (not stated) plays on.",
        ),
    ),
    Preset(
        name="cap40",
        rules=RuleSet(
            direction=Direction.COUNTERCLOCKWISE,
            failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT,
            max_hands=40,
        ),
        title="Browser Spades against three computer players, to 500, capped at 40 hands",
        source="003",
        aliases=("003", "source-003", "vs-computer"),
        readings=(
            "The deal moves right and the dealer's right bids and leads: counterclockwise.",
            "Nil tricks still count for the team's total, so they count toward the contract and "
            "any excess is bags.",
            "Any spade played this hand breaks spades.",
            "The target rule decides before the cap; at the cap, an exact tie is shared.",
        ),
    ),
    Preset(
        name="cap40_250",
        rules=RuleSet(
            direction=Direction.COUNTERCLOCKWISE,
            failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT,
            max_hands=40,
            target_score=250,
        ),
        title="Browser Spades against three computer players, the 250 game",
        source="003",
        aliases=("003-250", "source-003-250"),
        readings=("As cap40, played to 250.",),
    ),
    Preset(
        name="four_levels",
        rules=RuleSet(
            zero_bid_is_nil=False,
            failed_nil_tricks=FailedNilTricks.BAGS_ONLY,
        ),
        title="Browser Spades with four computer levels, to 500",
        source="004",
        aliases=("004", "source-004"),
        readings=(
            "Clockwise: the deal moves one seat left and the dealer's left bids and leads.",
            "Bids are nil or 1-13, so '0' is not accepted as text for nil.",
            "A spade played on an earlier trick breaks spades, whoever played it: the main rule "
            "text wins over the FAQ's 'because someone had no cards of the suit led'.",
            "A nil bidder's tricks do not help the partner's bid but count as bags.",
            "Both teams there in the same hand: the higher score wins; a tie means one more hand.",
            "Blind nil and a fixed first lead are named as house rules, off here.",
        ),
    ),
    Preset(
        name="four_levels_250",
        rules=RuleSet(
            zero_bid_is_nil=False,
            failed_nil_tricks=FailedNilTricks.BAGS_ONLY,
            target_score=250,
        ),
        title="Browser Spades with four computer levels, the shorter game to 250",
        source="004",
        aliases=("004-250", "source-004-250"),
        readings=("As four_levels, played to 250.",),
    ),
)
#: Every preset, the common game first. Look one up with :func:`find_preset`.
PRESETS: tuple[Preset, ...] = (*_SOURCE_PRESETS, *HOUSE_PRESETS)


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
