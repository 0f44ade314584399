"""The rules: every variant a game is played by, as data.

A :class:`RuleSet` is one flat, frozen set of options (:mod:`spades.rules.ruleset`), whose choices
are the enums of :mod:`spades.rules.options`; the checks across options are rows of
:mod:`spades.rules.constraints`; what each option means, with its sources, is
:mod:`spades.rules.meanings`; the named rule sets, each reproducing a source text or a community's
house rules, are :mod:`spades.rules.presets`; and :mod:`spades.rules.text` writes rule sets out as
``spades rules`` shows them.
"""

from ..seats import Direction
from .options import (
    BagRemainder,
    BlindBidBy,
    DealMethod,
    Deck,
    DoubleNil,
    EarlySpadeLead,
    ExchangeOrder,
    FailedNilTricks,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    MisdealCombine,
    MisdealFaceCards,
    Moon,
    RedealRule,
    RemovedTwos,
    RenegePenalty,
    ScoreDisplay,
    SpadesBreaking,
    SpareCards,
    TieRule,
)
from .presets import PRESETS, Preset, as_ruleset, find_preset, find_ruleset, preset_name
from .ruleset import OPTION_KINDS, OPTION_NAMES, RuleSet
from .text import option_text, presets_text, rules_diff_text, rules_text, value_text

__all__ = [
    "OPTION_KINDS",
    "OPTION_NAMES",
    "PRESETS",
    "BagRemainder",
    "BlindBidBy",
    "DealMethod",
    "Deck",
    "Direction",
    "DoubleNil",
    "EarlySpadeLead",
    "ExchangeOrder",
    "FailedNilTricks",
    "FirstLead",
    "FirstTrick",
    "ForcedBidding",
    "MisdealCombine",
    "MisdealFaceCards",
    "Moon",
    "Preset",
    "RedealRule",
    "RemovedTwos",
    "RenegePenalty",
    "RuleSet",
    "ScoreDisplay",
    "SpadesBreaking",
    "SpareCards",
    "TieRule",
    "as_ruleset",
    "find_preset",
    "find_ruleset",
    "option_text",
    "preset_name",
    "presets_text",
    "rules_diff_text",
    "rules_text",
    "value_text",
]
