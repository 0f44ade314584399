"""Hard: remembers every card and every void, plays the nils, and minds its bags.

The four_levels game (source text 004): "Remembers every card played and who has run out of which
suit. It bids nil with a weak hand, protects its partner's nil, tries to make your nil fail, and
once its bid is made, avoids extra tricks unless it can still make your team fall short."

Hard also reads the game score: with its team's bags near the limit it bids up and sheds
overtricks harder, near the target or the losing score it bids safe, and far behind (when the
rules allow it) it bids blind nil -- before looking at its cards, as the bid requires.

When every player plays alone (:attr:`~spades.rules.RuleSet.partnerships` False) there is no
partner: every other player is an opponent whose nil Hard tries to make fail, its contract is its
own bid, the scores and bags it reads are its own, and it bids nil only with a hand weaker than in
partnership (:data:`NIL_STRENGTH_ALONE`, :data:`NIL_DANGER_ALONE`) and never blind nil, since
nobody covers it.

At a table of three (:attr:`~spades.rules.RuleSet.players` 3: N, E and S alone, 17 or 18 cards
each) Hard plays the same way, with the trick complete at three cards and its count of tricks
made for hands of that size (:func:`~spades.bots.tactics.count_tricks`); it bids no nil there at
all (see :func:`hard_bid`). At a table of two (``players`` 2: N and E, two-handed Spades) it bids
no nil either, counts its tricks as fitted for two (a trick of two cards), and in the draw keeps a
card worth at least the average of the cards it cannot place
(:func:`~spades.bots.tactics.hard_keeps`).
"""

from __future__ import annotations

import random

from .._kernel.bidding import behind, unbid_hand
from .._kernel.cards import RANK_OF, SPADES, SUIT_MASKS, SUIT_OF, bit_indices
from .._kernel.play import beaters
from .._kernel.score import team_tricks
from ..actions import Action, Bid
from ..phase import Phase
from ..views import SeatView
from .base import ComputerPlayer
from .seen import Seen, read_view
from .tactics import (
    NIL_DANGER,
    NIL_STRENGTH,
    bury_action,
    cheapest_winner,
    count_tricks,
    draw_action,
    drawn_position,
    exchange_action,
    for_the_score,
    hard_keeps,
    highest,
    highest_by_rank,
    highest_loser,
    legal_mask,
    lowest,
    lowest_by_rank,
    nil_danger,
    pick_bid,
    play_action,
    redeal_call,
    winning,
)

__all__ = [
    "NIL_DANGER_ALONE",
    "NIL_STRENGTH_ALONE",
    "HardPlayer",
    "alive_nil",
    "contract_state",
    "hard_bid",
    "hard_card",
    "remaining_after",
]

#: A table of four players.
_FOUR = 4
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_DRAW = Phase.DRAW
_BURY = Phase.BURY

#: How far behind a team is before Hard bids blind nil, when the rules set no minimum.
BLIND_NIL_DEFICIT = 200
#: The most tricks (by :func:`~spades.bots.tactics.count_tricks`) of a hand Hard bids nil with
#: when every player plays alone: well below :data:`~spades.bots.tactics.NIL_STRENGTH`, since no
#: partner covers the nil and three opponents try to make it fail. (Measured on 1,500 deals of
#: Hard alone: nil with the partnership's thresholds lost about 0.4 points per player-hand
#: against never bidding nil; with these, made 13 times in 23, it is about even.)
NIL_STRENGTH_ALONE = 1.5
#: The most :func:`~spades.bots.tactics.nil_danger` of a hand Hard bids nil with alone.
NIL_DANGER_ALONE = 1.5


def hard_bid(seen: Seen, legal_blind_nil: bool) -> tuple[int, bool, bool]:
    """Hard's bid as ``(tricks, nil, blind nil)``.

    Blind nil, far behind the other team and never beside a partner's nil; nil with a weak hand
    (alone, a weaker one); else its count read for the score
    (:func:`~spades.bots.tactics.for_the_score`), half a trick more to cover a partner's nil, and
    no more than the tricks the others' bids leave. Alone it never bids blind nil: with no
    partner to cover it and no exchange, a blind nil is nearly always lost (made 20 times in 300
    against three Hard players). At a table of three it bids no nil at all: measured on 11,000
    deals of Hard at a table of three (8,000 with the standard deck, 3,000 with the jokers deck)
    where North held at most 4.5 tricks by the count, nil lost against North's number at every
    strength and every danger: by 30 to 60 points a hand on the hands of 2 tricks or fewer (made
    at most 4 times in 10), by 80 to 120 on the rest."""
    rules = seen.rules
    partner = seen.partner
    partner_bid = None if partner is None else seen.bid_of(partner)
    if legal_blind_nil and partner is not None and partner_bid != 0:
        deficit = behind(seen.table, seen.scores, seen.seat)
        if deficit >= max(rules.blind_nil_min_deficit or BLIND_NIL_DEFICIT, BLIND_NIL_DEFICIT):
            return 0, False, True  # decided on the scores alone: the cards are not looked at
    hand = seen.hand
    estimate = count_tricks(hand, seen.deck, seen.players)
    if partner is None:
        nil = (
            seen.players == _FOUR
            and estimate <= NIL_STRENGTH_ALONE
            and nil_danger(hand, seen.deck, seen.players) <= NIL_DANGER_ALONE
        )
    else:
        nil = (
            partner_bid != 0
            and estimate <= NIL_STRENGTH
            and nil_danger(hand, seen.deck) <= NIL_DANGER
            and (partner_bid is None or partner_bid >= 3)
        )
    if nil:
        return 0, True, False
    estimate = for_the_score(seen, estimate)
    if partner_bid == 0:
        estimate += 0.5  # covering a nil takes tricks the count does not see
    bid = max(1, round(estimate - 0.2))
    others = sum(seen.bid_of(seat) or 0 for seat in range(seen.players) if seat != seen.seat)
    tricks = seen.tricks_per_hand
    if others + bid > tricks:
        bid = max(1, tricks - others)
    return bid, False, False


def contract_state(seen: Seen) -> tuple[int, int, int]:
    """``(our tricks still needed, the most tricks another side still needs, tricks left)``; a
    side (a team, or a player alone) with no contract needs none."""
    table = seen.table
    needs = []
    for seats in table.side_seats:
        bids = [seen.bids[seat] or (0, False) for seat in seats]
        taken = [seen.taken[seat] for seat in seats]
        contract, contract_tricks, _ = team_tricks(table, bids, taken)
        needs.append(max(0, contract - contract_tricks))
    theirs = max(need for side, need in enumerate(needs) if side != seen.team)
    return needs[seen.team], theirs, seen.tricks_per_hand - seen.tricks_done


def alive_nil(seen: Seen, seat: int) -> bool:
    """Whether ``seat`` bid nil (or blind nil) and has taken no trick yet."""
    return seen.is_nil(seat) and seen.taken[seat] == 0


def remaining_after(seen: Seen) -> list[int]:
    """The seats still to play to the trick after ``seen``'s seat, in play order."""
    count = seen.players - 1 - len(seen.trick)
    return list(seen.table.orders[seen.seat][1 : count + 1])


def _is_boss(seen: Seen, card: int) -> bool:
    """Whether ``card`` is the highest card of its suit that has not been played (Hard's memory)."""
    return not (seen.deck.above[card] & seen.unseen)


def _can_ruff(seen: Seen, seat: int, suit: int) -> bool:
    """Whether ``seat`` may trump ``suit``: it has shown out of it and may hold a spade."""
    return bool(seen.voids[seat] >> suit & 1) and bool(seen.could_hold(seat) & SPADES)


def _safe_win(seen: Seen, card: int) -> bool:
    """Whether ``card`` would take the trick against every seat still to play, as far as Hard
    can tell: nobody after it holds a higher card of its suit or can trump it."""
    suit = SUIT_OF[card]
    higher = seen.deck.above[card]
    led = SUIT_OF[seen.trick[0]] if seen.trick else suit
    for seat in remaining_after(seen):
        if seat == seen.partner:
            continue
        held = seen.could_hold(seat)
        if held & higher:
            return False
        if suit != 3 and seen.voids[seat] >> led & 1 and held & SPADES:
            return False
    return True


def hard_card(seen: Seen, legal: int) -> int:
    """Hard's card (see the module's docstring)."""
    if unbid_hand(seen.table, seen.hand_number):
        # No bids (first_hand_trick_points): every trick is worth the same, so take tricks.
        if not seen.trick:
            return _lead(seen, legal, True, False, [])
        return _follow(seen, legal, True, False, [])
    partner = seen.partner
    our_need, their_need, left = contract_state(seen)
    if alive_nil(seen, seen.seat):
        return _nil_card(seen, legal)
    partner_nil = partner is not None and alive_nil(seen, partner)
    nil_rivals = [seat for seat in seen.opponents if alive_nil(seen, seat)]
    bags_near = seen.rules.bag_threshold - seen.bags[seen.team] <= 3
    # Avoid bags once the bid is made, unless another side can still be set.
    setting = their_need > 0 and left - their_need < 2 + (0 if bags_near else 1)
    wants = our_need > 0 or setting or partner_nil
    if not seen.trick:
        return _lead(seen, legal, wants, partner_nil, nil_rivals)
    return _follow(seen, legal, wants, partner_nil, nil_rivals)


def _nil_card(seen: Seen, legal: int) -> int:
    if not seen.trick:
        # Lead the card least likely to win: the lowest card relative to what is out.
        return min(
            _bit_list(legal), key=lambda card: (_outranked_by(seen, card) == 0, RANK_OF[card])
        )
    _, best = winning(seen)
    under = highest_loser(legal, best, seen.deck)
    if under >= 0:
        return under
    if len(seen.trick) == 3:
        return highest_by_rank(legal)  # the trick is lost anyway: shed the worst card
    return lowest_by_rank(legal)


def _outranked_by(seen: Seen, card: int) -> int:
    """How many unseen cards of its suit rank above ``card``."""
    return (seen.unseen & seen.deck.above[card]).bit_count()


def _bit_list(mask: int) -> list[int]:
    return list(bit_indices(mask))


def _lead(seen: Seen, legal: int, wants: bool, partner_nil: bool, nil_rivals: list[int]) -> int:
    opponents = seen.opponents
    partner = seen.partner
    side = legal & ~SPADES
    if nil_rivals:
        # Lead low in a suit the nil bidder still holds, so it may be forced to win.
        rival = nil_rivals[0]
        choices = [
            card
            for card in _bit_list(side or legal)
            if not seen.voids[rival] >> (SUIT_OF[card]) & 1
        ]
        if choices:
            return min(choices, key=lambda card: (RANK_OF[card], card))
    if wants or partner_nil:
        bosses = [card for card in _bit_list(legal) if _is_boss(seen, card)]
        safe = [
            card
            for card in bosses
            if SUIT_OF[card] == 3 or not any(_can_ruff(seen, o, SUIT_OF[card]) for o in opponents)
        ]
        if safe:
            return max(safe, key=lambda card: (SUIT_OF[card] != 3, RANK_OF[card]))
        if partner_nil:
            return highest_by_rank(legal)
        if partner is not None:
            # A suit the partner has shown out of, for it to trump.
            for card in _bit_list(side):
                suit = SUIT_OF[card]
                if _can_ruff(seen, partner, suit) and not any(
                    _can_ruff(seen, o, suit) for o in opponents
                ):
                    return lowest(side & SUIT_MASKS[suit])
        if side:
            suits = [s for s in range(3) if side & SUIT_MASKS[s]]
            best_suit = max(
                suits,
                key=lambda s: (
                    not any(_can_ruff(seen, o, s) for o in opponents),
                    (side & SUIT_MASKS[s]).bit_count(),
                    -s,
                ),
            )
            return lowest(side & SUIT_MASKS[best_suit])
        return highest(legal)
    # No more tricks wanted: lead the card most likely to lose.
    return min(
        _bit_list(legal),
        key=lambda card: (
            _outranked_by(seen, card) == 0,
            -_outranked_by(seen, card),
            RANK_OF[card],
        ),
    )


def _follow(seen: Seen, legal: int, wants: bool, partner_nil: bool, nil_rivals: list[int]) -> int:
    seat, best = winning(seen)
    after = remaining_after(seen)
    last = not after
    winner = cheapest_winner(legal, best, seen.deck)
    if partner_nil and (seen.partner in after or seat == seen.partner):
        # Cover the nil: win the trick, as high as it takes.
        if winner >= 0:
            if seat == seen.partner or last:
                return winner
            suit_cards = legal & SUIT_MASKS[SUIT_OF[winner]]
            return highest(suit_cards) if SUIT_OF[winner] == SUIT_OF[best] else winner
        return lowest_by_rank(legal)
    for rival in nil_rivals:
        if seat == rival:
            under = highest_loser(legal, best, seen.deck)  # let the nil bidder keep the trick
            if under >= 0:
                return under
        elif rival in after:
            return lowest_by_rank(legal)  # stay low: leave it room to win
    if not wants:
        if seat == seen.partner or winner < 0:
            loser = highest_loser(legal, best, seen.deck)
            return loser if loser >= 0 else lowest_by_rank(legal)
        loser = highest_loser(legal, best, seen.deck)
        if loser >= 0:
            return loser
        return highest_by_rank(legal) if last else lowest_by_rank(legal)
    if seat == seen.partner and (last or _safe_win(seen, best)):
        return lowest_by_rank(legal)
    if winner < 0:
        return lowest_by_rank(legal)
    if last:
        return winner
    # Win with the cheapest card that no one after can beat; else hold back, second hand low.
    candidates = [
        card for card in _bit_list(beaters(legal, best, seen.deck)) if _safe_win(seen, card)
    ]
    if candidates:
        return min(candidates, key=lambda card: (SUIT_OF[card] == 3, RANK_OF[card]))
    if len(seen.trick) == 2 and SUIT_OF[winner] == SUIT_OF[best]:
        return highest(legal & SUIT_MASKS[SUIT_OF[winner]])  # third hand high
    if SUIT_OF[winner] == 3 and SUIT_OF[best] != 3:
        return winner  # a ruff
    return lowest_by_rank(legal)


class HardPlayer(ComputerPlayer):
    """The Hard computer level (see the module's docstring)."""

    __slots__ = ()

    def _choose(self, view: SeatView, rng: random.Random, /) -> Action:
        seen = read_view(view)
        if view.phase is _BIDDING:
            blind = any(
                isinstance(action, Bid) and action.blind and action.is_nil
                for action in view.legal_actions
            )
            tricks, nil, blind_nil = hard_bid(seen, blind)
            call = redeal_call(view, seen.hand, nil or blind_nil, seen.deck, seen.players)
            return call or pick_bid(view, tricks, nil=nil, blind_nil=blind_nil)
        if view.phase is _EXCHANGE:
            return exchange_action(view, seen)
        if view.phase is _BURY:
            return bury_action(view, seen)
        if view.phase is _DRAW:
            return draw_action(view, hard_keeps(seen, drawn_position(view, seen)))
        return play_action(view, seen.card(hard_card(seen, legal_mask(seen))))

    def __repr__(self) -> str:
        return "HardPlayer()"

    def __eq__(self, other: object) -> bool:
        return type(other) is HardPlayer

    def __hash__(self) -> int:
        return hash(HardPlayer)
