"""Duplicate matches between two computer players, on any :mod:`concurrent.futures` executor.

:func:`run_match` plays player A against player B the duplicate way, so that the luck of the cards
cancels. Games are the unit of work: game pair ``i`` has a stream of deals fixed by the match's seed
and ``i`` alone (:func:`board_deals`), and is played twice, each time as a whole game to the
rules' target (scores, bags, the target and blind nil's deficit all matter):

- at table 1, A sits North and South and B East and West;
- at table 2, the partnerships swap seats (B North and South, A East and West) and get the same
  deals in the same order, so whatever cards A held at table 1, B holds at table 2.

The computers' random generators come from the seed and the game index too (one table seed,
``spades-arena/{seed}/{i}``, for both tables, so a seat draws the same numbers at both). A
**board** is a deal played at table 1; the match plays game pairs 0, 1, 2, ... until the boards of
the pairs played reach ``boards`` (the last game is always played to its end, so a match can have
a few boards more than asked). Table 2 plays each board again for as long as its own game lasts.

The result (:class:`MatchResult`) is the same whatever the executor and however many workers it
has: the pairs' results are put together in index order, and a pair played beyond the last one
needed is dropped. Only the decision times (measured with :func:`time.perf_counter` around each
computer's call) differ from run to run; they take no part in comparing results.

>>> from spades.arena import run_match
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     result = run_match('medium', 'easy', boards=8, seed=1, executor=pool)
>>> result.boards >= 8, result.games == 2 * result.pairs
(True, True)

**Running on a cluster.** ``executor`` is any :class:`concurrent.futures.Executor`; without one,
the match runs on a :class:`~concurrent.futures.ProcessPoolExecutor` using every core. The work is
submitted as a top-level function (:func:`play_game_pair`) with picklable arguments, so a match
too big for one machine runs unchanged on a Dask cluster (``pip install 'spades[cluster]'`` where
the match is started, and ``spades`` installed on every worker)::

    from distributed import Client

    client = Client("tcp://scheduler:8786")
    result = run_match("expert", "hard", boards=5000, executor=client.get_executor())

or on Ray, through a small executor whose futures are Ray's (``ObjectRef.future()`` is a
:class:`concurrent.futures.Future`)::

    import concurrent.futures
    import ray

    class RayExecutor(concurrent.futures.Executor):
        def submit(self, fn, /, *args, **kwargs):
            return ray.remote(fn).remote(*args, **kwargs).future()

    ray.init(address="auto")
    result = run_match("expert", "hard", boards=5000, executor=RayExecutor())
"""

from __future__ import annotations

import copy
import math
import os
import random
import time
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from statistics import NormalDist
from typing import Any

import attrs

from ._text import quote
from .actions import Action, Deal
from .bots import Level, Player, make_player
from .errors import SpadesError
from .presets import as_ruleset, preset_name
from .rules import RuleSet
from .scoring import ItemKind
from .seats import Team
from .state import GameState
from .table import Table
from .views import SeatView

__all__ = [
    "MAX_HANDS",
    "Z95",
    "Estimate",
    "MatchResult",
    "PairResult",
    "SideCounts",
    "SideStats",
    "board_deals",
    "duplicate_games",
    "play_game_pair",
    "player_name",
    "ratio_interval",
    "run_match",
    "wilson_interval",
]

#: The normal quantile of a two-sided 95% interval (1.959963984540054).
Z95 = NormalDist().inv_cdf(0.975)

#: A game still going after this many hands is given up as endless (an error).
MAX_HANDS = 1000

#: How many boards a game is guessed to last before any has been played (only how many pairs
#: are started at first depends on it, never the result).
_FIRST_GUESS = 12.0

_NIL_MADE = (ItemKind.NIL_MADE, ItemKind.BLIND_NIL_MADE)
_NIL_FAILED = (ItemKind.NIL_FAILED, ItemKind.BLIND_NIL_FAILED)


# -- statistics ------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Estimate:
    """A value with its 95% interval; ``low`` and ``high`` are None when there is too little data
    for one."""

    value: float
    low: float | None
    high: float | None

    def to_dict(self) -> dict[str, float | None]:
        """The estimate as JSON-ready data."""
        return {"value": self.value, "low": self.low, "high": self.high}


def wilson_interval(successes: float, trials: int, *, z: float = Z95) -> Estimate:
    """The rate ``successes / trials`` with its Wilson score interval (95% by default).

    ``successes`` may be a half (a shared game counts half a win).

    >>> w = wilson_interval(7, 10)
    >>> round(w.value, 4), round(w.low, 4), round(w.high, 4)
    (0.7, 0.3968, 0.8922)
    """
    if trials <= 0:
        raise ValueError(f"A rate needs at least one trial, not {trials}.")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return Estimate(value=p, low=low, high=high)


def ratio_interval(totals: Sequence[float], counts: Sequence[float], *, z: float = Z95) -> Estimate:
    """The ratio ``sum(totals) / sum(counts)`` with a 95% interval that treats each cluster
    (``totals[j]`` over ``counts[j]`` units) as the independent unit.

    The ratio estimator's cluster (linearised) standard error: with ``R`` the ratio, ``n``
    clusters and residuals ``e_j = totals[j] - R * counts[j]``,
    ``se = sqrt(n / (n - 1) * sum(e_j**2)) / sum(counts)``, and the interval is ``R -+ z * se``
    (the normal quantile: the clusters of a match number in the tens or more). With fewer than two
    clusters there is no interval.

    >>> e = ratio_interval([10, -2, 6, 2], [2, 2, 2, 2])
    >>> e.value, round(e.low, 4), round(e.high, 4)
    (2.0, -0.5303, 4.5303)
    """
    if len(totals) != len(counts):
        raise ValueError("ratio_interval() takes as many totals as counts.")
    count = sum(counts)
    if count <= 0:
        raise ValueError(f"A ratio needs a positive count of units, not {count}.")
    ratio = sum(totals) / count
    n = len(totals)
    if n < 2:
        return Estimate(value=ratio, low=None, high=None)
    squares = sum((total - ratio * units) ** 2 for total, units in zip(totals, counts))
    se = math.sqrt(n / (n - 1) * squares) / count
    return Estimate(value=ratio, low=ratio - z * se, high=ratio + z * se)


def _percentile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, interpolated linearly between ranks."""
    if not ordered:
        return math.nan
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


# -- one game pair ---------------------------------------------------------------------------------


def board_deals(seed: int | str, index: int) -> Iterator[Deal]:
    """The deals of game pair ``index`` of a match seeded ``seed``, in order, without end; both
    tables of the pair get this stream."""
    rng = random.Random(f"spades-arena/{seed}/{index}")
    while True:
        yield Deal.random(rng)


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
        driver = Table(
            [ns, ew, ns, ew],
            rules=rules,
            seed=_table_seed(seed, index),
            deals=board_deals(seed, index),
        )
        games.append(_play_out(driver, table, index))
    return games[0], games[1]


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
    """The two games of game pair ``index``: table 1 (A North-South) and table 2 (B North-South),
    each played to its end, as :func:`run_match` plays them."""
    return _play(a, b, as_ruleset(rules), seed, index, None)


@attrs.frozen(kw_only=True)
class SideCounts:
    """What one side did in a game pair (or a whole match), counted."""

    #: Team-hands played (one per hand at either table).
    hands: int = 0
    #: Points scored in those hands.
    points: int = 0
    #: Team-hands with a contract (a bid other than nil), and those set.
    contracts: int = 0
    sets: int = 0
    #: Nil and blind nil bids, and those made.
    nil_bids: int = 0
    nils_made: int = 0
    #: Bags taken (before any penalty).
    bags: int = 0
    #: Games won; a shared result counts in ``shared`` instead.
    wins: int = 0
    shared: int = 0

    def __add__(self, other: SideCounts) -> SideCounts:
        return SideCounts(
            **{
                name: getattr(self, name) + getattr(other, name)
                for name in attrs.fields_dict(SideCounts)
            }
        )


def _side_counts(game: GameState, team: Team) -> SideCounts:
    hands = points = contracts = sets = nil_bids = nils_made = bags = 0
    for hand in game.history:
        score = hand.score.teams[team]
        hands += 1
        points += score.points
        bags += score.bags_gained
        made = score.made
        if made is not None:
            contracts += 1
            sets += not made
        nil_bids += sum(bid.is_nil for bid in score.bids)
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
        wins=int(result.winner is team),
        shared=int(result.winner is None),
    )


@attrs.frozen(kw_only=True)
class PairResult:
    """The outcome of one game pair, as :func:`play_game_pair` returns it from a worker."""

    index: int
    #: Deals played at table 1 (the pair's boards) and hands played at both tables.
    boards: int
    hands: int
    #: A's counts and B's, over both tables.
    a: SideCounts
    b: SideCounts
    #: The seconds each of A's and B's decisions took (not compared: timing varies by run).
    a_times: tuple[float, ...] = attrs.field(eq=False, repr=False)
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
    :func:`run_match` sends to its executor (a top-level function, so any executor can run it)."""
    a_times: list[float] = []
    b_times: list[float] = []
    first, second = _play(a, b, rules, seed, index, (a_times, b_times))
    a_counts = _side_counts(first, Team.NS) + _side_counts(second, Team.EW)
    b_counts = _side_counts(first, Team.EW) + _side_counts(second, Team.NS)
    return PairResult(
        index=index,
        boards=len(first.history),
        hands=len(first.history) + len(second.history),
        a=a_counts,
        b=b_counts,
        a_times=tuple(a_times),
        b_times=tuple(b_times),
    )


# -- the match -------------------------------------------------------------------------------------


def _rate(part: int, whole: int) -> float | None:
    """``part / whole``, or None when there is no whole to take a part of."""
    return part / whole if whole else None


@attrs.frozen(kw_only=True)
class SideStats:
    """One side's figures over a match."""

    #: The side's name: a level (``'hard'``) or :func:`player_name` of the player.
    name: str
    counts: SideCounts
    #: Fraction of the side's team-hands with a contract that were set (None: no contract).
    set_rate: float | None
    #: Fraction of its nil and blind nil bids that were made (None: no nil bid).
    nil_rate: float | None
    #: Bags taken per hand.
    bags_per_hand: float | None
    #: Decisions timed, and their median and 99th percentile in seconds (not compared).
    decisions: int = attrs.field(eq=False)
    time_median: float = attrs.field(eq=False)
    time_p99: float = attrs.field(eq=False)

    @classmethod
    def of(cls, name: str, counts: SideCounts, times: Sequence[float]) -> SideStats:
        """The figures of a side from its counts and decision times."""
        ordered = sorted(times)
        return cls(
            name=name,
            counts=counts,
            set_rate=_rate(counts.sets, counts.contracts),
            nil_rate=_rate(counts.nils_made, counts.nil_bids),
            bags_per_hand=_rate(counts.bags, counts.hands),
            decisions=len(ordered),
            time_median=_percentile(ordered, 0.5),
            time_p99=_percentile(ordered, 0.99),
        )

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data (times in seconds)."""
        return {
            "name": self.name,
            **attrs.asdict(self.counts),
            "set_rate": self.set_rate,
            "nil_rate": self.nil_rate,
            "bags_per_hand": self.bags_per_hand,
            "decisions": self.decisions,
            "time_median": _number(self.time_median),
            "time_p99": _number(self.time_p99),
        }


def _number(value: float) -> float | None:
    return None if math.isnan(value) else value


@attrs.frozen(kw_only=True)
class MatchResult:
    """The result of a duplicate match, from A's side: print it for a table, or
    :meth:`to_dict` for JSON.

    Two results compare equal when they agree on everything but the time taken (the decision
    times and :attr:`seconds`), as two runs with the same seed do whatever the executor.
    """

    a: SideStats
    b: SideStats
    #: The rules' preset name, or the RuleSet's repr when no preset has exactly these rules.
    rules: str
    seed: int | str
    #: Boards asked for and played (deals at table 1), hands at both tables, games and pairs.
    boards_asked: int
    boards: int
    hands: int
    games: int
    pairs: int
    #: A's points per hand minus B's, with its 95% interval (game pairs as clusters).
    points_per_hand: Estimate
    #: A's game win rate (a shared game counts half) with its Wilson 95% interval.
    win_rate: Estimate
    #: Wall-clock seconds the match took (not compared).
    seconds: float = attrs.field(eq=False, default=0.0)

    @classmethod
    def of(
        cls,
        pairs: Sequence[PairResult],
        *,
        names: tuple[str, str],
        rules: str,
        seed: int | str,
        boards_asked: int,
        seconds: float = 0.0,
    ) -> MatchResult:
        """The result of the game pairs ``pairs`` (in index order)."""
        a = sum((pair.a for pair in pairs), SideCounts())
        b = sum((pair.b for pair in pairs), SideCounts())
        games = 2 * len(pairs)
        return cls(
            a=SideStats.of(names[0], a, [t for pair in pairs for t in pair.a_times]),
            b=SideStats.of(names[1], b, [t for pair in pairs for t in pair.b_times]),
            rules=rules,
            seed=seed,
            boards_asked=boards_asked,
            boards=sum(pair.boards for pair in pairs),
            hands=sum(pair.hands for pair in pairs),
            games=games,
            pairs=len(pairs),
            points_per_hand=ratio_interval(
                [pair.difference for pair in pairs], [pair.hands for pair in pairs]
            ),
            win_rate=wilson_interval(a.wins + a.shared / 2, games),
            seconds=seconds,
        )

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data (rates as fractions, times in seconds)."""
        return {
            "a": self.a.to_dict(),
            "b": self.b.to_dict(),
            "rules": self.rules,
            "seed": self.seed,
            "boards_asked": self.boards_asked,
            "boards": self.boards,
            "hands": self.hands,
            "games": self.games,
            "pairs": self.pairs,
            "points_per_hand": self.points_per_hand.to_dict(),
            "win_rate": self.win_rate.to_dict(),
            "seconds": self.seconds,
        }

    def __str__(self) -> str:
        a, b = self.a, self.b
        ppH, win = self.points_per_hand, self.win_rate
        lines = [
            f"Duplicate match: A {a.name} against B {b.name}, rules {self.rules}, seed {self.seed}",
            f"{self.boards:,} boards, {self.hands:,} hands, {self.games:,} games "
            f"({self.pairs:,} game pairs) in {self.seconds:.1f} s",
            "",
            f"A minus B: {ppH.value:+.1f} points per hand "
            f"(95% interval {_signed(ppH.low)} to {_signed(ppH.high)})",
            f"A's games: {_percent(win.value)} won (95% interval {_percent(win.low)} to "
            f"{_percent(win.high)}): {a.counts.wins} won, {b.counts.wins} lost, "
            f"{a.counts.shared} shared",
            "",
        ]
        rows = [
            ("", f"A {a.name}", f"B {b.name}"),
            ("points per hand", *(_fixed(_rate(s.counts.points, s.counts.hands)) for s in (a, b))),
            ("set rate", *(_percent(s.set_rate) for s in (a, b))),
            ("nil bids", *(f"{s.counts.nil_bids:,}" for s in (a, b))),
            ("nils made", *(_percent(s.nil_rate) for s in (a, b))),
            ("bags per hand", *(_fixed(s.bags_per_hand) for s in (a, b))),
            ("decisions", *(f"{s.decisions:,}" for s in (a, b))),
            ("time median", *(_duration(s.time_median) for s in (a, b))),
            ("time p99", *(_duration(s.time_p99) for s in (a, b))),
        ]
        widths = [max(len(row[column]) for row in rows) for column in range(3)]
        for label, left, right in rows:
            lines.append(
                f"{label:<{widths[0]}}  {left:>{widths[1]}}  {right:>{widths[2]}}".rstrip()
            )
        return "\n".join(lines)


def _signed(value: float | None) -> str:
    return "?" if value is None or math.isnan(value) else f"{value:+.1f}"


def _fixed(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _percent(value: float | None) -> str:
    return "-" if value is None or math.isnan(value) else f"{100 * value:.1f}%"


def _duration(seconds: float) -> str:
    if math.isnan(seconds):
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def _entrant(value: object, which: str) -> tuple[Player | Level, str]:
    """A side of the match (a level, by name, or a player) and its name."""
    if isinstance(value, (Level, str)):
        level = Level(value)
        return level, level.value
    if not callable(value):
        raise SpadesError(
            f"Player {which} is a computer player (called with a seat's view and a "
            f"random.Random) or a level such as 'hard', not {quote(value)}.",
            reason="bad_player",
        )
    return value, player_name(value)


def player_name(player: object) -> str:
    """How a match names a player: a function by its name, any other player by its repr, or by
    its class when its repr is Python's default (which shows a memory address)."""
    name = getattr(player, "__qualname__", None)
    if isinstance(player, (types.FunctionType, types.BuiltinFunctionType)) and name:
        return str(name)
    text = repr(player)
    if text.startswith("<") and " at 0x" in text:
        return type(player).__qualname__
    return text


def _check_boards(boards: object) -> int:
    if isinstance(boards, bool) or not isinstance(boards, int):
        raise SpadesError(
            f"The number of boards is a whole number, not {quote(boards)}.", reason="bad_boards"
        )
    if boards < 1:
        raise SpadesError(f"A match plays at least 1 board, not {boards}.", reason="bad_boards")
    return boards


def run_match(
    a: Player | Level | str,
    b: Player | Level | str,
    *,
    boards: int = 100,
    rules: RuleSet | str = "standard",
    seed: int | str = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> MatchResult:
    """Play a duplicate match of A against B and return its result.

    ``a`` and ``b`` are computer players (:class:`~spades.bots.Player`, picklable when the
    executor runs in other processes) or levels (``'hard'``, :class:`~spades.bots.Level`).
    ``boards`` is how many deals table 1 plays at least (see the module's description); ``rules``
    a :class:`~spades.rules.RuleSet` or a preset's name; ``seed`` fixes every deal and every
    computer's random choices. ``executor`` runs the game pairs: any
    :class:`concurrent.futures.Executor`, left running; without one, a process pool using every
    core, shut down at the end. ``progress``, if given, is called with ``(boards done, boards)``
    as game pairs finish.

    A bad level, player or number of boards is a :class:`~spades.errors.SpadesError` (reasons
    ``bad_level``, ``bad_player``, ``bad_boards``); an error in a game pair is raised here.
    """
    entrant_a, name_a = _entrant(a, "A")
    entrant_b, name_b = _entrant(b, "B")
    wanted = _check_boards(boards)
    ruleset = as_ruleset(rules)
    rules_name = preset_name(ruleset) or repr(ruleset)
    started = time.perf_counter()
    own = executor is None
    pool: Executor = ProcessPoolExecutor(os.cpu_count() or 1) if executor is None else executor
    try:
        pairs = _collect(pool, entrant_a, entrant_b, ruleset, seed, wanted, progress)
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    return MatchResult.of(
        pairs,
        names=(name_a, name_b),
        rules=rules_name,
        seed=seed,
        boards_asked=wanted,
        seconds=time.perf_counter() - started,
    )


def _collect(
    executor: Executor,
    a: Player | Level,
    b: Player | Level,
    rules: RuleSet,
    seed: int | str,
    boards: int,
    progress: Callable[[int, int], object] | None,
) -> list[PairResult]:
    """Game pairs 0..k, the fewest whose boards reach ``boards``, whatever order they finish in.

    Pairs are started as many at a time as the boards still missing call for (guessing a game's
    length from the games played so far), so the executor's workers stay busy; a pair started
    beyond the last one needed is cancelled or dropped.
    """
    done: dict[int, PairResult] = {}
    running: dict[Future[PairResult], int] = {}
    started = 0  # the next pair index to start
    counted = 0  # boards of pairs 0..ready-1
    ready = 0
    shown = -1
    try:
        while True:
            while ready in done and counted < boards:
                counted += done[ready].boards
                ready += 1
            if counted >= boards:
                break
            known = counted + sum(pair.boards for index, pair in done.items() if index >= ready)
            per_game = (
                sum(pair.boards for pair in done.values()) / len(done) if done else _FIRST_GUESS
            )
            # With nothing running, every pair started is done and counted, so known < boards
            # and at least one more pair is started.
            wanted = max(0, math.ceil((boards - known) / per_game) - len(running))
            for _ in range(wanted):
                future = executor.submit(play_game_pair, a, b, rules, seed, started)
                running[future] = started
                started += 1
            finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in finished:
                index = running.pop(future)
                done[index] = future.result()
            if progress is not None:
                boards_done = min(boards - 1, sum(pair.boards for pair in done.values()))
                if boards_done > shown:
                    shown = boards_done
                    progress(boards_done, boards)
    finally:
        for future in running:
            future.cancel()
    if progress is not None:
        progress(boards, boards)
    return [done[index] for index in range(ready)]
