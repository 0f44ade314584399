"""The Expert computer player: it plays out every card it could play on imagined deals.

As the four_levels game (source text 004) has it: "Before each card, tries every card it could
play on 30 imagined deals of the cards it hasn't seen, and plays the one that scores best. It bids
by playing out imagined hands too." Concretely:

* **Card play.** With one legal card it plays it. Otherwise it imagines ``deals`` deals of the cards
  it cannot see (:func:`~spades.bots.deals.imagine_deals`: consistent with every void and every card
  it knows, and, when ``weighted``, fitted to the bids and to what the other seats' plays so far
  make unlikely, read as Hard plays), plays each legal card on every one of them -- the same deals
  for every card -- to the end of the hand with the fast policy of :mod:`spades.bots.playout`, and
  scores each playout with :func:`~spades.bots.playout.hand_value` (its team's points less the other
  team's -- alone, its own points less the best of the other players' -- bag penalties and the
  game's end included). It plays the card that scores best, judged fairly for so few deals: the card
  a Hard player would play is the default, and another card replaces it only when its mean gain over
  the default on the same deals exceeds ``SWITCH_Z`` (1.0) standard errors
  (``significant_best``). Taking the plain best mean of 30 deals loses to Hard: the
  winner is too often a card that was merely lucky on those deals.
* **The endgame.** Once at most ``endgame_tricks`` tricks are left
  (:data:`~spades.bots.expert.ENDGAME_TRICKS`, 4, by default; the trick in progress counted), at
  a table of two sides and while no nil bid is still kept, it judges each card on each imagined
  deal by double-dummy search (:mod:`spades.bots.endgame`) instead of a playout: the tricks its
  side can make sure of, or the fewest it can hold itself to when more would cost it, turned into
  points by the same value. The default card and the test for replacing it are the same. (A
  playout's fast policy misplays endings a search gets right, such as a ruff and overruff that
  sets a contract.)
* **Bidding.** It imagines deals of the cards it cannot see (fitted to the bids already made),
  guesses the bids still to come from each imagined hand's strength, plays each deal out once for
  every bid it may make, nil included (where the policy has it duck every trick), and bids the
  one that scores best in the same sense, Hard's bid being the default. It bids blind nil,
  without looking, only when the rules allow it and its team is far behind: at least
  :data:`~spades.bots.expert.BLIND_NIL_DEFICIT` points, or at least 100 with the other team
  within 100 of the target; never beside a partner's nil, and never alone.
* **Alone** (:attr:`~spades.rules.RuleSet.partnerships` False) nothing changes but what the
  playouts and the value see: no partner covers a nil or shares a contract
  (:func:`~spades._kernel.playout.play_out`), the value is for the player's own seat, and the
  default card and bid are the ones Hard plays and bids alone.
* **At a table of three** (:attr:`~spades.rules.RuleSet.players` 3) the imagined deals share the
  unseen cards between the two other seats, fitted to the bids as the levels bid there
  (:data:`~spades.bots.tactics.THREE_MARGIN` under the count), and the playouts go round three seats
  for 17 or 18 tricks; in them, as at two, a player whose bid is made keeps taking tricks while
  another can still be set (fewer than three tricks to spare). It bids what Hard bids (see
  :meth:`~spades.bots.ExpertPlayer.choose_bid`).
* **At a table of two** (``players`` 2, two-handed Spades) the imagined deals give the other
  seat as many of the cards it has not seen as the other holds -- never one of its own discards
  -- the playouts go round two seats, it bids what Hard bids, and in the draw it keeps or
  discards as Hard does (:func:`~spades.bots.tactics.hard_keeps`). (Measured: even with Hard, -0.5
  points a hand, 95% interval -3.9 to +2.8, over 504 boards of ``two_player``, seed 9305.)
* **The nil and blind nil exchanges.** It passes what
  :func:`~spades.bots.exchange.exchange_cards` says.

The same view and a generator in the same state give the same action: the only chance is the
generator, and nothing depends on hash order or the clock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .._kernel.bidding import NUMBER_BITS, allowed_bids, behind, team_blind_bid, unbid_hand
from .._kernel.deal import first_leader
from .._kernel.double_dummy import Solver
from .._kernel.playout import play_out
from .._kernel.table import Table
from .._text import quote
from ..actions import Action, Bid, Play
from ..errors import SpadesError
from ..phase import Phase
from ..views import SeatView
from .base import ComputerPlayer
from .deals import imagine_deals
from .endgame import endgame_samples, endgame_solver, tricks_left
from .hard import hard_bid, hard_card
from .playout import hand_value
from .seen import Seen, read_view
from .tactics import (
    THREE_MARGIN,
    bury_action,
    count_tricks,
    draw_action,
    drawn_position,
    exchange_action,
    fair_plays,
    hard_keeps,
    legal_mask,
    nearest_bid,
    pick_bid,
    play_action,
    redeal_call,
)

__all__ = [
    "BID_SWITCH_Z",
    "BLIND_NIL_DEFICIT",
    "ENDGAME_TRICKS",
    "ExpertPlayer",
    "guess_bid",
    "guess_bids",
]

#: How far behind a team must be for the Expert to bid blind nil (it also must be allowed).
BLIND_NIL_DEFICIT = 200
#: A hand weaker than this (in tricks, by :func:`~spades.bots.tactics.count_tricks`) is guessed to
#: bid nil when the Expert imagines the bids still to come.
GUESSED_NIL_STRENGTH = 0.7

#: How many standard errors a card's mean gain over Hard's card must exceed, on the imagined
#: deals, for the Expert to play it instead (see :meth:`~spades.bots.ExpertPlayer.choose_card`).
SWITCH_Z = 1.0
#: The tricks left (the one in progress included) from which on the Expert judges its cards by
#: double-dummy search on the imagined deals instead of playouts (:mod:`spades.bots.endgame`),
#: by default.
ENDGAME_TRICKS = 4
#: The same for a bid, in place of Hard's (see :meth:`~spades.bots.ExpertPlayer.choose_bid`):
#: higher, since a whole hand played out by the fast policy is a rougher guess than the rest of
#: one.
BID_SWITCH_Z = 2.5

_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING
_EXCHANGE = Phase.EXCHANGE
_DRAW = Phase.DRAW
_BURY = Phase.BURY
#: A table of four players.
_FOUR = 4
#: The tricks in a hand of the standard game (four players, 13 cards each).
_STANDARD_TRICKS = 13


def guess_bids(seen: Seen, holdings: Sequence[int], own: int) -> list[tuple[int, bool]]:
    """The bids on an imagined deal, one per seat in play: those made, the seat's own as
    ``own``, and each still to come guessed from its imagined hand (:func:`guess_bid`) and
    brought, in bidding order, to the nearest bid the rules allow it after the bids before it
    (as :func:`~spades.bots.tactics.pick_bid` brings a level's bid)."""
    table = seen.table
    bids: list[tuple[int, bool] | None] = list(seen.bids)
    if bids[seen.seat] is None:
        bids[seen.seat] = (own, False)
    for other in table.bidding_orders[int(seen.view.dealer)]:
        if bids[other] is not None:
            continue
        hand = holdings[other]
        spades = (hand & seen.deck.spades).bit_count()
        fixed = team_blind_bid(table, bids, other)  # a partner repeating a team's blind bid
        if fixed is not None:
            bids[other] = fixed
            continue
        allowed = allowed_bids(table, bids, other, spades) & NUMBER_BITS
        guess = _guessed(seen, hand)
        bids[other] = (0 if guess == 0 and allowed & 1 else nearest_bid(allowed, guess), False)
    return [bid if bid is not None else (1, False) for bid in bids]


def _guessed(seen: Seen, hand: int) -> int:
    """:func:`guess_bid` for ``hand`` dealt to another seat: its count of tricks, at a table of
    three or of two less :data:`~spades.bots.tactics.THREE_MARGIN` (as the levels bid there,
    :func:`~spades.bots.tactics.for_the_score`)."""
    strength = count_tricks(hand, seen.deck, seen.players)
    if seen.players != _FOUR:
        strength -= THREE_MARGIN
    return guess_bid(strength, seen.tricks_per_hand)


def outcome_value(
    table: Table,
    seen: Seen,
    hand_number: int,
    bids: Sequence[tuple[int, bool]] | None,
    won: Sequence[int],
) -> float:
    """How good taking ``won`` tricks on ``bids`` is for the seat ``seen`` reads, at its standing
    (:func:`~spades.bots.playout.hand_value` with the scores, bags and sets the seat sees)."""
    return hand_value(
        table, bids, won, seen.scores, seen.bags, seen.team, hand_number, seen.sets, seen.runs
    )


def guess_bid(strength: float, most: int = _STANDARD_TRICKS) -> int:
    """The bid guessed for a hand of ``strength`` tricks: nil below
    ``GUESSED_NIL_STRENGTH`` (0.7), else the strength rounded, from 1 to ``most`` (the tricks in
    a hand: 13, or 17 or 18 at a table of three)."""
    if strength < GUESSED_NIL_STRENGTH:
        return 0
    return max(1, min(most, round(strength)))


class ExpertPlayer(ComputerPlayer):
    """The four_levels game's Expert (source text 004): before each card it plays out every card
    it could play on ``deals`` imagined deals and plays the one that scores best; it bids by
    playing out imagined hands.

    ``weighted`` fits the imagined deals to the bids (see :mod:`spades.bots.deals`);
    ``endgame_tricks`` is how few tricks must be left (the one in progress included) for it to
    judge its cards by double-dummy search on the imagined deals instead of playouts
    (:mod:`spades.bots.endgame`; 0 never does, the Expert as it was before). Equal to another with
    the same parameters, picklable, and its repr rebuilds it.

    >>> ExpertPlayer()
    ExpertPlayer(deals=30, weighted=True, endgame_tricks=4)
    """

    __slots__ = ("_solvers", "deals", "endgame_tricks", "weighted")

    #: How many deals of the unseen cards it imagines for each decision (30 by default).
    deals: int
    #: Whether the imagined deals are fitted to the bids (True by default) or uniform.
    weighted: bool
    #: From how many tricks left on it judges cards by double-dummy search
    #: (:data:`~spades.bots.expert.ENDGAME_TRICKS` by default; 0 never).
    endgame_tricks: int
    _solvers: dict[Table, Solver]

    def __init__(
        self, deals: int = 30, *, weighted: bool = True, endgame_tricks: int = ENDGAME_TRICKS
    ) -> None:
        if type(deals) is not int or deals < 1:
            raise SpadesError(
                f"An Expert imagines at least one deal, not {quote(deals)}.", reason="bad_player"
            )
        if weighted is not True and weighted is not False:
            raise SpadesError(
                f"An Expert's weighted is True or False, not {quote(weighted)}.",
                reason="bad_player",
            )
        if type(endgame_tricks) is not int or endgame_tricks < 0:
            raise SpadesError(
                "An Expert's endgame_tricks is a whole number of tricks, 0 for none, not "
                f"{quote(endgame_tricks)}.",
                reason="bad_player",
            )
        object.__setattr__(self, "deals", deals)
        object.__setattr__(self, "weighted", weighted)
        object.__setattr__(self, "endgame_tricks", endgame_tricks)
        # The double-dummy solvers, one per table, kept across decisions (their tables of bounds
        # serve the next); the answers do not depend on what they hold.
        object.__setattr__(self, "_solvers", {})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("An ExpertPlayer is immutable; make a new one.")

    def __repr__(self) -> str:
        return (
            f"ExpertPlayer(deals={self.deals}, weighted={self.weighted}, "
            f"endgame_tricks={self.endgame_tricks})"
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ExpertPlayer):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((ExpertPlayer, *self._key()))

    def _key(self) -> tuple[int, bool, int]:
        return (self.deals, self.weighted, self.endgame_tricks)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, self._key())

    def _choose(self, view: SeatView, rng: random.Random, /) -> Action:
        phase = view.phase
        seen = read_view(view)
        if phase is _EXCHANGE:
            return exchange_action(view, seen)
        if phase is _BURY:
            return bury_action(view, seen)
        if phase is _PLAY:
            return self.choose_card(view, seen, rng)
        if phase is _BIDDING:
            return self.choose_bid(view, seen, rng)
        if phase is _DRAW:
            return draw_action(view, hard_keeps(seen, drawn_position(view, seen)))
        return view.legal_actions[0]

    # -- card play -------------------------------------------------------------------------------

    def card_samples(
        self, view: SeatView, seen: Seen, rng: random.Random
    ) -> list[tuple[Play, list[float]]]:
        """Each legal play with its value on every imagined deal (the same deals, in the same
        order, for every card)."""
        return self.samples_on(view, seen, self.imagined(seen, rng))

    def imagined(self, seen: Seen, rng: random.Random) -> list[list[int]]:
        """The deals of the cards ``seen``'s seat cannot see that it imagines for one decision
        (:func:`~spades.bots.deals.imagine_deals` with its ``deals`` and ``weighted``)."""
        return imagine_deals(seen, self.deals, rng, weighted=self.weighted)

    def samples_on(
        self, view: SeatView, seen: Seen, deals: Sequence[Sequence[int]]
    ) -> list[tuple[Play, list[float]]]:
        """:meth:`card_samples` on the imagined ``deals`` given (holdings at their positions)."""
        plays = fair_plays(view, seen)
        # At their positions, as the imagined deals and the playouts hold them (bots.seen).
        cards = [seen.real.position[play.card.index] for play in plays]
        table = seen.table
        bids: Sequence[tuple[int, bool]] | None = (
            None  # a hand played without bids (first_hand_trick_points): see play_out
            if unbid_hand(table, seen.hand_number)
            else [bid if bid is not None else (1, False) for bid in seen.bids]
        )
        seat = seen.seat
        if 0 < tricks_left(seen) <= self.endgame_tricks:
            solver = endgame_solver(self._solvers, table)
            hand = view.hand_number
            judged = endgame_samples(
                solver, seen, deals, cards, lambda won: outcome_value(table, seen, hand, bids, won)
            )
            return list(zip(plays, judged))
        samples: list[list[float]] = [[] for _ in cards]
        values: dict[tuple[int, ...], float] = {}
        for holdings in deals:
            for position, card in enumerate(cards):
                won = play_out(
                    table,
                    holdings,
                    seen.trick,
                    seat,
                    seen.taken,
                    seen.spades_broken,
                    bids,
                    first_lead_forced=seen.first_lead_forced,
                    first_card=card,
                    placed=True,
                )
                key = tuple(won)
                value = values.get(key)
                if value is None:
                    value = outcome_value(table, seen, view.hand_number, bids, won)
                    values[key] = value
                samples[position].append(value)
        return list(zip(plays, samples))

    def card_values(
        self, view: SeatView, seen: Seen, rng: random.Random
    ) -> list[tuple[Play, float]]:
        """Each legal play with its mean value over the imagined deals (the same deals for every
        card)."""
        return [
            (play, sum(values) / len(values)) for play, values in self.card_samples(view, seen, rng)
        ]

    def choose_card(self, view: SeatView, seen: Seen, rng: random.Random) -> Action:
        """The card to play: the only legal one, or the card that scores best on the imagined
        deals (:meth:`card_samples`).

        The card a Hard player would play is the default, and another card replaces it only when
        it scores better on the same deals by more than chance would explain: its mean gain
        over the default exceeds ``SWITCH_Z`` (1.0) standard errors of that gain. Thirty deals
        are few, and without this test the Expert would often trade a sound card for one that
        was merely lucky on these deals.
        """
        plays = fair_plays(view, seen)
        if len(plays) == 1:
            return plays[0]
        return self.card_choice(view, seen, self.card_samples(view, seen, rng))

    def card_choice(
        self, view: SeatView, seen: Seen, sampled: Sequence[tuple[Action, list[float]]]
    ) -> Action:
        """The card :meth:`choose_card` plays given the plays' values on the imagined deals
        (``sampled``, as :meth:`card_samples` gives them): Hard's card unless another is
        better by more than ``SWITCH_Z`` standard errors."""
        default = play_action(view, seen.card(hard_card(seen, legal_mask(seen))))
        return sampled[significant_best(default_position(sampled, default), sampled, SWITCH_Z)][0]

    # -- bidding ---------------------------------------------------------------------------------

    def wants_blind_nil(self, seen: Seen) -> bool:
        """Whether to bid blind nil, judged without looking at the cards: the team is at least
        :data:`~spades.bots.expert.BLIND_NIL_DEFICIT` behind, or at least 100 behind with the
        other team within 100 of the target, and the partner has not bid nil. Never alone
        (:attr:`~spades.rules.RuleSet.partnerships` False), as Hard
        (:func:`~spades.bots.hard.hard_bid`): no partner covers it and there is no exchange."""
        partner = seen.partner
        if partner is None or seen.is_nil(partner):
            return False
        deficit = behind(seen.table, seen.scores, seen.seat)  # behind the other team
        near = seen.scores[seen.team] + deficit >= seen.rules.target_score - 100
        return deficit >= BLIND_NIL_DEFICIT or (near and deficit >= 100)

    def bid_samples(
        self, view: SeatView, seen: Seen, rng: random.Random
    ) -> list[tuple[Bid, list[float]]]:
        """Each legal bid other than blind nil with its value on every imagined deal, each deal
        played out once for every bid (the same deals for every bid), the bids still to come
        guessed from the imagined hands (:func:`~spades.bots.expert.guess_bid`)."""
        candidates = [
            action for action in view.legal_actions if isinstance(action, Bid) and not action.blind
        ]
        table = seen.table
        seat = seen.seat
        forced = table.fixed_first_lead
        dealer = int(view.dealer)
        samples: list[list[float]] = [[] for _ in candidates]
        no_tricks = (0,) * seen.players
        free = table.free_bidding
        if not free:
            tricks, nil, _blind = hard_bid(seen, legal_blind_nil=False)
            own = 0 if nil else tricks
        for holdings in self.imagined(seen, rng):
            bids: list[tuple[int, bool]] = []
            if free:
                for other in table.seats:
                    bid = seen.bids[other]
                    if bid is None:
                        bid = (_guessed(seen, holdings[other]), False)
                    bids.append(bid)
            else:
                bids = guess_bids(seen, holdings, own)
            leader = first_leader(table, dealer, [seen.cards(held) for held in holdings])
            if leader is None:  # pragma: no cover - every imagined deal is a real deal
                leader = table.eldest[dealer]
            for position, candidate in enumerate(candidates):
                bids[seat] = (candidate.tricks, False)
                won = play_out(
                    table,
                    holdings,
                    (),
                    leader,
                    no_tricks,
                    False,
                    bids,
                    first_lead_forced=forced,
                    placed=True,
                )
                samples[position].append(outcome_value(table, seen, view.hand_number, bids, won))
        return list(zip(candidates, samples))

    def bid_values(self, view: SeatView, seen: Seen, rng: random.Random) -> list[tuple[Bid, float]]:
        """Each legal bid other than blind nil with its mean value over the imagined deals."""
        return [
            (bid, sum(values) / len(values)) for bid, values in self.bid_samples(view, seen, rng)
        ]

    def choose_bid(self, view: SeatView, seen: Seen, rng: random.Random) -> Action:
        """The bid: blind nil when :meth:`wants_blind_nil` and it is allowed, else the bid that
        scores best on the imagined deals (:meth:`bid_samples`): Hard's bid unless another
        scores better by more than chance would explain (as in :meth:`choose_card`).

        At a table of three (:attr:`~spades.rules.RuleSet.players` 3), and of two, it bids what Hard
        bids, no nil among it (:func:`~spades.bots.hard.hard_bid`): there the playouts, whose
        players stop taking tricks once their own bids are made instead of trying to set another,
        rated the bids too well. Measured in duplicate matches against Hard under ``cutthroat3``,
        600 boards, seed 1: bidding by the playouts it bid nil 29 times and made 5, and was 5.5
        points a hand behind Hard; without nil still 2.7 to 5.2 behind, its contracts set 15 times
        in 100 against Hard's 9; with Hard's bids, even (+0.8, 95% interval -2.2 to +3.8)."""
        settled = self.settled_bid(view, seen)
        if settled is not None:
            return settled
        return self.bid_choice(view, seen, self.bid_samples(view, seen, rng))

    def settled_bid(self, view: SeatView, seen: Seen) -> Action | None:
        """The bid :meth:`choose_bid` makes without imagining deals, or None when it plays
        them out: a partner's repeat of the team's blind bid, blind nil
        (:meth:`wants_blind_nil`), a call for a redeal, or, at a table of three or two, Hard's
        bid."""
        bids = [action for action in view.legal_actions if isinstance(action, Bid)]
        if len(bids) == 1 and bids[0].blind and not bids[0].is_nil:
            return bids[0]  # a partner repeating the team's blind bid (blind_bid_by team)
        blind = [bid for bid in bids if bid.blind and bid.is_nil]
        if blind and self.wants_blind_nil(seen):
            return blind[0]
        tricks, nil, _blind = hard_bid(seen, legal_blind_nil=False)
        # A weak hand Hard would not bid nil on.
        call = redeal_call(view, seen.hand, nil, seen.deck, seen.players)
        if call is not None:
            return call
        if seen.players != _FOUR:
            return pick_bid(view, tricks, nil=nil)
        return None

    def bid_choice(
        self, view: SeatView, seen: Seen, sampled: Sequence[tuple[Action, list[float]]]
    ) -> Action:
        """The bid :meth:`choose_bid` makes from the bids' values on the imagined deals
        (``sampled``, as :meth:`bid_samples` gives them): Hard's unless another is better by
        more than ``BID_SWITCH_Z`` standard errors."""
        tricks, nil, _blind = hard_bid(seen, legal_blind_nil=False)
        default = pick_bid(view, tricks, nil=nil)
        position = significant_best(default_position(sampled, default), sampled, BID_SWITCH_Z)
        return sampled[position][0]


def default_position(sampled: Sequence[tuple[Action, list[float]]], default: Action) -> int:
    """Where ``default`` is among the sampled actions."""
    return next(i for i, (action, _values) in enumerate(sampled) if action == default)


def significant_best(
    default: int, sampled: Sequence[tuple[Action, list[float]]], z: float = 1.0
) -> int:
    """The position of the action to take among ``sampled`` (each action with its value on the
    same imagined deals): the one with the largest mean gain over the ``default`` action whose
    gain exceeds ``z`` standard errors of the paired differences, or the default when none
    does."""
    base = sampled[default][1]
    count = len(base)
    best, best_gain = default, 0.0
    for position, (_action, values) in enumerate(sampled):
        if position == default:
            continue
        gains = [value - before for value, before in zip(values, base)]
        mean = sum(gains) / count
        if mean <= best_gain:
            continue
        spread = sum((gain - mean) ** 2 for gain in gains) / max(1, count - 1)
        if mean > z * (spread / count) ** 0.5:
            best, best_gain = position, mean
    return best


def _rebuild(deals: int, weighted: bool, endgame_tricks: int = 0) -> ExpertPlayer:
    """An :class:`ExpertPlayer` from its parameters (for pickling)."""
    return ExpertPlayer(deals, weighted=weighted, endgame_tricks=endgame_tricks)
