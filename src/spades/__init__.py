"""spades: the reference rules engine for Spades.

Immutable states, pure transitions, every rule variant a :class:`~spades.rules.RuleSet` option, and
scoring that explains every point.

This module is the core: cards, seats, rules, actions, the state and the engine, legality,
scoring and seat views. The rest is imported by name, as its own module: game records
(``from spades.records import load``), the computer players (``spades.bots``), the table driver
(``spades.table``), duplicate matches (``spades.arena``) and the command line (``spades.cli``).
"""

from ._version import COMPILED, __version__
from .action_data import action_from_dict, action_from_text, action_to_dict
from .actions import (
    Action,
    Bid,
    Bury,
    Counts,
    Deal,
    Discard,
    Draw,
    Exchange,
    Keep,
    Play,
    Redeal,
)
from .cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from .engine import apply, apply_counts, chance_action, new_game, undo
from .errors import (
    IllegalActionError,
    NotationError,
    Reason,
    RecordError,
    RuleSetError,
    SpadesError,
    StandingError,
)
from .hands import Hand
from .legality import check, is_legal, legal_actions
from .notation import from_notation
from .phase import Phase
from .rules import PRESETS, RuleSet, find_ruleset
from .score import EndReason, GameResult, HandScore, ItemKind, ScoreItem, TeamHandScore
from .scoring import decide_game, score_hand
from .seats import Direction, Seat, Team
from .standing import Standing
from .state import GameState
from .tricks import CompletedHand, Trick
from .views import SeatView, view
from .violation import Violation

__all__ = [
    "COMPILED",
    "DECK",
    "PRESETS",
    "Action",
    "Bid",
    "Bury",
    "Card",
    "CompletedHand",
    "Counts",
    "Deal",
    "Direction",
    "Discard",
    "Draw",
    "EndReason",
    "Exchange",
    "GameResult",
    "GameState",
    "Hand",
    "HandScore",
    "IllegalActionError",
    "ItemKind",
    "Keep",
    "NotationError",
    "Phase",
    "Play",
    "Rank",
    "Reason",
    "RecordError",
    "Redeal",
    "RuleSet",
    "RuleSetError",
    "ScoreItem",
    "Seat",
    "SeatView",
    "SpadesError",
    "Standing",
    "StandingError",
    "Suit",
    "Team",
    "TeamHandScore",
    "Trick",
    "Violation",
    "__version__",
    "action_from_dict",
    "action_from_text",
    "action_to_dict",
    "apply",
    "apply_counts",
    "chance_action",
    "check",
    "decide_game",
    "find_ruleset",
    "from_notation",
    "is_legal",
    "legal_actions",
    "new_game",
    "parse_card",
    "parse_cards",
    "score_hand",
    "undo",
    "view",
]
