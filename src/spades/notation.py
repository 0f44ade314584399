"""Positions read from one line of text: :func:`from_notation` reads what
:meth:`GameState.to_notation <spades.state.GameState.to_notation>` writes (the grammar is in
docs/notation.rst and :mod:`spades.position`) and gives back a state equal to the one written.

A position is read by replaying it: the game is started from its standing with
:func:`~spades.engine.new_game` and each action is applied with :func:`~spades.engine.apply`, so
a position holds only what the rules allow, and the engine says what is wrong with one that does
not. Every problem is a :class:`~spades.errors.NotationError` (reason ``bad_position``) whose
sentence quotes the offending part and gives the character it starts at (counting from 1).
"""

from __future__ import annotations

import re
from typing import Any

from ._text import exact_text, quote
from .action_data import action_from_text
from .engine import apply, new_game
from .errors import NotationError, SpadesError
from .position import BASE_PRESET, STANDING_KEYS
from .rules import RuleSet, find_ruleset
from .seats import Seat
from .state import GameState

__all__ = ["from_notation"]

#: A part of a position: where it starts in the text (0 for the first character) and its text.
_Part = tuple[int, str]
#: A whole number as a standing writes it: digits, with a minus for a score below zero.
_NUMBER = re.compile(r"-?[0-9]{1,16}")
_REASON = "bad_position"
_SHAPE = (
    "a position is the rules, the standing and each hand, separated by ' | ': "
    "'standard | dealer=N hand=1 scores=0,0 bags=0,0 | N:... E:... S:... W:..., 3, nil, ...'"
)


def from_notation(text: str) -> GameState:
    """The state a position's text describes, as :meth:`GameState.to_notation
    <spades.state.GameState.to_notation>` writes it (docs/notation.rst): the rules (a preset's
    name, then any ``option=value`` changed from it), the standing the game starts from
    (``dealer=N hand=1 scores=0,0 bags=0,0 sets=0,0 runs=0,0``; a key left out is the new game's),
    then each hand's actions, in order. The state is equal (``==``) to the one written.

    Anything else is a :class:`~spades.errors.NotationError` (reason ``bad_position``) quoting
    the offending part and the character it starts at.

    >>> from spades import Bid, Deal, apply, new_game
    >>> state = apply(apply(new_game('pagat'), Deal.random(7)), Bid(3))
    >>> from_notation(state.to_notation()) == state
    True
    >>> from_notation('standard | dealer=Q')
    Traceback (most recent call last):
    ...
    spades.errors.NotationError: The dealer 'dealer=Q' (at character 12) is not a seat; write N, ...
    """
    plain = exact_text(text)
    if plain is None:
        raise NotationError(
            f"A position is written as text, not {quote(text)}; {_SHAPE}.",
            token=quote(text),
            reason=_REASON,
        )
    fields = _parts(plain, "|", 0)
    if len(fields) < 2:
        raise NotationError(
            f"{quote(plain)} is not a position: {_SHAPE}.", token=plain, reason=_REASON
        )
    rules = _rules(fields[0])
    state = _start(rules, fields[1])
    hands = fields[2:]
    for number, hand in enumerate(hands, start=1):
        state = _hand(state, hand, number, last=number == len(hands))
    return state


def _parts(text: str, separator: str, start: int) -> list[_Part]:
    """The parts of ``text`` (which starts at ``start`` in the position) between each
    ``separator``, each stripped, with where it starts."""
    parts = []
    begin = 0
    while True:
        end = text.find(separator, begin)
        piece = text[begin:] if end < 0 else text[begin:end]
        stripped = piece.strip()
        offset = begin + (piece.find(stripped) if stripped else 0)
        parts.append((start + offset, stripped))
        if end < 0:
            return parts
        begin = end + len(separator)


def _words(part: _Part) -> list[_Part]:
    """The words of a part, each with where it starts in the position."""
    start, text = part
    return [(start + match.start(), match.group()) for match in re.finditer(r"\S+", text)]


def _problem(what: str, part: _Part, why: str, error: SpadesError | None = None) -> NotationError:
    """The error for ``part`` of a position: ``what`` it is, quoted, where, ``why`` it is wrong,
    and the first sentence of the ``error`` that says more, if any (so that the message stays
    short)."""
    start, text = part
    message = f"{what} {quote(text)} (at character {start + 1}) {why}"
    if error is not None:
        detail = error.message
        if len(detail) > _LONGEST:
            detail = detail[: detail.find(". ") + 1] or detail[:_LONGEST].rstrip() + "."
        message += " " + detail
    return NotationError(message, token=text, reason=_REASON)


#: The longest detail a message quotes from the error behind it.
_LONGEST = 150


# -- the rules -------------------------------------------------------------------------------------


def _rules(field: _Part) -> RuleSet:
    """The rules a position's first field names: a preset, then the options changed from it."""
    words = _words(field)
    if not words:
        raise _problem("The rules", field, f"are missing: name a preset, such as {BASE_PRESET}.")
    first = words[0]
    if "=" in first[1]:  # options alone: changed from the standard game's
        base, options = find_ruleset(BASE_PRESET), words
    else:
        try:
            base = find_ruleset(first[1])
        except SpadesError as error:
            raise _problem("The rules", first, "name no preset.", error) from None
        options = words[1:]
    changes: dict[str, Any] = {}
    for word in options:
        name, equals, value = word[1].partition("=")
        if not equals:
            raise _problem("The option", word, "is not written option=value (target_score=300).")
        try:
            key, parsed = RuleSet.parse_option(name, value)
        except SpadesError as error:
            raise _problem("The option", word, "cannot be read.", error) from None
        if key in changes:
            raise _problem("The option", word, f"changes {key} a second time.")
        changes[key] = parsed
    try:
        return base.evolve(**changes)
    except SpadesError as error:
        raise _problem("The rules", field, "cannot be played.", error) from None


# -- the standing ----------------------------------------------------------------------------------


def _start(rules: RuleSet, field: _Part) -> GameState:
    """The game a position's second field starts: ``new_game`` from the standing it writes."""
    values: dict[str, Any] = {}
    for word in _words(field):
        key, equals, value = word[1].partition("=")
        if not equals or key not in STANDING_KEYS:
            keys = ", ".join(f"{name}=" for name in STANDING_KEYS)
            raise _problem("The standing's", word, f"is not one of {keys} and its value.")
        if STANDING_KEYS[key] in values:
            raise _problem("The standing's", word, f"gives {key} a second time.")
        values[STANDING_KEYS[key]] = _standing_value(key, word, value)
    try:
        return new_game(rules, **values)
    except SpadesError as error:
        raise _problem("The standing", field, "cannot start a game.", error) from None


def _standing_value(key: str, word: _Part, value: str) -> Seat | int | tuple[int, ...]:
    """One value of the standing: the dealer's seat, the hand's number, or a number a side."""
    if key == "dealer":
        try:
            return Seat.parse(value)
        except SpadesError:
            raise _problem("The dealer", word, "is not a seat; write N, E, S or W.") from None
    numbers = value.split(",")
    if not all(_NUMBER.fullmatch(number) for number in numbers) or len(numbers) > 4:
        what = "a whole number" if key == "hand" else "whole numbers, one a side (0,0)"
        raise _problem("The standing's", word, f"is not {what}.")
    read = tuple(int(number) for number in numbers)
    if key == "hand":
        if len(read) != 1:
            raise _problem("The standing's", word, "is not one whole number.")
        return read[0]
    return read


# -- the hands -------------------------------------------------------------------------------------


def _hand(state: GameState, field: _Part, number: int, *, last: bool) -> GameState:
    """``state`` after the actions of a position's hand field, each applied in turn; every hand
    but the last must end where its field does."""
    actions = _parts(field[1], ",", field[0])
    played = len(state.history)
    for part in actions:
        if len(state.history) > played:
            raise _problem(
                f"Hand {number}'s", part, "follows the end of the hand; start the next after ' | '."
            )
        state = _step(state, part)
    if not last and len(state.history) == played:
        raise _problem(
            f"Hand {number}", field, "is not over, and only the last hand of a position may be."
        )
    return state


def _step(state: GameState, part: _Part) -> GameState:
    """``state`` after the action ``part`` writes."""
    if not part[1]:
        raise _problem("The action", part, "is missing: two commas, or a comma at an end.")
    try:
        action = action_from_text(part[1])
    except SpadesError as error:
        raise _problem("The action", part, "cannot be read.", error) from None
    try:
        return apply(state, action)
    except SpadesError as error:
        what = "The deal" if ":" in part[1] else "The action"
        raise _problem(what, part, "cannot be taken.", error) from None
