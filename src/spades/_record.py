"""Frozen records: the package's values declared once as named tuples, made to behave as values.

A named tuple gives a value its fields, slots, a typed constructor, pickling and the builders
(``_make``, ``_replace``) from one declaration. :func:`frozen_record` makes the class it decorates
a value of its own kind rather than a tuple: equal only to another of the same class (never to a
plain tuple with the same items, nor to a record of another class with the same fields), hashed
as its fields, not ordered, and its own copy (it is immutable). A method the class defines itself
(``GameState`` compares every field but the way it was reached) is kept.
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["frozen_record"]

_Record = TypeVar("_Record", bound=type)


def frozen_record(cls: _Record) -> _Record:
    """``cls``, a subclass of a named tuple, with the value behaviour the module describes."""

    def __eq__(self: tuple[Any, ...], other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return tuple.__eq__(self, other)

    def __ne__(self: tuple[Any, ...], other: object) -> bool:
        equal = bool(self.__eq__(other)) if other.__class__ is self.__class__ else None
        return NotImplemented if equal is None else not equal

    def __lt__(self: object, other: object) -> bool:
        return NotImplemented  # records are not ordered

    def __copy__(self: object) -> object:
        return self

    def __deepcopy__(self: object, memo: dict[int, Any]) -> object:
        return self

    methods: dict[str, Any] = {
        "__eq__": __eq__,
        "__ne__": __ne__,
        "__hash__": tuple.__hash__,
        "__lt__": __lt__,
        "__le__": __lt__,
        "__gt__": __lt__,
        "__ge__": __lt__,
        "__copy__": __copy__,
        "__deepcopy__": __deepcopy__,
    }
    for name, method in methods.items():
        if name not in cls.__dict__:
            setattr(cls, name, method)
    return cls
