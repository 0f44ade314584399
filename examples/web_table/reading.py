"""Reading the web table's requests: a JSON body or a query, the keys each address takes, and the
kinds of value each key holds, every refusal a :class:`Refusal` whose sentence speaks JSON, the
language the request was written in: ``true``, ``null``, ``["2c", "3d"]``, "a number", "an
array", never Python's ``True``, ``None`` or ``['2c', '3d']``.

``lobby.py`` answers the requests; this file only reads them, and knows nothing of games.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from typing import Any
from urllib.parse import parse_qs

from spades._text import MAX_INT, and_text

#: The largest request body read, in bytes: an action is a few dozen.
MAX_BODY = 16_384
#: How many characters of a value a request gave are shown in a sentence about it.
SHOWN = 40

#: JSON-ready data, and a reply: an HTTP status and the data to send.
Data = dict[str, Any]
Reply = tuple[int, Data]


class Refusal(Exception):
    """A request refused: its HTTP status, a reason to branch on and a sentence to show."""

    def __init__(self, status: int, reason: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.reason = reason
        self.message = message

    def reply(self) -> Reply:
        return self.status, {"error": {"reason": self.reason, "message": self.message}}


# -- JSON's words ----------------------------------------------------------------------------------


def json_kind(value: object) -> str:
    """What a JSON value is called: ``true``, ``false``, ``null``, "a number", "a string", "an
    array" or "an object"."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    kinds: list[tuple[type | tuple[type, ...], str]] = [
        ((int, float), "a number"),
        (str, "a string"),
        (list, "an array"),
        (dict, "an object"),
    ]
    return next((name for kind, name in kinds if isinstance(value, kind)), "that")


def json_text(value: object) -> str:
    """``value`` as JSON writes it (``true``, ``null``, ``"Qh"``, ``["2c"]``), cut to
    :data:`SHOWN` characters; its kind (:func:`json_kind`) if it cannot be written."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return json_kind(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "\u2026"


def is_text(value: object) -> bool:
    return isinstance(value, str)


def is_whole(value: object) -> bool:
    """A JSON number without a fraction (``true`` is not one, although Python counts it)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_whole_or_text(value: object) -> bool:
    return is_whole(value) or is_text(value)


def is_text_array(value: object) -> bool:
    return isinstance(value, list) and all(is_text(item) for item in value)


def or_null(test: Callable[[object], bool]) -> Callable[[object], bool]:
    """``test``, or ``null``: a key given as null is as good as left out."""
    return lambda value: value is None or test(value)


#: The kind of value a key holds: a test, the refusal's reason, and its sentence up to ", not".
Kind = tuple[Callable[[object], bool], str, str]

#: The keys of a new game that must be of a kind (``mode`` and ``level`` are one of a few texts).
GAME_KINDS: dict[str, Kind] = {
    "rules": (is_text, "unknown_preset", 'The rules are named by text, such as "standard"'),
    "target": (
        or_null(is_whole),
        "bad_option",
        "The target is a whole number of points, such as 500 (or null for the rules' own)",
    ),
    "partnerships": (
        or_null(lambda value: isinstance(value, bool)),
        "bad_option",
        '"partnerships" is true or false (or null for the rules\' own)',
    ),
    "seed": (or_null(is_whole_or_text), "bad_seed", "A seed is a whole number or text"),
}

#: The keys of an action that must be of a kind; which keys an action of each type has is the
#: library's to say (:func:`spades.action_from_dict`).
ACTION_KINDS: dict[str, Kind] = {
    "type": (is_text, "bad_action", 'An action\'s type is text, such as "play"'),
    "bid": (is_whole_or_text, "bad_bid", 'A bid is a number of tricks, "nil" or "blind nil"'),
    "card": (is_text, "bad_card", 'A card is text, such as "Qh"'),
    "cards": (is_text_array, "bad_card", 'Cards are an array of text, such as ["2c", "3d"]'),
}


def check_kinds(data: Mapping[str, object], kinds: Mapping[str, Kind]) -> None:
    """A 400 refusal for the first key of ``data`` whose value is not of its kind."""
    for key, (test, reason, sentence) in kinds.items():
        if key not in data:
            continue
        value = data[key]
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise Refusal(
                400,
                reason,
                f"{json_text(value)} is too large: a number in a request is at most "
                f"{MAX_INT} either side of 0, the whole numbers JSON carries exactly.",
            )
        if not test(value):
            raise Refusal(400, reason, f"{sentence}, not {json_text(value)}.")


def check_action(action: object) -> Data:
    """An action as a request gives it, an object whose values are of their kinds; what it
    means, and whether it is legal, the library decides."""
    if not isinstance(action, dict):
        raise Refusal(
            400,
            "bad_action",
            f'An action is an object such as {{"type": "play", "card": "Qh"}}, not '
            f"{json_text(action)}.",
        )
    check_kinds(action, ACTION_KINDS)
    return action


# -- a body or a query -----------------------------------------------------------------------------


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def read_object(body: bytes, allowed: Collection[str], *, required: Collection[str] = ()) -> Data:
    """The request's body as a JSON object with only ``allowed`` keys and every ``required``
    one; a 400 (413 when too large) refusal saying what is wrong otherwise."""
    if len(body) > MAX_BODY:
        raise Refusal(413, "body_too_large", f"A request body is at most {MAX_BODY} bytes.")
    if not body.strip():
        raise Refusal(400, "malformed_json", "The request has no body; send a JSON object.")
    try:
        data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise Refusal(400, "malformed_json", "The request body is not UTF-8 text.") from None
    except (ValueError, RecursionError) as error:
        raise Refusal(
            400, "malformed_json", f"The request body is not valid JSON ({error})."
        ) from None
    if not isinstance(data, dict):
        raise Refusal(
            400,
            "not_an_object",
            f'The request body must be a JSON object, such as {{"seat": "S"}}, not '
            f"{json_kind(data)}.",
        )
    return _check_keys(data, allowed, required, "The request")


def read_query(query: str, allowed: Collection[str]) -> Data:
    """The query's parameters (each given once, all of ``allowed`` required)."""
    try:
        pairs = parse_qs(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        raise Refusal(
            400, "bad_query", f"The query {json_text(query)} is not name=value pairs."
        ) from None
    for name, values in pairs.items():
        if len(values) > 1:
            raise Refusal(400, "bad_query", f"The query gives {json_text(name)} more than once.")
    data = {name: values[0] for name, values in pairs.items()}
    return _check_keys(data, allowed, allowed, "The query")


def _check_keys(data: Data, allowed: Collection[str], required: Collection[str], what: str) -> Data:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise Refusal(
            400,
            "unknown_key",
            f"{what} has {_names(unknown)}, which this address does not take; it takes "
            f"{_names(sorted(allowed))}.",
        )
    missing = sorted(set(required) - set(data))
    if missing:
        raise Refusal(400, "missing_key", f"{what} lacks {_names(missing)}.")
    return data


def _names(names: list[str]) -> str:
    return and_text([json_text(name) for name in names])
