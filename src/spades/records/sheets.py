"""Text for people: the score sheet and the verification report.

Everything here is rendering. The numbers come from :func:`~spades.records.verify` (which
scores through the engine), and each team's sentence is
:meth:`TeamHandScore.explain() <spades.score.TeamHandScore.explain>`, so the sheet, the
explanations and the checks can never disagree. (The rule sets as text, side by side, are
:mod:`spades.rules.text`'s.)
"""

from __future__ import annotations

from .._kernel.bidding import unbid_hand
from .._kernel.table import Table, table_of
from .._text import quote
from ..actions import Bid
from ..rules import RuleSet, ScoreDisplay, find_preset, value_text
from ..score import TeamHandScore
from ..standing import display_score
from ..state import GameState
from .format import GameRecord
from .recording import to_record
from .report import HandReport, Report, check_report, verdict
from .verifier import verify

__all__ = [
    "explain_hand",
    "render_report",
    "rules_line",
    "score_sheet",
]


def _as_report(source: Report | GameRecord | GameState) -> Report:
    if isinstance(source, Report):
        return source
    if isinstance(source, GameState):
        source = to_record(source)
    if not isinstance(source, GameRecord):
        raise TypeError(
            f"score_sheet() shows a Report, a GameRecord or a GameState, not {quote(source)}."
        )
    return verify(source)


def _bid(bid: Bid | None) -> str:
    if bid is None:
        return "?"
    if bid.blind:
        return f"b{bid.tricks}" if bid.tricks else "bn"
    return "nil" if bid.tricks == 0 else str(bid.tricks)


_HEAD = f"{'bid':<8}{'took':<7}{'points':>6}{'total':>7}{'bags':>5}"
#: Under a ones-digit ``score_display``: no bags column, the total as written in its place.
_ONES_HEAD = f"{'bid':<8}{'took':<7}{'points':>6}{'total':>12}"


def _total_cells(rules: RuleSet, score: int, bags: int) -> str:
    """The running total and the bags, 12 characters: two columns under ``separate_bags``; under
    a ones-digit ``score_display``, one, the total as written (``display_score``)."""
    if rules.score_display is ScoreDisplay.SEPARATE_BAGS:
        return f"{score:>7}{bags:>5}"
    return f" {display_score(rules, score, bags):>11}"


def _total_text(rules: RuleSet, score: int, bags: int) -> str:
    """A running total in a sentence: the number under ``separate_bags`` (the sheet above shows
    the bags), the total as written under a ones-digit ``score_display``."""
    if rules.score_display is ScoreDisplay.SEPARATE_BAGS:
        return str(score)
    return display_score(rules, score, bags)


def _side_cells(hand: HandReport, index: int, table: Table, unbid: bool = False) -> str:
    """The cells of a hand's row for the table's side ``index``: a team's, its partners' bids and
    tricks in seat order (``4+nil``), or a player's alone; ``unbid`` for a hand played without
    bids (``first_hand_trick_points``), whose bid cell says so."""
    rules = table.rules
    side = rules.sides[index]
    seats = table.side_seats[index]
    bids = "no bids" if unbid else "+".join(_bid(hand.bids[seat]) for seat in seats)
    took = "-" if hand.tricks is None else "+".join(str(hand.tricks[seat]) for seat in seats)
    if hand.score is None:
        note = "(in progress)" if not hand.finished else "(not scored)"
        return f"{bids:<8}{took:<7}{note:>18}"
    score: TeamHandScore = hand.score[side]
    totals = _total_cells(rules, score.score_after, score.bags_after)
    return f"{bids:<8}{took:<7}{score.points:>+6}{totals}"


def score_sheet(source: Report | GameRecord | GameState, *, stacked: bool = False) -> str:
    """The game as a score sheet: one row per hand, then the result and why.

    Each row shows, for NS and EW, the partners' bids and tricks (in seat order: N+S, E+W), the
    hand's points, the running total and the bags after the hand; a hand played without bids
    (``first_hand_trick_points``) shows ``no bids``. When every player plays alone
    (``partnerships`` false) each hand has one line per player instead, N, E, S and W (N, E and S
    at a table of three, ``players`` 3), each with the player's own bid, tricks, points, total and
    bags. ``!`` marks a hand with a problem. Each
    renege the rules penalise (``renege_penalty``) has its own line below its hand's row: who,
    in which trick, and what it cost. Under a ones-digit ``score_display``
    (:class:`~spades.rules.ScoreDisplay`) there is no bags column: the total is written as the
    rules say, its ones digit the bags (``spades.standing.display_score``), and so is the
    score on the last line. The points column is the engine's, so under ``ones_digit_signed``
    a negative total is not the sum of the column: -53, then +72, is 25. ``source`` is a
    :class:`~spades.records.Report`, a record (verified first) or a game state (recorded, then
    verified).
    """
    report = _as_report(source)
    rules = report.record.rules
    table = table_of(rules)
    head = _HEAD if rules.score_display is ScoreDisplay.SEPARATE_BAGS else _ONES_HEAD
    if stacked or not rules.partnerships:
        return _solo_sheet(report, head)
    lines = [f"{'hand':>4} {'dealer':<6}   NS {head}   EW {head}"]
    start = report.record.start
    if any(start.scores) or any(start.bags) or start.hand_number != 1:
        cells = [
            f"{'':<21}{_total_cells(rules, start.scores[team], start.bags[team])}"
            for team in range(table.side_count)
        ]
        lines.append(f"{'start':>4} {'':<6}      {cells[0]}      {cells[1]}")
    for hand in report.hands:
        mark = " !" if hand.problems else ""
        if hand.thrown_in:
            lines.append(f"{hand.number:>4} {hand.dealer!s:<6}      {hand.thrown_in_text}{mark}")
            continue
        unbid = unbid_hand(table, hand.number)
        ns, ew = (_side_cells(hand, index, table, unbid) for index in range(table.side_count))
        row = f"{hand.number:>4} {hand.dealer!s:<6}      {ns}      {ew}"
        lines.append(row.rstrip() + mark)
        lines += _renege_lines(hand, rules, report)
    lines.append(_ending(report))
    return "\n".join(lines)


def _solo_sheet(report: Report, head: str) -> str:
    """:func:`score_sheet` when every player plays alone, or ``stacked``: a line per side in
    each hand, one for each of the rules' sides (four players, or three; or the two teams)."""
    rules = report.record.rules
    table = table_of(rules)
    blank = f"{'':>4} {'':<6}"
    lines = [f"{'hand':>4} {'dealer':<6}   {'':<2} {head}"]
    start = report.record.start
    if any(start.scores) or any(start.bags) or start.hand_number != 1:
        for index, side in enumerate(rules.sides):
            totals = _total_cells(rules, start.scores[index], start.bags[index])
            lead = f"{'start':<11}" if index == 0 else blank
            lines.append(f"{lead}   {side!s:<2} {'':<21}{totals}")
    for hand in report.hands:
        mark = " !" if hand.problems else ""
        lead = f"{hand.number:>4} {hand.dealer!s:<6}"
        if hand.thrown_in:
            lines.append(f"{lead}      {hand.thrown_in_text}{mark}")
            continue
        unbid = unbid_hand(table, hand.number)
        for index, side in enumerate(rules.sides):
            row = f"{lead if index == 0 else blank}   {side!s:<2} "
            row += _side_cells(hand, index, table, unbid)
            lines.append(row.rstrip() + (mark if index == 0 else ""))
        lines += _renege_lines(hand, rules, report)
    lines.append(_ending(report))
    return "\n".join(lines)


def _renege_lines(hand: HandReport, rules: RuleSet, report: Report) -> list[str]:
    """The lines below a hand's row: each renege the rules penalise, each told with the counts,
    and, for a hand the rules could not score, the standing later hands are checked from."""
    lines = [f"{'':>4} {'':<6}      {renege.sentence(rules)}" for renege in hand.reneges]
    lines += [f"{'':>4} {'':<6}      {text}" for text in hand.told_renege_texts(rules)]
    for resumed in report.resumed:
        if resumed.hand == hand.number and resumed.standing is not None:
            totals = ", ".join(
                f"{side} {_total_text(rules, score, bags)}"
                for side, score, bags in zip(
                    rules.sides, resumed.standing.scores, resumed.standing.bags
                )
            )
            lines.append(
                f"{'':>4} {'':<6}      as written: {totals}; later hands are checked from it"
            )
    return lines


def _ending(report: Report) -> str:
    """The sheet's last line: the result, or where the game stands; and, when the standing is
    not the rules' own from the start, which hand's written scores it depends on."""
    resumed = [item.hand for item in report.resumed if item.standing is not None]
    line = _standing_line(report)
    if resumed and report.hands and report.hands[-1].standing_from is not None:
        line += (
            f" Counted from the scores written after hand {resumed[-1]}, which the rules could "
            "not score."
        )
    return line


def _standing_line(report: Report) -> str:
    if report.result is not None:
        return str(report.result)
    standing = report.standing
    rules = report.record.rules
    score = ", ".join(
        f"{side} {_total_text(rules, standing.scores[index], standing.bags[index])}"
        for index, side in enumerate(rules.sides)
    )
    if report.in_progress:
        return f"Hand {report.hands[-1].number} is in progress; the score is {score}."
    if not report.hands:
        return f"No hands recorded; the score is {score}."
    return f"The game is not over: {score} after hand {report.hands[-1].number}."


def explain_hand(hand: HandReport) -> str:
    """A hand in words: each renege the rules penalise (who, in which trick, which card), then
    each team's bid, tricks and every item of its score."""
    if not isinstance(hand, HandReport):
        raise TypeError(f"explain_hand() takes a HandReport from verify(), not {quote(hand)}.")
    head = f"Hand {hand.number} (dealer {hand.dealer}):"
    if hand.thrown_in:
        return f"{head} thrown in, not scored: {hand.thrown_in_text}."
    if hand.score is None:
        why = "in progress" if not hand.finished else "not scored"
        return f"{head} {why}."
    reneges = [f"  {renege.text[0].upper()}{renege.text[1:]}." for renege in hand.reneges]
    reneges += [f"  {text}." for text in hand.told_renege_texts()]
    return "\n".join([head, *reneges, *("  " + team.explain() for team in hand.score.teams)])


def rules_line(record: GameRecord) -> str:
    """``Rules: standard, with losing_score=-200``: the preset and what the record changes."""
    if not isinstance(record, GameRecord):
        raise TypeError(f"rules_line() takes a GameRecord, not {quote(record)}.")
    base = find_preset(record.preset).rules
    changes = base.diff(record.rules)
    if not changes:
        return f"Rules: {record.preset}"
    options = ", ".join(f"{name}={value_text(theirs)}" for name, (_, theirs) in changes.items())
    return f"Rules: {record.preset}, with {options}"


def render_report(report: Report, *, explain: bool = False) -> str:
    """The whole verification: rules, score sheet, every problem, and the verdict.

    With ``explain``, each hand's itemised explanation follows the sheet.
    """
    check_report(report, "render_report")
    parts = [rules_line(report.record), "", score_sheet(report)]
    if explain and report.hands:
        parts += ["", "\n".join(explain_hand(hand) for hand in report.hands)]
    if report.problems:
        parts += ["", "\n".join(str(problem) for problem in report.problems)]
    if report.resumed:
        parts += ["", "\n".join(item.text(report.record.rules) for item in report.resumed)]
    parts += ["", verdict(report)]
    return "\n".join(parts)
