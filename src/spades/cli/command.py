"""The ``spades`` command's parser and entry point."""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import sys
from collections.abc import Sequence

from .._version import BUILD, __version__
from ..errors import SpadesError
from .analyze import add_analyze_parser
from .arena import arena_command
from .common import (
    Parser,
    UsageError,
    add_progress_option,
    printable,
)
from .demo import demo_command
from .play import add_play_parser
from .rules import rules_command
from .score import score_command

__all__ = ["EXIT_OUTPUT_ERROR", "build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="spades", description="Partnership Spades: rules, scoring, games.")
    parser.add_argument("--version", action="version", version=f"spades {__version__}, {BUILD}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    demo = sub.add_parser(
        "demo",
        help="play a whole game between computer players",
        description=(
            "Play a whole game between four computer players (three, N E S, under --rules "
            "cutthroat3; two, N E, drawing their hands, under --rules two_player) and print the "
            "score sheet. --players gives their levels (easy, medium, hard, expert): one level "
            "for every seat, or one per seat in seat order N E S W (hard,hard,easy,easy or "
            "N=hard E=easy ...). "
            "--save writes the game as a record that 'spades score FILE' reads: a paper score "
            "sheet for a FILE ending .txt, else JSON."
        ),
    )
    demo.add_argument(
        "--players",
        nargs="+",
        metavar="LEVEL",
        help="one level for every seat, or one per seat in seat order N E S W (default: hard)",
    )
    demo.add_argument(
        "--rules", default="standard", metavar="PRESET", help="preset name (default: standard)"
    )
    demo.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    demo.add_argument("--seed", type=int, help="random seed, for a repeatable game")
    demo.add_argument(
        "--save",
        metavar="FILE",
        help="write the game to FILE as a record: a paper score sheet for FILE.txt, else JSON",
    )
    demo.add_argument(
        "--cards",
        action="store_true",
        help="with --save FILE.txt, write each hand's cards on the sheet too (spades analyze "
        "reads them)",
    )
    demo.set_defaults(handler=demo_command)

    add_play_parser(sub)

    arena = sub.add_parser(
        "arena",
        help="play a duplicate match between two computer levels",
        description=(
            "Play a duplicate match of level A against level B: each game is played twice with "
            "the same deals, the two levels swapping seats, until table 1 has played BOARDS "
            "deals. Prints A's points per hand minus B's with a 95% interval, A's game win "
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
        "--plot",
        metavar="FILE",
        help="also draw A's points per hand minus B's with its 95%% interval to FILE, an SVG",
    )
    add_progress_option(arena)
    arena.set_defaults(handler=arena_command)

    score = sub.add_parser(
        "score",
        help="verify a game record, or score one hand from bids and tricks",
        description=(
            "Verify a game record (FILE, or - for standard input) and print its score sheet, or "
            "score one hand from --bids and --tricks. A record is JSON, or a paper score sheet "
            "(a FILE ending .txt, or text beginning with '#' or 'rules:'), whose problems are "
            "placed by line and column. When every player plays alone (--set "
            "partnerships=false, or a preset such as solo) --before and --reneges are by player, "
            "N E S W. At a table of three (--rules cutthroat3, or --set players=3 --set "
            "partnerships=false) --bids, --tricks, --before and --reneges are three, N E S; at "
            "a table of two (--rules two_player) they are two, N E. "
            "Exit 0 when consistent, 1 when a problem was found, 2 for unusable input."
        ),
    )
    score.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="a game record (JSON, or a paper score sheet FILE.txt); - reads standard input",
    )
    score.add_argument("--rules", metavar="PRESET", help="preset for one hand (default: standard)")
    score.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    score.add_argument(
        "--bids",
        nargs="+",
        metavar="BID",
        help=(
            "four bids in seat order N E S W: 4 nil 3 'blind nil', or N=4 E=nil ... (three, "
            "N E S, under players=3; two, N E, under players=2)"
        ),
    )
    score.add_argument(
        "--tricks",
        nargs="+",
        metavar="N",
        help="tricks each seat took, N E S W (N E S under players=3, N E under players=2)",
    )
    score.add_argument(
        "--before",
        nargs="+",
        metavar="SCORE[/BAGS]",
        help=(
            "NS and EW standing before the hand: 120/3 80/7 (N E S W, one per player, under "
            "partnerships=false; N E S under players=3, N E under players=2)"
        ),
    )
    score.add_argument(
        "--reneges",
        nargs="+",
        metavar="N",
        help=(
            "reneges found after the hand, NS then EW: 1 0, or NS=1 (N E S W under "
            "partnerships=false, N E S under players=3, N E under players=2; see "
            "renege_penalty)"
        ),
    )
    score.add_argument(
        "--hand", type=int, metavar="N", help="the hand's number in the game (for a cap on hands)"
    )
    score.add_argument("--explain", action="store_true", help="explain every hand of a record")
    score.add_argument("--json", action="store_true", help="print the report as JSON")
    score.set_defaults(handler=score_command)

    add_analyze_parser(sub)

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
    rules.set_defaults(handler=rules_command)
    return parser


def _shown_line(text: str) -> str:
    """A message as one line, with any control character left in it escaped."""
    return printable(" ".join(text.split()))


def _error_json(args: argparse.Namespace, error: SpadesError) -> None:
    if getattr(args, "json", False):
        where = getattr(error, "where", "")
        detail = getattr(error, "detail", error.message)
        print(json.dumps({"error": {"where": where, "reason": error.reason, "message": detail}}))


#: The exit code when the output cannot be written (a full disk, a closed or read-only standard
#: output, an I/O error): ``EX_IOERR`` of ``sysexits.h``, apart from 0 (all is well), 1 (a problem
#: found in what was checked), 2 (unusable input) and 130 (interrupted).
EXIT_OUTPUT_ERROR = 74

#: The ``errno`` values that mean the output cannot be written. A broken pipe (EPIPE) is not one of
#: them: the reader stopped early (``spades rules | head -1``), which is not an error of ours.
_OUTPUT_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF})


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``spades`` command with ``argv`` (default: the process's arguments) and return its
    exit code: 0 all is well, 1 a problem found, 2 unusable input (and no command at all), 74 the
    output cannot be written (:data:`~spades.cli.command.EXIT_OUTPUT_ERROR`).

    Standard output is flushed before returning, so that an output that cannot be written (``spades
    rules > /dev/full``) is said in one line on standard error here and not as a traceback when the
    interpreter exits.
    """
    if sys.stdout is None:  # started with standard output closed: spades rules >&-
        return _output_failed(OSError(errno.EBADF, os.strerror(errno.EBADF)))
    try:
        code = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        _discard_output()
        return 0
    except OSError as error:
        if error.errno not in _OUTPUT_ERRNOS:
            raise
        return _output_failed(error)
    return code


def _output_failed(error: OSError) -> int:
    """Say in one line that the output cannot be written, and give its exit code."""
    _discard_output()
    reason = error.strerror or os.strerror(error.errno or errno.EIO)
    with contextlib.suppress(OSError):  # standard error may be unwritable too
        print(f"spades: error: cannot write the output: {reason}.", file=sys.stderr)
    return EXIT_OUTPUT_ERROR


def _discard_output() -> None:
    """Point standard output at the null device, so that what is still buffered for it does not
    fail again (with a traceback) when the interpreter flushes it at exit."""
    try:
        fileno = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # closed, or not a file (captured by a test)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fileno)
    finally:
        os.close(null)


def _run(argv: Sequence[str] | None) -> int:
    """Parse the arguments and run the subcommand; errors of the input become one line."""
    parser = build_parser()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments:  # like argparse's own usage errors: the help on standard error, exit 2
        parser.print_help(sys.stderr)
        return 2
    # --help and --version are written here, not by argparse, which ignores an error writing them.
    shown = io.StringIO()
    try:
        with contextlib.redirect_stdout(shown):
            args = parser.parse_args(arguments)
    except SystemExit as exit_:  # --help and --version
        sys.stdout.write(shown.getvalue())
        return int(exit_.code or 0) if isinstance(exit_.code, int) else 2
    except UsageError as error:
        if "--json" in arguments:
            reason = {"where": "", "reason": "bad_usage", "message": str(error)}
            print(json.dumps({"error": reason}))
        print(f"spades: error: {error}", file=sys.stderr)
        return 2
    try:
        return int(args.handler(args))
    except SpadesError as error:
        _error_json(args, error)
        print(f"spades: error: {_shown_line(str(error))}", file=sys.stderr)
        return 2
