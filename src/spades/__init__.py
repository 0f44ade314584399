"""spades: the reference rules engine for partnership Spades.

Immutable states, pure transitions, every rule variant a :class:`RuleSet` option, and scoring that
explains every point.
"""

from ._version import __version__
from .actions import Action, Bid, Deal, Exchange, Play
from .cards import DECK, Card, Hand, Rank, Suit, parse_card, parse_cards
from .engine import apply, apply_counts, new_game
from .errors import (
    IllegalActionError,
    NotationError,
    Reason,
    RecordError,
    RuleSetError,
    SpadesError,
    StandingError,
)
from .legality import Violation, check, is_legal, legal_actions
from .presets import PRESETS, Preset, find_preset, find_ruleset, preset_name
from .record import GameRecord, HandRecord, WrittenScore, replay, to_record
from .report import score_sheet
from .rules import (
    BagRemainder,
    FailedNilTricks,
    FirstLead,
    RuleSet,
    SpadesBreaking,
    TieRule,
)
from .scoring import (
    EndReason,
    GameResult,
    HandScore,
    ItemKind,
    ScoreItem,
    TeamHandScore,
    decide_game,
    score_hand,
)
from .seats import Direction, Seat, Team
from .state import CompletedHand, GameState, HandState, Phase, Standing, Trick
from .verification import HandReport, Problem, RecordReason, Report, verify

__all__ = [
    "DECK",
    "PRESETS",
    "Action",
    "BagRemainder",
    "Bid",
    "Card",
    "CompletedHand",
    "Deal",
    "Direction",
    "EndReason",
    "Exchange",
    "FailedNilTricks",
    "FirstLead",
    "GameRecord",
    "GameResult",
    "GameState",
    "Hand",
    "HandRecord",
    "HandReport",
    "HandScore",
    "HandState",
    "IllegalActionError",
    "ItemKind",
    "NotationError",
    "Phase",
    "Play",
    "Preset",
    "Problem",
    "Rank",
    "Reason",
    "RecordError",
    "RecordReason",
    "Report",
    "RuleSet",
    "RuleSetError",
    "ScoreItem",
    "Seat",
    "SpadesBreaking",
    "SpadesError",
    "Standing",
    "StandingError",
    "Suit",
    "Team",
    "TeamHandScore",
    "TieRule",
    "Trick",
    "Violation",
    "WrittenScore",
    "__version__",
    "apply",
    "apply_counts",
    "check",
    "decide_game",
    "find_preset",
    "find_ruleset",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse_card",
    "parse_cards",
    "preset_name",
    "replay",
    "score_hand",
    "score_sheet",
    "to_record",
    "verify",
]
