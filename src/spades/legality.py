"""Legality: which actions the rules allow, and why any other is refused.

Each rule is decided once, in the kernel (``spades._kernel``), on int masks; this module turns a refusal
into a :class:`Violation` with a reason and a sentence. :func:`legal_actions` lists what the
state's legal mask allows, :func:`check` explains a refusal, and :func:`~spades.engine.apply`
takes the same mask on its fast path, so the three never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import attrs

from ._kernel.bidding import (
    BLIND_BID_BITS,
    BLIND_NIL_BIT,
    MOST_TRICKS,
    REFUSED_BELOW_MIN_BID,
    REFUSED_BLIND_BID,
    REFUSED_BLIND_BID_DEFICIT,
    REFUSED_BLIND_BID_LOW,
    REFUSED_BLIND_DEFICIT,
    REFUSED_BLIND_FIRST_HAND,
    REFUSED_BLIND_NIL,
    REFUSED_DOUBLE_NIL,
    REFUSED_FORCED,
    REFUSED_NIL,
    REFUSED_NIL_PARTNER,
    REFUSED_RANGE,
    REFUSED_TEAM_MIN,
    REFUSED_TOTAL_MIN,
    behind,
    bid_refusal,
    first_hand,
    unbid_hand,
)
from ._kernel.cards import FACE_CARDS, RANKS, SPADE_SUIT, SUIT_OF, bit_indices
from ._kernel.deal import DRAWN_CARDS, exchange_steps, is_real_deal, may_call_redeal, spade_count
from ._kernel.deck import STANDARD_LAYOUT
from ._kernel.play import trick_winner
from ._kernel.table import Table, table_of
from ._text import and_text, quote
from .actions import (
    Action,
    Bid,
    Counts,
    Deal,
    Discard,
    Draw,
    Exchange,
    Keep,
    Play,
    Redeal,
    SeatAction,
    bid_range_problem,
    counts_problem,
)
from .cards import CARDS, Hand, Suit
from .errors import IllegalActionError, Reason
from .rules import (
    Deck,
    FirstLead,
    FirstTrick,
    ForcedBidding,
    RedealRule,
    RuleSet,
    SpadesBreaking,
)
from .seats import SEATS, Seat, Team
from .phase import Phase
from .state import GameState

__all__ = [
    "SEATED_PLAYS",
    "Violation",
    "bid_pairs",
    "bid_violation",
    "bid_violations",
    "check",
    "deal_problems",
    "deck_text",
    "draw_players_problem",
    "exchange_size",
    "hand_bid_violations",
    "is_legal",
    "legal_actions",
    "not_a_state",
    "phase_text",
    "plays_of",
    "redeal_grounds",
    "redeal_violation",
    "seated",
]


@attrs.frozen(kw_only=True, repr=False)
class Violation:
    """Why an action is illegal: what :func:`~spades.legality.check` returns and an error carries.

    ``str(violation)`` is its sentence.
    """

    #: The rule broken, for a program to branch on.
    reason: Reason
    #: The seat that tried to act, when known.
    seat: Seat | None
    #: The action refused.
    action: object
    #: The rule option responsible, when the action would be legal under another setting.
    option: str | None
    #: The sentence that says what is wrong.
    message: str

    def error(self) -> IllegalActionError:
        """The :class:`~spades.errors.IllegalActionError` that :func:`~spades.engine.apply`
        raises for this violation."""
        return IllegalActionError(
            self.message, reason=self.reason, seat=self.seat, action=self.action, option=self.option
        )

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        seat = "" if self.seat is None else f" {self.seat}"
        return f"<Violation {self.reason.name}{seat}: {quote(self.message)}>"


# -- what may be done ------------------------------------------------------------------------------


# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_PLAY = Phase.PLAY
_DRAW = Phase.DRAW
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_GAME_OVER = Phase.GAME_OVER


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the seat to act may take, each naming that seat.

    Empty when the next action is a deal (a chance action: build one with
    :meth:`Deal.random <spades.actions.Deal.random>`), a card drawn in two-handed Spades (a
    chance action too: :meth:`Draw.random <spades.actions.Draw.random>` from
    :attr:`~spades.state.GameState.stock`), or the game is over.
    """
    if state.__class__ is not GameState and not isinstance(state, GameState):
        raise not_a_state(state)
    phase = state.phase
    if phase is _PLAY:  # the state holds the cards the seat to act may play
        mask = state.legal
        tables = _SUIT_PLAYS[state.to_act]  # type: ignore[index]
        suit = _LOWEST_SUIT[(mask & -mask).bit_length()]
        pattern = mask >> _SUIT_SHIFTS[suit]
        if pattern < _SUIT_LIMITS[suit]:  # one suit: the common case when following
            plays = tables[suit][pattern]
        else:
            clubs = tables[0][mask & _SUIT_BITS]
            diamonds = tables[1][mask >> _DIAMONDS_AT & _SUIT_BITS]
            hearts = tables[2][mask >> _HEARTS_AT & _SUIT_BITS]
            spades = tables[3][mask >> _SPADES_AT]
            if clubs is not None and diamonds is not None and hearts is not None:
                plays = None if spades is None else clubs + diamonds + hearts + spades
            else:
                plays = None
        return plays_of(state.to_act, mask) if plays is None else plays  # type: ignore[arg-type]
    if phase is _BIDDING:
        seat = state.to_act
        assert seat is not None
        bids = _bids_of(seat, state.legal)
        context = state.context
        if context.rules.redeal is not _NO_REDEAL and may_call_redeal(
            context.table, context.held[seat]
        ):
            return (*bids, _REDEALS[seat])
        return bids
    if phase is _DRAW:
        if state.shown < 0:
            return ()  # a card is to be drawn: chance
        return _CHOICES[state.to_act]  # type: ignore[index]
    if phase is _EXCHANGE:
        seat = state.to_act
        assert seat is not None
        bits = [1 << i for i in bit_indices(state.context.held[seat])]
        return tuple(
            Exchange(Hand.from_mask(sum(cards)), seat=seat)
            for cards in combinations(bits, exchange_size(state))
        )
    return ()


#: What the drawer may do with the card drawn, per seat: keep it or discard it.
_CHOICES = tuple((Keep(seat=seat), Discard(seat=seat)) for seat in SEATS)


def _bids_of(seat: Seat, mask: int) -> tuple[Bid, ...]:
    """The bids of a mask of the kernel's bid masks, numbers first, then nil, blind nil and the
    blind numbers (kept per seat and mask: few masks occur)."""
    kept = _BIDS_BY_MASK[seat]
    bids = kept.get(mask)
    if bids is None:
        row = _BIDS[seat]
        bids = tuple(row[n - 1] for n in _NUMBERS if mask >> n & 1)
        if mask & 1:
            bids += (row[MOST_TRICKS],)
        if mask & BLIND_NIL_BIT:
            bids += (_BLIND_NILS[seat],)
        if mask & BLIND_BID_BITS:
            blind = _BLIND_BIDS[seat]
            bids += tuple(blind[n - 1] for n in _NUMBERS if mask & BLIND_NIL_BIT << n)
        if len(kept) >= _KEPT:
            kept.clear()
        kept[mask] = bids
    return bids


def exchange_size(state: GameState) -> int:
    """How many cards the seat to act passes now, in the nil or blind nil exchange (0 outside
    it): ``nil_exchange`` or ``blind_nil_exchange``, by the bid of the nil bidder whose exchange
    it is."""
    if not isinstance(state, GameState):
        raise not_a_state(state)
    if state.phase is not _EXCHANGE:
        return 0
    context = state.context
    steps = exchange_steps(context.table, context.dealer, bid_pairs(context.bids))
    return steps[len(context.exchanges)][2]


def _exchange_option(state: GameState) -> str:
    """The option that sets the size of the exchange in progress."""
    context = state.context
    steps = exchange_steps(context.table, context.dealer, bid_pairs(context.bids))
    giver, receiver, _count = steps[len(context.exchanges)]
    for seat in (giver, receiver):
        bid = state.bids[seat]
        if bid is not None and bid.is_nil:
            return "blind_nil_exchange" if bid.blind else "nil_exchange"
    return "nil_exchange"  # pragma: no cover - one of the two bid nil


def is_legal(state: GameState, action: Action) -> bool:
    """Whether ``action`` may be taken now: :func:`~spades.legality.check` found nothing wrong with
    it."""
    return check(state, action) is None


def check(state: GameState, action: Action) -> Violation | None:
    """The rule ``action`` breaks in ``state``, or None when it is legal.

    Anything that is not an action at all (a :class:`~spades.actions.Deal`,
    :class:`~spades.actions.Bid`, :class:`~spades.actions.Exchange`,
    :class:`~spades.actions.Play` or :class:`~spades.actions.Counts`) is a :class:`TypeError`.
    """
    if not isinstance(state, GameState):
        raise not_a_state(state)
    if not isinstance(action, (Deal, Bid, Exchange, Play, Counts, Redeal, Draw, Keep, Discard)):
        raise TypeError(
            f"{quote(action)} is not an action; use Deal, Draw, Keep, Discard, Bid, Redeal, "
            "Exchange, Play or Counts."
        )
    if state.phase is _GAME_OVER:
        return Violation(
            reason=Reason.GAME_OVER,
            seat=getattr(action, "seat", None),
            action=action,
            option=None,
            message=f"The game is over: {state.result}",
        )
    if isinstance(action, Deal):
        return _check_deal(state, action)
    if isinstance(action, Draw):
        return _check_draw(state, action)
    if isinstance(action, Counts):
        return _check_counts(state, action)
    if isinstance(action, Play):
        expected = _PLAY
    elif isinstance(action, (Bid, Redeal)):
        expected = _BIDDING
    elif isinstance(action, (Keep, Discard)):
        expected = _DRAW
        if state.phase is _DRAW and state.shown < 0:
            return Violation(
                reason=Reason.WRONG_PHASE,
                seat=action.seat,
                action=action,
                option=None,
                message=f"{_describe(action)} is not possible now: no card waits; the next "
                "card is to be drawn.",
            )
    else:
        expected = _EXCHANGE
    if state.phase is not expected:
        if (
            expected is _BIDDING
            and state.phase is _PLAY
            and unbid_hand(state.context.table, state.hand_number)
        ):
            return _unbid_violation(state, action)  # type: ignore[arg-type]
        return Violation(
            reason=Reason.WRONG_PHASE,
            seat=action.seat,
            action=action,
            option=None,
            message=f"{_describe(action)} is not possible now: {phase_text(state.phase)}.",
        )
    seat = state.to_act
    assert seat is not None
    if action.seat is not None and action.seat is not seat:
        return Violation(
            reason=Reason.WRONG_TURN,
            seat=action.seat,
            action=action,
            option=None,
            message=f"It is {seat.full_name}'s turn, not {action.seat.full_name}'s.",
        )
    if isinstance(action, Bid):
        return bid_violation(state, seat, action)
    if isinstance(action, Redeal):
        return _check_redeal(state, seat, action)
    if isinstance(action, Exchange):
        return _check_exchange(state, seat, action)
    if isinstance(action, (Keep, Discard)):
        return None  # the first card of a turn is the drawer's to keep or discard
    return _check_play(state, seat, action)


def draw_players_problem(players: int) -> str:
    """Why a card cannot be drawn at a table of ``players`` other than two, as the end of a
    sentence: the one sentence for a draw where cards are dealt, in the engine and the records."""
    return (
        f"only two players draw their cards (deal_method draw_keep_discard), and {players} play "
        "under these rules."
    )


def _check_draw(state: GameState, draw: Draw) -> Violation | None:
    """A card drawn from the stock: two players, a card to draw, and a card still in it."""
    if not state.needs_draw:
        if not state.context.table.draws:
            why = draw_players_problem(state.rules.players)
            option: str | None = "deal_method"
        elif state.phase is _DRAW:
            seat = state.to_act
            assert seat is not None
            why = f"{seat.full_name} is to keep or discard the card they drew."
            option = None
        else:
            why = f"{phase_text(state.phase)}."
            option = None
        return Violation(
            reason=Reason.BAD_DRAW,
            seat=None,
            action=draw,
            option=option,
            message=f"Drawing {draw.card} is not possible now: {why}",
        )
    if draw.card.index >= DRAWN_CARDS or not state.stock.mask >> draw.card.index & 1:
        where = "not in the deck" if draw.card.index >= DRAWN_CARDS else "drawn already"
        return Violation(
            reason=Reason.BAD_DRAW,
            seat=None,
            action=draw,
            option=None,
            message=f"{draw.card} cannot be drawn: it is {where}, and the stock holds "
            f"{len(state.stock)} other cards.",
        )
    return None


def _unbid_violation(state: GameState, action: Bid | Redeal) -> Violation:
    """A bid or a call for a redeal in a hand played without bids."""
    return Violation(
        reason=Reason.UNBID_HAND,
        seat=action.seat,
        action=action,
        option="first_hand_trick_points",
        message=(
            f"{_describe(action)} is not possible: hand {state.hand_number} is played without "
            "bids (first_hand_trick_points), from the deal straight to the play."
        ),
    )


def not_a_state(value: object) -> TypeError:
    """The error for something given where a game state belongs."""
    return TypeError(f"{quote(value)} is not a GameState; start a game with new_game().")


def _describe(action: SeatAction) -> str:
    if isinstance(action, Bid):
        return f"A bid of {action}"
    if isinstance(action, Keep):
        return "Keeping a card drawn"
    if isinstance(action, Discard):
        return "Discarding a card drawn"
    if isinstance(action, Redeal):
        return "A call for a redeal"
    if isinstance(action, Exchange):
        return "An exchange of cards"
    return f"Playing {action.card}"


def phase_text(phase: Phase) -> str:
    """Where a game stands, as the end of a sentence: ``the bidding is in progress``."""
    return _PHASE_TEXT[phase]


_PHASE_TEXT = {
    Phase.DEAL: "the cards have not been dealt",
    Phase.DRAW: "the cards are being drawn",
    Phase.BIDDING: "the bidding is in progress",
    Phase.EXCHANGE: "the nil exchange is in progress",
    Phase.PLAY: "the cards are being played",
    Phase.HAND_OVER: "the hand is over and the next one has not been dealt",
    Phase.GAME_OVER: "the game is over",
}


# -- the deal and counted hands --------------------------------------------------------------------


def _check_deal(state: GameState, deal: Deal) -> Violation | None:
    if not state.needs_deal:
        return Violation(
            reason=Reason.WRONG_PHASE,
            seat=None,
            action=deal,
            option=None,
            message=f"A deal is not possible now: {phase_text(state.phase)}.",
        )
    if is_real_deal(state.context.table, deal.masks):
        return None
    message = " ".join(deal_problems(deal, state.rules))
    return Violation(reason=Reason.BAD_DEAL, seat=None, action=deal, option=None, message=message)


def deck_text(rules: RuleSet | None) -> str:
    """The deck ``rules`` play with, for a sentence: ``'deck standard'``, ``'deck jokers,
    removed_twos hearts_clubs'``."""
    if rules is None or rules.deck is Deck.STANDARD:
        return "deck standard"
    if rules.deck in (Deck.JOKERS, Deck.JJDA):
        return f"deck {rules.deck}, removed_twos {rules.removed_twos}"
    return f"deck {rules.deck}"


def deal_problems(deal: Deal, rules: RuleSet | None = None) -> list[str]:
    """Every way ``deal`` is not a deal of ``rules``' deck (the standard deck when not given):
    wrong counts, cards dealt twice, cards not in the deck, cards missing (none are, for the two
    hands two players drew)."""
    table = None if rules is None else table_of(rules)
    deck = STANDARD_LAYOUT if table is None else table.deck
    seats = 4 if table is None else table.players
    size = 13 if table is None else table.tricks
    problems = []
    if len(deal.hands) != seats:
        problems.append(
            f"The deal has {len(deal.hands)} hands, but {seats} play under these rules (players)."
        )
    seen: dict[int, Seat] = {}
    for seat, hand in zip(SEATS, deal.hands):
        if len(hand) != size:
            problems.append(f"{seat.full_name} has {len(hand)} cards, not {size}.")
        for card in hand:
            if card.index in seen:
                problems.append(
                    f"{card} is dealt to both {seen[card.index].full_name} and {seat.full_name}."
                )
            else:
                seen[card.index] = seat
    stray = [str(CARDS[i]) for i in sorted(seen) if not deck.cards >> i & 1]
    if stray:
        problems.append(
            f"{' '.join(stray)} {'is' if len(stray) == 1 else 'are'} not in the deck "
            f"({deck_text(rules)})."
        )
    # Two players draw 26 of the 52 cards and waste the rest: no card need be held.
    drawn = table is not None and table.draws
    missing = [] if drawn else [str(CARDS[i]) for i in bit_indices(deck.cards) if i not in seen]
    if missing:
        problems.append(
            f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} not dealt to anyone."
        )
    return problems


def _check_counts(state: GameState, counts: Counts) -> Violation | None:
    if not state.needs_deal:
        return Violation(
            reason=Reason.WRONG_PHASE,
            seat=None,
            action=counts,
            option=None,
            message=f"A hand cannot be scored from counts now: {phase_text(state.phase)}.",
        )
    number = state.hand_number + (state.phase is not Phase.DEAL)
    unbid = unbid_hand(state.context.table, number)
    if unbid != (counts.bids[0] is None):
        message = (
            f"Hand {number} is played without bids (first_hand_trick_points), so its counts "
            "give no bids: Counts(None, tricks)."
            if unbid
            else f"Hand {number} is bid, so its counts give each seat's bid."
        )
        # The option is to blame only where it is in force.
        option = None if state.rules.first_hand_trick_points is None else "first_hand_trick_points"
        return Violation(
            reason=Reason.UNBID_HAND, seat=None, action=counts, option=option, message=message
        )
    seats = state.rules.players
    if len(counts.tricks) != seats or len(counts.bids) != seats:
        given = max(len(counts.tricks), len(counts.bids))
        return Violation(
            reason=Reason.BAD_TRICKS,
            seat=None,
            action=counts,
            option="players" if seats != 4 or given != 4 else None,
            message=(
                f"The counts give {given} seats, but {seats} play under these rules (players)."
            ),
        )
    violations = bid_violations(state, counts.bids)
    if violations:
        return violations[0]
    problem = counts_problem(counts.tricks, state.rules)
    if problem is not None:
        return Violation(
            reason=Reason.BAD_TRICKS, seat=None, action=counts, option=None, message=problem
        )
    return None


# -- bids ------------------------------------------------------------------------------------------


def bid_violation(state: GameState, seat: Seat, bid: Bid) -> Violation | None:
    """The rule ``seat`` breaks by bidding ``bid`` at its turn in ``state`` (during the
    bidding), or None: what :func:`check` says of a bid once the phase and the turn are right.

    Every bidding rule is judged (:func:`hand_bid_violations` lists them), against the bids made
    so far this hand, the seat's cards (for forced bidding), the scores and the hand's number.
    """
    context = state.context
    table = context.table
    return _bid_violation(
        table,
        seat,
        bid,
        context.bids,
        behind(table, context.scores, seat),
        first_hand(context.hand_number),
        spade_count(table, context.held[seat]),
    )


def _bid_violation(
    table: Table,
    seat: Seat,
    bid: Bid,
    bids: Sequence[Bid | None],
    behind: int,
    first_hand: bool,
    spades: int | None,
    eligibility: bool = True,
) -> Violation | None:
    """The rule ``seat`` breaks by bidding ``bid`` after ``bids`` (by seat, None for a seat yet
    to bid), as the kernel's :func:`~spades._kernel.bid_refusal` decides it, with its sentence.
    Without ``eligibility`` a blind nil is judged as a nil, and a blind number bid as the number
    (whether it was allowed is not)."""
    # The kernel reads the bids only when bidding is not free: leave them unread then.
    pairs = _NO_PAIRS if table.free_bidding else bid_pairs(bids)
    blind = bid.blind and eligibility
    refusal = bid_refusal(table, pairs, seat, bid.tricks, blind, spades, behind, first_hand)
    if refusal is None:
        return None
    return _refused(table.rules, seat, bid, bids, behind, refusal)


def bid_pairs(bids: Sequence[Bid | None]) -> list[tuple[int, bool] | None]:
    """Bids as the kernel reads them: ``(tricks, blind)``, or None."""
    return [None if bid is None else (bid.tricks, bid.blind) for bid in bids]


_NO_PAIRS: tuple[None, ...] = (None,) * 4


def _refused(
    rules: RuleSet,
    seat: Seat,
    bid: Bid,
    bids: Sequence[Bid | None],
    behind: int,
    refusal: tuple[int, int],
) -> Violation:
    """The :class:`Violation` of a bid the kernel refused, with the sentence for its rule."""
    why, number = refusal
    name = seat.full_name
    mate = seat.partner
    mate_bid = bids[mate] if rules.partnerships else None  # (partner rules need partners)
    option: str | None
    if why == REFUSED_RANGE:
        reason, option = Reason.BID_OUT_OF_RANGE, None
        message = bid_range_problem(rules, seat, bid) or ""
    elif why == REFUSED_BLIND_NIL:
        reason, option = Reason.BLIND_NIL_NOT_ALLOWED, "blind_nil"
        message = f"{name} may not bid blind nil: these rules do not allow it."
    elif why == REFUSED_BLIND_FIRST_HAND:
        reason, option = Reason.BLIND_NIL_NOT_ELIGIBLE, "blind_nil_first_hand"
        message = (
            f"{name} may not bid blind nil in the first hand of a game (blind_nil_first_hand)."
        )
    elif why == REFUSED_BLIND_DEFICIT:
        reason, option = Reason.BLIND_NIL_NOT_ELIGIBLE, "blind_nil_min_deficit"
        message = (
            f"{name} may not bid blind nil: {_who_behind(rules, seat, number)} and is "
            f"{_behind_text(behind)}."
        )
    elif why == REFUSED_BLIND_BID:
        reason, option = Reason.BLIND_BID_NOT_ALLOWED, "blind_bid"
        message = (
            f"{name} may not bid {bid}: these rules do not allow blind number bids (blind_bid)."
        )
    elif why == REFUSED_BLIND_BID_LOW:
        reason, option = Reason.BLIND_BID_NOT_ALLOWED, "blind_bid"
        message = (
            f"{name} may not bid {bid}: a blind number bid must be at least {number} (blind_bid)."
        )
    elif why == REFUSED_BLIND_BID_DEFICIT:
        reason, option = Reason.BLIND_BID_NOT_ELIGIBLE, "blind_bid_min_deficit"
        message = (
            f"{name} may not bid {bid}: {_who_behind(rules, seat, number)} to bid blind and is "
            f"{_behind_text(behind)} (blind_bid_min_deficit)."
        )
    elif why == REFUSED_NIL:
        reason, option = Reason.NIL_NOT_ALLOWED, "nil_allowed"
        message = f"{name} may not bid {bid}: these rules do not allow nil (nil_allowed)."
    elif why == REFUSED_FORCED:
        reason, option = Reason.FORCED_BID, "forced_bidding"
        message = _forced_text(rules, seat, number, mate_bid)
    elif why == REFUSED_BELOW_MIN_BID:
        reason, option = Reason.BID_BELOW_MINIMUM, "min_player_bid"
        message = (
            f"{name} may not bid {bid}: the lowest number a player may bid is {number} "
            "(min_player_bid)."
        )
    elif why == REFUSED_DOUBLE_NIL:
        reason, option = Reason.DOUBLE_NIL_NOT_ALLOWED, "double_nil"
        message = (
            f"{name} may not bid {bid}: {mate.full_name} bid {mate_bid}, and only one partner "
            "may bid nil (double_nil)."
        )
    elif why == REFUSED_NIL_PARTNER:
        reason, option = Reason.NIL_PARTNER_BID_TOO_LOW, "nil_partner_min_bid"
        head = f"may not bid {bid}" if bid.is_nil else f"must bid at least {number}"
        message = (
            f"{name} {head}: {mate.full_name} bid {mate_bid}, and the partner of a nil bidder "
            f"must bid at least {number} (nil_partner_min_bid)."
        )
    elif why == REFUSED_TEAM_MIN:
        reason, option = Reason.TEAM_BID_BELOW_MINIMUM, "min_team_bid"
        message = (
            f"{name} must bid at least {number}, so that {_team_name(seat.team)} bid at least "
            f"{rules.min_team_bid} (min_team_bid)."
        )
    elif why == REFUSED_TOTAL_MIN:
        reason, option = Reason.TOTAL_BID_BELOW_MINIMUM, "min_total_bid"
        message = (
            f"{name} must bid at least {number}, so that the {_all_bids(rules)} total at least "
            f"{rules.min_total_bid} (min_total_bid)."
        )
    else:
        reason, option = Reason.TOTAL_BID_OF_13, "forbid_total_of_13"
        message = (
            f"{name} may not bid {bid}: the {_all_bids(rules)} would total exactly "
            f"{table_of(rules).tricks}, and someone must miss (forbid_total_of_13)."
        )
    return Violation(reason=reason, seat=seat, action=bid, option=option, message=message)


def _all_bids(rules: RuleSet) -> str:
    """Every seat's bid, for a sentence: "four bids", or "three bids" at a table of three."""
    return "four bids" if rules.players == 4 else "three bids"


def _who_behind(rules: RuleSet, seat: Seat, number: int) -> str:
    """Who must be ``number`` points behind for a blind bid, as a sentence's start."""
    if rules.partnerships:
        return f"{seat.team} must be at least {number} points behind"
    return f"{seat.full_name} must be at least {number} points behind the leading player"


def _team_name(team: Team) -> str:
    """``North-South``, ``East-West``."""
    first, second = team.seats
    return f"{first.full_name}-{second.full_name}"


def _forced_text(rules: RuleSet, seat: Seat, number: int, mate_bid: Bid | None) -> str:
    """The sentence for a bid the forced bidding mode does not allow."""
    name = seat.full_name
    mode = rules.forced_bidding
    rule = f"(forced_bidding {mode})"
    if mode is ForcedBidding.SUICIDE:
        mate = seat.partner.full_name
        if mate_bid is None:
            return (
                f"{name} must bid nil or at least {number}: in each partnership one partner bids "
                f"nil and the other at least {number} {rule}."
            )
        if mate_bid.is_nil:
            return f"{name} must bid at least {number}, since {mate} bid {mate_bid} {rule}."
        return f"{name} must bid nil, since {mate} bid {mate_bid} {rule}."
    if number == 0:
        return f"{name} must bid nil, holding no spade {rule}."
    either = "nil or " if mode is ForcedBidding.WHIZ else ""
    return f"{name} must bid {either}{number}, the number of spades {name} holds {rule}."


def _behind_text(behind: int) -> str:
    if behind > 0:
        return f"{behind} behind"
    if behind < 0:
        return f"{-behind} ahead"
    return "level"


def bid_violations(
    state: GameState, bids: Sequence[Bid | None], *, deal: Deal | None = None
) -> list[Violation]:
    """Every rule the bids of a hand break, in bidding order, up to the first bid not made.

    ``state`` is the state before the hand or during its bidding; ``bids`` are in seat order
    N, E, S, W; ``deal`` is the hand's deal, when known (for forced bidding mirror and whiz,
    which need the spades each seat holds). Each bid is checked as :func:`check` checks it in
    turn, after the bids before it, even after an illegal one:
    :func:`~spades.engine.apply_counts` refuses the first, the record verifier reports them all.
    """
    if state.needs_deal:  # the hand to be dealt next
        dealer, number = state.next_dealer, state.hand_number + (state.phase is not Phase.DEAL)
    else:
        dealer, number = state.dealer, state.hand_number
    return hand_bid_violations(
        state.rules, bids, dealer=dealer, scores=state.scores, hand_number=number, deal=deal
    )


def hand_bid_violations(
    rules: RuleSet,
    bids: Sequence[Bid | None],
    *,
    dealer: Seat = Seat.N,
    scores: Sequence[int] | None = None,
    hand_number: int = 1,
    deal: Deal | None = None,
    eligibility: bool = True,
) -> list[Violation]:
    """Every rule the bids of one hand break, each bid judged in bidding order after the bids
    before it, as :func:`check` judges it at its turn; up to the first seat with no bid.

    ``bids`` are in seat order N, E, S, W; ``dealer`` deals the hand (North by default, so East bids
    first clockwise), at ``scores`` before it (per side; None for 0 each), in hand ``hand_number``
    of the game. Judged: the range; nil allowed (``nil_allowed``); the lowest number
    (``min_player_bid``); a second nil in a team (``double_nil``); the partner of a nil
    (``nil_partner_min_bid``); the team's minimum (``min_team_bid``); the total's minimum
    (``min_total_bid``) and a total of 13 (``forbid_total_of_13``), for the last bidder; forced
    bidding (``forced_bidding``; mirror and whiz only with the ``deal``, which says how many spades
    each seat held); and with ``eligibility`` whether each blind nil was allowed (``blind_nil``,
    ``blind_nil_first_hand``, ``blind_nil_min_deficit``) and each blind number bid (``blind_bid``,
    ``blind_bid_min_deficit``) -- without it, a blind nil is judged as a nil and a blind number bid
    as the number.
    """
    table = table_of(rules)
    if scores is None:
        scores = (0,) * table.side_count
    so_far: list[Bid | None] = [None] * table.players
    violations = []
    for index in table.bidding_orders[dealer]:
        bid = bids[index]
        if bid is None:
            break
        seat = SEATS[index]
        bid = seated(bid, seat)
        spades = None if deal is None else spade_count(table, deal.hands[index].mask)
        violation = _bid_violation(
            table,
            seat,
            bid,
            so_far,
            behind(table, scores, index),
            first_hand(hand_number),
            spades,
            eligibility,
        )
        if violation is not None:
            violations.append(violation)
        so_far[index] = bid
    return violations


def seated(bid: Bid, seat: Seat) -> Bid:
    """``bid`` naming ``seat``: the interned copy where there is one."""
    if bid.seat is seat:
        return bid
    if bid.blind:
        if bid.tricks == 0:
            return _BLIND_NILS[seat]
        if 1 <= bid.tricks <= MOST_TRICKS and type(bid) is Bid:
            return _BLIND_BIDS[seat][bid.tricks - 1]
        return bid.for_seat(seat)
    if 0 <= bid.tricks <= MOST_TRICKS and type(bid) is Bid:
        return _BIDS[seat][bid.tricks - 1 if bid.tricks else MOST_TRICKS]
    return bid.for_seat(seat)


# -- a redeal --------------------------------------------------------------------------------------


_NO_REDEAL = RedealRule.NONE


def redeal_grounds(rules: RuleSet, hand: Hand | int) -> str | None:
    """Why a seat holding ``hand`` may call for a redeal under ``rules``, as the end of a sentence
    (``'no spade'``, ``'no face card'``); None when it may not (the kernel's
    :func:`~spades._kernel.deal.may_call_redeal`)."""
    mask = hand if isinstance(hand, int) else hand.mask
    table = table_of(rules)
    if not may_call_redeal(table, mask):
        return None
    if rules.redeal is not RedealRule.NO_FACE_CARDS and not spade_count(table, mask):
        return "no spade"
    return "no face card"


_REDEAL_TEXT = {
    RedealRule.NO_SPADES: "a hand with no spade",
    RedealRule.NO_FACE_CARDS: "a hand with no face card (jack, queen or king)",
    RedealRule.NO_SPADES_OR_FACE_CARDS: (
        "a hand with no spade or no face card (jack, queen or king)"
    ),
}


def _check_redeal(state: GameState, seat: Seat, action: Redeal) -> Violation | None:
    """Why ``seat``, at its turn to bid, may not call for a redeal; None when it may.

    A redeal is a bidding-phase call by a seat that has seen its cards: the engine has no moment
    before a seat looks, so a seat that might still bid blind nil may call one all the same."""
    return redeal_violation(state.rules, seat, state.context.held[seat], action)


def redeal_violation(
    rules: RuleSet, seat: Seat, hand: int, action: Redeal | None = None
) -> Violation | None:
    """Why ``seat``, holding the cards of the mask ``hand``, may not call for a redeal at its turn
    to bid under ``rules`` (option ``redeal``); None when it may."""
    if may_call_redeal(table_of(rules), hand):
        return None
    if action is None:
        action = Redeal(seat=seat)
    name = seat.full_name
    if rules.redeal is _NO_REDEAL:
        message = f"{name} may not call for a redeal: these rules allow none (redeal)."
    else:
        message = (
            f"{name} may not call for a redeal: only {_REDEAL_TEXT[rules.redeal]} may be "
            f"thrown in (redeal {rules.redeal}), and {name} holds "
            f"{_held_text(rules, hand)}."
        )
    return Violation(
        reason=Reason.REDEAL_NOT_ALLOWED, seat=seat, action=action, option="redeal", message=message
    )


def _held_text(rules: RuleSet, mask: int) -> str:
    spades = spade_count(table_of(rules), mask)
    faces = (mask & FACE_CARDS).bit_count()
    parts = []
    if rules.redeal is not RedealRule.NO_FACE_CARDS:
        parts.append(f"{spades} {'spade' if spades == 1 else 'spades'}")
    if rules.redeal is not RedealRule.NO_SPADES:
        parts.append(f"{faces} face {'card' if faces == 1 else 'cards'}")
    return and_text(parts)


# -- the exchange and play -------------------------------------------------------------------------


def _check_exchange(state: GameState, seat: Seat, exchange: Exchange) -> Violation | None:
    wanted = exchange_size(state)
    if len(exchange.cards) != wanted:
        return Violation(
            reason=Reason.BAD_EXCHANGE,
            seat=seat,
            action=exchange,
            option=_exchange_option(state),
            message=(
                f"{seat.full_name} must pass exactly {wanted} cards, not {len(exchange.cards)}."
            ),
        )
    missing = exchange.cards.mask & ~state.context.held[seat]
    if missing:
        return Violation(
            reason=Reason.CARD_NOT_HELD,
            seat=seat,
            action=exchange,
            option=None,
            message=f"{seat.full_name} does not hold {Hand.from_mask(missing).cards_text()}.",
        )
    return None


def _check_play(state: GameState, seat: Seat, play: Play) -> Violation | None:
    card = play.card
    holding = state.context.held[seat] & ~state.played_mask
    if not holding >> card.index & 1:
        return Violation(
            reason=Reason.CARD_NOT_HELD,
            seat=seat,
            action=play,
            option=None,
            message=f"{seat.full_name} does not hold {card}.",
        )
    if state.legal >> card.index & 1:
        return None
    if state.trick_cards:
        return _follow_violation(state, seat, play, holding)
    return _lead_violation(state, seat, play, holding)


def _follow_violation(state: GameState, seat: Seat, play: Play, holding: int) -> Violation:
    """Why ``seat`` may not play ``play``'s card (held, not in the legal mask) to the trick in
    progress: the rules of the kernel's :func:`~spades._kernel.play.follow_mask`, explained."""
    card = play.card
    rules = state.rules
    name = seat.full_name
    deck = state.context.table.deck
    led = Suit(deck.suit_of[state.trick_cards[0]])
    following = holding & deck.suits[led]
    if following and not following >> card.index & 1:
        count = following.bit_count()
        return Violation(
            reason=Reason.REVOKE,
            seat=seat,
            action=play,
            option=None,
            message=(
                f"{name} must follow {led.plural} "
                f"(holds {count} {led.singular if count == 1 else led.plural})."
            ),
        )
    if following:  # the only rule that picks among the cards of the led suit
        lowest = CARDS[(following & -following).bit_length() - 1]
        return Violation(
            reason=Reason.LOWEST_CLUB,
            seat=seat,
            action=play,
            option="first_trick",
            message=(
                f"{name} must play their lowest club, {lowest}, to the first trick "
                f"(first_trick {rules.first_trick})."
            ),
        )
    if (
        deck.suit_of[card.index] == SPADE_SUIT
        and holding & deck.non_spades
        and not state.played_tricks
        and rules.first_trick is not FirstTrick.ANY
    ):
        return _first_trick_spade(rules, seat, play, holding, "play")
    top = CARDS[state.trick_cards[trick_winner(state.trick_cards, deck)]]
    return Violation(
        reason=Reason.MUST_OVERTRUMP,
        seat=seat,
        action=play,
        option="must_overtrump",
        message=f"{name} must overtrump with a spade higher than the {top} (must_overtrump).",
    )


def _first_trick_spade(
    rules: RuleSet, seat: Seat, play: Play, holding: int, verb: str
) -> Violation:
    """A spade to the first trick from a seat that holds another suit (``verb``: lead or play)."""
    suits = table_of(rules).deck.suits
    held = [suit.plural for suit in _SIDE_SUITS if holding & suits[suit]]
    return Violation(
        reason=Reason.FIRST_TRICK_SPADE,
        seat=seat,
        action=play,
        option="first_trick",
        message=(
            f"{seat.full_name} may not {verb} a spade to the first trick while holding "
            f"{and_text(held)} (first_trick {rules.first_trick})."
        ),
    )


def _lead_violation(state: GameState, seat: Seat, play: Play, holding: int) -> Violation:
    """Why ``seat`` may not lead ``play``'s card (held, not in the legal mask): the rules of
    :func:`~spades._kernel.play.legal_cards` and :func:`~spades._kernel.play.lead_mask`, explained."""
    rules = state.rules
    name = seat.full_name
    first_trick = not state.played_tricks
    if first_trick and rules.first_lead is FirstLead.TWO_OF_CLUBS:
        return Violation(
            reason=Reason.MUST_LEAD_CARD,
            seat=seat,
            action=play,
            option="first_lead",
            message=(
                f"{name} must lead the {CARDS[state.context.table.deck.lowest_club].name} "
                "to the first trick."
            ),
        )
    breaking = rules.spades_breaking
    if breaking is SpadesBreaking.ANY_TIME:  # only the first trick's rule forbids a spade lead
        return _first_trick_spade(rules, seat, play, holding, "lead")
    if breaking is SpadesBreaking.AFTER_FIRST_TRICK:
        why = "spades may be led from the second trick on"
        where = " to the first trick"
    else:
        trump_only = breaking is SpadesBreaking.TRUMP_ONLY
        why = "spades are not broken" + (
            " (only a spade played on another suit breaks them)" if trump_only else ""
        )
        where = ""
    return Violation(
        reason=Reason.SPADES_NOT_BROKEN,
        seat=seat,
        action=play,
        option="spades_breaking",
        message=f"{name} may not lead a spade{where}: {why} and {name} holds other suits.",
    )


#: The suits other than spades, in the order hands are written (hearts, diamonds, clubs).
_SIDE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


# -- interned actions ------------------------------------------------------------------------------
# legal_actions allocates nothing in the common case: the actions are made once, and the plays of
# each pattern of one suit a seat may play are kept in tables of a fixed size.

#: Every :class:`~spades.actions.Play`, naming its seat: ``SEATED_PLAYS[seat][card index]``.
SEATED_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, seat=seat) for card in CARDS) for seat in SEATS
)
#: Every number a bid may name, up to the most tricks a hand has (18, three with the jokers).
_NUMBERS = range(1, MOST_TRICKS + 1)
#: Per seat, the number bids (``_BIDS[seat][n - 1]``), then nil.
_BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    (*(Bid(n, seat=seat) for n in _NUMBERS), Bid.NIL.for_seat(seat)) for seat in SEATS
)
_BLIND_NILS: tuple[Bid, ...] = tuple(Bid.BLIND_NIL.for_seat(seat) for seat in SEATS)
#: Per seat, the blind number bids: ``_BLIND_BIDS[seat][n - 1]``.
_BLIND_BIDS: tuple[tuple[Bid, ...], ...] = tuple(
    tuple(Bid(n, blind=True, seat=seat) for n in _NUMBERS) for seat in SEATS
)
_REDEALS: tuple[Redeal, ...] = tuple(Redeal(seat=seat) for seat in SEATS)
#: Per seat, the bids of each bid mask met so far (see ``_bids_of``), a bounded number of them.
_BIDS_BY_MASK: tuple[dict[int, tuple[Bid, ...]], ...] = tuple({} for _ in SEATS)
_KEPT = 1 << 10
#: Per seat and suit, indexed by the pattern of the playable cards of that suit (bit ``rank``):
#: their plays, filled in as they are met; the spades' patterns have two more bits, for the
#: jokers. A pattern's plays are those of its low and its high bits, each kept from the start in
#: :data:`_HALF_PLAYS`; the plays of any mask are put together from them, suit by suit in index
#: order.
_SUIT_WIDTHS = (RANKS, RANKS, RANKS, RANKS + 2)
def _empty_table(width: int) -> list[tuple[Play, ...] | None]:
    """A table of the plays of each pattern of ``width`` bits, none known yet but the empty one."""
    table: list[tuple[Play, ...] | None] = [None] * (1 << width)
    table[0] = ()
    return table


_SUIT_PLAYS: tuple[tuple[list[tuple[Play, ...] | None], ...], ...] = tuple(
    tuple(_empty_table(width) for width in _SUIT_WIDTHS) for _ in SEATS
)
_SUIT_BITS = (1 << RANKS) - 1
_DIAMONDS_AT, _HEARTS_AT, _SPADES_AT = (RANKS * suit for suit in (1, 2, 3))
#: A suit's pattern is split into its low bits and the high bits above them; the plays of each
#: value of either, per seat and suit, are made when the suit's first pattern is met.
_LOW_BITS = 7
_LOW_MASK = (1 << _LOW_BITS) - 1
_HALF_PLAYS: dict[tuple[Seat, int], tuple[tuple[tuple[Play, ...], ...], ...]] = {}


def _half_plays(seat: Seat, suit: int) -> tuple[tuple[tuple[Play, ...], ...], ...]:
    """The plays of each value of a pattern's low bits and of its high bits, for ``seat`` and
    ``suit``: each value's plays are the lowest card's then those of the value without it."""
    halves = _HALF_PLAYS.get((seat, suit))
    if halves is None:
        row = SEATED_PLAYS[seat]
        made = []
        for first, width in ((0, _LOW_BITS), (_LOW_BITS, _SUIT_WIDTHS[suit] - _LOW_BITS)):
            plays: list[tuple[Play, ...]] = [()]
            for value in range(1, 1 << width):
                low = (value & -value).bit_length() - 1
                plays.append((row[RANKS * suit + first + low], *plays[value & (value - 1)]))
            made.append(tuple(plays))
        halves = _HALF_PLAYS[seat, suit] = (made[0], made[1])
    return halves


#: By the bit length of a mask's lowest card (0 for no card), the suit of that card; each suit's
#: first bit, and the patterns its table holds.
_LOWEST_SUIT = (0, *SUIT_OF[:54])
_SUIT_SHIFTS = tuple(RANKS * suit for suit in range(4))
_SUIT_LIMITS = tuple(1 << width for width in _SUIT_WIDTHS)


def _suit_plays(seat: Seat, suit: int, pattern: int) -> tuple[Play, ...]:
    """The plays of ``pattern`` of ``suit`` by ``seat``, kept from now on."""
    low, high = _half_plays(seat, suit)
    plays = low[pattern & _LOW_MASK] + high[pattern >> _LOW_BITS]
    _SUIT_PLAYS[seat][suit][pattern] = plays
    return plays


def plays_of(seat: Seat, mask: int) -> tuple[Play, ...]:
    """The plays of the cards of ``mask`` by ``seat``, in card index order: the interned
    :data:`SEATED_PLAYS`, put together from the kept plays of each suit."""
    tables = _SUIT_PLAYS[seat]
    plays: tuple[Play, ...] = ()
    for suit in range(4):
        pattern = mask >> _SUIT_SHIFTS[suit]
        if suit < 3:
            pattern &= _SUIT_BITS
        if pattern:
            found = tables[suit][pattern]
            plays += _suit_plays(seat, suit, pattern) if found is None else found
    return plays
