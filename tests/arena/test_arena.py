"""Duplicate matches: the same seed gives the same result on any executor, table 2 replays table
1's deals with the partnerships swapped, and the statistics are the ones computed by hand."""

from __future__ import annotations

import json
import math
import random
import statistics
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from itertools import islice
from pathlib import Path
from typing import Any

import attrs
import pytest

from spades import Bid, Deal, Draw, GameState, RuleSet, Seat, SeatView, Team, arena
from spades.actions import Action
from spades.arena import (
    MatchResult,
    SideCounts,
    SideStats,
    board_deal,
    board_deals,
    board_stock,
    duplicate_games,
    play_game_pair,
    player_name,
    ratio_interval,
    run_match,
    wilson_interval,
)
from spades.bots import EasyPlayer, MediumPlayer
from spades.errors import SpadesError
from spades.records import to_record, verify
from spades.rules import find_ruleset
from spades.state import Phase
from tables import TABLE, TableKind

STANDARD = find_ruleset("standard")


def without_times(data: dict[str, Any]) -> dict[str, Any]:
    """A result's data less what depends on the clock."""
    data = json.loads(json.dumps(data))
    del data["seconds"]
    for side in ("a", "b"):
        for key in ("decisions", "time_median", "time_p99"):
            del data[side][key]
    return data


# -- statistics against values worked out by hand --------------------------------------------------


def test_wilson_interval_of_known_counts() -> None:
    # 7 of 10, z = 1.959964: centre (0.7 + z²/20) / (1 + z²/10) = 0.644493,
    # half-width z * sqrt(0.021 + z²/400) / (1 + z²/10) = 0.247715.
    seven = wilson_interval(7, 10)
    assert seven.value == 0.7
    assert seven.low == pytest.approx(0.396778, abs=1e-5)
    assert seven.high == pytest.approx(0.892209, abs=1e-5)
    none = wilson_interval(0, 5)
    assert (none.value, none.low) == (0.0, 0.0)
    assert none.high == pytest.approx(0.434476, abs=1e-5)
    every = wilson_interval(5, 5)
    assert every.high == 1.0 and every.low == pytest.approx(1 - 0.434476, abs=1e-5)
    half = wilson_interval(2.5, 5)  # a shared game counts half a win
    assert half.value == 0.5 and half.low + half.high == pytest.approx(1.0)
    with pytest.raises(ValueError, match="at least one trial"):
        wilson_interval(0, 0)


def test_ratio_interval_of_a_known_list() -> None:
    # Ratio 16 / 8 = 2; residuals 6 -6 2 -2, squares 80; se = sqrt(4/3 * 80) / 8 = 1.29099.
    estimate = ratio_interval([10, -2, 6, 2], [2, 2, 2, 2])
    assert estimate.value == 2.0
    assert estimate.low == pytest.approx(2 - 1.959964 * 1.290994, abs=1e-5)
    assert estimate.high == pytest.approx(2 + 1.959964 * 1.290994, abs=1e-5)
    # Unequal clusters: the ratio of sums, not the mean of the ratios.
    uneven = ratio_interval([30, 0], [10, 20])
    assert uneven.value == 1.0
    residuals = [30 - 10, 0 - 20]
    se = math.sqrt(2 / 1 * sum(e * e for e in residuals)) / 30
    assert uneven.high == pytest.approx(1 + 1.959964 * se, abs=1e-5)
    assert ratio_interval([5], [3]).low is None
    with pytest.raises(ValueError):
        ratio_interval([1, 2], [1])
    with pytest.raises(ValueError):
        ratio_interval([], [])


def test_side_stats_rates_and_percentiles() -> None:
    counts = SideCounts(hands=10, points=300, contracts=8, sets=2, nil_bids=4, nils_made=3, bags=5)
    stats = SideStats.of("x", counts, [i / 1000 for i in range(101, 0, -1)])
    assert (stats.set_rate, stats.nil_rate, stats.bags_per_hand) == (0.25, 0.75, 0.5)
    assert stats.decisions == 101
    assert stats.time_median == pytest.approx(0.051)
    assert stats.time_p99 == pytest.approx(0.100)
    empty = SideStats.of("y", SideCounts(), [])
    assert (empty.set_rate, empty.nil_rate, empty.bags_per_hand) == (None, None, None)
    assert empty.to_dict()["time_median"] is None


# -- one game pair: the duplicate structure --------------------------------------------------------


class BidsOne:
    """Easy's cards, but a bid of 1 whenever it may: its seats are plain to see in a record."""

    def __init__(self) -> None:
        self.easy = EasyPlayer()

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        if view.phase is Phase.BIDDING:
            for action in view.legal_actions:
                if isinstance(action, Bid) and action.tricks == 1:
                    return action
        return self.easy(view, rng)

    def __repr__(self) -> str:
        return "BidsOne()"


def test_table_two_plays_the_same_deals_with_the_seats_swapped() -> None:
    first, second = duplicate_games(BidsOne(), "medium", seed=4, index=2)
    one, two = to_record(first), to_record(second)
    assert verify(one).ok and verify(two).ok
    assert first.is_over and second.is_over
    common = min(len(one.hands), len(two.hands))
    assert common >= 1
    expected = list(islice(board_deals(4, 2), max(len(one.hands), len(two.hands))))
    assert [hand.deal for hand in one.hands] == expected[: len(one.hands)]
    assert [hand.deal for hand in two.hands] == expected[: len(two.hands)]
    for a, b in zip(first.history, second.history):
        assert a.dealer is b.dealer and a.number == b.number
    # A (bids 1) sits North and South at table 1, East and West at table 2.
    for hand in one.hands:
        assert (hand.bids[0].tricks, hand.bids[2].tricks) == (1, 1)
    for hand in two.hands:
        assert (hand.bids[1].tricks, hand.bids[3].tricks) == (1, 1)
    assert any(hand.bids[1].tricks != 1 for hand in one.hands)


def test_a_pair_counts_what_each_side_did() -> None:
    pair = play_game_pair("medium", "easy", STANDARD, 4, 2)
    first, second = duplicate_games("medium", "easy", seed=4, index=2)
    assert pair == play_game_pair("medium", "easy", STANDARD, 4, 2)
    assert pair.boards == len(first.history)
    assert pair.hands == len(first.history) + len(second.history)
    a_points = sum(h.score.teams[0].points for h in first.history) + sum(
        h.score.teams[1].points for h in second.history
    )
    b_points = sum(h.score.teams[1].points for h in first.history) + sum(
        h.score.teams[0].points for h in second.history
    )
    assert (pair.a.points, pair.b.points, pair.difference) == (
        a_points,
        b_points,
        a_points - b_points,
    )
    assert pair.a.hands == pair.b.hands == pair.hands
    assert pair.a.wins + pair.b.wins + pair.a.shared == 2
    assert len(pair.a_times) == len(pair.b_times) == 28 * pair.hands


# -- a match: the same result on every executor ----------------------------------------------------


def test_the_same_seed_gives_the_same_result_on_any_executor() -> None:
    with ProcessPoolExecutor(1) as pool:
        serial = run_match("medium", "easy", boards=30, seed=11, executor=pool)
    default = run_match("medium", "easy", boards=30, seed=11)
    with ProcessPoolExecutor(2) as pool:
        two = run_match("medium", "easy", boards=30, seed=11, executor=pool)
    with ThreadPoolExecutor(3) as pool:
        threads = run_match("medium", "easy", boards=30, seed=11, executor=pool)
        # An executor given is left running.
        assert pool.submit(int, "5").result() == 5
    assert serial == default == two == threads
    assert without_times(serial.to_dict()) == without_times(threads.to_dict())
    with ThreadPoolExecutor(2) as pool:
        other = run_match("medium", "easy", boards=30, seed=12, executor=pool)
    assert other != serial


def test_a_match_is_its_pairs_in_order_and_stops_at_the_boards() -> None:
    progress: list[tuple[int, int]] = []
    with ThreadPoolExecutor(2) as pool:
        result = run_match(
            "medium",
            "easy",
            boards=25,
            seed=3,
            executor=pool,
            progress=lambda done, total: progress.append((done, total)),
        )
    pairs = [play_game_pair("medium", "easy", STANDARD, 3, i) for i in range(result.pairs)]
    # The fewest pairs whose boards reach 25.
    assert sum(p.boards for p in pairs[:-1]) < 25 <= sum(p.boards for p in pairs)
    again = MatchResult.of(
        pairs, names=("medium", "easy"), rules="standard", seed=3, boards_asked=25
    )
    assert again == result
    assert result.boards == sum(p.boards for p in pairs)
    assert result.hands == sum(p.hands for p in pairs) and result.games == 2 * result.pairs
    assert result.points_per_hand.value == pytest.approx(
        sum(p.difference for p in pairs) / result.hands
    )
    assert progress[-1] == (25, 25)
    assert [done for done, _ in progress] == sorted({done for done, _ in progress})


def test_the_result_as_text_and_as_data() -> None:
    with ThreadPoolExecutor(2) as pool:
        result = run_match("medium", "easy", boards=12, seed=5, rules="pagat", executor=pool)
    text = str(result)
    assert text.startswith("Duplicate match: A medium against B easy, rules pagat, seed 5")
    for label in ("A minus B:", "points per hand", "set rate", "nil bids", "time p99"):
        assert label in text
    data = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert data["rules"] == "pagat" and data["boards_asked"] == 12
    assert set(data["points_per_hand"]) == {"value", "low", "high"}
    assert {"set_rate", "nil_bids", "nil_rate", "bags_per_hand", "time_median"} <= set(data["a"])


def test_times_are_shown_in_their_unit_and_not_compared() -> None:
    pair = play_game_pair("easy", "easy", STANDARD, 0, 0)
    slow = attrs.evolve(pair, a_times=(0.0025,) * 3, b_times=(2.5,))
    result = MatchResult.of(
        [slow], names=("x", "y"), rules="standard", seed=0, boards_asked=1, seconds=3.0
    )
    lines = str(result).splitlines()
    assert lines[-2].split() == ["time", "median", "2.5", "ms", "2.50", "s"]
    assert result == MatchResult.of(
        [pair], names=("x", "y"), rules="standard", seed=0, boards_asked=1
    )
    assert result.a.decisions == 3 and result.to_dict()["seconds"] == 3.0


class Uncopyable(BidsOne):
    """A player holding something that cannot be copied (a lock)."""

    def __init__(self) -> None:
        super().__init__()
        self.lock = threading.Lock()


def test_a_player_that_cannot_be_copied_plays_as_it_is() -> None:
    first, _ = duplicate_games(Uncopyable(), "medium", seed=1)
    assert all(hand.bids[0].tricks == 1 for hand in first.history)


def lowest(view: SeatView, rng: random.Random, /) -> Action:
    """A player written as a function: the first legal action (bids 1, plays its lowest card)."""
    return view.legal_actions[0]


class Plain:
    """A player with Python's default repr."""

    def __call__(self, view: SeatView, rng: random.Random, /) -> Action:
        return MediumPlayer()(view, rng)


def test_a_game_that_never_ends_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two teams that bid 1 and play their lowest card sink for ever under rules with no floor.
    monkeypatch.setattr(arena.games, "MAX_HANDS", 30)
    with ThreadPoolExecutor(1) as pool, pytest.raises(SpadesError) as caught:
        run_match(lowest, lowest, boards=5, executor=pool)
    assert caught.value.reason == "endless_game"
    assert caught.value.message == (
        "Game pair 0, table 1: The game has not ended after 30 hands; with these players and "
        "rules (no losing score, no cap on hands) it may never end."
    )


def test_players_are_named_without_memory_addresses() -> None:
    assert player_name(lowest) == "lowest"
    assert player_name(Plain()) == "Plain"
    assert player_name(BidsOne()) == "BidsOne()"
    with ThreadPoolExecutor(2) as pool:
        result = run_match(Plain(), lowest, boards=3, executor=pool)
        again = run_match(Plain(), lowest, boards=3, executor=pool)
    assert (result.a.name, result.b.name) == ("Plain", "lowest")
    assert result == again


def test_one_pair_has_no_interval() -> None:
    with ThreadPoolExecutor(1) as pool:
        result = run_match("easy", "easy", boards=1, seed=0, executor=pool)
    assert result.pairs == 1 and result.boards >= 1
    assert (result.points_per_hand.low, result.points_per_hand.high) == (None, None)
    assert "(95% interval ? to ?)" in str(result)
    assert result.to_dict()["points_per_hand"]["low"] is None


def test_players_given_as_objects_run_in_other_processes() -> None:
    with ProcessPoolExecutor(2) as pool:
        objects = run_match(MediumPlayer(), EasyPlayer(), boards=15, seed=2, executor=pool)
    with ThreadPoolExecutor(2) as pool:
        levels = run_match("medium", "easy", boards=15, seed=2, executor=pool)
    assert (objects.a.name, objects.b.name) == ("MediumPlayer()", "EasyPlayer()")
    left, right = without_times(objects.to_dict()), without_times(levels.to_dict())
    for data in (left, right):
        del data["a"]["name"], data["b"]["name"]
    assert left == right


@pytest.mark.parametrize(
    ("kwargs", "reason", "message"),
    [
        ({"a": "wizard"}, "bad_level", "A computer level is easy, medium, hard or expert, not"),
        ({"b": 42}, "bad_player", "Player B is a computer player"),
        ({"boards": 0}, "bad_boards", "A match plays at least 1 board, not 0."),
        ({"boards": 2.5}, "bad_boards", "The number of boards is a whole number, not 2.5."),
        ({"boards": True}, "bad_boards", "The number of boards is a whole number, not True."),
        ({"rules": "bridge"}, "unknown_preset", "'bridge' is not a preset"),
    ],
)
def test_bad_arguments_are_refused_before_any_game(
    kwargs: dict[str, Any], reason: str, message: str
) -> None:
    arguments: dict[str, Any] = {"a": "medium", "b": "easy", "boards": 5, **kwargs}
    with ThreadPoolExecutor(1) as pool, pytest.raises(SpadesError) as caught:
        run_match(arguments.pop("a"), arguments.pop("b"), executor=pool, **arguments)
    assert message in caught.value.message
    assert caught.value.reason == reason


class CountingExecutor(ThreadPoolExecutor):
    """A thread pool that counts the work submitted to it."""

    def __init__(self) -> None:
        super().__init__(1)
        self.submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


HUGE = 10**5000  # more digits than Python turns into text (4,300)


@pytest.mark.parametrize(
    ("seed", "sentence"),
    [
        (HUGE, "A match's seed must be at most 2**53 - 1, not a whole number of 5001 digits."),
        (-HUGE, "A match's seed must be at least -(2**53 - 1), not a negative whole number of "),
        (2**53, "A match's seed must be at most 2**53 - 1, not 9007199254740992."),
        (float("nan"), "A match's seed is a whole number or text, not nan."),
        (float("inf"), "A match's seed is a whole number or text, not inf."),
        (1.5, "A match's seed is a whole number or text, not 1.5."),
        (True, "A match's seed is a whole number or text, not True."),
        (None, "A match's seed is a whole number or text, not None."),
    ],
    ids=["huge", "-huge", "2**53", "nan", "inf", "1.5", "True", "None"],
)
def test_a_seed_that_is_not_a_table_seed_is_refused_before_any_game(
    seed: Any, sentence: str
) -> None:
    with CountingExecutor() as pool, pytest.raises(SpadesError) as caught:
        run_match("medium", "easy", boards=1, seed=seed, executor=pool)
    assert type(caught.value) is SpadesError and caught.value.reason == "bad_seed"
    assert caught.value.message.startswith(sentence) and caught.value.message.endswith(".")
    assert pool.submitted == 0
    with pytest.raises(SpadesError) as again:
        duplicate_games("medium", "easy", seed=seed)
    assert again.value.reason == "bad_seed" and again.value.message == caught.value.message


def test_the_largest_seeds_and_text_seeds_still_play() -> None:
    with ThreadPoolExecutor(1) as pool:
        for seed in (2**53 - 1, -(2**53 - 1), "a seed"):
            result = run_match("easy", "easy", boards=1, seed=seed, executor=pool)
            assert result.seed == seed and result.boards >= 1


@pytest.mark.parametrize(
    "executor",
    [5, "threads", ThreadPoolExecutor, object()],
    ids=["number", "text", "a class", "object"],
)
def test_an_executor_that_is_not_one_is_refused(executor: Any) -> None:
    with pytest.raises(SpadesError) as caught:
        run_match("medium", "easy", boards=1, executor=executor)
    error = caught.value
    assert type(error) is SpadesError and error.reason == "bad_executor"
    assert error.message.startswith(
        "A match's executor is a concurrent.futures.Executor, or None for a process pool using "
        "every core, not "
    )
    assert error.message.endswith(".") and "\n" not in error.message


# -- a Dask cluster --------------------------------------------------------------------------------


DASK_MATCH = textwrap.dedent(
    """
    import json
    from distributed import Client, LocalCluster
    from spades.arena import run_match

    if __name__ == "__main__":
        with LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, Client(cluster) as client:
            result = run_match("medium", "easy", boards=30, seed=11, executor=client.get_executor())
        print(json.dumps(result.to_dict()))
    """
)


def test_a_match_on_a_local_dask_cluster_gives_the_same_result(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    # In a process of its own: the cluster's threads stay out of this one, which forks workers.
    script = tmp_path / "dask_match.py"
    script.write_text(DASK_MATCH)
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    on_dask = json.loads(done.stdout.strip().splitlines()[-1])
    with ThreadPoolExecutor(2) as pool:
        here = run_match("medium", "easy", boards=30, seed=11, executor=pool)
    assert without_times(on_dask) == without_times(here.to_dict())


def _deals_by_hand(game: GameState) -> dict[int, list[Deal]]:
    """Every deal of a game, by hand number, in the order dealt (more than one after a redeal)."""
    states = []
    state = game
    while state.previous is not None:
        states.append(state)
        state = state.previous
    found: dict[int, list[Deal]] = {}
    for state in reversed(states):
        if isinstance(state.last_action, Deal):
            found.setdefault(state.hand_number, []).append(state.last_action)
    return found


def test_a_hand_thrown_in_at_one_table_does_not_shift_the_deals_after_it() -> None:
    """Under the redeal rule, game pair 2 of seed 0 has hand 6 dealt twice at one table and three
    times at the other: every hand still starts on the same board at both tables (the board of
    board_deals), each redeal of a hand is the same at both, and the hands after it are the same
    boards again."""
    rules = RuleSet(redeal="no_spades_or_face_cards")
    one, two = duplicate_games("medium", "hard", rules=rules, seed=0, index=2)
    first, second = _deals_by_hand(one), _deals_by_hand(two)
    assert len(first[6]) != len(second[6])
    boards = list(islice(board_deals(0, 2), max(max(first), max(second))))
    for deals in (first, second):
        for hand, dealt in deals.items():
            assert dealt[0] == boards[hand - 1] == board_deal(0, 2, hand, 0)
            assert dealt[1:] == [board_deal(0, 2, hand, k) for k in range(1, len(dealt))]
    assert verify(to_record(one)).ok and verify(to_record(two)).ok


def test_the_95_percent_quantile_is_the_normal_distributions() -> None:
    assert statistics.NormalDist().inv_cdf(0.975) == arena.Z95


# -- every table: four partners, four alone, three and two ----------------------------------------
#
# games.py: under partnership rules a side's two seats are a team; when every player plays alone
# they are players who each score alone; at a table of three the side at North and South has two
# players at table 1 and the other side one (East), and table 2 swaps them; at a table of two each
# side is one player, North or East. So a side at a table scores the points of the seats in play
# among its team's seats: seated(table, Team.NS) at table 1, seated(table, Team.EW) at table 2.

#: A game at each table short enough for a test.
SHORT = {
    "partners": RuleSet(max_hands=5),
    "alone": RuleSet(partnerships=False, max_hands=5),
    "three": find_ruleset("cutthroat3").evolve(max_hands=4),
    "two": find_ruleset("two_player").evolve(max_hands=4),
}
#: What a match's text says of how its sides sit, when every player plays alone.
SIDES_SIT = {
    "alone": "Every player plays alone: each side is two players",
    "three": "Three players, each alone: each side is two players at one table",
    "two": "Two players",
}
#: The tables where every player plays alone.
ALONE_TABLES = [TABLE["alone"], TABLE["three"], TABLE["two"]]


def seated(table: TableKind, team: Team) -> tuple[Seat, ...]:
    """The seats in play among ``team``'s: where a side of a match sits at ``table``."""
    return tuple(seat for seat in team.seats if seat in table.seats)


class Bids:
    """Medium, but always bids ``tricks``: its seats can be told from the bids."""

    def __init__(self, tricks: int) -> None:
        self.tricks = tricks
        self.medium = MediumPlayer()

    def __call__(self, seat_view: SeatView, rng: random.Random, /) -> Action:
        if seat_view.phase is Phase.BIDDING:
            for action in seat_view.legal_actions:
                if isinstance(action, Bid) and action.tricks == self.tricks and not action.blind:
                    return action
        return self.medium(seat_view, rng)

    def __repr__(self) -> str:
        return f"Bids({self.tricks})"


@pytest.mark.parametrize(
    "table_kind", [TABLE["partners"], TABLE["alone"], TABLE["three"]], ids=str, indirect=True
)
def test_a_match_seats_each_side_on_the_same_deals_and_swaps_them(table_kind: TableKind) -> None:
    """Table 1 seats A (bids 1) at its team's seats, NS, and B (bids 2) at EW's; table 2 swaps
    them; both play the board's deals in the same order. (Two players draw their hands: the
    draw's test is test_both_tables_draw_the_same_stock_with_the_seats_swapped.)"""
    rules = SHORT[table_kind.id]
    first, second = duplicate_games(Bids(1), Bids(2), rules=rules, seed=4, index=1)
    assert first.is_over and second.is_over
    # The same deals at both tables, in the same order.
    expected = list(islice(board_deals(4, 1, rules), rules.max_hands))
    assert [hand.deal for hand in first.history] == expected[: len(first.history)]
    assert [hand.deal for hand in second.history] == expected[: len(second.history)]
    assert all(len(deal.hands) == table_kind.players for deal in expected)
    a_seats = seated(table_kind, Team.NS)
    at_table_1 = [1 if seat in a_seats else 2 for seat in table_kind.seats]
    for hand in first.history:
        assert [None if bid is None else bid.tricks for bid in hand.bids] == at_table_1
    for hand in second.history:
        assert [None if bid is None else 3 - bid.tricks for bid in hand.bids] == at_table_1
    assert len(first.scores) == len(second.scores) == len(table_kind.sides)


@pytest.mark.parametrize("table_kind", ALONE_TABLES, ids=str, indirect=True)
def test_a_pair_alone_adds_up_each_sides_players(table_kind: TableKind) -> None:
    rules = SHORT[table_kind.id]
    pair = play_game_pair("hard", "easy", rules, 2, 0)
    first, second = duplicate_games("hard", "easy", rules=rules, seed=2, index=0)
    a_first, a_second = seated(table_kind, Team.NS), seated(table_kind, Team.EW)

    def points(game: GameState, seats: tuple[Seat, ...]) -> int:
        return sum(hand.score[seat].points for hand in game.history for seat in seats)

    a_points = points(first, a_first) + points(second, a_second)
    b_points = points(first, a_second) + points(second, a_first)
    assert (pair.a.points, pair.b.points) == (a_points, b_points)
    assert pair.difference == a_points - b_points
    # A contract is one player's bid other than nil, counted once per player and hand.
    contracts = sum(
        hand.score[seat].contract > 0 for hand in first.history for seat in a_first
    ) + sum(hand.score[seat].contract > 0 for hand in second.history for seat in a_second)
    assert pair.a.contracts == contracts
    assert pair.a.hands == pair.b.hands == pair.hands == len(first.history) + len(second.history)
    # A game is won by one player, and counts for the side seated there.
    wins = 0
    for game, seats in ((first, a_first), (second, a_second)):
        assert game.result is not None
        winner = game.result.winner
        assert winner is None or isinstance(winner, Seat)
        wins += winner in seats
    assert pair.a.wins == wins
    assert pair.a.wins + pair.b.wins + pair.a.shared == 2
    assert not pair.partnerships and pair.players == table_kind.players


def test_a_match_says_how_its_sides_sit(table_kind: TableKind) -> None:
    rules = SHORT[table_kind.id]
    with ThreadPoolExecutor(1) as pool:
        result = run_match("medium", "easy", boards=12, seed=3, rules=rules, executor=pool)
    assert result.players == table_kind.players
    assert result.to_dict()["players"] == table_kind.players
    assert result.partnerships is result.to_dict()["partnerships"] is table_kind.partnerships
    if table_kind.partnerships:
        assert "plays alone" not in str(result)
    else:
        assert SIDES_SIT[table_kind.id] in str(result)
    pairs = [play_game_pair("medium", "easy", rules, 3, i) for i in range(result.pairs)]
    again = MatchResult.of(
        pairs, names=("medium", "easy"), rules=repr(rules), seed=3, boards_asked=12
    )
    assert again == result


#: Each table alone with the boards a match of Hard against Easy needs there to tell them apart.
HARD_AND_EASY = {
    "alone": (RuleSet(partnerships=False), 60),
    "three": (find_ruleset("cutthroat3"), 120),
    "two": (find_ruleset("two_player"), 40),
}


@pytest.mark.parametrize("table_kind", ALONE_TABLES, ids=str, indirect=True)
def test_hard_beats_easy_alone(table_kind: TableKind) -> None:
    # Duplicate games of Hard's players against Easy's, every player alone: Hard scores more per
    # hand, beyond the 95% interval, and more points in all.
    rules, boards = HARD_AND_EASY[table_kind.id]
    with ThreadPoolExecutor(1) as pool:
        result = run_match("hard", "easy", boards=boards, seed=1, rules=rules, executor=pool)
    assert result.points_per_hand.low is not None and result.points_per_hand.low > 0
    assert result.a.counts.points > result.b.counts.points
    assert result.a.counts.hands == result.b.counts.hands == result.hands
    assert result.players == result.to_dict()["players"] == table_kind.players
    assert not result.partnerships and SIDES_SIT[table_kind.id] in str(result)
    if table_kind.id == "three":
        # Over 120 boards at a table of three Hard also wins more games.
        assert result.a.counts.wins > result.b.counts.wins


# -- two players: the draw ------------------------------------------------------------------------


def _draws(state: GameState, hand: int) -> list[str]:
    """The cards drawn in hand ``hand`` of ``state``'s game, in order."""
    actions = []
    while state.previous is not None:
        last = state.last_action
        state = state.previous
        if isinstance(last, Draw) and state.hand_number + (state.phase is Phase.HAND_OVER) == hand:
            actions.append(str(last.card))
    return actions[::-1]


def test_both_tables_draw_the_same_stock_with_the_seats_swapped() -> None:
    first, second = duplicate_games("hard", "easy", rules="two_player", seed=3, index=1)
    order = [str(card) for card in board_stock(3, 1, 1, first.rules)]
    assert _draws(first, 1) == order == _draws(second, 1)
    assert _draws(first, 2) == _draws(second, 2) != order
