"""Paper score sheets: the plain text a scorer types from a pad, read as a game record.

A sheet is the record of a game as a pad holds it: the rules, the standing the game started
from, and one line per hand with the bids, the tricks each seat took and, if the table wrote
them, each side's points, running total and bags. :func:`~spades.records.read_sheet` reads one
into the same data a JSON record is read from and hands it to the same reader
(:func:`~spades.records.from_data`), so a sheet is checked exactly as a JSON record is, by the
same functions, with the same sentences; every value remembers its line and column, and a
problem found anywhere, by the reader or later by :func:`~spades.records.verify`, is placed
there (:meth:`~spades.records.PaperSheet.place`). :func:`~spades.records.write_sheet` writes a
record as a sheet.

The grammar (``{ }`` any number of times, ``[ ]`` optional, ``|`` or; words in quotes are
typed as they are, in any case)::

    sheet     = { line "\\n" } ;
    line      = [ rules | start | note | hand | cards ] [ "#" comment ] ;   (* blank lines too *)
    rules     = "rules:" preset [ sep [ "with" ] setting { sep setting } ] ;
    sep       = "," | ";" ;
    setting   = option "=" value ;                 (* as --set: target_score=300 *)
    start     = "start:" item { "," item } ;
    item      = side number [ number ]              (* score, then bags (0 if left out) *)
              | "dealer" seat | "hand" number ;
    note      = "note:" text ;                      (* the whole line, "#" and all *)
    hand      = number bid{seats} tricks{seats} { [ "|" ] group } ;
    bid       = number | "nil" | "bn" | "b" number | "-" ;  (* bn blind nil, b6 blind 6,
                                                            - none recorded *)
    tricks    = number | "-" ;                      (* - for each: the cards give them *)
    group     = side [ field [ field [ field ] ] ]  (* points, total, bags *)
              | "reneges" side number ;
    field     = number | "-" ;                       (* - not written *)
    number    = [ "+" | "-" ] digit { digit } ;
    cards     = deal | buried | exchange | draw | plays | redeal ;  (* spades.records.paper_cards *)

The rules line comes first (after any comments), since it says how many bids and trick counts a
hand line has: one for each seat in play, in seat order, N E S W (N E S at a table of three, N
E for two players). The sides are as the library names them: the teams ``NS`` and ``EW``, or the
seats when every player plays alone (the rule option ``partnerships`` false). The start line is
optional (every side at 0, North dealing hand 1); the first hand line's number is the number of
the hand the game starts from, and each hand after it is numbered one more (or, after a hand
thrown in, with neither trick counts nor plays, has the same number). A note line before
the first hand is the game's note; after a hand line, that hand's (several lines make one note
of several lines). Tokens are separated by spaces or tabs; columns count characters from 1.

A sheet holds what a pad does and, if the scorer writes them, the cards: the lines of a hand's
deal, discard, exchange, draw, redeal and plays under its line (:mod:`spades.records.paper_cards`
has their grammar), each read as the JSON record's field of the same name. Without them a hand
is told by its counts, and a hand thrown in for a redeal is left off (it has no trick counts;
the next hand has its number).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .._text import quote
from ..errors import NotationError, RecordError, RuleSetError
from ..rules import RuleSet, find_preset
from ..seats import SEATS, Seat
from .checks import fail
from .format import FORMAT, VERSION, GameRecord
from .paper_cards import CARD_LINES, read_card_line
from .paper_places import (
    PaperSheet,
    Place,
    Token,
    find_place,
    refuse_at,
    split_items,
    tokens_of,
    where_text,
)
from .reader import from_data

__all__ = ["read_sheet"]

_KEYWORD = re.compile(rf"\s*(rules|start|note|{'|'.join(CARD_LINES)})\s*:", re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?[0-9]+")
_BLIND = re.compile(r"b([1-9][0-9]?)")
#: The longest number read: anything longer is too large for a record anyway.
_DIGITS = 30


def _number(token: Token, what: str) -> int:
    if not _NUMBER.fullmatch(token.text):
        refuse_at(token.place, f"{quote(token.text)} is not {what}.", "wrong_type")
    if len(token.text) > _DIGITS:
        refuse_at(token.place, f"{quote(token.text)} is too large for a record.", "out_of_range")
    return int(token.text)


class _Reader:
    """Reads a sheet's lines into the data of a JSON record, keeping each value's place."""

    def __init__(self) -> None:
        self.places: dict[str, Place] = {}
        self.preset = ""
        self.options: dict[str, Any] = {}
        self.rules: RuleSet | None = None
        self.start: dict[str, Any] = {}
        self.start_line = 0
        self.hands: list[dict[str, Any]] = []
        self.notes: list[str] = []
        self.first_number: int | None = None
        #: How many hands have the number of the hand before (each after a hand thrown in).
        self.repeated = 0
        self.last_line = 1

    def line(self, text: str, number: int) -> None:
        keyword = _KEYWORD.match(text)
        name = keyword.group(1).lower() if keyword is not None else ""
        if name == "note":
            assert keyword is not None
            self.note(text[keyword.end() :].strip(), number, keyword.start(1) + 1)
            return
        offset = keyword.end() if keyword is not None else 0
        body = text[offset:].split("#", 1)[0]
        tokens = tokens_of(body, number, offset)
        if keyword is None and not tokens:
            return
        place = (number, (keyword.start(1) + 1) if keyword is not None else tokens[0].column)
        self.last_line = number
        if self.rules is None and name != "rules":
            refuse_at(
                place,
                "a sheet begins with its rules, a preset and any options: 'rules: standard' or "
                "'rules: standard, with target_score=300'.",
                "missing_field",
            )
        if name == "rules":
            self.read_rules(tokens, place)
        elif name == "start":
            self.read_start(tokens, place)
        elif name:
            assert self.rules is not None
            if not self.hands:
                refuse_at(place, f"a {name}: line follows the line of its hand.")
            where = f"hands[{len(self.hands) - 1}]"
            read_card_line(name, tokens, place, self.hands[-1], where, self.places, self.rules)
        elif _NUMBER.fullmatch(tokens[0].text):
            count = len(self.hands)
            try:
                self.read_hand(tokens)
            except RecordError:
                if len(self.hands) == count:  # counted all the same: the next has its number
                    self.hands.append({})
                raise
        else:
            refuse_at(
                place,
                f"{quote(tokens[0].text)} begins no line of a sheet: a line is 'rules:', "
                "'start:', 'note:', a hand (its number, the bids, the tricks taken, what was "
                "written) or a line of its cards ('deal:', 'plays:' and the others), and '#' "
                "begins a comment.",
            )

    # -- the rules and the start -----------------------------------------------------------------

    def read_rules(self, tokens: list[Token], place: Place) -> None:
        if self.rules is not None:
            refuse_at(place, f"the rules are given twice (first on line {self.places[''][0]}).")
        self.places[""] = self.places["rules"] = place
        items = split_items(tokens, ",;")
        if not items or not items[0]:
            refuse_at(place, "name the rules after 'rules:': a preset, like 'rules: standard'.")
        head = items[0][0]
        if len(items[0]) > 1:
            refuse_at(
                items[0][1].place,
                "write a comma between the preset and its options, before "
                f"{quote(items[0][1].text)}.",
            )
        self.places["rules.preset"] = head.place
        try:
            preset = find_preset(head.text)
        except RuleSetError as error:
            refuse_at(head.place, error.message, "bad_rules")
        self.preset = head.text
        for number, item in enumerate(items[1:]):
            if number == 0 and item and item[0].text.lower() == "with":
                item = item[1:]
            if not item:
                refuse_at(
                    place, "an option setting is empty; write option=value, like target_score=300."
                )
            text = "".join(token.text for token in item)
            name, equals, value = text.partition("=")
            if not equals:
                refuse_at(item[0].place, f"write option=value, not {quote(text)}.", "bad_rules")
            try:
                key, parsed = RuleSet.parse_option(name, value)
            except RuleSetError as error:
                refuse_at(item[0].place, error.message, "bad_rules")
            if key in self.options:
                refuse_at(item[0].place, f"the option {key} is given twice.", "bad_rules")
            self.places[f"rules.options.{key}"] = item[0].place
            self.options[key] = (
                parsed if isinstance(parsed, (bool, int, type(None))) else str(parsed)
            )
        try:
            self.rules = RuleSet.from_dict(self.options, base=preset.rules)
        except RuleSetError as error:
            refuse_at(
                self.places.get(f"rules.options.{error.option}", place), error.message, "bad_rules"
            )

    def read_start(self, tokens: list[Token], place: Place) -> None:
        rules = self.rules
        assert rules is not None
        if self.start_line:
            refuse_at(place, f"the start is given twice (first on line {self.start_line}).")
        if self.hands:
            refuse_at(place, "the start comes before the first hand.")
        self.start_line = place[0]
        self.places["start"] = place
        scores: dict[str, int] = {}
        bags: dict[str, int] = {}
        for item in split_items(tokens, ","):
            if not item:
                refuse_at(place, "a part of the start is empty; write 'start: NS 120 3, EW 80 1'.")
            head, rest = item[0], item[1:]
            word = head.text.lower()
            if word in ("dealer", "hand"):
                if len(rest) != 1:
                    refuse_at(
                        head.place,
                        f"write {word} then one {'seat' if word == 'dealer' else 'number'}.",
                    )
                field = "dealer" if word == "dealer" else "hand_number"
                if field in self.start:
                    refuse_at(head.place, f"the start gives the {word} twice.")
                self.places[f"start.{field}"] = rest[0].place
                self.start[field] = (
                    rest[0].text.upper() if word == "dealer" else _number(rest[0], "a hand number")
                )
                continue
            side = _side(head, rules)
            if side in scores:
                refuse_at(head.place, f"the start gives {side}'s score twice.")
            if not 1 <= len(rest) <= 2:
                refuse_at(
                    head.place,
                    f"write {side}'s score then its bags (0 if left out), like '{side} 120 3'.",
                )
            self.places[f"start.scores.{side}"] = rest[0].place
            scores[side] = _number(rest[0], "a score")
            self.places[f"start.bags.{side}"] = rest[-1].place if len(rest) == 2 else head.place
            bags[side] = _number(rest[1], "a number of bags") if len(rest) == 2 else 0
        if scores:
            missing = [str(side) for side in rules.sides if str(side) not in scores]
            if missing:
                refuse_at(place, f"the start gives no score for {_and(missing)}.", "missing_field")
            self.start["scores"] = scores
            self.start["bags"] = bags

    # -- hands -----------------------------------------------------------------------------------

    def read_hand(self, tokens: list[Token]) -> None:
        rules = self.rules
        assert rules is not None
        index = len(self.hands)
        where = f"hands[{index}]"
        head = tokens[0]
        self.places[where] = head.place
        number = _number(head, "a hand number")
        if self.first_number is None:
            self.first_number = number
            given = self.start.get("hand_number")
            if given is not None and given != number:
                refuse_at(
                    head.place, f"the start is hand {given}, so this is hand {given}, not {number}."
                )
            if given is None:
                self.start["hand_number"] = number
                self.places["start.hand_number"] = head.place
        elif number != (expected := self.first_number + index - self.repeated):
            before = self.hands[-1]
            if number == expected - 1 and "tricks" not in before and "plays" not in before:
                self.repeated += 1  # after a hand thrown in, dealt again: the same number
            else:
                refuse_at(
                    head.place,
                    f"hand {expected - 1} is followed by hand {expected}, not {number}: number "
                    "the hands in order.",
                )
        seats = rules.seats
        at = 1

        def next_token(what: str) -> Token:
            nonlocal at
            if at == len(tokens) or tokens[at].text == "|":
                end = (
                    tokens[at].column
                    if at < len(tokens)
                    else tokens[-1].column + len(tokens[-1].text)
                )
                refuse_at(
                    (head.line, end),
                    f"expected {what} here: a hand gives a bid and the tricks taken for each of "
                    f"{_and([str(seat) for seat in seats])}.",
                    "missing_field",
                )
            at += 1
            return tokens[at - 1]

        bids: dict[str, Any] = {}
        self.places[f"{where}.bids"] = tokens[1].place if len(tokens) > 1 else head.place
        for seat in seats:
            token = next_token(f"{seat.full_name}'s bid")
            self.places[f"{where}.bids.{seat}"] = token.place
            bid = _bid(token)
            if bid is not None:
                bids[str(seat)] = bid
        counts = []
        for seat in seats:
            token = next_token(f"the tricks {seat.full_name} took")
            if seat is Seat.N:
                self.places[f"{where}.tricks"] = token.place
            self.places[f"{where}.tricks.{seat}"] = token.place
            counts.append(token)
        hand: dict[str, Any] = {"bids": bids}
        dashes = [token for token in counts if token.text == "-"]
        if dashes and len(dashes) < len(counts):
            refuse_at(
                dashes[0].place,
                "write the tricks each seat took, or - for each when the hand's cards give them.",
                "missing_field",
            )
        if not dashes:
            hand["tricks"] = {
                str(seat): _number(token, "a number of tricks")
                for seat, token in zip(seats, counts)
            }
        written, reneges = self.groups(tokens[at:], where)
        if written:
            hand["written"] = written
        if reneges:
            hand["reneges"] = {str(side): reneges.get(str(side), 0) for side in rules.sides}
        self.hands.append(hand)

    def groups(
        self, tokens: list[Token], where: str
    ) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
        """What follows a hand's tricks: each side's written score, and the reneges told."""
        rules = self.rules
        assert rules is not None
        written: dict[str, dict[str, int]] = {}
        reneges: dict[str, int] = {}
        at = 0
        while at < len(tokens):
            token = tokens[at]
            at += 1
            if token.text == "|":
                continue
            if token.text in ",;":
                refuse_at(
                    token.place,
                    f"{quote(token.text)} does not belong here: '|' separates the sides' scores.",
                )
            if token.text.lower() == "reneges":
                if at + 2 > len(tokens):
                    refuse_at(
                        token.place, "write reneges, the side, then how many: 'reneges NS 1'."
                    )
                side = _side(tokens[at], rules)
                if side in reneges:
                    refuse_at(tokens[at].place, f"the reneges of {side} are given twice.")
                self.places[f"{where}.reneges"] = self.places[f"{where}.reneges.{side}"] = tokens[
                    at + 1
                ].place
                reneges[side] = _number(tokens[at + 1], "a number of reneges")
                at += 2
                continue
            if (_NUMBER.fullmatch(token.text) or token.text == "-") and not (written or reneges):
                seats = rules.seats
                refuse_at(
                    token.place,
                    f"{quote(token.text)} follows the tricks taken: a hand under these rules has "
                    f"{len(seats)} bids and {len(seats)} trick counts, for "
                    f"{_and([str(seat) for seat in seats])}; what was written follows, each side "
                    f"named ({rules.sides[0]} 171 171 1).",
                )
            if _NUMBER.fullmatch(token.text) or token.text == "-":
                refuse_at(
                    token.place,
                    f"{quote(token.text)} follows a written score's points, total and bags; a "
                    "side's score is at most three numbers.",
                )
            side = _side(token, rules)
            if side in written:
                refuse_at(token.place, f"{side}'s score is written twice.")
            here = f"{where}.written.{side}"
            self.places[here] = token.place
            fields: dict[str, int] = {}
            for name in ("points", "total", "bags"):
                if at == len(tokens) or not (
                    _NUMBER.fullmatch(tokens[at].text) or tokens[at].text == "-"
                ):
                    break
                field = tokens[at]
                at += 1
                if field.text != "-":
                    self.places[f"{here}.{name}"] = field.place
                    fields[name] = _number(field, "a number")
            if not fields:
                refuse_at(
                    token.place,
                    f"write {side}'s points, total and bags after {quote(token.text)} (- for one "
                    f"not written), like '{side} 171 171 1'.",
                    "missing_field",
                )
            written[side] = fields
        return written, reneges

    def note(self, text: str, number: int, column: int) -> None:
        self.last_line = number
        if self.hands:
            hand = self.hands[-1]
            where = f"hands[{len(self.hands) - 1}].note"
            hand["note"] = f"{hand['note']}\n{text}" if "note" in hand else text
        else:
            where = "note"
            self.notes.append(text)
        self.places.setdefault(where, (number, column))

    def data(self) -> dict[str, Any]:
        """The sheet as the data of a JSON record."""
        if self.rules is None:
            refuse_at(
                (self.last_line, 1),
                "the sheet has no rules: it begins with a preset and any options, like 'rules: "
                "standard'.",
                "missing_field",
            )
        self.places.setdefault("start", self.places[""])
        self.places.setdefault("hands", self.places.get("hands[0]", self.places[""]))
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "rules": {"preset": self.preset, "options": self.options},
            "start": self.start,
            "hands": self.hands,
        }
        if self.notes:
            data["note"] = "\n".join(self.notes)
        return data


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _side(token: Token, rules: RuleSet) -> str:
    """The side a token names under ``rules`` (a team, or a seat when every player plays alone),
    refused with the rules' sentence (:meth:`RuleSet.side <spades.rules.RuleSet.side>`)."""
    try:
        return str(rules.side(token.text))
    except NotationError as error:
        names = _and([str(side) for side in rules.sides])
        if error.reason in ("bad_team", "bad_seat") and token.text.upper() in _SIDE_NAMES:
            refuse_at(token.place, error.message, error.reason)
        refuse_at(
            token.place,
            f"{quote(token.text)} is not a side; write what was written for each of {names}, "
            "the side then its points, total and bags.",
            "bad_side",
        )


_SIDE_NAMES = frozenset(["NS", "EW", *(str(seat) for seat in SEATS)])


def _bid(token: Token) -> str | int | None:
    """A bid as a record's data holds it: ``4``, ``'nil'``, ``'blind nil'``, ``'blind 6'``;
    None for ``-``, no bid recorded."""
    text = token.text.lower()
    if text == "-":
        return None
    if text == "nil":
        return "nil"
    if text == "bn":
        return "blind nil"
    blind = _BLIND.fullmatch(text)
    if blind is not None:
        return f"blind {blind.group(1)}"
    if _NUMBER.fullmatch(text):
        return _number(token, "a bid")
    refuse_at(
        token.place,
        f"{quote(token.text)} is not a bid; write a number of tricks, nil, bn (blind nil), b6 "
        "(a blind 6), or - for none recorded.",
        "bad_bid",
    )


def _decode(text: str | bytes) -> str:
    if isinstance(text, (bytes, bytearray)):
        try:
            return bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise fail(
                "",
                f"the sheet is not UTF-8 text ({error.reason} at byte {error.start}).",
                "bad_sheet",
            ) from None
    if not isinstance(text, str):
        raise fail("", f"a sheet is text, not {type(text).__name__}.", "bad_sheet")
    return text[1:] if text.startswith("\ufeff") else text


def read_sheet(text: str | bytes) -> PaperSheet:
    """Read a paper score sheet (text, or UTF-8 bytes; the grammar is the module's): its record,
    checked as a JSON record is, and the places of its values. Anything wrong is a
    :class:`~spades.errors.RecordError` whose ``where`` is ``line 7, column 12``, and nothing
    else: the first problem, with where the others are when lines after it have some too (each
    line is read, after a bad one, but for the rules line: without the rules nothing after it
    can be read)."""
    reader = _Reader()
    problems: list[RecordError] = []
    decoded = _decode(text)
    if not decoded.strip():
        raise fail(
            "",
            "the file is empty: a score sheet begins with its rules, like 'rules: standard'.",
            "empty_file",
        )
    for number, line in enumerate(decoded.split("\n"), 1):
        try:
            reader.line(line.removesuffix("\r"), number)
        except RecordError as error:
            problems.append(error)
            if reader.rules is None:  # without the rules no hand line can be read
                break
    if problems:
        raise _first_of(problems)
    data = reader.data()
    places = reader.places
    return PaperSheet(record=_placed(places, lambda: from_data(data)), places=places)


#: How many more problems the error of a sheet's first problem places.
_MORE_SHOWN = 3


def _first_of(problems: list[RecordError]) -> RecordError:
    """The error for the first of the problems found line by line, which says where the others
    are: ``line 4, column 11: 'x' is not a bid; ... (and 2 more problems: line 6, column 3; line
    9, column 20)``."""
    first = problems[0]
    if len(problems) == 1:
        return first
    more = len(problems) - 1
    places = "; ".join(problem.where for problem in problems[1 : 1 + _MORE_SHOWN])
    if more > _MORE_SHOWN:
        places += "; ..."
    message = first.message.removeprefix(first.where + ": ")
    noun = "problem" if more == 1 else "problems"
    return fail(first.where, f"{message} (and {more} more {noun}: {places})", first.reason)


def _placed(places: dict[str, Place], read: Callable[[], GameRecord]) -> GameRecord:
    """``read()``; what the reader refuses is refused at its place on the sheet."""
    try:
        return read()
    except RecordError as error:
        inner = error.where
        message = (
            error.message[len(inner) + 2 :]
            if inner and error.message.startswith(inner + ": ")
            else error.message
        )
        raise fail(where_text(find_place(places, inner)), message, error.reason) from None
