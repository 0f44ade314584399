"""Seats, partnerships and the direction of play.

Seats are ``N E S W`` in clockwise order, so the seat to a player's left is the next one clockwise.
Partners sit opposite: ``NS`` against ``EW``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from ._text import and_text, exact_int, quote
from .errors import NotationError

__all__ = ["Direction", "Seat", "Side", "Team", "parse_side", "seat_at"]


class Direction(enum.Enum):
    """Which way bidding, play and the deal move round the table."""

    #: To the left: N, E, S, W. The player on the dealer's left acts first (the standard game,
    #: rule_sheet and four_levels).
    CLOCKWISE = 1
    #: To the right: N, W, S, E. The player on the dealer's right acts first (partners_app and
    #: cap40).
    COUNTERCLOCKWISE = -1

    #: How a seat number moves each turn: ``+1`` clockwise, ``-1`` counterclockwise.
    step: int

    def __init__(self, step: int) -> None:
        self.step = step

    def __repr__(self) -> str:
        return f"Direction.{self.name}"

    def __str__(self) -> str:
        return self.name.lower()


_SEAT_NAMES = ("North", "East", "South", "West")


class Seat(enum.IntEnum):
    """A place at the table, numbered clockwise from North (an ``int``, to index per-seat tuples
    such as ``state.bids``). Partners sit opposite: N with S, E with W."""

    #: North (0), partner of South.
    N = 0
    #: East (1), partner of West.
    E = 1
    #: South (2), partner of North.
    S = 2
    #: West (3), partner of East.
    W = 3

    def __repr__(self) -> str:
        return f"Seat.{self.name}"

    def __str__(self) -> str:
        return self.name

    @property
    def full_name(self) -> str:
        """``North``, ``East``, ``South`` or ``West``, for sentences."""
        return _SEAT_NAMES[self]

    @property
    def team(self) -> Team:
        """The seat's partnership: :attr:`Team.NS` for N and S, :attr:`Team.EW` for E and W."""
        return TEAMS[self & 1]

    @property
    def partner(self) -> Seat:
        """The seat opposite, its partner."""
        return SEATS[self ^ 2]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``N``, ``north``, ``n`` and the like; a :class:`~spades.errors.NotationError`
        otherwise."""
        if isinstance(text, str):
            seat = _SEAT_BY_TEXT.get(text.strip().lower())
            if seat is not None:
                return seat
        raise NotationError(
            f"{quote(text)} is not a seat; use N, E, S or W.",
            token=text if isinstance(text, str) else quote(text),
            reason="bad_seat",
        )

    @classmethod
    def of(cls, value: Seat | str) -> Seat:
        """The seat ``value`` names: a :class:`Seat`, or its text (``'N'``, ``'north'``).

        The one place where a seat given by a user is read, so every function that takes a
        seat accepts the same forms and refuses the rest with the same sentence.
        """
        if isinstance(value, Seat):
            return value
        return cls.parse(value)


class Team(enum.IntEnum):
    """A partnership: North-South or East-West (an ``int``, to index per-team pairs such as
    ``state.scores``)."""

    #: North and South (0).
    NS = 0
    #: East and West (1).
    EW = 1

    def __repr__(self) -> str:
        return f"Team.{self.name}"

    def __str__(self) -> str:
        return self.name

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two partners: (N, S) or (E, W)."""
        return (SEATS[self], SEATS[self + 2])

    @property
    def other(self) -> Team:
        """The opposing partnership."""
        return TEAMS[self ^ 1]

    @classmethod
    def parse(cls, text: str) -> Team:
        """Read ``NS``, ``ew``, ``SN`` and the like; a :class:`~spades.errors.NotationError`
        otherwise."""
        if isinstance(text, str):
            team = _TEAM_BY_TEXT.get(text.strip().upper())
            if team is not None:
                return team
        raise NotationError(
            f"{quote(text)} is not a partnership; use NS or EW.",
            token=text if isinstance(text, str) else quote(text),
            reason="bad_team",
        )

    @classmethod
    def of(cls, value: Team | str) -> Team:
        """The partnership ``value`` names: a :class:`Team`, or its text (``'NS'``, ``'ew'``)."""
        if isinstance(value, Team):
            return value
        return cls.parse(value)


SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.N, Seat.E, Seat.S, Seat.W)
TEAMS: tuple[Team, Team] = (Team.NS, Team.EW)
_SEAT_BY_TEXT: dict[str, Seat] = {
    **{seat.name.lower(): seat for seat in SEATS},
    **{seat.full_name.lower(): seat for seat in SEATS},
}
_TEAM_BY_TEXT: dict[str, Team] = {
    **{team.name: team for team in TEAMS},
    **{team.name[::-1]: team for team in TEAMS},
}


_Value = TypeVar("_Value")


def seat_data(values: Sequence[_Value]) -> dict[str, _Value]:
    """Values in seat order (N, E, S, W; N, E, S for three players) as JSON-ready data:
    ``{"N": .., "E": .., ...}``."""
    return {seat.name: value for seat, value in zip(SEATS, values)}


def team_data(values: Sequence[_Value]) -> dict[str, _Value]:
    """A pair of values (NS, EW) as JSON-ready data: ``{"NS": .., "EW": ..}``."""
    return {team.name: values[team] for team in TEAMS}


#: Who scores together: a :class:`Team` in a partnership game, a :class:`Seat` when every player
#: plays alone (:attr:`~spades.rules.RuleSet.partnerships` False).
Side = Team | Seat


def sides(partnerships: bool, players: int = 4) -> tuple[Side, ...]:
    """The sides that score, in the order of per-side tuples such as ``state.scores``:
    ``(NS, EW)`` in partnerships, the seats in play (``(N, E, S, W)``, or ``(N, E, S)`` for
    three players) when every player plays alone."""
    return TEAMS if partnerships else SEATS[:players]


def side_seats(side: Side) -> tuple[Seat, ...]:
    """The seats that score as ``side``: a team's two partners, or the seat itself."""
    return side.seats if isinstance(side, Team) else (side,)


def parse_side(value: Side | str, partnerships: bool, players: int = 4) -> Side:
    """The side ``value`` names: a team (``'NS'``, :attr:`Team.EW`) in partnerships, a seat
    (``'N'``, ``'north'``, one of the first ``players`` seats) when every player plays alone; a
    :class:`~spades.errors.NotationError` for anything else, one that says which kind is
    wanted. The one place where a side given by a user is read."""
    if partnerships:
        seat = value if isinstance(value, Seat) else None
        if isinstance(value, str) and not isinstance(value, Team):
            seat = _SEAT_BY_TEXT.get(value.strip().lower())
        if seat is not None:
            raise NotationError(
                f"{seat.full_name} does not score alone in a partnership game; name the team, "
                f"{seat.team}.",
                token=seat.name,
                reason="bad_team",
            )
        return Team.of(value)  # type: ignore[arg-type]  # (a Seat is refused above)
    if isinstance(value, Team) or (
        isinstance(value, str) and value.strip().upper() in _TEAM_BY_TEXT
    ):
        raise NotationError(
            f"{quote(value.name if isinstance(value, Team) else value)} is a partnership, but "
            "every player plays alone under these rules (partnerships=False); name a seat: "
            f"{_or_text([seat.name for seat in SEATS[:players]])}.",
            token=value.name if isinstance(value, Team) else value,
            reason="bad_seat",
        )
    return seat_at(value, players)


def seat_at(value: Seat | str, players: int) -> Seat:
    """The seat ``value`` names (:meth:`Seat.of`), one of the first ``players`` seats: the seats
    in play. The one place where a seat a user names at a table is read, so that every function
    that takes a seat refuses one with no player with the same sentence."""
    seat = Seat.of(value)
    if seat >= players:
        raise NotationError(
            f"{seat.full_name} has no player at a table of {players}: they sit at "
            f"{', '.join(s.name for s in SEATS[: players - 1])} and {SEATS[players - 1].name}.",
            token=seat.name,
            reason="bad_seat",
        )
    return seat


def _or_text(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1]


def side_data(values: Sequence[_Value], sides: Sequence[Side] | None = None) -> dict[str, _Value]:
    """Values per side as JSON-ready data, keyed by ``sides`` (``RuleSet.sides``): ``{"NS": ..,
    "EW": ..}`` for two teams, ``{"N": .., "E": .., "S": .., "W": ..}`` (or the seats in play)
    when every player plays alone. Without ``sides``, a pair is taken for two teams and more
    values for seats, which two players alone are not: give their sides."""
    if sides is not None:
        return {side.name: value for side, value in zip(sides, values, strict=True)}
    return team_data(values) if len(values) == len(TEAMS) else seat_data(values)


def optional_seat(value: Seat | str | None) -> Seat | None:
    """The seat ``value`` names (a :class:`Seat`, its number or its text), or None for None: how
    an action reads the seat taking it."""
    if value is None or type(value) is Seat:
        return value
    number = exact_int(value)  # not True, not another enum's member (Team.EW, Suit.SPADES)
    if number is not None and 0 <= number <= 3:
        return Seat(number)
    if isinstance(value, str) and not isinstance(value, enum.Enum):
        return Seat.parse(str.__str__(value))
    raise NotationError(
        f"A seat is a Seat or its text (N, E, S or W), not {quote(value)}.",
        token=quote(value),
        reason="bad_seat",
    )


# -- values given by seat ------------------------------------------------------------------------


def by_seat(
    values: Sequence[Any] | Mapping[Any, Any],
    what: str,
    reason: str,
    *,
    allow_missing: bool,
    seats: int = 4,
) -> list[Any]:
    """Four values in seat order N, E, S, W (three, N, E, S, when ``seats`` is 3), from a
    sequence in that order or a mapping by seat (keys read by
    :meth:`Seat.of() <spades.seats.Seat.of>`); a seat missing from a mapping gets None when
    ``allow_missing``. ``what`` names the values in messages (``bids``, ``trick counts``)."""
    in_play = SEATS[:seats]
    if isinstance(values, Mapping):
        found: dict[Seat, object] = {}
        for key, value in values.items():
            seat = Seat.of(key)
            if seat in found:
                raise NotationError(
                    f"The {what} give {seat.full_name} twice.", token=quote(key), reason=reason
                )
            if seat not in in_play:
                try:
                    parse_side(seat, False, seats)  # the one sentence for a seat not in play
                except NotationError as error:
                    raise NotationError(
                        f"The {what}: {error.message}", token=quote(key), reason=reason
                    ) from None
            found[seat] = value
        missing = [seat for seat in in_play if seat not in found]
        if missing and not allow_missing:
            names = and_text([seat.full_name for seat in missing])
            raise NotationError(
                f"The {what} give each seat's; none is given for {names}.",
                token=quote(values),
                reason=reason,
            )
        return [found.get(seat) for seat in in_play]
    wanted = _SEAT_VALUES[seats]
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise NotationError(
            f"The {what} are {wanted}, not {quote(values)}.", token=quote(values), reason=reason
        )
    if len(values) != seats:  # before reading them: a sequence may be very long
        raise NotationError(
            f"The {what} are {wanted}, not {len(values)}.", token=quote(values), reason=reason
        )
    return list(values)


#: How per-seat values are written, by the number of seats.
_SEAT_VALUES = {
    4: "four values (N, E, S, W)",
    3: "three values (N, E, S) for three players",
    2: "two values (N, E) for two players",
}


def given_seats(values: Any) -> int:
    """How many seats per-seat values give, for a reader that does not know the rules: 3 for
    three values in a sequence, or a mapping of N, E and S alone; 2 for two values, or a mapping
    of N and E alone; else 4 (and then anything but four values is refused with the sentence for
    four)."""
    if isinstance(values, Mapping):
        try:
            keys = {Seat.of(key) for key in values}
        except NotationError:
            return 4
        if len(keys) == len(values) and len(values) in (2, 3):
            return len(values) if keys == set(SEATS[: len(values)]) else 4
        return 4
    if isinstance(values, Sequence) and not isinstance(values, (str, bytes)):
        return len(values) if len(values) in (2, 3) else 4
    return 4
