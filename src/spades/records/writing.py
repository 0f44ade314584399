"""Records as JSON text: :func:`~spades.records.dumps` and :func:`~spades.records.dump` write a
record, and :func:`~spades.records.schema` is the JSON Schema of the format, as shipped with the
package."""

from __future__ import annotations

import json
import os
from typing import IO, Any

from .._text import quote, whole_number_problem
from ..errors import RecordError
from .format import GameRecord, record_data

__all__ = ["MAX_INDENT", "dump", "dumps", "schema"]

#: The longest list of plain values :func:`~spades.records.dumps` writes on one line when it
#: indents.
_LONGEST_LINE = 100


def _format(value: Any, indent: int, level: int) -> str:
    """JSON with objects indented and lists of plain values kept on one line."""
    pad = " " * (indent * (level + 1))
    end = " " * (indent * level)
    if isinstance(value, dict):
        if not value:
            return "{}"
        flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if len(flat) <= 80 and all(not isinstance(v, (dict, list)) for v in value.values()):
            return flat
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_format(v, indent, level + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
            if len(flat) <= _LONGEST_LINE:
                return flat
            # A long list of values (two players' draw): one value a line.
            inner = [pad + json.dumps(v, ensure_ascii=False) for v in value]
            return "[\n" + ",\n".join(inner) + "\n" + end + "]"
        inner = [pad + _format(v, indent, level + 1) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + end + "]"
    return json.dumps(value, ensure_ascii=False)


#: The widest indent :func:`~spades.records.dumps` writes.
MAX_INDENT = 16


def _check_record(record: object, function: str) -> None:
    if not isinstance(record, GameRecord):
        raise TypeError(f"{function}() writes a GameRecord, not {quote(record)}.")


def dumps(record: GameRecord, *, indent: int | None = None) -> str:
    """The record as JSON: one line, or indented by ``indent`` spaces (each trick on one line).

    Anything but a :class:`GameRecord` is a :class:`TypeError`; an ``indent`` other than None or
    a whole number from 0 to 16 is a :class:`~spades.errors.RecordError`.
    """
    _check_record(record, "dumps")
    if indent is not None:
        problem = whole_number_problem(indent, minimum=0, maximum=MAX_INDENT)
        if problem is not None:
            raise RecordError(f"indent {problem}.", reason="bad_indent")
    data = record_data(record)
    if indent is None:
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return _format(data, indent, 0) + "\n"


def dump(record: GameRecord, fp: IO[str], *, indent: int | None = None) -> None:
    """Write the record to a text file as JSON."""
    _check_record(record, "dump")
    write = getattr(fp, "write", None)
    if not callable(write):
        raise TypeError(f"dump() writes to a file opened for writing text, not {quote(fp)}.")
    write(dumps(record, indent=indent))


#: The JSON Schema's file, shipped in the package beside this module. (Read by its path:
#: ``importlib.resources`` would cost ``spades score`` a tenth of its time budget to import.)
_SCHEMA = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "schema", "record-v1.schema.json"
)


def schema() -> dict[str, Any]:
    """The JSON Schema of the record format, as shipped with the package."""
    with open(_SCHEMA, encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data
