"""Hints: every action a seat may take, with what the Expert makes of it and why.

:func:`~spades.bots.hints` takes a seat's :class:`~spades.views.SeatView` (only what a person in
that seat knows) and a seed or a :class:`random.Random`, and gives one
:class:`~spades.bots.Hint` for each of the view's legal actions, the Expert's choice first and
the rest best first:

* **Its worth** (:attr:`~spades.bots.Hint.points`, :attr:`~spades.bots.Hint.spread`): in play
  and in the bidding, the :class:`~spades.bots.ExpertPlayer`'s value of the action on the deals
  it imagines of the cards the seat cannot see (:meth:`~spades.bots.ExpertPlayer.card_samples`,
  :meth:`~spades.bots.ExpertPlayer.bid_samples`): the points of the hand for the seat's side less
  the other side's (alone, its own points less the best of the others'), bag penalties and the
  game's end included -- the mean over the imagined deals and their standard deviation. The
  actions the Expert does not play out (a blind bid, a call for a redeal, the draw's keep or
  discard, the cards passed in an exchange or buried, a lead the rules count as a renege) have no
  worth (``None``).
* **Why** (:attr:`~spades.bots.Hint.reason`): a few words true of the position, from the rules'
  arithmetic and what Hard knows (:mod:`spades.bots.reasons`): "wins the trick for your
  partner's nil", "sets up your Kh", "wins a trick your side does not need: a bag".
* **Double dummy** (:attr:`~spades.bots.Hint.tricks`): once at most ``double_dummy_tricks``
  tricks are left (:data:`DOUBLE_DUMMY_TRICKS`, 4, by default; the trick in progress counted),
  for each card the most tricks to come that the seat's side can make sure of after it, every
  hand in view, by the solver :func:`spades.analysis.solve` runs
  (:class:`~spades._kernel.double_dummy.Solver`), averaged over the same imagined deals. A seat's
  view hides the other hands, so the hint solves the deals the seat imagines, never the real one:
  :func:`spades.analysis.solve`, which takes a whole :class:`~spades.state.GameState`, would tell
  a seat the cards it cannot see.

The Expert's choice is the action the same :class:`~spades.bots.ExpertPlayer` returns for the
view and a generator in the same state: the hints and the player imagine the same deals. The same
view and seed give the same hints. The time is the Expert's (``benchmarks/bench_hints.py``).

A view that is not a seat's view, or gives its seat nothing to do, is refused with the computer
players' own sentences (:func:`~spades.bots.base.acting_view`).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import attrs

from .._kernel.double_dummy import Position, Solver
from .._text import exact_int, quote
from ..actions import Action, Bid, Discard, Keep, Play, Redeal
from ..errors import SpadesError
from ..phase import Phase
from ..views import SeatView
from .base import acting_view
from .endgame import ENDGAME_MEMORY
from .expert import ExpertPlayer
from .reasons import bid_reason, card_reason, draw_reason, redeal_reason
from .seen import Seen, read_view
from .tactics import bury_action, drawn_position, exchange_action

__all__ = ["DOUBLE_DUMMY_TRICKS", "Hint", "hints"]

#: The tricks left (the one in progress included) from which on :func:`~spades.bots.hints` gives
#: each card's double-dummy tricks, by default: few enough that the solver answers every imagined
#: deal within the Expert's time.
DOUBLE_DUMMY_TRICKS = 4

_PLAY = Phase.PLAY
_BIDDING = Phase.BIDDING
_DRAW = Phase.DRAW
_EXCHANGE = Phase.EXCHANGE


def _rounded(value: float | None) -> float | None:
    """A value to one decimal place, as a hint keeps it (so that its repr is short)."""
    return None if value is None else round(float(value), 1)


@attrs.frozen(kw_only=True)
class Hint:
    """One legal action with what the Expert makes of it (see :mod:`spades.bots.advice`).

    Its repr rebuilds it, with the names of :mod:`spades` and :mod:`spades.bots` imported:

    >>> from spades import Seat
    >>> hint = Hint(action=Play('Kh', seat=Seat.S), points=12.54, spread=4.0, reason='leads the Kh')
    >>> hint
    Hint(action=Play('Kh', seat=Seat.S), points=12.5, spread=4.0, reason='leads the Kh',
    tricks=None)
    >>> print(hint)
    Kh  +12.5 points (spread 4.0): leads the Kh
    """

    #: The action, one of the view's legal actions.
    action: Action
    #: The mean points of the hand for the seat's side, less the other side's, over the imagined
    #: deals (one decimal); None for an action the Expert does not play out.
    points: float | None = attrs.field(converter=_rounded)
    #: The standard deviation of those points over the imagined deals (one decimal); None with
    #: :attr:`points`.
    spread: float | None = attrs.field(converter=_rounded)
    #: Why, in a few words a person reads.
    reason: str
    #: The mean over the imagined deals of the most tricks to come the side makes sure of after
    #: the card, double dummy (one decimal); None outside the last ``double_dummy_tricks``.
    tricks: float | None = attrs.field(default=None, converter=_rounded)

    def __str__(self) -> str:
        """One line: ``Kh  +12.5 points (spread 4.0), 2.3 tricks double dummy: leads the Kh``."""
        worth = "" if self.points is None else f"  {self.points:+.1f} points"
        if self.spread is not None:
            worth += f" (spread {self.spread:.1f})"
        if self.tricks is not None:
            worth += f", {self.tricks:.1f} tricks double dummy"
        return f"{self.action}{worth}: {self.reason}"


def hints(
    view: SeatView,
    rng: random.Random | int | str,
    *,
    player: ExpertPlayer | None = None,
    double_dummy_tricks: int = DOUBLE_DUMMY_TRICKS,
) -> tuple[Hint, ...]:
    """A :class:`~spades.bots.Hint` for each legal action of ``view``, the Expert's choice
    first, then the rest by their points, best first (see :mod:`spades.bots.advice`).

    ``rng`` is a generator (drawn from, as a computer player draws from it) or a seed (a whole
    number or text); ``player`` the Expert whose values they are (``ExpertPlayer()`` by
    default); ``double_dummy_tricks`` how few tricks must be left for the double-dummy tricks (0
    for none). A :class:`~spades.errors.SpadesError` for a view that is not a seat's or gives it
    nothing to do (the computer players' sentences), or a seed that is neither."""
    view = acting_view(view)
    generator = _generator(rng)
    if player is None:
        player = ExpertPlayer()
    elif not isinstance(player, ExpertPlayer):
        raise SpadesError(
            f"Hints are the Expert's: player is an ExpertPlayer, not {quote(player)}.",
            reason="bad_player",
        )
    if type(double_dummy_tricks) is not int or double_dummy_tricks < 0:
        raise SpadesError(
            "double_dummy_tricks is a whole number of tricks, 0 for none, not "
            f"{quote(double_dummy_tricks)}.",
            reason="bad_player",
        )
    seen = read_view(view)
    phase = view.phase
    if phase is _PLAY:
        return _card_hints(view, seen, generator, player, double_dummy_tricks)
    if phase is _BIDDING:
        return _bid_hints(view, seen, generator, player)
    return _other_hints(view, seen, player, generator)


def _generator(rng: object) -> random.Random:
    """``rng`` itself, or a generator seeded with it; a :class:`~spades.errors.SpadesError` with
    reason ``bad_seed`` for anything else."""
    if isinstance(rng, random.Random):
        return rng
    if isinstance(rng, str):
        return random.Random(f"spades-hints/{rng}")
    number = exact_int(rng)
    if number is None:
        raise SpadesError(
            f"Hints are seeded with a random.Random, a whole number or text, not {quote(rng)}.",
            reason="bad_seed",
        )
    return random.Random(number)


def _ordered(found: Sequence[Hint], chosen: Action) -> tuple[Hint, ...]:
    """The Expert's choice first, then by points, best first (those without points last, in the
    order of the legal actions)."""
    first = [hint for hint in found if hint.action == chosen]
    rest = [hint for hint in found if hint.action != chosen]
    rest.sort(key=lambda hint: -hint.points if hint.points is not None else float("inf"))
    return (*first, *rest)


def _worth(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and their standard deviation (0 for one value)."""
    mean = statistics.fmean(values)
    return mean, statistics.stdev(values) if len(values) > 1 else 0.0


def _card_hints(
    view: SeatView, seen: Seen, rng: random.Random, player: ExpertPlayer, most: int
) -> tuple[Hint, ...]:
    """Each legal card's hint."""
    deals = player.imagined(seen, rng)
    sampled = player.samples_on(view, seen, deals)
    chosen = sampled[0][0] if len(sampled) == 1 else player.card_choice(view, seen, sampled)
    values = {play: values for play, values in sampled}
    left = seen.tricks_per_hand - seen.tricks_done
    tricks = _double_dummy(seen, deals, list(values)) if 0 < left <= most else {}
    position = seen.real.position
    found = []
    for action in view.legal_actions:
        assert isinstance(action, Play)
        card = position[action.card.index]
        samples = values.get(action)
        if samples is None:
            found.append(
                Hint(
                    action=action,
                    points=None,
                    spread=None,
                    reason="a lead the rules count as a renege",
                )
            )
            continue
        mean, spread = _worth(samples)
        found.append(
            Hint(
                action=action,
                points=mean,
                spread=spread,
                reason=card_reason(seen, card),
                tricks=tricks.get(action),
            )
        )
    return _ordered(found, chosen)


def _double_dummy(
    seen: Seen, deals: Sequence[Sequence[int]], plays: Sequence[Play]
) -> dict[Play, float]:
    """Each play's double-dummy tricks to come for the seat's side, averaged over ``deals``."""
    table = seen.table
    side = sum(1 << seat for seat in table.side_seats[seen.team])
    solver = Solver(table, memory=ENDGAME_MEMORY)
    trick = [seen.card(card) for card in seen.trick]
    first = seen.tricks_done == 0
    totals = dict.fromkeys(plays, 0)
    for holdings in deals:
        hands = [seen.cards(held) for held in holdings]
        position = Position(hands, trick, seen.seat, seen.spades_broken, first)
        values = solver.card_values(position, side, side)
        for play in plays:
            totals[play] += values[play.card.index]
    return {play: total / len(deals) for play, total in totals.items()}


def _bid_hints(
    view: SeatView, seen: Seen, rng: random.Random, player: ExpertPlayer
) -> tuple[Hint, ...]:
    """Each legal bid's hint (and a call for a redeal's)."""
    sampled = player.bid_samples(view, seen, rng)
    chosen = player.settled_bid(view, seen)
    if chosen is None:
        chosen = player.bid_choice(view, seen, sampled)
    values = dict(sampled)
    found = []
    for action in view.legal_actions:
        if isinstance(action, Redeal):
            found.append(Hint(action=action, points=None, spread=None, reason=redeal_reason(seen)))
            continue
        assert isinstance(action, Bid)
        reason = bid_reason(seen, action.tricks, blind=action.blind)
        samples = values.get(action)
        if samples is None:
            found.append(Hint(action=action, points=None, spread=None, reason=reason))
            continue
        mean, spread = _worth(samples)
        found.append(Hint(action=action, points=mean, spread=spread, reason=reason))
    return _ordered(found, chosen)


def _other_hints(
    view: SeatView, seen: Seen, player: ExpertPlayer, rng: random.Random
) -> tuple[Hint, ...]:
    """The hints of the draw, the exchange and the discard of the spare cards: the Expert's
    choice and why, the other actions without worth."""
    phase = view.phase
    if phase is _DRAW:
        card = drawn_position(view, seen)
        found = [
            Hint(
                action=action,
                points=None,
                spread=None,
                reason=draw_reason(seen, card, isinstance(action, Keep)),
            )
            for action in view.legal_actions
            if isinstance(action, (Keep, Discard))
        ]
        return _ordered(found, player(view, rng))
    chosen = exchange_action(view, seen) if phase is _EXCHANGE else bury_action(view, seen)
    what = "pass" if phase is _EXCHANGE else "discard"
    found = [
        Hint(
            action=action,
            points=None,
            spread=None,
            reason=f"the cards the Expert would {what}" if action == chosen else f"{what} these",
        )
        for action in view.legal_actions
    ]
    return _ordered(found, chosen)
