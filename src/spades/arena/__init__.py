"""Duplicate matches between two computer players, on any :mod:`concurrent.futures` executor.

:func:`run_match` plays player A against player B the duplicate way, so that the luck of the cards
cancels. Games are the unit of work: game pair ``i`` has a stream of deals fixed by the match's seed
and ``i`` alone (:func:`~spades.arena.board_deals`), and is played twice, each time as a
whole game to the rules' target (scores, bags, the target and blind nil's deficit all matter):

- at table 1, A sits North and South and B East and West;
- at table 2, the partnerships swap seats (B North and South, A East and West) and get the same
  deals in the same order, so whatever cards A held at table 1, B holds at table 2.

When every player plays alone (:attr:`~spades.rules.RuleSet.partnerships` False) the seats are the
same, but A's two seats are two players who each bid, play and score alone, and so are B's: a
side's figures (its points, contracts, nils, bags) are its two players' added together, and it
wins a game when one of its players does.

At a table of three (:attr:`~spades.rules.RuleSet.players` 3: North, East and South, each alone,
as in the preset ``cutthroat3``) West is empty: at table 1 A plays North and South and B East, at
table 2 B plays North and South and A East. Each seat's cards are played once by A and once by B,
and table 2 is table 1 with A and B swapped, so the luck of the cards, of the seats and of having
two players at a table cancels over the pair; a side's figures are its players' added together.

At a table of two (:attr:`~spades.rules.RuleSet.players` 2: North and East, two-handed Spades, the
preset ``two_player``) A plays North and B East at table 1, and the other way round at table 2.
The hands are not dealt but drawn, each player keeping or discarding the cards it draws: every
hand's stock is in an order fixed by the seed, the pair and the hand
(:func:`~spades.arena.board_stock`), and the k-th card drawn is the k-th of that order at both
tables, so each player draws at table 2 the cards the other drew at table 1.

The computers' random generators come from the seed and the game index too (one table seed,
``spades-arena/{seed}/{i}``, for both tables, so a seat draws the same numbers at both). A
**board** is a deal played at table 1; the match plays game pairs 0, 1, 2, ... until the boards of
the pairs played reach ``boards`` (the last game is always played to its end, so a match can have
a few boards more than asked). Table 2 plays each board again for as long as its own game lasts.

The result (:class:`~spades.arena.MatchResult`) is the same whatever the executor and
however many workers it has: the pairs' results are put together in index order, and a pair played
beyond the last one needed is dropped. Only the decision times (measured with
:func:`time.perf_counter` around each computer's call) differ from run to run; they take no part in
comparing results.

>>> from spades.arena import run_match
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(2) as pool:
...     result = run_match('medium', 'easy', boards=8, seed=1, executor=pool)
>>> result.boards >= 8, result.games == 2 * result.pairs
(True, True)

**Running on a cluster.** ``executor`` is any :class:`concurrent.futures.Executor`; without one, the
match runs on a :class:`~concurrent.futures.ProcessPoolExecutor` using every core. The work is
submitted as a top-level function (:func:`~spades.arena.play_game_pair`) with picklable
arguments, so a match too big for one machine runs unchanged on a Dask cluster (``pip install
'spades[cluster]'`` where the match is started, and ``spades`` installed on every worker)::

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

import concurrent.futures
import math
import os
import time
import types
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait

from .._text import quote
from ..bots import Level, Player
from ..errors import SpadesError
from ..rules import RuleSet, as_ruleset, preset_name
from ..table import table_seed
from .games import (
    MAX_HANDS,
    PairResult,
    SideCounts,
    board_deal,
    board_deals,
    board_stock,
    duplicate_games,
    play_game_pair,
)
from .results import MatchResult, SideStats
from .stats import Z95, Estimate, ratio_interval, wilson_interval

__all__ = [
    "MAX_HANDS",
    "Z95",
    "Estimate",
    "MatchResult",
    "PairResult",
    "SideCounts",
    "SideStats",
    "board_deal",
    "board_deals",
    "board_stock",
    "duplicate_games",
    "play_game_pair",
    "player_name",
    "ratio_interval",
    "run_match",
    "wilson_interval",
]

#: How many boards a game is guessed to last before any has been played (only how many pairs
#: are started at first depends on it, never the result).
_FIRST_GUESS = 12.0


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

    A bad level, player, number of boards, seed or executor is a
    :class:`~spades.errors.SpadesError` (reasons ``bad_level``, ``bad_player``, ``bad_boards``,
    ``bad_seed``, ``bad_executor``), before any game is played: a seed is text or a whole number
    of at most 2**53 - 1 either side of 0, as a table's is (:func:`~spades.table.table_seed`). An
    error in a game pair is raised here.
    """
    entrant_a, name_a = _entrant(a, "A")
    entrant_b, name_b = _entrant(b, "B")
    wanted = _check_boards(boards)
    seed = table_seed(seed, "A match's seed")
    if executor is not None and not isinstance(executor, Executor):
        raise SpadesError(
            "A match's executor is a concurrent.futures.Executor, or None for a process pool "
            f"using every core, not {quote(executor)}.",
            reason="bad_executor",
        )
    ruleset = as_ruleset(rules)
    rules_name = preset_name(ruleset) or repr(ruleset)
    started = time.perf_counter()
    own = executor is None
    # concurrent.futures loads its process pool (and multiprocessing) when it is first named.
    pool: Executor = (
        concurrent.futures.ProcessPoolExecutor(os.cpu_count() or 1)
        if executor is None
        else executor
    )
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
