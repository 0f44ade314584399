"""The compiled table (``spades._kernel.table``): one per rule set, and what it pickles as."""

from __future__ import annotations

import copy
import pickle

from spades._kernel.table import Table, table_of
from tables import TableKind


def test_a_table_pickles_as_its_rule_set_and_comes_back_as_the_one_kept(
    table_kind: TableKind,
) -> None:
    # The same object whether the kernel runs as Python or compiled with mypyc, whose classes
    # cannot be rebuilt from their slots.
    table = table_of(table_kind.rules)
    again = pickle.loads(pickle.dumps(table))
    assert again is table
    assert copy.copy(table) is table
    assert copy.deepcopy(table) is table


def test_a_table_built_apart_unpickles_as_the_one_kept_for_its_rules(
    table_kind: TableKind,
) -> None:
    apart = Table(table_kind.rules)
    again = pickle.loads(pickle.dumps(apart))
    assert again is table_of(table_kind.rules)
    assert (again == apart, again.players, again.seats) == (True, table_kind.players, apart.seats)
