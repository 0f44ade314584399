"""Legality: which actions the rules allow, and why any other is refused.

Each rule is decided once, in the kernel (``spades._kernel``), on int masks; this module turns a
refusal into a :class:`~spades.violation.Violation` with a reason and a sentence (bids and calls
for a redeal in :mod:`spades.bids`). :func:`legal_actions` lists what the
state's legal mask allows, :func:`check` explains a refusal, and :func:`~spades.engine.apply`
takes the same mask on its fast path, so the three never disagree.
"""

from __future__ import annotations

from itertools import combinations

from ._kernel.bidding import unbid_hand
from ._kernel.cards import RANKS, SPADE_SUIT, SUIT_OF, bit_indices
from ._kernel.deal import exchange_steps, is_real_deal, may_call_redeal
from ._kernel.play import trick_winner
from ._kernel.table import table_of
from ._text import and_text, quote
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
    SeatAction,
    counts_problem,
)
from .bids import bid_pairs, bid_violation, bid_violations, redeal_check, unbid_problem
from .cards import CARDS, Suit
from .choices import NO_ACTIONS, LegalActions
from .errors import Reason
from .hands import Hand
from .interned import CHOICES, REDEALS, SEATED_PLAYS, bids_of
from .phase import Phase
from .rules import FirstLead, FirstTrick, RuleSet, SpadesBreaking
from .seats import SEATS, Seat
from .state import GameState
from .violation import (
    Violation,
    bury_violation,
    deal_problems,
    draw_players_problem,
    not_a_state,
    not_held_violation,
    phase_text,
)

__all__ = ["check", "exchange_size", "is_legal", "legal_actions"]


# -- what may be done ------------------------------------------------------------------------------


# Enum members read once: looking one up on its class costs a Python call on CPython 3.11.
_PLAY = Phase.PLAY
_DRAW = Phase.DRAW
_BURY = Phase.BURY
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_GAME_OVER = Phase.GAME_OVER


def legal_actions(state: GameState) -> LegalActions:
    """Every action the seat to act may take, each naming that seat, as a
    :class:`~spades.choices.LegalActions` tuple: ``action in legal_actions(state)`` holds exactly
    when ``is_legal(state, action)`` does, for an action a seat takes naming its seat or none
    (``Bid(3) in legal_actions(state)``).

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
                plays = None if spades is None else LegalActions(clubs + diamonds + hearts + spades)
            else:
                plays = None
        return plays_of(state.to_act, mask) if plays is None else plays  # type: ignore[arg-type]
    if phase is _BIDDING:
        seat = state.to_act
        assert seat is not None
        bids = bids_of(seat, state.legal)
        context = state.context
        if context.table.misdeal and may_call_redeal(context.table, context.held[seat]):
            return LegalActions((*bids, REDEALS[seat]))
        return bids
    if phase is _DRAW:
        if state.shown < 0:
            return NO_ACTIONS  # a card is to be drawn: chance
        return CHOICES[state.to_act]  # type: ignore[index]
    if phase is _EXCHANGE or phase is _BURY:
        seat = state.to_act
        assert seat is not None
        bits = [1 << i for i in bit_indices(state.context.held[seat])]
        if phase is _BURY:  # any two of the dealer's 15
            pairs = combinations(bits, state.context.table.buried)
            return LegalActions(Bury(Hand.from_mask(sum(cards)), seat=seat) for cards in pairs)
        return LegalActions(
            Exchange(Hand.from_mask(sum(cards)), seat=seat)
            for cards in combinations(bits, exchange_size(state))
        )
    return NO_ACTIONS


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
    if not isinstance(
        action, (Deal, Bid, Exchange, Play, Counts, Redeal, Draw, Keep, Discard, Bury)
    ):
        raise TypeError(
            f"{quote(action)} is not an action; use Deal, Draw, Keep, Discard, Bury, Bid, "
            "Redeal, Exchange, Play or Counts."
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
    elif isinstance(action, Bury):
        expected = _BURY
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
        return redeal_check(state, seat, action)
    if isinstance(action, Exchange):
        return _check_exchange(state, seat, action)
    if isinstance(action, Bury):
        context = state.context
        dealer = seat is context.dealer
        return bury_violation(context.table.buried, context.held[seat], seat, action, dealer)
    if isinstance(action, (Keep, Discard)):
        return None  # the first card of a turn is the drawer's to keep or discard
    return _check_play(state, seat, action)


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
    index = draw.card.index
    if not state.stock.mask >> index & 1:
        in_deck = state.context.table.deck.cards >> index & 1
        where = "drawn already" if in_deck else "not in the deck"
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
    if isinstance(action, Bury):
        return "A discard of cards"
    return f"Playing {action.card}"


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
    unbid = unbid_problem(state.context.table, number, counts.bids[0] is not None)
    if unbid is not None:
        message, option = unbid
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
    return not_held_violation(seat, exchange, exchange.cards.mask, state.context.held[seat])


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
    :func:`~spades._kernel.play.legal_cards` and :func:`~spades._kernel.play.lead_mask`,
    explained."""
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


# -- the plays of a mask ---------------------------------------------------------------------------
# legal_actions allocates nothing in the common case: the plays of each pattern of one suit a seat
# may play are kept in tables of a fixed size.

#: Per seat and suit, indexed by the pattern of the playable cards of that suit (bit ``rank``):
#: their plays, filled in as they are met; the spades' patterns have two more bits, for the
#: jokers. A pattern's plays are those of its low and its high bits, each kept from the start in
#: :data:`_HALF_PLAYS`; the plays of any mask are put together from them, suit by suit in index
#: order.
_SUIT_WIDTHS = (RANKS, RANKS, RANKS, RANKS + 2)


def _empty_table(width: int) -> list[LegalActions | None]:
    """A table of the plays of each pattern of ``width`` bits, none known yet but the empty one."""
    table: list[LegalActions | None] = [None] * (1 << width)
    table[0] = NO_ACTIONS
    return table


_SUIT_PLAYS: tuple[tuple[list[LegalActions | None], ...], ...] = tuple(
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


def _suit_plays(seat: Seat, suit: int, pattern: int) -> LegalActions:
    """The plays of ``pattern`` of ``suit`` by ``seat``, kept from now on."""
    low, high = _half_plays(seat, suit)
    plays = LegalActions(low[pattern & _LOW_MASK] + high[pattern >> _LOW_BITS])
    _SUIT_PLAYS[seat][suit][pattern] = plays
    return plays


def plays_of(seat: Seat, mask: int) -> LegalActions:
    """The plays of the cards of ``mask`` by ``seat``, in card index order: the interned
    :data:`SEATED_PLAYS`, put together from the kept plays of each suit."""
    tables = _SUIT_PLAYS[seat]
    plays: tuple[SeatAction, ...] = ()
    for suit in range(4):
        pattern = mask >> _SUIT_SHIFTS[suit]
        if suit < 3:
            pattern &= _SUIT_BITS
        if pattern:
            found = tables[suit][pattern]
            plays += _suit_plays(seat, suit, pattern) if found is None else found
    return LegalActions(plays)
