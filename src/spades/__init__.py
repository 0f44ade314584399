"""spades: the reference rules engine for partnership Spades.

Immutable states, pure transitions, every rule variant a :class:`~spades.rules.RuleSet` option, and
scoring that explains every point.
"""

from ._version import __version__
from .actions import Action, Bid, Counts, Deal, Exchange, Play, action_from_dict, action_to_dict
from .arena import MatchResult, run_match
from .bots import EasyPlayer, ExpertPlayer, HardPlayer, Level, MediumPlayer, Player, make_player
from .cards import DECK, Card, Hand, Rank, Suit, parse_card, parse_cards
from .engine import apply, apply_counts, new_game, undo
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
from .records import (
    GameRecord,
    HandRecord,
    HandReport,
    Problem,
    RecordReason,
    Report,
    WrittenScore,
    dump,
    dumps,
    load,
    loads,
    replay,
    score_sheet,
    to_record,
    verify,
)
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
from .standing import Standing
from .state import GameState, Phase
from .table import Table
from .tricks import CompletedHand, Trick
from .views import SeatView, view

__all__ = [
    "DECK",
    "PRESETS",
    "Action",
    "BagRemainder",
    "Bid",
    "Card",
    "CompletedHand",
    "Counts",
    "Deal",
    "Direction",
    "EasyPlayer",
    "EndReason",
    "Exchange",
    "ExpertPlayer",
    "FailedNilTricks",
    "FirstLead",
    "GameRecord",
    "GameResult",
    "GameState",
    "Hand",
    "HandRecord",
    "HandReport",
    "HandScore",
    "HardPlayer",
    "IllegalActionError",
    "ItemKind",
    "Level",
    "MatchResult",
    "MediumPlayer",
    "NotationError",
    "Phase",
    "Play",
    "Player",
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
    "SeatView",
    "SpadesBreaking",
    "SpadesError",
    "Standing",
    "StandingError",
    "Suit",
    "Table",
    "Team",
    "TeamHandScore",
    "TieRule",
    "Trick",
    "Violation",
    "WrittenScore",
    "__version__",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "apply_counts",
    "check",
    "decide_game",
    "dump",
    "dumps",
    "find_preset",
    "find_ruleset",
    "is_legal",
    "legal_actions",
    "load",
    "loads",
    "make_player",
    "new_game",
    "parse_card",
    "parse_cards",
    "preset_name",
    "replay",
    "run_match",
    "score_hand",
    "score_sheet",
    "to_record",
    "undo",
    "verify",
    "view",
]
