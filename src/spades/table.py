"""The driver for a table of people and computers: computers act until a person must.

A :class:`Table` holds a game and, for each seat, a computer player (any
:class:`~spades.bots.Player`) or ``None`` for a person. :meth:`Table.advance` deals and lets the
computer seats act until a person is to act or the game is over, so a front-end only ever handles
a person's input: show :meth:`Table.view` of :attr:`Table.waiting_for`, take the person's action,
pass it to :meth:`Table.act`, and draw the table again. :meth:`Table.step` makes one move at a
time instead, for a front-end that shows each card landing.

>>> from spades.bots import Level
>>> from spades.table import Table
>>> table = Table.solo(Level.EASY, seat='S', rules='standard', seed=7)
>>> table.advance().to_act
Seat.S
>>> table.waiting_for
Seat.S
>>> state = table.act(table.view('S').legal_actions[0])
>>> table.waiting_for in (Seat.S, None)
True

Everything random at the table comes from its seed: the deals (or, in two-handed Spades, each card
drawn from the stock), and one generator per computer seat (so a person's choices never change what
a computer at another seat draws). The same seed and the same actions from the people give the same
game.

In two-handed Spades (:attr:`RuleSet.players <spades.rules.RuleSet.players>` 2, the preset
``two_player``) North and East draw their hands: the table draws each card
(:func:`~spades.engine.chance_action`), and the drawer is asked, as for a bid or a card, to
:class:`~spades.actions.Keep` or :class:`~spades.actions.Discard` it, with a view whose
:attr:`~spades.views.SeatView.drawn_card` is the card.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence

from ._kernel.table import table_of
from ._text import MAX_INT, exact_int, quote, whole_number_problem
from .actions import Action, Deal, Draw
from .bots import Level, Player, make_player
from .engine import apply, chance_action, new_game, undo
from .errors import NotationError, SpadesError
from .rules import RuleSet, as_ruleset
from .seats import Seat, seat_at
from .state import GameState
from .views import SeatView, view

__all__ = ["HAND_LIMIT", "Table", "seat_rng", "table_seed"]

#: How many hands :meth:`Table.play` plays before it gives a game up as endless.
HAND_LIMIT = 1000


def table_seed(seed: object, whose: str = "A table's seed") -> int | str:
    """``seed`` as a table (or a match, :func:`~spades.arena.run_match`) is seeded with: text, or
    a whole number from -(2**53 - 1) to 2**53 - 1 (the largest a JSON record holds exactly).

    Anything else is a :class:`~spades.errors.SpadesError` with reason ``bad_seed``, whose
    sentence starts with ``whose``: a float, True, an enum member, or a whole number of 5,000
    digits (which Python cannot even turn into the text the table's generators are seeded from).

    >>> table_seed(7), table_seed('repeatable')
    (7, 'repeatable')
    >>> table_seed(2**53)
    Traceback (most recent call last):
    ...
    spades.errors.SpadesError: A table's seed must be at most 2**53 - 1, not 9007199254740992.
    """
    if isinstance(seed, str) and not isinstance(seed, enum.Enum):
        return str.__str__(seed)
    number = exact_int(seed)
    if number is None:
        raise SpadesError(
            f"{whose} is a whole number or text, not {quote(seed)}.", reason="bad_seed"
        )
    problem = whole_number_problem(number)
    if problem is not None:
        raise SpadesError(f"{whose} {problem}.", reason="bad_seed")
    return number


def seat_rng(seed: int | str, seat: Seat) -> random.Random:
    """The generator of the computer at ``seat`` at a table seeded with ``seed``.

    Seeded from text, so it is the same in every process and on every run; ``seed`` is read as
    :func:`table_seed` reads it.
    """
    return random.Random(f"spades-table/{table_seed(seed)}/{seat.name}")


_COUNTS = {2: "two", 3: "three", 4: "four"}
#: How a table of fewer than four is named in a sentence: "a table of three ".
_OF = {2: "of two ", 3: "of three "}


#: Where two people sit by default (:meth:`Table.two_people`), by the number of players.
_PEOPLE: dict[int, tuple[Seat, Seat]] = {
    2: (Seat.N, Seat.E),
    3: (Seat.S, Seat.N),
    4: (Seat.S, Seat.W),
}


def _default_seat(rules: RuleSet) -> Seat:
    """Where one person sits by default (:meth:`Table.solo`): South, or North at a table of two,
    where South has no player."""
    return Seat.S if Seat.S in rules.seats else Seat.N


def _seat(rules: RuleSet, value: Seat | str) -> Seat:
    """The seat ``value`` names, one in play under ``rules``: West at a table of three is a
    :class:`~spades.errors.NotationError` that names the seats in play."""
    return seat_at(value, table_of(rules).players)


def _deal_stream(deals: object) -> Iterator[object]:
    """The deals a table is given (``deals``), to take one by one; a value that is not an
    iterable of them (a number, text, one Deal) is a :class:`~spades.errors.NotationError` with
    reason ``bad_deal``, as each item that is not a :class:`~spades.actions.Deal` is when it is
    taken, when the table comes to deal it."""
    if isinstance(deals, (str, bytes, bytearray, Deal)) or not isinstance(deals, Iterable):
        raise NotationError(
            "A table's deals are the Deals to deal, in order (a list of them, or any iterable), "
            f"not {quote(deals)}.",
            token=quote(deals),
            reason="bad_deal",
        )
    return iter(deals)


def _players(value: object, rules: RuleSet) -> tuple[Player | None, ...]:
    """The players of the seats in play (N, E, S, W; N, E, S at a table of three; N, E at a table
    of two), from a sequence in that order or a mapping by seat; a missing seat is a person."""
    seats = rules.seats
    count = _COUNTS[len(seats)]
    names = ", ".join(seat.name for seat in seats)
    if isinstance(value, Mapping):
        chosen: list[object] = [None] * len(seats)
        for key, player in value.items():
            chosen[_seat(rules, key)] = player
    elif isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        chosen = list(value)
        if len(chosen) != len(seats):
            raise SpadesError(
                f"A table {_OF.get(len(seats), '')}has {count} seats ({names}), "
                f"so it takes {count} players, not {len(chosen)}; give None for a seat a person "
                "plays.",
                reason="bad_player",
            )
    else:
        raise SpadesError(
            f"A table's players are {count} players ({names}) or a mapping from seat to player, "
            f"not {quote(value)}.",
            reason="bad_player",
        )
    players: list[Player | None] = []
    for seat, player in zip(seats, chosen):
        if isinstance(player, (Level, str)):
            player = make_player(player)
        if player is not None and not callable(player):
            raise SpadesError(
                f"The player at {seat.full_name} is a computer player (called with a seat's view "
                f"and a random.Random), a level such as 'hard', or None for a person, not "
                f"{quote(player)}.",
                reason="bad_player",
            )
        players.append(player)
    return tuple(players)


class Table:
    """A game at a table where each seat is a computer player or a person.

    ``players`` are an entry for each seat in play, in seat order -- four, N, E, S, W, or three,
    N, E, S, at a table of three (:attr:`RuleSet.players <spades.rules.RuleSet.players>` 3), or
    two, N, E, at a table of two (two-handed Spades, :attr:`~spades.rules.RuleSet.players` 2) -- or
    a mapping from seat to entry: a computer player (:class:`~spades.bots.Player`), a level name
    (``'hard'``, a :class:`~spades.bots.Level`), or ``None`` for a seat a person plays. A seat
    with no player (West at a table of three; South and West at two) is refused. ``rules`` is a
    :class:`~spades.rules.RuleSet` or a preset name. ``seed`` makes the table reproducible: text
    or a whole number of at most 2**53 - 1 either side of 0 (:func:`table_seed`); without one a
    random seed is drawn (and kept in :attr:`seed`). ``deals`` gives the hands to deal, in
    order; once they run out (or without them) the table deals at random from its seed, or, at a
    table of two, draws each card of the stock at random from it (a given ``Deal`` of two hands
    stands for a draw not followed card by card). ``state``
    resumes a game in progress (a saved game's :class:`~spades.state.GameState`).
    """

    def __init__(
        self,
        players: Sequence[Player | Level | str | None]
        | Mapping[Seat | str, Player | Level | str | None],
        *,
        rules: RuleSet | str | None = None,
        seed: int | str | None = None,
        deals: Iterable[Deal] | None = None,
        state: GameState | None = None,
    ) -> None:
        if state is not None:
            if not isinstance(state, GameState):
                raise TypeError(f"A table resumes a GameState, not {quote(state)}.")
            if rules is not None and as_ruleset(rules) != state.rules:
                raise SpadesError(
                    "The rules given differ from the rules of the game to resume; give one or "
                    "the other.",
                    reason="bad_rules",
                )
            #: The game as it stands now (a :class:`~spades.state.GameState`, replaced by every
            #: move).
            self.state = state
        else:
            self.state = new_game(as_ruleset(rules))
        #: The player at each seat in play (N, E, S, W; N, E, S at a table of three; N, E at two):
        #: a computer player, or None for a person.
        self.players: tuple[Player | None, ...] = _players(players, self.state.rules)
        #: The table's seed: the given one, or the one drawn at random when none was given.
        self.seed: int | str = random.randrange(MAX_INT + 1) if seed is None else table_seed(seed)
        self._deal_rng = random.Random(f"spades-table/{self.seed}/deals")
        self._deals: Iterator[object] | None = None if deals is None else _deal_stream(deals)
        #: The cards drawn that an undo took back (two-handed Spades), to be drawn again first.
        self._redraws: list[Draw] = []
        self._rngs = tuple(seat_rng(self.seed, seat) for seat in self.state.rules.seats)

    # -- the two modes of the four_levels game (source text 004) ----------------------------------

    @classmethod
    def solo(
        cls,
        level: Level | str,
        *,
        seat: Seat | str | None = None,
        rules: RuleSet | str | None = None,
        seed: int | str | None = None,
    ) -> Table:
        """One person at ``seat`` (South unless given) with a Hard computer partner, against two
        computers at ``level``; when every player plays alone
        (:attr:`~spades.rules.RuleSet.partnerships` False), against the other players, all
        computers at ``level``, with no partner: three, or two at a table of three
        (:attr:`~spades.rules.RuleSet.players` 3), where ``seat`` is North, East or South, or one
        at a table of two (two-handed Spades), where the person sits North unless ``seat`` is
        East."""
        chosen = as_ruleset(rules)
        table = table_of(chosen)
        person = _seat(chosen, _default_seat(chosen) if seat is None else seat)
        players: list[Player | None] = [make_player(level)] * table.players
        players[person] = None
        partner = table.partner[person]
        if partner >= 0:
            players[partner] = make_player(Level.HARD)
        return cls(players, rules=chosen, seed=seed)

    @classmethod
    def two_people(
        cls,
        *,
        seats: tuple[Seat | str, Seat | str] | None = None,
        rules: RuleSet | str | None = None,
        seed: int | str | None = None,
    ) -> Table:
        """Two people on opposite teams (South and West unless ``seats`` says otherwise), each
        with a Hard computer partner; when every player plays alone
        (:attr:`~spades.rules.RuleSet.partnerships` False), two people at any two seats, against
        Hard computers at the others: two, or one at a table of three
        (:attr:`~spades.rules.RuleSet.players` 3), where the people sit at South and North (the
        seat on South's left, as West is at four) unless ``seats`` says otherwise, or none at a
        table of two (two-handed Spades), where the two people sit North and East."""
        chosen = as_ruleset(rules)
        table = table_of(chosen)
        if seats is None:
            seats = _PEOPLE[table.players]
        elif (
            not isinstance(seats, Sequence)
            or isinstance(seats, (str, bytes, bytearray))
            or len(seats) != 2
        ):
            raise SpadesError(
                f"Two people sit at two seats, such as ('S', 'W'), not {quote(seats)}.",
                reason="bad_player",
            )
        first, second = _seat(chosen, seats[0]), _seat(chosen, seats[1])
        if first is second:
            raise SpadesError(
                f"Two people play at two seats, but both are given {first.full_name}.",
                reason="bad_player",
            )
        if table.side_of[first] == table.side_of[second]:
            raise SpadesError(
                f"Two people play on opposite teams, but {first.full_name} and "
                f"{second.full_name} are partners.",
                reason="bad_player",
            )
        hard = make_player(Level.HARD)
        players: list[Player | None] = [hard] * table.players
        players[first] = players[second] = None
        return cls(players, rules=chosen, seed=seed)

    # -- where the game stands ---------------------------------------------------------------------

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats people play."""
        return tuple(seat for seat in self.state.rules.seats if self.players[seat] is None)

    @property
    def is_over(self) -> bool:
        """Whether the game has a result."""
        return self.state.is_over

    @property
    def waiting_for(self) -> Seat | None:
        """The person whose action the game waits for; None while a computer, a deal or a card to
        draw is next, and once the game is over."""
        state = self.state
        seat = state.to_act
        if seat is not None and self.players[seat] is None and not state.needs_draw:
            return seat
        return None

    def view(self, seat: Seat | str) -> SeatView:
        """What ``seat`` sees now (to show a person, or to send to a client)."""
        return view(self.state, seat)

    # -- moving the game on ------------------------------------------------------------------------

    def step(self) -> Action | None:
        """Make the next move if it is not a person's: a deal, a card drawn (two-handed Spades),
        or a computer's action (keeping or discarding a card drawn too). Returns the action made,
        or None when a person must act or the game is over."""
        state = self.state
        if state.is_over:
            return None
        if state.needs_deal or state.needs_draw:
            action: Action = self._next_chance(state)
        else:
            seat = state.to_act
            assert seat is not None
            player = self.players[seat]
            if player is None:
                return None
            action = player(view(state, seat), self._rngs[seat])
        self.state = apply(state, action)
        return action

    def advance(self) -> GameState:
        """Deal and let the computers act until a person must act or the game is over."""
        action = self.step()
        while action is not None:
            action = self.step()
        return self.state

    def act(self, action: Action, *, advance: bool = True) -> GameState:
        """A person's action (checked by the rules: an illegal one is an
        :class:`~spades.errors.IllegalActionError` and changes nothing), then :meth:`advance`.

        With ``advance=False`` nothing else moves, before or after: a front-end that shows each
        computer move (:meth:`step`), or that holds a finished hand on screen before the next
        deal, moves the game on itself. When no person is to act then, it is a
        :class:`~spades.errors.SpadesError` with reason ``not_a_persons_turn``."""
        seat = self.waiting_for
        if seat is None:
            if advance:
                self.advance()
                seat = self.waiting_for
            if seat is None:
                raise SpadesError(
                    "No person is to act now: "
                    + ("the game is over." if self.state.is_over else "a computer is to act."),
                    reason="not_a_persons_turn",
                )
        self.state = apply(self.state, action)
        return self.advance() if advance else self.state

    def undo(self) -> GameState:
        """Take back the last person's action and every computer action after it, so that
        person is to act again. Deals are not taken back past: the hand stays as dealt. In
        two-handed Spades a card kept or discarded is taken back too, with the cards drawn since,
        which the table draws again in the same order: the stock stays as it was shuffled (the
        person has seen the card after the one taken back, as at the table), and the first card
        drawn of a hand is not taken back past."""
        state = self.state
        undrawn: list[Draw] = []
        while state.previous is not None:
            last = state.last_action
            before = undo(state)
            if isinstance(last, Deal) or (isinstance(last, Draw) and before.needs_deal):
                break
            if isinstance(last, Draw):
                undrawn.append(last)
            else:
                seat = before.to_act
                if seat is not None and self.players[seat] is None:
                    self.state = before
                    self._redraws[:0] = reversed(undrawn)
                    return before
            state = before
        raise SpadesError(
            "There is no person's action this hand to take back.", reason="nothing_to_undo"
        )

    def play(self, *, hand_limit: int = HAND_LIMIT) -> GameState:
        """Play the game to its end; only for a table of computers.

        A game not over after ``hand_limit`` more hands is a :class:`~spades.errors.SpadesError`
        (reason ``endless_game``): under rules with no losing score and no cap on hands, players
        who never make their bids could play for ever. A ``hand_limit`` that is not a whole
        number of at least 1 is a :class:`~spades.errors.SpadesError` with reason
        ``bad_hand_limit``.
        """
        problem = whole_number_problem(hand_limit, minimum=1)
        if problem is not None:
            raise SpadesError(f"The hand limit {problem}.", reason="bad_hand_limit")
        hands = 0
        while True:
            starting = self.state.needs_deal  # a deal, or the first card drawn, starts a hand
            if self.step() is None:
                break
            if starting:
                hands += 1
                if hands > hand_limit:
                    raise SpadesError(
                        f"The game has not ended after {hand_limit:,} hands; with these players "
                        f"and rules (no losing score, no cap on hands) it may never end.",
                        reason="endless_game",
                    )
        seat = self.waiting_for
        if seat is not None:
            raise SpadesError(
                f"{seat.full_name} is a person, so the game cannot play itself to the end.",
                reason="not_a_persons_turn",
            )
        return self.state

    def _next_chance(self, state: GameState) -> Action:
        """The deal given next (a hand is to start and ``deals`` has one left), else the chance
        action due, at random from the table's seed."""
        if self._deals is not None and state.needs_deal:
            for deal in self._deals:
                if not isinstance(deal, Deal):
                    raise NotationError(
                        f"The next of the table's deals is {quote(deal)}, not a Deal.",
                        token=quote(deal),
                        reason="bad_deal",
                    )
                return deal
            self._deals = None
        if self._redraws and state.needs_draw:
            again = self._redraws.pop(0)
            if again.card in state.stock:
                return again
            self._redraws.clear()  # not this stock's: the game went another way
        return chance_action(state, self._deal_rng)

    def __repr__(self) -> str:
        players = ", ".join("None" if p is None else repr(p) for p in self.players)
        return f"<Table seed={self.seed!r} players=({players}) {self.state!r}>"
