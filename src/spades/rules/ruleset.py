"""The rule set: one frozen, keyword-only :class:`RuleSet` that covers every variant we support.

Rules are data. Every option says which source text or house rule it serves (the texts are
numbered ``000``, ``002``, ``003`` and ``004``; their presets are ``partners_app``, ``rule_sheet``,
``cap40`` and ``four_levels``); the defaults are the common ("standard") game. What each option
means is in :mod:`spades.rules.meanings`, the checks across options in
:mod:`spades.rules.constraints`, the named rule sets in :mod:`spades.rules.presets`.

Every whole-number option lies within ±(2**53 - 1), so that every rule set can be written to a JSON
record and read back exactly.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Mapping
from typing import Any

import attrs

from .._text import exact_text, quote
from ..errors import RuleSetError
from ..seats import SEATS, Direction, Seat, Side, parse_side, seat_at, sides
from .constraints import first_problem
from .meanings import OPTION_DOCS
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
    bool_option,
    enum_option,
    int_option,
    member,
    option_from_text,
    to_bag_remainder,
    to_blind_bid_by,
    to_deal_method,
    to_deck,
    to_direction,
    to_double_nil,
    to_early_spade_lead,
    to_exchange_order,
    to_failed_nil_tricks,
    to_first_lead,
    to_first_trick,
    to_forced_bidding,
    to_misdeal_combine,
    to_misdeal_face_cards,
    to_moon,
    to_redeal,
    to_removed_twos,
    to_renege_penalty,
    to_score_display,
    to_spades_breaking,
    to_spare_cards,
    to_tie_rule,
    whole,
    whole_or_none,
)

__all__ = ["OPTION_KINDS", "OPTION_NAMES", "RuleSet"]


@attrs.frozen(kw_only=True, repr=False, cache_hash=True)
class RuleSet:
    """Every rule a game of partnership Spades is played by.

    >>> RuleSet()
    RuleSet()
    >>> RuleSet(direction=Direction.COUNTERCLOCKWISE, losing_score=-200)
    RuleSet(direction=Direction.COUNTERCLOCKWISE, losing_score=-200)
    >>> RuleSet(failed_nil_tricks='bags_only')
    RuleSet(failed_nil_tricks=FailedNilTricks.BAGS_ONLY)
    """

    # -- table -----------------------------------------------------------------------------------
    direction: Direction = attrs.field(
        default=Direction.CLOCKWISE, converter=to_direction, validator=enum_option
    )
    players: int = attrs.field(default=4, converter=whole, validator=int_option(2, 4))
    deal_method: DealMethod = attrs.field(
        default=DealMethod.DEAL, converter=to_deal_method, validator=enum_option
    )
    partnerships: bool = attrs.field(default=True, validator=bool_option)
    first_lead: FirstLead = attrs.field(
        default=FirstLead.FIRST_BIDDER, converter=to_first_lead, validator=enum_option
    )
    dealer_bids_first: bool = attrs.field(default=False, validator=bool_option)
    deck: Deck = attrs.field(default=Deck.STANDARD, converter=to_deck, validator=enum_option)
    removed_twos: RemovedTwos = attrs.field(
        default=RemovedTwos.HEARTS_CLUBS, converter=to_removed_twos, validator=enum_option
    )
    spare_cards: SpareCards = attrs.field(
        default=SpareCards.REMOVED_TWOS, converter=to_spare_cards, validator=enum_option
    )
    # -- bidding ----------------------------------------------------------------------------------
    zero_bid_is_nil: bool = attrs.field(default=True, validator=bool_option)
    blind_nil: bool = attrs.field(default=False, validator=bool_option)
    blind_nil_min_deficit: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, optional=True)
    )
    blind_nil_exchange: int = attrs.field(default=0, converter=whole, validator=int_option(0, 4))
    blind_nil_first_hand: bool = attrs.field(default=True, validator=bool_option)
    blind_bid: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(1, 13, optional=True)
    )
    blind_bid_min_deficit: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, optional=True)
    )
    blind_bid_multiplier: int = attrs.field(default=2, converter=whole, validator=int_option(1))
    blind_bid_by: BlindBidBy = attrs.field(
        default=BlindBidBy.PLAYER, converter=to_blind_bid_by, validator=enum_option
    )
    blind_bid_points: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, optional=True)
    )
    nil_exchange: int = attrs.field(default=0, converter=whole, validator=int_option(0, 4))
    exchange_order: ExchangeOrder = attrs.field(
        default=ExchangeOrder.PARTNER_FIRST, converter=to_exchange_order, validator=enum_option
    )
    nil_allowed: bool = attrs.field(default=True, validator=bool_option)
    double_nil: DoubleNil = attrs.field(
        default=DoubleNil.INDEPENDENT, converter=to_double_nil, validator=enum_option
    )
    min_player_bid: int = attrs.field(default=1, converter=whole, validator=int_option(1, 13))
    min_team_bid: int = attrs.field(default=0, converter=whole, validator=int_option(0, 13))
    nil_partner_min_bid: int = attrs.field(default=0, converter=whole, validator=int_option(0, 13))
    min_total_bid: int = attrs.field(default=0, converter=whole, validator=int_option(0, 13))
    forbid_total_of_13: bool = attrs.field(default=False, validator=bool_option)
    forced_bidding: ForcedBidding = attrs.field(
        default=ForcedBidding.NONE, converter=to_forced_bidding, validator=enum_option
    )
    redeal: RedealRule = attrs.field(
        default=RedealRule.NONE, converter=to_redeal, validator=enum_option
    )
    # -- misdeals and throw-ins (issue 21): more hands that may be thrown in, and the bids' total
    misdeal_max_spades: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, 18, optional=True)
    )
    misdeal_long_suit: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(5, 18, optional=True)
    )
    misdeal_face_cards: MisdealFaceCards = attrs.field(
        default=MisdealFaceCards.NONE, converter=to_misdeal_face_cards, validator=enum_option
    )
    misdeal_combine: MisdealCombine = attrs.field(
        default=MisdealCombine.EITHER, converter=to_misdeal_combine, validator=enum_option
    )
    redeal_below_total: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(1, 18, optional=True)
    )
    first_hand_trick_points: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, optional=True)
    )
    # -- scoring ----------------------------------------------------------------------------------
    points_per_bid_trick: int = attrs.field(default=10, converter=whole, validator=int_option(0))
    points_per_bag: int = attrs.field(default=1, converter=whole, validator=int_option(0))
    set_penalty_per_trick: int = attrs.field(default=10, converter=whole, validator=int_option(0))
    nil_bonus: int = attrs.field(default=100, converter=whole, validator=int_option(0))
    nil_penalty: int = attrs.field(default=100, converter=whole, validator=int_option(0))
    blind_nil_bonus: int = attrs.field(default=200, converter=whole, validator=int_option(0))
    blind_nil_penalty: int = attrs.field(default=200, converter=whole, validator=int_option(0))
    failed_nil_tricks: FailedNilTricks = attrs.field(
        default=FailedNilTricks.IGNORED, converter=to_failed_nil_tricks, validator=enum_option
    )
    big_bid: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(1, 13, optional=True)
    )
    big_bid_points: int = attrs.field(default=200, converter=whole, validator=int_option(0))
    big_bid_penalty: int = attrs.field(default=200, converter=whole, validator=int_option(0))
    big_bid_is_bonus: bool = attrs.field(default=False, validator=bool_option)
    big_bid_overtricks_score: bool = attrs.field(default=True, validator=bool_option)
    # -- cutthroat's special bids (issue 21): 1 for 50, 2 for 40 -------------------------------
    one_bid_points: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, optional=True)
    )
    two_bid_points: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, optional=True)
    )
    moon: Moon = attrs.field(default=Moon.NONE, converter=to_moon, validator=enum_option)
    moon_points: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(0, optional=True)
    )
    bag_threshold: int = attrs.field(default=10, converter=whole, validator=int_option(1))
    bag_penalty: int = attrs.field(default=100, converter=whole, validator=int_option(0))
    bag_remainder: BagRemainder = attrs.field(
        default=BagRemainder.CARRY, converter=to_bag_remainder, validator=enum_option
    )
    bag_penalty_once_per_hand: bool = attrs.field(default=False, validator=bool_option)
    bag_back: bool = attrs.field(default=False, validator=bool_option)
    renege_penalty: RenegePenalty = attrs.field(
        default=RenegePenalty.NONE, converter=to_renege_penalty, validator=enum_option
    )
    renege_tricks: int = attrs.field(default=3, converter=whole, validator=int_option(1, 13))
    spades_breaking: SpadesBreaking = attrs.field(
        default=SpadesBreaking.ANY_SPADE, converter=to_spades_breaking, validator=enum_option
    )
    first_trick: FirstTrick = attrs.field(
        default=FirstTrick.ANY, converter=to_first_trick, validator=enum_option
    )
    must_overtrump: bool = attrs.field(default=False, validator=bool_option)
    # -- play against the rules as a renege (issue 21) ------------------------------------------
    early_spade_lead: EarlySpadeLead = attrs.field(
        default=EarlySpadeLead.ILLEGAL, converter=to_early_spade_lead, validator=enum_option
    )
    # -- end of the game --------------------------------------------------------------------------
    target_score: int = attrs.field(default=500, converter=whole, validator=int_option(1))
    losing_score: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(None, -1, optional=True)
    )
    tie_at_target: TieRule = attrs.field(
        default=TieRule.PLAY_ON, converter=to_tie_rule, validator=enum_option
    )
    max_hands: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(1, optional=True)
    )

    tie_by_tens: bool = attrs.field(default=False, validator=bool_option)
    tie_at_cap: TieRule = attrs.field(
        default=TieRule.SHARED, converter=to_tie_rule, validator=enum_option
    )
    winning_bid: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(1, 18, optional=True)
    )
    sets_to_lose: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(1, 1000, optional=True)
    )
    consecutive_sets_to_lose: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(2, 1000, optional=True)
    )
    first_hand_min_tricks: int | None = attrs.field(
        default=None, converter=whole_or_none, validator=int_option(1, 18, optional=True)
    )
    # -- display ----------------------------------------------------------------------------------
    score_display: ScoreDisplay = attrs.field(
        default=ScoreDisplay.SEPARATE_BAGS, converter=to_score_display, validator=enum_option
    )

    def __new__(cls, *args: Any, **options: Any) -> RuleSet:
        # Refuse what attrs' __init__ would refuse with a TypeError, as a RuleSetError. (mypy still
        # checks each RuleSet(...) call against the generated __init__, field by field.)
        if args:
            raise RuleSetError(
                "RuleSet takes its options by name, like RuleSet(target_score=250), not in order: "
                f"{quote(args[0])} was given first.",
                option="",
                reason="positional_argument",
            )
        _check_names(options)
        return object.__new__(cls)

    def __attrs_post_init__(self) -> None:
        problem = first_problem(self)
        if problem is not None:
            raise problem

    # -- derived ---------------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play, clockwise from North: all four, N, E and S for three players, or N
        and E for two.

        >>> RuleSet(players=3, partnerships=False).seats
        (Seat.N, Seat.E, Seat.S)
        """
        return SEATS[: self.players]

    @property
    def sides(self) -> tuple[Side, ...]:
        """Who scores, in the order of per-side tuples such as ``state.scores``: the teams
        ``(NS, EW)``, or the seats ``(N, E, S, W)`` when every player plays alone
        (:attr:`partnerships` False).

        >>> RuleSet().sides
        (Team.NS, Team.EW)
        >>> RuleSet(partnerships=False).sides
        (Seat.N, Seat.E, Seat.S, Seat.W)
        """
        return sides(self.partnerships, self.players)

    def side(self, value: Side | str) -> Side:
        """The side ``value`` names under these rules: a team (``'NS'``) in partnerships, a seat
        (``'N'``) when every player plays alone; a :class:`~spades.errors.NotationError` that
        says which is wanted otherwise."""
        return parse_side(value, self.partnerships, self.players)

    def side_of(self, seat: Seat | str) -> Side:
        """The side ``seat`` scores for: its team, or itself when every player plays alone. A seat
        given as text is read as everywhere, and a seat not at the table refused.

        >>> RuleSet().side_of('S'), RuleSet(partnerships=False).side_of('S')
        (Team.NS, Seat.S)
        """
        at = seat_at(seat, self.players)
        return at.team if self.partnerships else at

    def evolve(self, **changes: Any) -> RuleSet:
        """A copy with some options changed (and validated again)."""
        _check_names(changes)
        return attrs.evolve(self, **changes)

    def non_defaults(self) -> dict[str, Any]:
        """The options that differ from :class:`RuleSet`'s defaults, in declaration order."""
        return {
            name: getattr(self, name)
            for name in OPTION_NAMES
            if getattr(self, name) != _DEFAULTS[name]
        }

    def diff(self, other: RuleSet) -> dict[str, tuple[Any, Any]]:
        """The options where two rule sets differ: ``{name: (self's value, other's value)}``.

        ``other`` is a :class:`RuleSet` (for a preset, ``find_ruleset(name)``); anything else is a
        :class:`~spades.errors.RuleSetError`.
        """
        other = _rules_of(other, "to compare with")
        return {
            name: (getattr(self, name), getattr(other, name))
            for name in OPTION_NAMES
            if getattr(self, name) != getattr(other, name)
        }

    def to_dict(self, *, only_changes: bool = False) -> dict[str, Any]:
        """The options as JSON-ready values (enums as their lower-case text)."""
        values = (
            self.non_defaults() if only_changes else {n: getattr(self, n) for n in OPTION_NAMES}
        )
        return {name: _to_plain(value) for name, value in values.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, base: RuleSet | None = None) -> RuleSet:
        """Options from JSON-ready values, applied over ``base``: a :class:`RuleSet` (for a
        preset, ``find_ruleset(name)``), or None for the defaults."""
        if not isinstance(data, Mapping):
            raise RuleSetError(
                f"Rule options must be a mapping of option names to values, not {quote(data)}.",
                option="",
            )
        rules = cls() if base is None else _rules_of(base, "to start from")
        changes = {}
        for name, value in data.items():
            key = _option_name(name)
            changes[key] = _from_plain(key, value)
        return rules.evolve(**changes)

    @staticmethod
    def parse_option(name: str, text: str) -> tuple[str, Any]:
        """Read ``name=value`` text as typed on a command line: ``losing_score=-200``."""
        name = _option_name(name)
        return name, option_from_text(name, OPTION_KINDS[name], name in _OPTIONAL_INTS, text)

    @staticmethod
    def describe(name: str) -> str:
        """The meaning of one option, with the sources it serves."""
        return OPTION_DOCS[_option_name(name)]

    def __repr__(self) -> str:
        changes = ", ".join(f"{name}={value!r}" for name, value in self.non_defaults().items())
        return f"RuleSet({changes})"


def _rules_of(value: object, purpose: str) -> RuleSet:
    """``value`` as a RuleSet (``purpose`` for the message)."""
    if isinstance(value, RuleSet):
        return value
    raise RuleSetError(
        f"The rules {purpose} must be a RuleSet, not {quote(value)}; for a preset, pass "
        "find_ruleset(name).",
        option="",
        reason="bad_rules",
    )


_FIELDS = {field.name: field for field in attrs.fields(RuleSet) if field.init}
#: The option names, in declaration order.
OPTION_NAMES: tuple[str, ...] = tuple(_FIELDS)
_DEFAULTS: dict[str, Any] = {name: field.default for name, field in _FIELDS.items()}
_ENUMS: dict[str, type[enum.Enum]] = {
    name: type(default) for name, default in _DEFAULTS.items() if isinstance(default, enum.Enum)
}
#: The whole-number options that may be None (their default).
_OPTIONAL_INTS = {name for name, default in _DEFAULTS.items() if default is None}
#: The type of each option's values, by name: its enum, ``bool`` or ``int``.
OPTION_KINDS: dict[str, type] = {
    name: (_ENUMS[name] if name in _ENUMS else type(default) if default is not None else int)
    for name, default in _DEFAULTS.items()
}


def _to_plain(value: Any) -> Any:
    return str(value) if isinstance(value, enum.Enum) else value


def _from_plain(name: str, value: Any) -> Any:
    enum_type = _ENUMS.get(name)
    if enum_type is None:
        return value
    choice = member(enum_type, value)
    if choice is not None:
        return choice
    choices = ", ".join(str(each) for each in enum_type)
    raise RuleSetError(f"{name} must be one of {choices}; {quote(value)} is not.", option=name)


def _option_name(name: object) -> str:
    """``name`` if it names a rule option; a RuleSetError (reason ``unknown_option``) if not."""
    text = exact_text(name)
    if text is None:
        raise RuleSetError(
            f"A rule option is named by text, like 'target_score', not {quote(name)}.",
            option=quote(name),
            reason="unknown_option",
        )
    if text not in _FIELDS:
        raise RuleSetError(_unknown_message(text), option=text, reason="unknown_option")
    return text


def _check_names(options: Mapping[str, object]) -> None:
    """A RuleSetError for the first name (in sorted order) that is not a rule option."""
    unknown = sorted(str.__str__(name) for name in options if name not in _FIELDS)
    if unknown:
        raise RuleSetError(_unknown_message(unknown[0]), option=unknown[0], reason="unknown_option")


def _unknown_message(name: str) -> str:
    # A name far longer than any option resembles none; difflib need not look.
    close = difflib.get_close_matches(name, OPTION_NAMES, n=1) if len(name) <= 100 else []
    hint = f" Did you mean {close[0]}?" if close else ""
    return f"{quote(name)} is not a rule option.{hint}"
