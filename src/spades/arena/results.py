"""What a match reports: each side's figures and the match as a whole, as text and as data."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs

from .games import PairResult, SideCounts
from .stats import Estimate, percentile, ratio_interval, wilson_interval

__all__ = ["MatchResult", "SideStats"]


def _rate(part: int, whole: int) -> float | None:
    """``part / whole``, or None when there is no whole to take a part of."""
    return part / whole if whole else None


@attrs.frozen(kw_only=True)
class SideStats:
    """One side's figures over a match."""

    #: The side's name: a level (``'hard'``) or :func:`~spades.arena.player_name` of the player.
    name: str
    #: Everything the side did, counted over the whole match.
    counts: SideCounts
    #: Fraction of the side's contracts that were set (None: no contract); a contract is a
    #: team's, or when every player plays alone one player's.
    set_rate: float | None
    #: Fraction of its nil and blind nil bids that were made (None: no nil bid).
    nil_rate: float | None
    #: Bags taken per hand.
    bags_per_hand: float | None
    #: Decisions timed (bids, cards, exchanges; not compared).
    decisions: int = attrs.field(eq=False)
    #: The median time of a decision, in seconds (not compared).
    time_median: float = attrs.field(eq=False)
    #: The 99th percentile of the time of a decision, in seconds (not compared).
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
            time_median=percentile(ordered, 0.5),
            time_p99=percentile(ordered, 0.99),
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
    :meth:`~spades.arena.MatchResult.to_dict` for JSON.

    Two results compare equal when they agree on everything but the time taken (the decision
    times and :attr:`seconds`), as two runs with the same seed do whatever the executor.
    """

    #: Player A's figures.
    a: SideStats
    #: Player B's figures.
    b: SideStats
    #: The rules' preset name, or the RuleSet's repr when no preset has exactly these rules.
    rules: str
    #: The match's seed: with the players, the rules and ``boards`` it fixes the result.
    seed: int | str
    #: Boards asked for.
    boards_asked: int
    #: Boards played: deals at table 1 (the last game is played to its end, so it can be a few
    #: more than asked).
    boards: int
    #: Hands played at both tables.
    hands: int
    #: Games played: two per game pair.
    games: int
    #: Game pairs played.
    pairs: int
    #: A's points per hand minus B's, with its 95% interval (game pairs as clusters).
    points_per_hand: Estimate
    #: A's game win rate (a shared game counts half) with its Wilson 95% interval.
    win_rate: Estimate
    #: Whether the sides played as partnerships; False when every player played alone
    #: (:attr:`~spades.rules.RuleSet.partnerships`), each side being the players in its seats,
    #: whose figures are added together.
    partnerships: bool = True
    #: The seats in play at each table (:attr:`~spades.rules.RuleSet.players`): 4, 3 (North,
    #: East and South; a side then plays two seats at one table and one at the other), or 2
    #: (North and East; a side plays one seat at each table).
    players: int = 4
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
            partnerships=all(pair.partnerships for pair in pairs),
            players=next((pair.players for pair in pairs), 4),
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
            "partnerships": self.partnerships,
            "players": self.players,
            "seconds": self.seconds,
        }

    def __str__(self) -> str:
        a, b = self.a, self.b
        ppH, win = self.points_per_hand, self.win_rate
        lines = [
            f"Duplicate match: A {a.name} against B {b.name}, rules {self.rules}, seed {self.seed}",
            f"{self.boards:,} boards, {self.hands:,} hands, {self.games:,} games "
            f"({self.pairs:,} game pairs) in {self.seconds:.1f} s",
        ]
        if self.players == 2:
            lines.append(
                "Two players, each alone: each side is North at one table and East at the other,\n"
                "its figures added together; the hands are drawn from the same stock at both."
            )
        elif self.players == 3:
            lines.append(
                "Three players, each alone: each side is two players at one table (North and\n"
                "South) and one at the other (East), their figures added together."
            )
        elif not self.partnerships:
            lines.append(
                "Every player plays alone: each side is two players (North and South at one\n"
                "table, East and West at the other), their figures added together."
            )
        lines += [
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
