"""Words for messages: quoting a value someone gave, plurals and lists.

Every error message that shows a value a user passed quotes it with :func:`quote`, so that a
million-character token, a whole number of 5,000 digits or an object whose ``repr`` fails never
makes a message long, slow or impossible to build.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

__all__ = ["MAX_INT", "and_text", "plural", "quote", "whole_number_problem"]

#: The largest whole number the library takes anywhere (a score, a bag count, a bid, an option):
#: JavaScript's largest safe integer, so that every value survives a JSON record exactly.
MAX_INT = 2**53 - 1

#: How many characters of a quoted value are shown.
SHOWN = 40


def quote(value: object) -> str:
    """``value`` as a message shows it: a short ``repr``, never more than about 50 characters.

    >>> quote('As')
    "'As'"
    >>> quote('x' * 1_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"
    >>> quote(10**5000)
    'a whole number of 5001 digits'
    """
    if isinstance(value, str):
        return repr(value if len(value) <= SHOWN else value[:SHOWN] + "...")
    if isinstance(value, enum.Enum):
        return repr(value)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if value.bit_length() > 100:
            digits = _digits(value)
            sign = "a negative " if value < 0 else "a "
            return f"{sign}whole number of {digits} digits"
        return repr(int(value))
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (bytes, bytearray)):
        shown = bytes(value[:SHOWN])
        return repr(shown) + ("..." if len(value) > SHOWN else "")
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the real error
        return f"a {type(value).__name__} object"
    if len(text) > SHOWN:
        return text[:SHOWN] + "..."
    return text


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
    """
    if isinstance(value, (bool, enum.Enum)) or not isinstance(value, int):
        return f"must be a whole number, not {quote(value)}"
    if minimum is not None and value < minimum:
        return f"must be at least {minimum}, not {quote(value)}"
    if maximum is not None and value > maximum:
        limit = "2**53 - 1" if maximum == MAX_INT else str(maximum)
        return f"must be at most {limit}, not {quote(value)}"
    return None


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 bag``, ``3 bags``."""
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"


def and_text(parts: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]
