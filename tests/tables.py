"""The four tables Spades is played at, for tests written once for every table.

The option docs of :class:`spades.RuleSet` (``players``, ``partnerships``, ``deal_method``) and
the presets: four players in two partnerships (``standard``, the common game), four players who
each play alone (``solo_5_bags``, "solo"), three players alone (``cutthroat3``: the two of clubs
out, 17 cards each) and two players alone who draw their hands (``two_player``).
``tests/conftest.py`` gives them as the ``table_kind`` fixture, one test per table, named by
:attr:`TableKind.id`; and, for the tests of a front-end at any table, :func:`random_player`, a
computer that picks at random (the ``random_computers`` fixture seats it for every level).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from spades import RuleSet, Seat, Team, find_ruleset
from spades.actions import Action
from spades.views import SeatView


@dataclass(frozen=True)
class TableKind:
    """One table: who sits where, who scores together, and the rules that seat it."""

    #: The test id: ``partners``, ``alone``, ``three`` or ``two``.
    id: str
    #: The preset played at this table.
    preset: str
    #: How many play.
    players: int
    #: Whether North and South, East and West play as partners.
    partnerships: bool
    #: The options that seat this table in the common game (``RuleSet(**options)``), as
    #: ``spades score --set`` and a record's ``options`` give them.
    options: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def rules(self) -> RuleSet:
        """The common game at this table: the defaults with only :attr:`options` changed."""
        return RuleSet(**self.options)

    @property
    def preset_rules(self) -> RuleSet:
        """The rules of :attr:`preset`."""
        return find_ruleset(self.preset)

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in play, in order from North: N E S W, N E S, or N E."""
        return tuple(Seat)[: self.players]

    @property
    def sides(self) -> tuple[Team | Seat, ...]:
        """Who scores: the teams NS and EW in partnerships, else each seat alone."""
        return (Team.NS, Team.EW) if self.partnerships else self.seats

    @property
    def tricks(self) -> int:
        """The tricks in a hand with the standard deck: 13, or 17 for three (the two of clubs
        out)."""
        return 17 if self.players == 3 else 13

    @property
    def draws(self) -> bool:
        """Whether the players draw their hands from the stock instead of being dealt them."""
        return self.options.get("deal_method") == "draw_keep_discard"

    @property
    def missing(self) -> tuple[Seat, ...]:
        """The seats with no player: W at three, S and W at two."""
        return tuple(Seat)[self.players :]

    def no_player(self, seat: Seat) -> str:
        """The sentence that refuses ``seat``, one with no player at this table: "West has no
        player at a table of 3: they sit at N, E and S." """
        names = [each.name for each in self.seats]
        sit = ", ".join(names[:-1]) + " and " + names[-1]
        return f"{seat.full_name} has no player at a table of {self.players}: they sit at {sit}."

    def __str__(self) -> str:
        return self.id


#: The four tables, four partners first.
TABLES: tuple[TableKind, ...] = (
    TableKind(id="partners", preset="standard", players=4, partnerships=True),
    TableKind(
        id="alone",
        preset="solo_5_bags",
        players=4,
        partnerships=False,
        options={"partnerships": False},
    ),
    TableKind(
        id="three",
        preset="cutthroat3",
        players=3,
        partnerships=False,
        options={"players": 3, "partnerships": False},
    ),
    TableKind(
        id="two",
        preset="two_player",
        players=2,
        partnerships=False,
        options={"players": 2, "partnerships": False, "deal_method": "draw_keep_discard"},
    ),
)
#: The tables by id.
TABLE = {table.id: table for table in TABLES}


def random_player(seen: SeatView, rng: random.Random) -> Action:
    """A computer that picks one of its legal actions at random: for the tests of a front-end,
    where what is under test is the front-end, not the computer's play."""
    return rng.choice(seen.legal_actions)
