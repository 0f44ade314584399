"""What the subcommands of the ``spades`` command share: one-line errors, the parser, the
rules, levels, seats and text as the command line reads and shows them.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from typing import IO, Any, NoReturn, TypeVar

from .._text import quote
from ..bots import Level
from ..errors import NotationError, RecordError, RuleSetError, SpadesError
from ..records import GameRecord, PaperSheet, Problem, Report, loads, read_sheet, verify
from ..rules import RuleSet, find_preset
from ..seats import SEATS, Seat
from ..seats import by_seat as values_by_seat

__all__ = [
    "InputError",
    "Parser",
    "UsageError",
    "add_progress_option",
    "by_seat",
    "level",
    "open_for_writing",
    "printable",
    "read_game",
    "read_input",
    "read_paper",
    "read_record",
    "rules_from",
    "shown",
    "split_words",
    "token",
    "usage_sentence",
]


_T = TypeVar("_T")


class InputError(SpadesError):
    """Unusable input named by the place it was found (a file, an option)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message, reason="bad_input")
        self.where = where
        self.detail = message


class UsageError(Exception):
    """A command line the parser cannot read."""


class Parser(argparse.ArgumentParser):
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
            shown = " ".join(token(extra) for extra in extras[:_TOKENS_SHOWN])
            more = len(extras) - _TOKENS_SHOWN
            self.error(f"unrecognized arguments: {shown}{f' and {more} more' if more > 0 else ''}")
        return parsed

    def error(self, message: str) -> NoReturn:
        raise UsageError(usage_sentence(message))


#: How many unrecognized arguments a usage error shows, and how long a message may be.
_TOKENS_SHOWN = 4
_USAGE_LENGTH = 200


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    """The ``--progress`` flag of the subcommands that report progress (:mod:`spades._progress`)."""
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show progress on standard error (shown anyway on a terminal)",
    )


def token(text: str) -> str:
    """A command-line word as a message shows it: short, with control characters escaped."""
    shown = text if len(text) <= 40 else text[:40] + "..."
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in shown) or "''"


def usage_sentence(message: str) -> str:
    """argparse's message as one short line: control characters escaped, long words and long
    messages cut, and a full stop."""
    words = [token(word) for word in message.split()]
    text = " ".join(words)
    if len(text) > _USAGE_LENGTH:
        text = text[:_USAGE_LENGTH].rstrip() + "..."
    return text if text.endswith(".") else text + "."


def rules_from(args: argparse.Namespace) -> tuple[str, RuleSet]:
    try:
        preset = find_preset(args.rules)
    except RuleSetError as error:
        raise InputError("--rules", error.message) from None
    changes = {}
    for item in args.set or ():
        name, sep, value = item.partition("=")
        if not sep:
            raise InputError("--set", f"write option=value, not {quote(item)}.")
        try:
            key, parsed = RuleSet.parse_option(name.strip(), value)
        except RuleSetError as error:
            raise InputError("--set", error.message) from None
        changes[key] = parsed
    try:
        rules = preset.rules.evolve(**changes) if changes else preset.rules
    except RuleSetError as error:
        raise InputError("--set", error.message) from None
    return preset.name, rules


def level(option: str, text: str) -> Level:
    """A computer level named on the command line, refused with :class:`Level`'s sentence."""
    try:
        return Level(text)
    except SpadesError as error:
        raise InputError(option, error.message) from None


def printable(text: str) -> str:
    """``text`` with every character a terminal would not print as itself escaped (``\\x1b``)."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def shown(text: str) -> str:
    """A file name or word the user typed, as a message names it: control characters escaped,
    and cut if very long."""
    return printable(text if len(text) <= 100 else text[:100] + "...")


def split_words(values: Sequence[str]) -> list[str]:
    out = []
    for value in values:
        out += [part.strip() for part in value.split(",") if part.strip()]
    return out


def by_seat(
    option: str, values: Sequence[str], *, seats: int = 4, what: str = "values"
) -> list[str]:
    """Four values in seat order N E S W, given in that order or as ``N=4 E=nil ...``.

    At a table of three (``seats`` 3, the rule option ``players``) three, N E S: then a number
    of values that is not three, a seat left out and a seat with no player (``W=4``) are refused
    with the sentence of :func:`spades.actions.by_seat`, naming the values as ``what``
    (``bids``, ``trick counts``)."""
    tokens = split_words(values)
    in_play = SEATS[:seats]
    if tokens and all("=" in token for token in tokens):
        found: dict[Seat, str] = {}
        for token in tokens:
            name, _, value = token.partition("=")
            try:
                seat = Seat.parse(name)
            except NotationError as error:
                raise InputError(option, error.message) from None
            if seat in found:
                raise InputError(option, f"{seat} is given twice.")
            found[seat] = value.strip()
        if seats != len(SEATS):
            _fit_seats(option, found, what, seats)
        missing = [str(seat) for seat in in_play if seat not in found]
        if missing:
            raise InputError(option, f"no value for {', '.join(missing)}.")
        return [found[seat] for seat in in_play]
    if len(tokens) != seats:
        if seats != len(SEATS):
            _fit_seats(option, tokens, what, seats)
        raise InputError(
            option,
            f"give four values in seat order N E S W (or N=.. E=.. S=.. W=..), not {len(tokens)}.",
        )
    return tokens


def _fit_seats(option: str, values: dict[Seat, str] | list[str], what: str, seats: int) -> None:
    """Values by seat read by :func:`spades.actions.by_seat` at a table of ``seats``: what it
    refuses is refused here, for ``option``, with its sentence."""
    try:
        values_by_seat(values, what, "bad_input", allow_missing=False, seats=seats)
    except NotationError as error:
        raise InputError(option, error.message) from None


def read_record(path: str, data: str | bytes | None = None) -> GameRecord:
    """The record in the file at ``path`` (``-``: standard input), or one line saying why it
    cannot be read; ``data``, when given, is what the file holds, read already."""
    return _readable(path, loads, read_input(path) if data is None else data)


def read_paper(path: str, data: str | bytes) -> PaperSheet:
    """The paper score sheet ``data`` read from the file at ``path``, or one line saying why it
    cannot be read (where the JSON reader says it of a record)."""
    return _readable(path, read_sheet, data)


def read_input(path: str) -> str | bytes:
    """What the file at ``path`` (``-``: standard input) holds, or one line saying why it cannot
    be read."""
    try:
        if path == "-":
            data = getattr(sys.stdin, "buffer", sys.stdin).read()
        else:
            with open(path, "rb") as file:
                data = file.read()
    except OSError as error:
        raise InputError(shown(path), f"cannot read the file: {error.strerror or error}.") from None
    except ValueError:  # a name with a NUL character, which no file has
        raise InputError(shown(path), "cannot read the file: no file has this name.") from None
    return data


def _readable(path: str, read: Callable[[str | bytes], _T], data: str | bytes) -> _T:
    try:
        return read(data)
    except RecordError as error:
        where, message = shown(path), error.message
        if error.where and message.startswith(error.where + ": "):
            where, message = f"{where}: {error.where}", message[len(error.where) + 2 :]
        raise InputError(where, message) from None


def open_for_writing(path: str, *, keep: bool = False) -> IO[str]:
    """``path`` opened to write a record, or one line saying why it cannot be. With ``keep``,
    what the file holds is kept (to learn early that a file can be written, before a game)."""
    try:
        return open(path, "a" if keep else "w", encoding="utf-8")
    except OSError as error:
        raise InputError(
            shown(path), f"cannot write the file: {error.strerror or error}."
        ) from None
    except ValueError:  # a name with a NUL character, which no file can have
        raise InputError(
            shown(path), "cannot write the file: no file can have this name."
        ) from None


def read_game(path: str) -> tuple[PaperSheet | None, Report, Report]:
    """The game record in the file at ``path`` (``-``: standard input), JSON or a paper score
    sheet, verified: the sheet (None for JSON), the verifier's report and the report placed on
    the sheet (the same for JSON). One line saying why for a file that cannot be read or a
    record that cannot be followed (its first unusable problem, and the next few in brief)."""
    data = read_input(path)
    sheet = read_paper(path, data) if is_paper(path, data) else None
    record = read_record(path, data) if sheet is None else sheet.record
    checked = verify(record)
    report = checked if sheet is None else sheet.placed(checked)
    unusable = report.unusable_problems
    if unusable:
        first = unusable[0]
        raise InputError(f"{shown(path)}: {first.where}", first.message + _also(unusable[1:]))
    return sheet, checked, report


#: The most further problems that make a record unusable named after the first.
_MOST_ALSO = 3


def _also(problems: Sequence[Problem]) -> str:
    """The problems after the first that make a record unusable, in brief: `` Also unusable:
    hand 1, deal: East has 12 cards, not 13.``, the first few each with its place and sentence,
    and how many more."""
    if not problems:
        return ""
    shown_here = [problem.sentence.removesuffix(".") for problem in problems[:_MOST_ALSO]]
    rest = len(problems) - len(shown_here)
    if rest:
        shown_here.append(f"and {rest} more such {'problem' if rest == 1 else 'problems'}")
    return f" Also unusable: {'; '.join(shown_here)}."


def is_paper(path: str, data: str | bytes) -> bool:
    """Whether the file at ``path`` is a paper score sheet rather than a JSON record: a ``.txt``
    file is, a ``.json`` file is not; any other (standard input, ``-``) is when its text begins
    as a sheet does, with a comment or its rules, not with ``{``."""
    suffix = path.lower().rpartition(".")[2] if "." in path else ""
    if suffix in ("txt", "json"):
        return suffix == "txt"
    text = data if isinstance(data, str) else data[:1000].decode("utf-8", "replace")
    return text.removeprefix("\ufeff").lstrip()[:5].lower().startswith(("#", "rules"))
