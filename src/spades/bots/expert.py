"""The Expert computer player: it plays out every card it could play on imagined deals.

As source 004 has it: "Before each card, tries every card it could play on 30 imagined deals of the
cards it hasn't seen, and plays the one that scores best. It bids by playing out imagined hands
too." Concretely:

* **Card play.** With one legal card it plays it. Otherwise it imagines ``deals`` deals of the
  cards it cannot see (:func:`~spades.bots.deals.imagine_deals`: consistent with every void and
  every card it knows, and, when ``weighted``, fitted to the bids), plays each legal card on every
  one of them -- the same deals for every card -- to the end of the hand with the fast policy of
  :mod:`spades.bots.playout`, and plays the card with the best mean
  :func:`~spades.bots.playout.hand_value` (its team's points less the other team's, bag
  penalties and the game's end included); ties go to the lowest card.
* **Bidding.** It imagines deals of the 39 cards it cannot see (fitted to the bids already made),
  guesses the bids still to come from each imagined hand's strength, plays each deal out once for
  every bid it may make, nil included (where the policy has it duck every trick), and bids the
  one with the best mean value. It bids blind nil, without looking, only when the rules allow it
  and its team is far behind: at least :data:`BLIND_NIL_DEFICIT` points, or at least 100 with
  the other team within 100 of the target; never beside a partner's nil.
* **The blind nil exchange.** It passes what :func:`~spades.bots.exchange.exchange_cards` says.

The same view and a generator in the same state give the same action: the only chance is the
generator, and nothing depends on hash order or the clock.
"""

from __future__ import annotations

import random
from typing import Any

from .. import _kernel
from .._text import quote
from ..actions import Action, Bid, Exchange, Play
from ..cards import Hand
from ..errors import SpadesError
from ..rules import FirstLead
from ..state import Phase
from ..views import SeatView
from .deals import hand_strength, imagine_deals
from .exchange import exchange_cards
from .playout import hand_value, play_out
from .seen import Seen, read_view

__all__ = ["BLIND_NIL_DEFICIT", "ExpertPlayer", "guess_bid"]

#: How far behind a team must be for the Expert to bid blind nil (it also must be allowed).
BLIND_NIL_DEFICIT = 200
#: A hand weaker than this (in tricks, by :func:`~spades.bots.deals.hand_strength`) is guessed to
#: bid nil when the Expert imagines the bids still to come.
NIL_STRENGTH = 0.7

_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_TWO_OF_CLUBS = FirstLead.TWO_OF_CLUBS


def guess_bid(strength: float) -> int:
    """The bid guessed for a hand of ``strength`` tricks: nil below :data:`NIL_STRENGTH`, else
    the strength rounded, from 1 to 13."""
    if strength < NIL_STRENGTH:
        return 0
    return max(1, min(13, round(strength)))


class ExpertPlayer:
    """Source 004's Expert: before each card it plays out every card it could play on ``deals``
    imagined deals and plays the one that scores best; it bids by playing out imagined hands.

    ``weighted`` fits the imagined deals to the bids (see :mod:`spades.bots.deals`). Equal to
    another with the same parameters, picklable, and its repr rebuilds it.

    >>> ExpertPlayer()
    ExpertPlayer(deals=30, weighted=True)
    """

    __slots__ = ("deals", "weighted")

    deals: int
    weighted: bool

    def __init__(self, deals: int = 30, *, weighted: bool = True) -> None:
        if type(deals) is not int or deals < 1:
            raise SpadesError(
                f"An Expert imagines at least one deal, not {quote(deals)}.", reason="bad_player"
            )
        if weighted is not True and weighted is not False:
            raise SpadesError(
                f"An Expert's weighted is True or False, not {quote(weighted)}.",
                reason="bad_player",
            )
        object.__setattr__(self, "deals", deals)
        object.__setattr__(self, "weighted", weighted)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("An ExpertPlayer is immutable; make a new one.")

    def __repr__(self) -> str:
        return f"ExpertPlayer(deals={self.deals}, weighted={self.weighted})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ExpertPlayer):
            return NotImplemented
        return (self.deals, self.weighted) == (other.deals, other.weighted)

    def __hash__(self) -> int:
        return hash((ExpertPlayer, self.deals, self.weighted))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.deals, self.weighted))

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        """The action the seat of ``view`` takes; ``view.my_turn`` must be true."""
        actions = view.legal_actions
        if not actions:
            raise SpadesError(
                f"It is not {view.seat.full_name}'s turn: there is nothing for it to do.",
                reason="not_my_turn",
            )
        phase = view.phase
        seen = read_view(view)
        if phase is _EXCHANGE:
            mask = exchange_cards(seen, view.rules.blind_nil_exchange)
            return Exchange(Hand.from_mask(mask), seat=view.seat)
        if phase is _PLAY:
            return self.choose_card(view, seen, rng)
        if phase is _BIDDING:
            return self.choose_bid(view, seen, rng)
        return actions[0]

    # -- card play -------------------------------------------------------------------------------

    def card_values(
        self, view: SeatView, seen: Seen, rng: random.Random
    ) -> list[tuple[Play, float]]:
        """Each legal play with its mean value over the imagined deals (the same deals for every
        card), as :meth:`choose_card` weighs them."""
        plays = [action for action in view.legal_actions if isinstance(action, Play)]
        cards = [play.card.index for play in plays]
        bids: list[tuple[int, bool]] = [bid if bid is not None else (1, False) for bid in seen.bids]
        rules = seen.rules
        seat = seen.seat
        last_hand = rules.max_hands is not None and view.hand_number >= rules.max_hands
        totals = [0.0] * len(cards)
        values: dict[tuple[int, ...], float] = {}
        for holdings in imagine_deals(seen, self.deals, rng, weighted=self.weighted):
            for position, card in enumerate(cards):
                won = play_out(
                    holdings,
                    seen.trick,
                    seat,
                    seen.taken,
                    seen.spades_broken,
                    bids,
                    rules,
                    first_lead_forced=seen.first_lead_forced,
                    first_card=card,
                )
                key = tuple(won)
                value = values.get(key)
                if value is None:
                    value = hand_value(
                        rules, bids, won, seen.scores, seen.bags, seen.team, last_hand=last_hand
                    )
                    values[key] = value
                totals[position] += value
        return [(play, total / self.deals) for play, total in zip(plays, totals)]

    def choose_card(self, view: SeatView, seen: Seen, rng: random.Random) -> Action:
        """The card to play: the only legal one, or the one with the best mean value over the
        imagined deals (:meth:`card_values`), the lowest card among equals."""
        plays = [action for action in view.legal_actions if isinstance(action, Play)]
        if len(plays) == 1:
            return plays[0]
        scored = self.card_values(view, seen, rng)
        best = max(scored, key=lambda item: (item[1], -item[0].card.index))
        return best[0]

    # -- bidding ---------------------------------------------------------------------------------

    def wants_blind_nil(self, seen: Seen) -> bool:
        """Whether to bid blind nil, judged without looking at the cards: the team is at least
        :data:`BLIND_NIL_DEFICIT` behind, or at least 100 behind with the other team within 100
        of the target, and the partner has not bid nil."""
        if seen.is_nil(seen.partner):
            return False
        own, other = seen.scores[seen.team], seen.scores[1 - seen.team]
        behind = other - own
        near = other >= seen.rules.target_score - 100
        return behind >= BLIND_NIL_DEFICIT or (near and behind >= 100)

    def bid_values(self, view: SeatView, seen: Seen, rng: random.Random) -> list[tuple[Bid, float]]:
        """Each legal bid other than blind nil with its mean value over imagined deals, each
        played out once for every bid (the same deals for every bid), the bids still to come
        guessed from the imagined hands (:func:`guess_bid`)."""
        candidates = [
            action for action in view.legal_actions if isinstance(action, Bid) and not action.blind
        ]
        rules = seen.rules
        seat = seen.seat
        forced = rules.first_lead is _TWO_OF_CLUBS
        dealer = int(view.dealer)
        last_hand = rules.max_hands is not None and view.hand_number >= rules.max_hands
        totals = [0.0] * len(candidates)
        no_tricks = (0, 0, 0, 0)
        for holdings in imagine_deals(seen, self.deals, rng, weighted=self.weighted):
            bids: list[tuple[int, bool]] = []
            for other in range(4):
                bid = seen.bids[other]
                if bid is None:
                    bid = (guess_bid(hand_strength(holdings[other])), False)
                bids.append(bid)
            leader = _kernel.first_leader(rules, dealer, holdings)
            if leader is None:  # pragma: no cover - every imagined deal is a real deal
                leader = _kernel.first_bidder(rules, dealer)
            for position, candidate in enumerate(candidates):
                bids[seat] = (candidate.tricks, False)
                won = play_out(
                    holdings, (), leader, no_tricks, False, bids, rules, first_lead_forced=forced
                )
                totals[position] += hand_value(
                    rules, bids, won, seen.scores, seen.bags, seen.team, last_hand=last_hand
                )
        return [(bid, total / self.deals) for bid, total in zip(candidates, totals)]

    def choose_bid(self, view: SeatView, seen: Seen, rng: random.Random) -> Action:
        """The bid: blind nil when :meth:`wants_blind_nil` and it is allowed, else the bid with
        the best mean value (:meth:`bid_values`), the lower bid among equals."""
        bids = [action for action in view.legal_actions if isinstance(action, Bid)]
        blind = [bid for bid in bids if bid.blind]
        if blind and self.wants_blind_nil(seen):
            return blind[0]
        scored = self.bid_values(view, seen, rng)
        if not scored:  # pragma: no cover - nil and 1-13 are always legal bids
            return bids[0]
        best = max(scored, key=lambda item: (item[1], -item[0].tricks))
        return best[0]


def _rebuild(deals: int, weighted: bool) -> ExpertPlayer:
    """An :class:`ExpertPlayer` from its parameters (for pickling)."""
    return ExpertPlayer(deals, weighted=weighted)
