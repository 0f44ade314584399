"""Bids and calls for a redeal: whether the rules allow one, and the sentence that says why not.

Every bidding rule is decided once, by the kernel's :func:`~spades._kernel.bidding.bid_refusal`;
this module judges a bid at its turn in a state (``bid_violation``), the bids of a whole hand in
order (:func:`hand_bid_violations`, what :func:`~spades.scoring.score_hand` and the records use),
and a call for a redeal, and words each refusal.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._kernel.bidding import (
    REFUSED_BELOW_MIN_BID,
    REFUSED_BLIND_BID,
    REFUSED_BLIND_BID_DEFICIT,
    REFUSED_BLIND_BID_EXACT,
    REFUSED_BLIND_BID_LOW,
    REFUSED_BLIND_DEFICIT,
    REFUSED_BLIND_FIRST_HAND,
    REFUSED_BLIND_NIL,
    REFUSED_DOUBLE_NIL,
    REFUSED_FORCED,
    REFUSED_NIL,
    REFUSED_NIL_PARTNER,
    REFUSED_RANGE,
    REFUSED_TEAM_BLIND_PARTNER,
    REFUSED_TEAM_BLIND_SECOND,
    REFUSED_TEAM_MIN,
    REFUSED_TOTAL_MIN,
    behind,
    bid_refusal,
    first_hand,
    unbid_hand,
)
from ._kernel.cards import FACE_CARDS
from ._kernel.deal import longest_suit, may_call_redeal, spade_count
from ._kernel.table import Table, table_of
from ._text import and_text, quote
from .actions import Bid, Deal, Redeal, bid_range_problem, four_bids
from .errors import NotationError, Reason
from .hands import Hand
from .interned import seated
from .phase import Phase
from .rules import ForcedBidding, MisdealFaceCards, RedealRule, RuleSet, as_ruleset
from .seats import SEATS, Seat, Team, seat_at
from .standing import Standing, side_values
from .state import GameState
from .violation import Violation, not_a_state

__all__ = ["bid_violations", "hand_bid_violations", "redeal_grounds", "unbid_problem"]


def bid_violation(state: GameState, seat: Seat, bid: Bid) -> Violation | None:
    """The rule ``seat`` breaks by bidding ``bid`` at its turn in ``state`` (during the
    bidding), or None: what :func:`~spades.legality.check` says of a bid once the phase and the
    turn are right.

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
) -> Violation | None:
    """The rule ``seat`` breaks by bidding ``bid`` after ``bids`` (by seat, None for a seat yet
    to bid), as the kernel's :func:`~spades._kernel.bid_refusal` decides it, with its sentence."""
    # The kernel reads the bids only when bidding is not free: leave them unread then.
    pairs = _NO_PAIRS if table.free_bidding else bid_pairs(bids)
    refusal = bid_refusal(table, pairs, seat, bid.tricks, bid.blind, spades, behind, first_hand)
    if refusal is None:
        return None
    return _refused(table.rules, seat, bid, bids, behind, refusal)


def bid_pairs(bids: Sequence[Bid | None]) -> list[tuple[int, bool] | None]:
    """Bids as the kernel reads them: ``(tricks, blind)``, or None."""
    return [None if bid is None else (bid.tricks, bid.blind) for bid in bids]


_NO_PAIRS: tuple[None, ...] = (None,) * 4
#: A deficit that meets every rule of a least deficit: how far behind a side is taken to be when
#: the standing is not known (:func:`hand_bid_violations` without ``judge_deficits``).
_FAR_BEHIND = 2**63


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
    elif why == REFUSED_BLIND_BID_EXACT:
        reason, option = Reason.BLIND_BID_NOT_ALLOWED, "blind_bid_points"
        flat = rules.blind_bid_points or 0
        message = (
            f"{name} may not bid {bid}: the blind bid is exactly blind {number}, worth {flat} "
            f"made and {-flat} set (blind_bid_points)."
        )
    elif why == REFUSED_BLIND_BID_DEFICIT:
        reason, option = Reason.BLIND_BID_NOT_ELIGIBLE, "blind_bid_min_deficit"
        message = (
            f"{name} may not bid {bid}: {_who_behind(rules, seat, number)} to bid blind and is "
            f"{_behind_text(behind)} (blind_bid_min_deficit)."
        )
    elif why == REFUSED_TEAM_BLIND_PARTNER:
        reason, option = Reason.TEAM_BLIND_BID, "blind_bid_by"
        message = (
            f"{name} must bid blind {number}: {mate.full_name} bid blind {number} for "
            f"{_team_name(seat.team)}, and the partner has no bid of their own but the team's "
            "(blind_bid_by team)."
        )
    elif why == REFUSED_TEAM_BLIND_SECOND:
        reason, option = Reason.TEAM_BLIND_BID, "blind_bid_by"
        message = (
            f"{name} may not bid {bid}: {mate.full_name} has bid {mate_bid}, and only a team's "
            "first bidder bids blind, for the team (blind_bid_by team)."
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


_BIDS_OF = {4: "four bids", 3: "three bids", 2: "two bids"}


def _all_bids(rules: RuleSet) -> str:
    """Every seat's bid, for a sentence: "four bids", "three bids" at a table of three, "two
    bids" at a table of two."""
    return _BIDS_OF[table_of(rules).players]


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
    which need the spades each seat holds). Each bid is checked as :func:`~spades.legality.check`
    checks it in turn, after the bids before it, even after an illegal one:
    :func:`~spades.engine.apply_counts` refuses the first, the record verifier reports them all.
    """
    if not isinstance(state, GameState):
        raise not_a_state(state)
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
    judge_deficits: bool = True,
    judge_first_hand: bool = True,
) -> list[Violation]:
    """Every rule the bids of one hand break, each bid judged in bidding order after the bids
    before it, as :func:`~spades.legality.check` judges it at its turn; up to the first seat with
    no bid.

    ``bids`` are in seat order N, E, S, W; ``dealer`` deals the hand (North by default, so East bids
    first clockwise), at ``scores`` before it (per side; None for 0 each), in hand ``hand_number``
    of the game. Judged: the range; nil allowed (``nil_allowed``); the lowest number
    (``min_player_bid``); a second nil in a team (``double_nil``); the partner of a nil
    (``nil_partner_min_bid``); the team's minimum (``min_team_bid``); the total's minimum
    (``min_total_bid``) and a total of 13 (``forbid_total_of_13``), for the last bidder; forced
    bidding (``forced_bidding``; mirror and whiz only with the ``deal``, which says how many spades
    each seat held); whether each blind nil was allowed (``blind_nil``, ``blind_nil_first_hand``,
    ``blind_nil_min_deficit``) and each blind number bid (``blind_bid`` and its least number,
    ``blind_bid_min_deficit``), and under ``blind_bid_by`` team that a team's blind bid came from
    its first bidder and that the partner repeated it. Without ``judge_deficits`` every side is
    taken as far enough behind for each rule of a least deficit (for a caller that does not know
    the standing), and without ``judge_first_hand`` the hand is taken as not the first of the
    game.

    Every argument is read as the rest of the library reads it (the rules by :func:`as_ruleset
    <spades.rules.as_ruleset>`, the bids as a hand's, the dealer as a seat at the table, the scores
    by side), and refused with the same sentence.
    """
    rules = as_ruleset(rules)
    table = table_of(rules)
    bids = four_bids(
        bids, zero_is_nil=rules.zero_bid_is_nil, allow_missing=True, seats=table.players
    )
    dealer = seat_at(dealer, table.players)
    scores = (
        (0,) * table.side_count if scores is None else side_values(scores, "scores", rules=rules)
    )
    hand_number = Standing(hand_number=hand_number).hand_number
    if deal is not None and not isinstance(deal, Deal):
        raise NotationError(
            f"The deal of a hand whose bids are judged is a Deal, or None, not {quote(deal)}.",
            token=quote(deal),
            reason="bad_deal",
        )
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
            behind(table, scores, index) if judge_deficits else _FAR_BEHIND,
            judge_first_hand and first_hand(hand_number),
            spades,
        )
        if violation is not None:
            violations.append(violation)
        so_far[index] = bid
    return violations


def unbid_problem(
    table: Table, hand_number: int, bids_given: bool
) -> tuple[str, str | None] | None:
    """Why the counts of hand ``hand_number`` may not give bids (``bids_given``) or may not leave
    them out, as ``(sentence, option)``; None when they fit the hand. Only a hand played without
    bids (:func:`~spades._kernel.bidding.unbid_hand`) gives none. What
    :func:`~spades.legality.check` says of a :class:`~spades.actions.Counts`, and
    :func:`~spades.scoring.score_hand` of bids given with the hand's number."""
    unbid = unbid_hand(table, hand_number)
    if unbid != bids_given:
        return None
    message = (
        f"Hand {hand_number} is played without bids (first_hand_trick_points), so its counts "
        "give no bids: Counts(None, tricks)."
        if unbid
        else f"Hand {hand_number} is bid, so its counts give each seat's bid."
    )
    # The option is to blame only where it is in force.
    option = None if table.rules.first_hand_trick_points is None else "first_hand_trick_points"
    return message, option


# -- a redeal --------------------------------------------------------------------------------------


_NO_REDEAL = RedealRule.NONE


def redeal_grounds(rules: RuleSet, hand: Hand | int) -> str | None:
    """Why a seat holding ``hand`` may call for a redeal under ``rules``, as the end of a sentence
    (``'no spade'``, ``'no face card'``, ``'1 spade and 7 hearts'``); None when it may not (the
    kernel's :func:`~spades._kernel.deal.may_call_redeal`)."""
    rules = as_ruleset(rules)
    mask = hand.mask if isinstance(hand, Hand) else Hand.from_mask(hand).mask
    table = table_of(rules)
    if not may_call_redeal(table, mask):
        return None
    if rules.redeal is not _NO_REDEAL:
        if rules.redeal is not RedealRule.NO_FACE_CARDS and not spade_count(table, mask):
            return "no spade"
        return "no face card"
    met = []
    spades = spade_count(table, mask)
    if table.misdeal_spades >= 0 and spades <= table.misdeal_spades:
        met.append(_count_text(spades, "spade"))
    longest = longest_suit(table, mask)
    if table.misdeal_suit and longest >= table.misdeal_suit:
        suit = next(i for i in (3, 2, 1, 0) if (mask & table.suits[i]).bit_count() == longest)
        met.append(f"{longest} {_SUIT_NAMES[suit]}")
    if table.misdeal_faces and not mask & table.misdeal_faces:
        met.append(_FACES_HELD[rules.misdeal_face_cards])
    return and_text(met)


_REDEAL_TEXT = {
    RedealRule.NO_SPADES: "a hand with no spade",
    RedealRule.NO_FACE_CARDS: "a hand with no face card (jack, queen or king)",
    RedealRule.NO_SPADES_OR_FACE_CARDS: (
        "a hand with no spade or no face card (jack, queen or king)"
    ),
}
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
#: What a hand with no face card holds, by ``misdeal_face_cards``.
_FACES_HELD = {
    MisdealFaceCards.JQK: "no face card",
    MisdealFaceCards.AKQJ: "no ace or face card",
}
#: Each misdeal condition's text, for the sentence of a refused call.
_FACES_TEXT = {
    MisdealFaceCards.JQK: "no face card (jack, queen or king)",
    MisdealFaceCards.AKQJ: "no ace, king, queen or jack",
}


def redeal_check(state: GameState, seat: Seat, action: Redeal) -> Violation | None:
    """Why ``seat``, at its turn to bid, may not call for a redeal; None when it may.

    A redeal is a bidding-phase call by a seat that has seen its cards: the engine has no moment
    before a seat looks, so a seat that might still bid blind nil may call one all the same."""
    return redeal_violation(state.rules, seat, state.context.held[seat], action)


def redeal_violation(
    rules: RuleSet, seat: Seat, hand: int, action: Redeal | None = None
) -> Violation | None:
    """Why ``seat``, holding the cards of the mask ``hand``, may not call for a redeal at its turn
    to bid under ``rules`` (option ``redeal``, or the ``misdeal_*`` options); None when it may."""
    table = table_of(rules)
    if may_call_redeal(table, hand):
        return None
    if action is None:
        action = Redeal(seat=seat)
    name = seat.full_name
    option = "redeal"
    if not table.misdeal:
        message = f"{name} may not call for a redeal: these rules allow none (redeal)."
    elif rules.redeal is not _NO_REDEAL:
        message = (
            f"{name} may not call for a redeal: only {_REDEAL_TEXT[rules.redeal]} may be "
            f"thrown in (redeal {rules.redeal}), and {name} holds "
            f"{_held_text(rules, hand)}."
        )
    else:
        wanted, options, held = _misdeal_parts(rules, table, hand)
        option = options[0].split()[0]
        joined = " and " if table.misdeal_all else " or "
        message = (
            f"{name} may not call for a redeal: only a hand with {joined.join(wanted)} may be "
            f"thrown in ({', '.join(options)}), and {name} holds {and_text(held)}."
        )
    return Violation(
        reason=Reason.REDEAL_NOT_ALLOWED, seat=seat, action=action, option=option, message=message
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


def _misdeal_parts(
    rules: RuleSet, table: Table, mask: int
) -> tuple[list[str], list[str], list[str]]:
    """For the ``misdeal_*`` conditions set: what each asks of a hand, the options with their
    values, and what ``mask`` holds, each in the options' order."""
    wanted, options, held = [], [], []
    limit = table.misdeal_spades
    if limit >= 0:
        wanted.append("no spade" if not limit else f"at most {_count_text(limit, 'spade')}")
        options.append(f"misdeal_max_spades {limit}")
        held.append(_count_text(spade_count(table, mask), "spade"))
    if table.misdeal_suit:
        wanted.append(f"{table.misdeal_suit} or more cards of one suit")
        options.append(f"misdeal_long_suit {table.misdeal_suit}")
        held.append(f"{longest_suit(table, mask)} cards of its longest suit")
    if table.misdeal_faces:
        faces = rules.misdeal_face_cards
        wanted.append(_FACES_TEXT[faces])
        options.append(f"misdeal_face_cards {faces}")
        count = (mask & table.misdeal_faces).bit_count()
        kind = "face card" if faces is MisdealFaceCards.JQK else "ace or face card"
        held.append(f"{count} {kind}{'' if count == 1 else 's'}")
    if table.misdeal_all:
        options.append("misdeal_combine both")
    return wanted, options, held


def _count_text(count: int, noun: str) -> str:
    """``'no spade'``, ``'1 spade'``, ``'3 spades'``."""
    if not count:
        return f"no {noun}"
    return f"{count} {noun}{'' if count == 1 else 's'}"
