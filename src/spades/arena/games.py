"""One game pair of a duplicate match: the same deals at two tables, the players' seats swapped.

Player A sits North and South at table 1 and East and West at table 2, player B the other two
seats. Under partnership rules A's two seats are a team; when every player plays alone
(:attr:`~spades.rules.RuleSet.partnerships` False) they are two players who each score alone, and
A's counts are theirs added together (:class:`SideCounts`).

At a table of three (:attr:`~spades.rules.RuleSet.players` 3, North, East and South) the seats are
the same but West is empty: A plays North and South at table 1 and East at table 2, B East at
table 1 and North and South at table 2. Each seat's cards are played once by A and once by B, and
table 2 is table 1 with A and B swapped, so neither side has the better cards, seats or number of
players: over the pair each has played three player-games, two at one table and one at the other.

At a table of two (:attr:`~spades.rules.RuleSet.players` 2, two-handed Spades) A plays North at
table 1 and East at table 2, B the other seat. The hands are drawn card by card, each player
keeping or discarding, from a stock in the board's order (:func:`~spades.arena.board_stock`):
the k-th card drawn in a hand is the k-th card of that hand's order at both tables, whatever the
players keep, so the two tables draw from the same stock with the seats swapped.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Iterator
from itertools import islice

import attrs

from .._kernel.table import table_of
from ..actions import Action, Deal, Draw
from ..bots import Level, Player, make_player
from ..cards import Card
from ..engine import apply, new_game
from ..errors import SpadesError
from ..phase import Phase
from ..rules import RuleSet, as_ruleset
from ..score import ItemKind
from ..seats import Side, Team
from ..state import GameState
from ..table import Table, table_seed
from ..views import SeatView

__all__ = [
    "MAX_HANDS",
    "PairResult",
    "SideCounts",
    "board_deal",
    "board_deals",
    "board_stock",
    "duplicate_games",
    "play_game_pair",
]

#: A game still going after this many hands is given up as endless (an error).
MAX_HANDS = 1000

_NIL_MADE = (ItemKind.NIL_MADE, ItemKind.BLIND_NIL_MADE)


def board_deals(seed: int | str, index: int, rules: RuleSet | None = None) -> Iterator[Deal]:
    """The deals of game pair ``index`` of a match seeded ``seed``, in order, without end; both
    tables of the pair get this stream. ``rules`` give the deck (the standard deck when None)."""
    rng = random.Random(f"spades-arena/{seed}/{index}")
    while True:
        yield Deal.random(rng, rules)


def board_deal(
    seed: int | str, index: int, hand: int, attempt: int, rules: RuleSet | None = None
) -> Deal:
    """The deal of hand ``hand`` (from 1) of game pair ``index``, dealt for the ``attempt``-th
    time (0 the first; more after a call for a redeal, under the ``redeal`` rule): the first
    attempt is the ``hand``-th deal of :func:`board_deals`, and a redeal draws from the hand's own
    generator. So both tables play every hand on the same first deal, and a hand thrown in at
    one table only does not shift the deals of the hands after it."""
    if attempt:
        return Deal.random(random.Random(f"spades-arena/{seed}/{index}/{hand}/{attempt}"), rules)
    return next(islice(board_deals(seed, index, rules), hand - 1, None))


def board_stock(seed: int | str, index: int, hand: int, rules: RuleSet) -> tuple[Card, ...]:
    """The order of the stock of hand ``hand`` (from 1) of game pair ``index`` at a table of two:
    every card of the rules' deck, shuffled from the match's seed, the pair and the hand. The
    k-th card drawn in that hand (from 0) is the k-th of this order at both tables."""
    cards = list(new_game(rules).stock)
    random.Random(f"spades-arena/{seed}/{index}/{hand}/stock").shuffle(cards)
    return tuple(cards)


def _table_deals(seed: int | str, index: int, table: list[Table]) -> Iterator[Deal]:
    """The deals of one table of game pair ``index``: for each deal the table asks for, the
    :func:`board_deal` of the hand it is for and of how many times that hand has been dealt
    (``table`` holds the table once it is built)."""
    rules = table[0].state.rules if table else None
    stream = board_deals(seed, index, rules)
    dealt: dict[int, int] = {}
    while True:
        state = table[0].state
        rules = state.rules
        hand = state.hand_number if state.phase is Phase.DEAL else state.hand_number + 1
        attempt = dealt.get(hand, 0)
        dealt[hand] = attempt + 1
        # The first attempts come in hand order: the next deal of the one stream.
        yield next(stream) if not attempt else board_deal(seed, index, hand, attempt, rules)


def _table_seed(seed: int | str, index: int) -> str:
    return f"spades-arena/{seed}/{index}"


class _Timed:
    """A player whose every call is timed; the times go to ``times``."""

    def __init__(self, player: Player, times: list[float]) -> None:
        self.player = player
        self.times = times

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        start = time.perf_counter()
        action = self.player(view, rng)
        self.times.append(time.perf_counter() - start)
        return action


def _as_player(entrant: Player | Level | str) -> Player:
    if isinstance(entrant, (Level, str)):
        return make_player(entrant)
    # A copy per table: a player that keeps anything between calls cannot make one game depend
    # on another, nor on which thread played before it. One that cannot be copied is used as it
    # is (the protocol asks that the same view and generator give the same action anyway).
    try:
        return copy.deepcopy(entrant)
    except (TypeError, copy.Error):
        return entrant


def _play(
    a: Player | Level | str,
    b: Player | Level | str,
    rules: RuleSet,
    seed: int | str,
    index: int,
    times: tuple[list[float], list[float]] | None,
) -> tuple[GameState, GameState]:
    games = []
    for table in (1, 2):
        first, second = (a, b) if table == 1 else (b, a)
        ns, ew = _as_player(first), _as_player(second)
        if times is not None:
            ns_times, ew_times = times if table == 1 else times[::-1]
            ns, ew = _Timed(ns, ns_times), _Timed(ew, ew_times)
        built: list[Table] = []
        # N and S for the side at North-South, E (and W, when four play) for the other.
        drawn = table_of(rules).draws
        driver = Table(
            [ns if seat in Team.NS.seats else ew for seat in rules.seats],
            rules=rules,
            seed=_table_seed(seed, index),
            deals=None if drawn else _table_deals(seed, index, built),
        )
        built.append(driver)
        games.append(
            _play_drawn(driver, seed, index, table) if drawn else _play_out(driver, table, index)
        )
    return games[0], games[1]


def _play_drawn(driver: Table, seed: int | str, index: int, table: int) -> GameState:
    """A table of two's game played to its end: each card drawn from the board's stock order
    (:func:`~spades.arena.board_stock`), every other move by the table (:meth:`Table.step
    <spades.table.Table.step>`); an error once it has gone on for :data:`MAX_HANDS` hands."""
    rules = driver.state.rules
    orders: dict[int, tuple[Card, ...]] = {}
    hands = 0
    while not driver.state.is_over:
        state = driver.state
        if not state.needs_draw:
            if driver.step() is None:
                break  # pragma: no cover - every seat is a computer
            continue
        hand = state.hand_number + (state.phase is not Phase.DEAL and state.needs_deal)
        if hand not in orders:
            orders.clear()
            orders[hand] = board_stock(seed, index, hand, rules)
            hands += 1
            if hands > MAX_HANDS:
                raise SpadesError(
                    f"Game pair {index}, table {table}: the game has not ended after "
                    f"{MAX_HANDS:,} hands; with these players it may never end.",
                    reason="endless_game",
                )
        order = orders[hand]
        driver.state = apply(state, Draw(order[len(order) - state.stock_size]))
    return driver.state


def _play_out(driver: Table, table: int, index: int) -> GameState:
    """The table's game played to its end, or an error once it has gone on for
    :data:`MAX_HANDS` hands (rules with no floor and no cap let two weak players go on for
    ever)."""
    try:
        return driver.play(hand_limit=MAX_HANDS)
    except SpadesError as error:
        raise SpadesError(
            f"Game pair {index}, table {table}: {error.message}", reason=error.reason
        ) from None


def duplicate_games(
    a: Player | Level | str,
    b: Player | Level | str,
    *,
    rules: RuleSet | str = "standard",
    seed: int | str = 0,
    index: int = 0,
) -> tuple[GameState, GameState]:
    """The two games of game pair ``index``: table 1 (A North and South) and table 2 (B North and
    South), each played to its end, as :func:`~spades.arena.run_match` plays them (and with its
    seeds: text, or a whole number of at most 2**53 - 1 either side of 0)."""
    return _play(a, b, as_ruleset(rules), table_seed(seed, "A match's seed"), index, None)


@attrs.frozen(kw_only=True)
class SideCounts:
    """What one side of a match (player A or B) did in a game pair or a whole match, counted.

    The side is a team in partnership rules; when every player plays alone it is the players the
    side seats (North and South, or East and West; East alone at a table of three; North, or
    East, alone at a table of two), and each
    figure is theirs together: the points are the players' points added, the contracts each
    player's own."""

    #: Hands played (one per hand at either table).
    hands: int = 0
    #: Points scored in those hands (alone, by all of the side's players).
    points: int = 0
    #: Contracts (a bid other than nil) in those hands: one per team-hand, or alone one per
    #: player-hand.
    contracts: int = 0
    #: Of those, the contracts set (fewer tricks than the contract).
    sets: int = 0
    #: Nil and blind nil bids.
    nil_bids: int = 0
    #: Of those, the ones made (as the scoring decided).
    nils_made: int = 0
    #: Bags taken (before any penalty).
    bags: int = 0
    #: Games won; a shared result counts in ``shared`` instead.
    wins: int = 0
    #: Games with a shared result.
    shared: int = 0

    def __add__(self, other: SideCounts) -> SideCounts:
        return SideCounts(
            **{
                name: getattr(self, name) + getattr(other, name)
                for name in attrs.fields_dict(SideCounts)
            }
        )


def _scoring_sides(rules: RuleSet, team: Team) -> tuple[Side, ...]:
    """The sides that score for the match's side seated at ``team``'s seats: the team, or when
    every player plays alone the players in those seats (two, or at a table of three one for
    East-West: West has no player)."""
    table = table_of(rules)
    sides = rules.sides
    return tuple(
        dict.fromkeys(sides[table.side_of[seat]] for seat in team.seats if seat in table.seats)
    )


def _side_counts(game: GameState, team: Team) -> SideCounts:
    """What the match's side seated at ``team``'s seats did in ``game``."""
    sides = _scoring_sides(game.rules, team)
    hands = points = contracts = sets = nil_bids = nils_made = bags = 0
    for hand in game.history:
        hands += 1
        for side in sides:
            score = hand.score.teams[side]
            points += score.points
            bags += score.bags_gained
            made = score.made
            if made is not None:
                contracts += 1
                sets += not made
            nil_bids += sum(bid is not None and bid.is_nil for bid in score.bids)
            nils_made += sum(item.kind in _NIL_MADE for item in score.items)
    result = game.result
    assert result is not None
    return SideCounts(
        hands=hands,
        points=points,
        contracts=contracts,
        sets=sets,
        nil_bids=nil_bids,
        nils_made=nils_made,
        bags=bags,
        wins=int(any(result.winner is side for side in sides)),
        shared=int(result.winner is None),
    )


@attrs.frozen(kw_only=True)
class PairResult:
    """The outcome of one game pair, as :func:`play_game_pair` returns it from a worker."""

    #: The game pair's index in the match (0, 1, 2, ...).
    index: int
    #: Deals played at table 1: the pair's boards.
    boards: int
    #: Hands played at both tables.
    hands: int
    #: A's counts, over both tables.
    a: SideCounts
    #: B's counts, over both tables.
    b: SideCounts
    #: Whether the games were played in partnerships; False when every player played alone
    #: (each side's counts are then its players' together).
    partnerships: bool = True
    #: The seats in play at each table: 4, 3 (North, East and South) or 2 (North and East; see
    #: the module's description).
    players: int = 4
    #: The seconds each of A's decisions took (not compared: timing varies by run).
    a_times: tuple[float, ...] = attrs.field(eq=False, repr=False)
    #: The seconds each of B's decisions took.
    b_times: tuple[float, ...] = attrs.field(eq=False, repr=False)

    @property
    def difference(self) -> int:
        """A's points minus B's, over every hand of both tables."""
        return self.a.points - self.b.points


def play_game_pair(
    a: Player | Level | str,
    b: Player | Level | str,
    rules: RuleSet,
    seed: int | str,
    index: int,
) -> PairResult:
    """Play game pair ``index`` and count what each side did: the unit of work
    :func:`~spades.arena.run_match` sends to its executor (a top-level function, so any executor
    can run it)."""
    a_times: list[float] = []
    b_times: list[float] = []
    first, second = _play(a, b, rules, seed, index, (a_times, b_times))
    table = table_of(rules)
    a_counts = _side_counts(first, Team.NS) + _side_counts(second, Team.EW)
    b_counts = _side_counts(first, Team.EW) + _side_counts(second, Team.NS)
    return PairResult(
        index=index,
        boards=len(first.history),
        hands=len(first.history) + len(second.history),
        a=a_counts,
        b=b_counts,
        partnerships=table.partnerships,
        players=table.players,
        a_times=tuple(a_times),
        b_times=tuple(b_times),
    )
