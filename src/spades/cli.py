"""The ``spades`` command.

``spades demo`` plays a whole game between four computer players at the levels given and prints
the score sheet; ``--save`` writes the game as a record. ``spades arena`` plays a duplicate match
between two levels (:mod:`spades.arena`). ``spades score FILE`` verifies a game record and
prints its score sheet; ``spades score --bids ... --tricks ...`` scores one hand with its
explanation. ``spades rules`` lists the presets, shows one, or shows where two differ.

Every subcommand exits 0 on success, 1 when it found a problem in what it was asked to check, and 2
for unusable input, with one line saying what was wrong and where, never a traceback. A match that
``spades arena`` was playing when Ctrl-C stopped it exits 130.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import IO, Any, NoReturn

from ._text import quote
from ._version import __version__
from .actions import Bid, bid_range_problem, counts_problem, trick_counts
from .arena import run_match
from .bots import Level
from .engine import new_game
from .errors import NotationError, RecordError, RuleSetError, SpadesError, StandingError
from .presets import PRESETS, Preset, find_preset
from .records import (
    GameRecord,
    HandRecord,
    Report,
    dump,
    loads,
    presets_text,
    render_report,
    rules_diff_text,
    rules_line,
    rules_text,
    score_sheet,
    to_record,
    verdict,
    verify,
)
from .rules import OPTION_NAMES, RuleSet
from .seats import SEATS, TEAMS, Seat
from .standing import Standing, team_pair
from .table import Table

__all__ = ["build_parser", "main"]


class _InputError(SpadesError):
    """Unusable input named by the place it was found (a file, an option)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message, reason="bad_input")
        self.where = where
        self.detail = message


class _UsageError(Exception):
    """A command line the parser cannot read."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2, and that reads ``-50/3`` (a
    negative score with its bags), ``-50/3,20`` and ``-1`` as values, not as options."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(r"^-\d[\d/,-]*$|^-\d*\.\d+$")

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            shown = " ".join(_token(extra) for extra in extras[:_TOKENS_SHOWN])
            more = len(extras) - _TOKENS_SHOWN
            self.error(f"unrecognized arguments: {shown}{f' and {more} more' if more > 0 else ''}")
        return parsed

    def error(self, message: str) -> NoReturn:
        raise _UsageError(_usage_sentence(message))


#: How many unrecognized arguments a usage error shows, and how long a message may be.
_TOKENS_SHOWN = 4
_USAGE_LENGTH = 200


def _token(text: str) -> str:
    """A command-line word as a message shows it: short, with control characters escaped."""
    shown = text if len(text) <= 40 else text[:40] + "..."
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in shown) or "''"


def _usage_sentence(message: str) -> str:
    """argparse's message as one short line: control characters escaped, long words and long
    messages cut, and a full stop."""
    words = [_token(word) for word in message.split()]
    text = " ".join(words)
    if len(text) > _USAGE_LENGTH:
        text = text[:_USAGE_LENGTH].rstrip() + "..."
    return text if text.endswith(".") else text + "."


def _rules_from(args: argparse.Namespace) -> tuple[str, RuleSet]:
    try:
        preset = find_preset(args.rules)
    except RuleSetError as error:
        raise _InputError("--rules", error.message) from None
    changes = {}
    for item in args.set or ():
        name, sep, value = item.partition("=")
        if not sep:
            raise _InputError("--set", f"write option=value, not {quote(item)}.")
        try:
            key, parsed = RuleSet.parse_option(name.strip(), value)
        except RuleSetError as error:
            raise _InputError("--set", error.message) from None
        changes[key] = parsed
    try:
        rules = preset.rules.evolve(**changes) if changes else preset.rules
    except RuleSetError as error:
        raise _InputError("--set", error.message) from None
    return preset.name, rules


# -- demo ------------------------------------------------------------------------------------------


def _level(option: str, text: str) -> Level:
    """A computer level named on the command line, refused with :class:`Level`'s sentence."""
    try:
        return Level(text)
    except SpadesError as error:
        raise _InputError(option, error.message) from None


def _demo_levels(values: Sequence[str] | None) -> list[Level]:
    """``--players``: one level for all four seats, or four in seat order N E S W (or by seat,
    ``N=hard E=easy ...``)."""
    if not values:
        return [Level.HARD] * 4
    tokens = _split(values)
    if len(tokens) == 1 and "=" not in tokens[0]:
        return [_level("--players", tokens[0])] * 4
    if len(tokens) != 4 and not all("=" in token for token in tokens):
        raise _InputError(
            "--players",
            f"give one level for every seat, or four in seat order N E S W (or N=.. E=.. S=.. "
            f"W=..), not {len(tokens)}.",
        )
    return [_level("--players", token) for token in _by_seat("--players", values)]


def _open_for_writing(path: str) -> IO[str]:
    """``path`` opened to write a record, or one line saying why it cannot be."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as error:
        raise _InputError(
            _shown(path), f"cannot write the file: {error.strerror or error}."
        ) from None
    except ValueError:  # a name with a NUL character, which no file can have
        raise _InputError(
            _shown(path), "cannot write the file: no file can have this name."
        ) from None


def _cmd_demo(args: argparse.Namespace) -> int:
    preset, rules = _rules_from(args)
    levels = _demo_levels(args.players)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    # Opened first, so a file that cannot be written is said before the game, not after it.
    file = None if args.save is None else _open_for_writing(args.save)
    try:
        state = Table(levels, rules=rules, seed=seed).play()
        if file is not None:
            dump(to_record(state, preset=preset), file, indent=2)
            file.write("\n")
    finally:
        if file is not None:
            file.close()
    players = ", ".join(f"{seat} {level}" for seat, level in zip(SEATS, levels))
    print(f"spades {__version__} demo: rules {args.rules} {rules!r}, seed {seed}")
    print(f"Players: {players}.")
    print(score_sheet(state))
    if args.save is not None:
        print(f"Saved the game to {_shown(args.save)}.")
    return 0


# -- arena -----------------------------------------------------------------------------------------


#: The exit code of a match stopped with Ctrl-C (128 + SIGINT, as shells report it).
_INTERRUPTED = 130


def _positive(option: str, value: int, what: str) -> int:
    if value < 1:
        raise _InputError(option, f"{what} must be at least 1, not {value}.")
    return value


class _Progress:
    """Boards done, on standard error: rewritten in place on a terminal, else a line every tenth."""

    def __init__(self) -> None:
        self.terminal = sys.stderr.isatty()
        self.tenth = -1

    def __call__(self, done: int, total: int) -> None:
        if self.terminal:
            end = "\n" if done >= total else ""
            print(f"\rspades arena: {done:,} of {total:,} boards", end=end, file=sys.stderr)
        else:
            tenth = 10 * done // total
            if tenth > self.tenth:
                self.tenth = tenth
                print(f"spades arena: {done:,} of {total:,} boards", file=sys.stderr)
        sys.stderr.flush()


def _cmd_arena(args: argparse.Namespace) -> int:
    a = _level("--a", args.a)
    b = _level("--b", args.b)
    boards = _positive("--boards", args.boards, "the number of boards")
    workers = (
        None
        if args.workers is None
        else _positive("--workers", args.workers, "the number of workers")
    )
    _, rules = _rules_from(args)
    show = args.progress or sys.stderr.isatty()
    try:
        with ProcessPoolExecutor(workers or os.cpu_count() or 1) as pool:
            result = run_match(
                a,
                b,
                boards=boards,
                rules=rules,
                seed=args.seed,
                executor=pool,
                progress=_Progress() if show else None,
            )
    except KeyboardInterrupt:
        print("\nspades: the match was interrupted; no result.", file=sys.stderr)
        return _INTERRUPTED
    if args.json:
        print(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(result)
    return 0


# -- score -----------------------------------------------------------------------------------------


def _printable(text: str) -> str:
    """``text`` with every character a terminal would not print as itself escaped (``\\x1b``)."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def _shown(text: str) -> str:
    """A file name or word the user typed, as a message names it: control characters escaped,
    and cut if very long."""
    return _printable(text if len(text) <= 100 else text[:100] + "...")


def _read_record(path: str) -> GameRecord:
    try:
        if path == "-":
            data = getattr(sys.stdin, "buffer", sys.stdin).read()
        else:
            with open(path, "rb") as file:
                data = file.read()
    except OSError as error:
        raise _InputError(
            _shown(path), f"cannot read the file: {error.strerror or error}."
        ) from None
    except ValueError:  # a name with a NUL character, which no file has
        raise _InputError(_shown(path), "cannot read the file: no file has this name.") from None
    try:
        return loads(data)
    except RecordError as error:
        where, message = _shown(path), error.message
        if error.where and message.startswith(error.where + ": "):
            where, message = f"{where}: {error.where}", message[len(error.where) + 2 :]
        raise _InputError(where, message) from None


def _split(values: Sequence[str]) -> list[str]:
    out = []
    for value in values:
        out += [part.strip() for part in value.split(",") if part.strip()]
    return out


def _by_seat(option: str, values: Sequence[str]) -> list[str]:
    """Four values in seat order N E S W, given in that order or as ``N=4 E=nil ...``."""
    tokens = _split(values)
    if tokens and all("=" in token for token in tokens):
        found: dict[Seat, str] = {}
        for token in tokens:
            name, _, value = token.partition("=")
            try:
                seat = Seat.parse(name)
            except NotationError as error:
                raise _InputError(option, error.message) from None
            if seat in found:
                raise _InputError(option, f"{seat} is given twice.")
            found[seat] = value.strip()
        missing = [str(seat) for seat in SEATS if seat not in found]
        if missing:
            raise _InputError(option, f"no value for {', '.join(missing)}.")
        return [found[seat] for seat in SEATS]
    if len(tokens) != 4:
        raise _InputError(
            option,
            f"give four values in seat order N E S W (or N=.. E=.. S=.. W=..), not {len(tokens)}.",
        )
    return tokens


def _whole(option: str, text: str) -> int:
    """A whole number typed on the command line (ASCII digits, an optional sign)."""
    if not re.fullmatch(r"[+-]?[0-9]{1,20}", text.strip()):
        raise _InputError(option, f"{quote(text)} is not a whole number.")
    return int(text)


def _before(values: Sequence[str] | None) -> tuple[tuple[int, int], tuple[int, int]]:
    """``--before 120/3 -50/7`` or ``--before NS=120/3 EW=-50/7``: scores and bags before the
    hand, read as a :class:`~spades.state.Standing` reads them."""
    if not values:
        return (0, 0), (0, 0)
    tokens = _split(values)
    named: dict[str, str] = {}
    if all("=" in token for token in tokens):
        for token in tokens:
            name, _, value = token.partition("=")
            named[name.strip()] = value
        if len(named) != len(tokens):
            raise _InputError("--before", "give NS and EW once each.")
    elif len(tokens) != 2:
        raise _InputError(
            "--before", f"give two standings, NS then EW (like 120/3 80/7), not {len(tokens)}."
        )
    items = named.items() if named else zip(("NS", "EW"), tokens)
    scores: dict[str, object] = {}
    bags: dict[str, object] = {}
    for team, token in items:
        score, _, bag = token.partition("/")
        scores[team] = _whole("--before", score.strip())
        bags[team] = _whole("--before", bag.strip()) if bag.strip() else 0
    try:
        return team_pair(scores, "scores"), team_pair(bags, "bags", minimum=0)  # type: ignore[arg-type]
    except SpadesError as error:
        raise _InputError("--before", error.message) from None


def _one_hand(args: argparse.Namespace) -> tuple[GameRecord, Report]:
    if args.bids is None or args.tricks is None:
        raise _InputError("score", "give a record FILE, or --bids and --tricks to score one hand.")
    preset, rules = _rules_from(args)
    bids = []
    for seat, text in zip(SEATS, _by_seat("--bids", args.bids)):
        try:
            if re.fullmatch(r"-[0-9]{1,16}", text.strip()):
                # A negative number is a bid out of range, refused below with check()'s sentence.
                bid = Bid(int(text))
            else:
                bid = Bid.parse(text, zero_is_nil=rules.zero_bid_is_nil)
        except NotationError as error:
            raise _InputError("--bids", f"{seat.full_name}'s bid: {error.message}") from None
        problem = bid_range_problem(rules, seat, bid)
        if problem is not None:
            raise _InputError("--bids", problem)
        bids.append(bid)
    try:
        tricks = trick_counts(
            [_whole("--tricks", text) for text in _by_seat("--tricks", args.tricks)]
        )
    except SpadesError as error:
        raise _InputError("--tricks", error.message) from None
    problem = counts_problem(tricks)
    if problem is not None:
        raise _InputError("--tricks", problem)
    scores, bags = _before(args.before)
    hand_number = args.hand if args.hand is not None else 1
    try:
        new_game(rules, scores=scores, bags=bags, hand_number=hand_number)
    except StandingError as error:
        option = "--hand" if error.field == "hand_number" else "--before"
        raise _InputError(option, error.message) from None
    record = GameRecord(
        rules=rules,
        preset=preset,
        start=Standing(dealer=Seat.N, hand_number=hand_number, scores=scores, bags=bags),
        hands=(HandRecord(bids=bids, tricks=tricks),),
    )
    return record, verify(record)


def _bags(count: int) -> str:
    return f"{count} bag" if count == 1 else f"{count} bags"


def _one_hand_text(report: Report) -> str:
    lines = []
    for hand in report.hands:
        if hand.score is not None:
            lines += [team.explain() for team in hand.score.teams]
    standing = report.standing
    totals = ", ".join(
        f"{team} {standing.scores[team]} ({_bags(standing.bags[team])})" for team in TEAMS
    )
    lines.append(f"Totals: {totals}.")
    if report.result is not None:
        lines.append(str(report.result))
    if report.problems:
        lines += ["", *(str(problem) for problem in report.problems), "", verdict(report)]
    return "\n".join(lines)


def _cmd_score(args: argparse.Namespace) -> int:
    if args.file is not None:
        for flag, value in (
            ("--rules", args.rules),
            ("--set", args.set),
            ("--bids", args.bids),
            ("--tricks", args.tricks),
            ("--before", args.before),
            ("--hand", args.hand),
        ):
            if value is not None:
                raise _InputError(
                    flag, f"{flag} is for one hand; a record FILE names its own rules and hands."
                )
        record = _read_record(args.file)
        report = verify(record)
        unusable = report.unusable_problems
        if unusable:
            first = unusable[0]
            more = len(unusable) - 1
            extra = (
                f" (and {more} more such {'problem' if more == 1 else 'problems'})" if more else ""
            )
            raise _InputError(f"{_shown(args.file)}: {first.where}", first.message + extra)
        if args.json:
            print(json.dumps(report.to_data(), indent=2, ensure_ascii=False))
        else:
            print(render_report(report, explain=args.explain))
        return 0 if report.ok else 1
    if args.rules is None:
        args.rules = "standard"
    record, report = _one_hand(args)
    if args.json:
        print(json.dumps(report.to_data(), indent=2, ensure_ascii=False))
    else:
        print(rules_line(record))
        print(_one_hand_text(report))
    return 0 if report.ok else 1


# -- rules -----------------------------------------------------------------------------------------


def _preset_arg(name: str) -> Preset:
    try:
        return find_preset(name)
    except RuleSetError as error:
        raise _InputError(_shown(name), error.message) from None


def _preset_data(preset: Preset) -> dict[str, Any]:
    return {
        "name": preset.name,
        "title": preset.title,
        "source": preset.source,
        "aliases": list(preset.aliases),
    }


def _cmd_rules(args: argparse.Namespace) -> int:
    names = args.presets
    if len(names) > 2:
        raise _InputError("rules", f"give at most two presets to compare, not {len(names)}.")
    presets = [_preset_arg(name) for name in names]
    if not presets:
        if args.json:
            print(json.dumps([_preset_data(p) for p in PRESETS], indent=2))
        else:
            print(presets_text())
        return 0
    if len(presets) == 1:
        preset = presets[0]
        if args.json:
            values = preset.rules.to_dict()
            data = {
                **_preset_data(preset),
                "readings": list(preset.readings),
                "options": [
                    {"name": name, "value": values[name], "meaning": RuleSet.describe(name)}
                    for name in OPTION_NAMES
                ],
            }
            print(json.dumps(data, indent=2))
        else:
            print(rules_text(preset))
        return 0
    a, b = presets
    if args.json:
        left, right = a.rules.to_dict(), b.rules.to_dict()
        data = {
            "a": a.name,
            "b": b.name,
            "differences": [
                {"name": name, "a": left[name], "b": right[name], "meaning": RuleSet.describe(name)}
                for name in a.rules.diff(b.rules)
            ],
        }
        print(json.dumps(data, indent=2))
    else:
        print(rules_diff_text(a, b))
    return 0


# -- the parser ------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="spades", description="Partnership Spades: rules, scoring, games.")
    parser.add_argument("--version", action="version", version=f"spades {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    demo = sub.add_parser(
        "demo",
        help="play a whole game between four computer players",
        description=(
            "Play a whole game between four computer players and print the score sheet. "
            "--players gives their levels (easy, medium, hard, expert): one level for all four "
            "seats, or four in seat order N E S W (hard,hard,easy,easy or N=hard E=easy ...). "
            "--save writes the game as a record that 'spades score FILE' reads."
        ),
    )
    demo.add_argument(
        "--players",
        nargs="+",
        metavar="LEVEL",
        help="one level for every seat, or four in seat order N E S W (default: hard)",
    )
    demo.add_argument(
        "--rules", default="standard", metavar="PRESET", help="preset name (default: standard)"
    )
    demo.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    demo.add_argument("--seed", type=int, help="random seed, for a repeatable game")
    demo.add_argument("--save", metavar="FILE", help="write the game to FILE as a record (JSON)")
    demo.set_defaults(handler=_cmd_demo)

    arena = sub.add_parser(
        "arena",
        help="play a duplicate match between two computer levels",
        description=(
            "Play a duplicate match of level A against level B: each game is played twice with "
            "the same deals, the partnerships swapping seats, until table 1 has played BOARDS "
            "deals. Prints A's points per hand minus B's with a 95%% interval, A's game win "
            "rate, set rate, nils, bags and decision times. The result depends only on the seed, "
            "not on the number of workers."
        ),
    )
    arena.add_argument(
        "--a", required=True, metavar="LEVEL", help="player A: easy, medium, hard or expert"
    )
    arena.add_argument(
        "--b", required=True, metavar="LEVEL", help="player B: easy, medium, hard or expert"
    )
    arena.add_argument(
        "--boards", type=int, default=100, metavar="N", help="deals at table 1 (default: 100)"
    )
    arena.add_argument(
        "--rules", default="standard", metavar="PRESET", help="preset name (default: standard)"
    )
    arena.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    arena.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    arena.add_argument(
        "--workers", type=int, metavar="N", help="processes to use (default: every core)"
    )
    arena.add_argument("--json", action="store_true", help="print the result as JSON")
    arena.add_argument(
        "--progress",
        action="store_true",
        help="show progress on standard error (shown anyway on a terminal)",
    )
    arena.set_defaults(handler=_cmd_arena)

    score = sub.add_parser(
        "score",
        help="verify a game record, or score one hand from bids and tricks",
        description=(
            "Verify a game record (FILE, or - for standard input) and print its score sheet, or "
            "score one hand from --bids and --tricks. Exit 0 when consistent, 1 when a problem "
            "was found, 2 for unusable input."
        ),
    )
    score.add_argument(
        "file", nargs="?", metavar="FILE", help="a game record (JSON); - reads standard input"
    )
    score.add_argument("--rules", metavar="PRESET", help="preset for one hand (default: standard)")
    score.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    score.add_argument(
        "--bids",
        nargs="+",
        metavar="BID",
        help="four bids in seat order N E S W: 4 nil 3 'blind nil', or N=4 E=nil ...",
    )
    score.add_argument("--tricks", nargs="+", metavar="N", help="tricks each seat took, N E S W")
    score.add_argument(
        "--before",
        nargs="+",
        metavar="SCORE[/BAGS]",
        help="NS and EW standing before the hand: 120/3 80/7",
    )
    score.add_argument(
        "--hand", type=int, metavar="N", help="the hand's number in the game (for a cap on hands)"
    )
    score.add_argument("--explain", action="store_true", help="explain every hand of a record")
    score.add_argument("--json", action="store_true", help="print the report as JSON")
    score.set_defaults(handler=_cmd_score)

    rules = sub.add_parser(
        "rules",
        help="list the presets, show one, or show where two differ",
        description=(
            "No PRESET: list the presets. One: every option with its value and meaning. "
            "Two: only the options where they differ."
        ),
    )
    rules.add_argument("presets", nargs="*", metavar="PRESET")
    rules.add_argument("--json", action="store_true", help="print as JSON")
    rules.set_defaults(handler=_cmd_rules)
    return parser


def _shown_line(text: str) -> str:
    """A message as one line, with any control character left in it escaped."""
    return _printable(" ".join(text.split()))


def _error_json(args: argparse.Namespace, error: SpadesError) -> None:
    if getattr(args, "json", False):
        where = getattr(error, "where", "")
        detail = getattr(error, "detail", error.message)
        print(json.dumps({"error": {"where": where, "reason": error.reason, "message": detail}}))


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(arguments)
    except SystemExit as exit_:  # --help and --version
        return int(exit_.code or 0) if isinstance(exit_.code, int) else 2
    except _UsageError as error:
        if "--json" in arguments:
            reason = {"where": "", "reason": "bad_usage", "message": str(error)}
            print(json.dumps({"error": reason}))
        print(f"spades: error: {error}", file=sys.stderr)
        return 2
    try:
        return int(args.handler(args))
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except SpadesError as error:
        _error_json(args, error)
        print(f"spades: error: {_shown_line(str(error))}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
