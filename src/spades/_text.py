"""Words for messages: quoting a value someone gave, plurals and lists.

Every error message that shows a value a user passed quotes it with :func:`quote`, so that a
million-character token, a whole number of 5,000 digits or an object whose ``repr`` fails never
makes a message long, slow or impossible to build.
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Sequence
from typing import Any

__all__ = [
    "MAX_INT",
    "StrictEnumType",
    "and_text",
    "exact_int",
    "exact_text",
    "plural",
    "quote",
    "times",
    "whole_number_problem",
]

#: The largest whole number the library takes anywhere (a score, a bag count, a bid, an option):
#: JavaScript's largest safe integer, so that every value survives a JSON record exactly.
MAX_INT = 2**53 - 1

#: How many characters of a quoted value are shown.
SHOWN = 40


def quote(value: object) -> str:
    """``value`` as a message shows it: a short ``repr``, never more than about 50 characters.

    It never raises: a value whose ``repr`` fails, or that no ``repr`` can show (a list holding a
    whole number too long for Python to print), is named by its type. Text shows every character
    but ASCII and the suit symbols escaped, so that a message never seems to refuse ``'Ks'`` when
    it was given a Kelvin sign, or ``'As'`` when it was given a Greek capital alpha.

    >>> quote('As')
    "'As'"
    >>> quote('x' * 1_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    >>> quote(10**5000)
    'a whole number of 5001 digits'
    >>> quote([10**5000])
    'a list'
    >>> print(quote('\u212as'), quote('\u0391s'), quote('A♠'), quote('été'))
    '\u212as' '\u0391s' 'A♠' '\xe9t\xe9'
    """
    try:
        return _quote(value)
    except Exception:  # a repr that fails must not hide the real error
        return _kind(value)


def _quote(value: object) -> str:
    # Subclasses of str, int, float and bytes are read through the base type, so that an
    # overridden __repr__, __len__ or __lt__ cannot run (or fail) here.
    if isinstance(value, (enum.Enum, bool)) or value is None:
        text = repr(value)
    elif isinstance(value, str):
        plain = str.__str__(value)
        return _unmasked(repr(plain if len(plain) <= SHOWN else plain[:SHOWN] + "..."))
    elif isinstance(value, int):
        number = int.__index__(value)
        if number.bit_length() > 100:
            sign = "a negative " if number < 0 else "a "
            return f"{sign}whole number of {_digits(number)} digits"
        return repr(number)
    elif isinstance(value, float):
        return float.__repr__(value)
    elif isinstance(value, (bytes, bytearray)):
        view = memoryview(value)
        return repr(bytes(view[:SHOWN])) + ("..." if len(view) > SHOWN else "")
    else:
        text = repr(value)
    if not isinstance(text, str):  # pragma: no cover - repr() itself refuses non-text
        return _kind(value)
    text = str.__str__(text)
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


#: The only characters beyond ASCII that a quoted text shows as they are.
_SHOWN_AS_IS = frozenset("♠♥♦♣♤♡♢♧")


def _unmasked(text: str) -> str:
    """``text`` (a ``repr``) with every character but ASCII and the suit symbols escaped."""
    if text.isascii():
        return text
    return "".join(
        char if char.isascii() or char in _SHOWN_AS_IS else ascii(char)[1:-1] for char in text
    )


def _kind(value: object) -> str:
    """``a list``, ``an Account``: what a value is, when its ``repr`` cannot be shown."""
    try:
        name = str.__str__(type(value).__name__)[:SHOWN]
    except Exception:  # pragma: no cover - a metaclass whose __name__ fails
        name = "object"
    return f"{'an' if name[:1].lower() in tuple('aeiou') else 'a'} {name}"


def exact_text(value: object) -> str | None:
    """``value`` as a plain ``str`` (a subclass is copied, not trusted), or None if not text."""
    return str.__str__(value) if isinstance(value, str) else None


def exact_int(value: object) -> int | None:
    """``value`` as a plain ``int``, or None if it is not a whole number.

    ``True``, ``False`` and enum members (``Seat.S`` is an ``int``) are not whole numbers here; a
    subclass of ``int`` is copied to a plain ``int`` without calling any of its methods.
    """
    if isinstance(value, (bool, enum.Enum)) or not isinstance(value, int):
        return None
    return int.__index__(value)


def _digits(value: int) -> int:
    """The number of decimal digits of ``value``, without converting it to text."""
    magnitude = abs(value)
    estimate = max(1, int(magnitude.bit_length() * 0.30102999566398120))
    # The estimate is the true count or one less.
    return estimate + 1 if magnitude >= 10**estimate else estimate


def whole_number_problem(
    value: object, *, minimum: int | None = -MAX_INT, maximum: int | None = MAX_INT
) -> str | None:
    """Why ``value`` is not a whole number in range, as the end of a sentence; None if it is.

    ``True``, ``False``, enum members and floats are not whole numbers here.

    >>> whole_number_problem(3.0)
    'must be a whole number, not 3.0'
    >>> whole_number_problem(2**53)
    'must be at most 2**53 - 1, not 9007199254740992'
    """
    number = exact_int(value)
    if number is None:
        return f"must be a whole number, not {quote(value)}"
    if minimum is not None and number < minimum:
        limit = "-(2**53 - 1)" if minimum == -MAX_INT else str(minimum)
        return f"must be at least {limit}, not {quote(number)}"
    if maximum is not None and number > maximum:
        limit = "2**53 - 1" if maximum == MAX_INT else str(maximum)
        return f"must be at most {limit}, not {quote(number)}"
    return None


#: The type of the values of each strict enum's members (int for Suit, str for FailedNilTricks).
_VALUE_TYPES: dict[type, type] = {}


class StrictEnumType(enum.EnumMeta):
    """The type of this package's enums that read values given by callers: a sentence for a value
    that is not one of their members.

    A value that names no member goes to the class's ``_read`` classmethod, which reads the forms
    the package takes elsewhere (``Suit('s')``) or raises the package's own error: never the
    standard ``ValueError``, whose message Python cannot even build for a 5,000-digit number. Only
    a value of the members' own type is looked up as usual: ``Suit(True)`` and ``Suit(3.0)`` are
    not suits (as ``True`` is not a number of tricks).
    """

    def __new__(metacls, *args: Any, **kwargs: Any) -> Any:
        cls = super().__new__(metacls, *args, **kwargs)
        for member in cls._member_map_.values():
            _VALUE_TYPES[cls] = type(member._value_)
            break
        return cls

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or cls not in _VALUE_TYPES:  # the functional API; a base, no members
            return super().__call__(value, *args, **kwargs)
        if type(value) is _VALUE_TYPES[cls] or type(value) is cls:
            with contextlib.suppress(ValueError):  # a ValueError: no member has this value
                return super().__call__(value)
        return cls._read(value)  # type: ignore[attr-defined]


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 bag``, ``3 bags``."""
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"


def times(count: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def and_text(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
