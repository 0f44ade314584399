"""The double-dummy search itself, on the cards' positions: see :mod:`spades._kernel.double_dummy`.

One :class:`Search` per question asked of a :class:`~spades._kernel.double_dummy.Solver`: the
hands at their positions, mutated as cards are tried and put back, and the solver's table of
bounds, read and written.

Partition search: an answer found at a trick's start is stored for every position that agrees with
this one on the cards the answer *rests on* (:attr:`Search.relevant`: each trick's winning card,
the cards a stored answer or a quick-trick count relied on, and the lowest card of a run tried for
the run), in each suit who holds each card from the top down to the lowest card it rests on, the
rest of the suit being only so many small cards in each hand (the suit lengths are in the key).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from .cards import RANKS, SPADE_SUIT, bit_indices
from .table import (
    BREAK_ANY_TIME,
    BREAK_TRUMP_ONLY,
    FIRST_TRICK_ANY,
    FIRST_TRICK_LOWEST_CLUB,
    Table,
)

__all__ = ["Bounds", "Moment", "Owners", "Search"]


class Moment(Protocol):
    """What a search starts from: a :class:`~spades._kernel.double_dummy.Position`."""

    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def trick(self) -> Sequence[int]: ...
    @property
    def to_act(self) -> int: ...
    @property
    def broken(self) -> bool: ...
    @property
    def first_trick(self) -> bool: ...


#: The first position of the spades: every bit from here up is a spade (cards at their positions).
_LOW_SPADE = SPADE_SUIT * RANKS
#: The positions of each suit, clubs first; the spades run on to every trump above the ace.
_SUITS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x7FFFF << 39)
_SPADES = _SUITS[SPADE_SUIT]
_NON_SPADES = (1 << _LOW_SPADE) - 1
#: The position past the top of each suit.
_SUIT_END = (13, 26, 39, 58)
#: The most seats at a table: holdings are padded to this many for the keys.
_MOST_SEATS = 4
#: The entries a solver's table of bounds may hold before it is cleared.
MEMORY = 1 << 20
#: The answers kept for one leader, suit lengths and breaking, the oldest dropped first.
_ENTRIES = 24
#: A table of bounds: for each leader, breaking and suit lengths, the answers stored, each as the
#: pattern it holds for (a shift and the holders left after it, for each suit), its lower and
#: upper bounds and the lead tried first.
Bounds = dict[tuple[int, int, int, int, int, int], list[list[int]]]
#: Each suit's holdings seen: who holds each card from the top, and each seat's length.
Owners = dict[tuple[int, int, int, int], tuple[int, int]]


class Search:
    """One search: the hands at their positions, mutated as cards are tried and put back."""

    __slots__ = (
        "after",
        "any_spade_breaks",
        "bounds",
        "breaking",
        "broken",
        "counted",
        "first",
        "first_lead",
        "first_rule",
        "hands",
        "leader",
        "maximizers",
        "memory",
        "must_overtrump",
        "orders",
        "owners",
        "played",
        "players",
        "relevant",
        "start",
        "tricks_left",
        "zero_sum",
    )

    def __init__(
        self,
        table: Table,
        position: Moment,
        maximizers: int,
        counted: int,
        bounds: Bounds,
        owners: Owners,
        memory: int,
    ) -> None:
        deck = table.deck
        place = deck.position
        self.players = table.players
        self.after = table.after
        self.orders = table.orders
        self.maximizers = maximizers
        self.counted = counted
        self.zero_sum = maximizers == counted
        self.bounds = bounds
        #: The cards the last answer of :meth:`trick`, :meth:`play` or :meth:`move` rests on.
        self.relevant = 0
        self.memory = memory
        self.owners = owners
        self.breaking = table.breaking
        self.any_spade_breaks = table.breaking != BREAK_TRUMP_ONLY
        self.first_rule = table.first_trick
        self.must_overtrump = table.must_overtrump
        self.first_lead = 1 << place[deck.lowest_club] if table.fixed_first_lead else 0
        hands = [deck.to_positions(hand) for hand in position.hands]
        self.hands = hands + [0] * (_MOST_SEATS - len(hands))
        self.broken = position.broken
        self.first = position.first_trick
        self.played = [place[card] for card in position.trick]
        self.leader = table.leader(position.to_act, len(position.trick))
        self.start = position.to_act
        #: The tricks still to play, the trick in progress included: the cards of the seat to act.
        self.tricks_left = position.hands[position.to_act].bit_count()

    # -- the rules, on positions -------------------------------------------------------------

    def legal(self, seat: int, led: int, winning: int) -> int:
        """The cards ``seat`` may play: to lead when ``led`` is -1, else to a trick led in suit
        ``led`` whose winning card is ``winning``."""
        hand = self.hands[seat]
        first = self.first
        if led < 0:
            if first:
                if self.first_lead:
                    return hand & self.first_lead
                others = hand & _NON_SPADES
                if others == hand or not others:
                    return hand
                if self.first_rule != FIRST_TRICK_ANY:
                    return others
                return hand if self.broken or self.breaking == BREAK_ANY_TIME else others
            if self.broken:
                return hand
            others = hand & _NON_SPADES
            if others == hand or not others or self.breaking >= BREAK_ANY_TIME:
                return hand
            return others
        following = hand & _SUITS[led]
        if following:
            if first and not led and self.first_rule == FIRST_TRICK_LOWEST_CLUB:
                return following & -following
            return following
        if first and self.first_rule != FIRST_TRICK_ANY:
            hand = hand & _NON_SPADES or hand
        if self.must_overtrump and led != SPADE_SUIT and winning >= _LOW_SPADE:
            higher = hand & ~((2 << winning) - 1)
            if higher:
                return higher
        return hand

    def live(self) -> int:
        """The cards still held, with those in the trick in progress."""
        hands = self.hands
        cards = hands[0] | hands[1] | hands[2] | hands[3]
        for card in self.played:
            cards |= 1 << card
        return cards

    def representative(self, card: int) -> int:
        """The lowest card of the run of ``card`` (a position) among the cards the seat to act
        may play: cards of a suit with no card left between them, nor in the trick."""
        led, winning = self._trick_so_far()
        bottoms = _bottoms(self.legal(self.start, led, winning), self.live())
        suit = _SUITS[SPADE_SUIT if card >= _LOW_SPADE else card // RANKS]
        return (bottoms & suit & (2 << card) - 1).bit_length() - 1

    def _trick_so_far(self) -> tuple[int, int]:
        played = self.played
        if not played:
            return -1, -1
        lead = played[0]
        led = SPADE_SUIT if lead >= _LOW_SPADE else lead // RANKS
        winning = lead
        for card in played[1:]:
            if card > winning and (card >= _LOW_SPADE or card < _SUIT_END[led]):
                winning = card
        return led, winning

    # -- the search --------------------------------------------------------------------------

    def cards_in_order(self) -> list[int]:
        """The lowest card of each run (:meth:`representative`) of the cards the seat to act may
        play."""
        led, winning = self._trick_so_far()
        return list(bit_indices(_bottoms(self.legal(self.start, led, winning), self.live())))

    def value(self, low: int, high: int) -> int:
        """The answer, known to lie between ``low`` and ``high``: targets narrowed to it."""
        while low < high:
            target = (low + high + 1) // 2
            if self.root(target):
                low = target
            else:
                high = target - 1
        return low

    def value_after(self, card: int, low: int, high: int, guess: int) -> int:
        """:meth:`value` once the seat to act has played ``card`` (a position), between ``low``
        and ``high``; ``guess`` is tried first."""
        if low < guess <= high and not self.root(guess, card):
            high = guess - 1  # below the guess
        elif guess < high and self.root(guess + 1, card):
            low = guess + 1  # above it
        else:
            return guess
        while low < high:
            target = (low + high + 1) // 2
            if self.root(target, card):
                low = target
            else:
                high = target - 1
        return low

    def root(self, target: int, card: int = -1) -> bool:
        """Whether the counted seats take at least ``target`` tricks from here, with ``card``
        played first by the seat to act when it is not -1."""
        played = self.played
        trick = 0
        for placed in played:
            trick |= 1 << placed
        led, winning = self._trick_so_far()
        wins = self.leader if played else -1
        if played:
            for turn, placed in enumerate(played):
                if placed == winning:
                    wins = self.orders[self.leader][turn]
        if card < 0:
            return self.play(self.start, len(played), led, winning, wins, target, self.tricks_left)
        return self.move(
            self.start, card, len(played), led, winning, wins, target, self.tricks_left
        )

    def move(
        self,
        seat: int,
        card: int,
        count: int,
        led: int,
        winning: int,
        wins: int,
        need: int,
        left: int,
    ) -> bool:
        """Whether the counted seats make ``need`` of the ``left`` tricks once ``seat`` plays
        ``card`` as the ``count``-th card of the trick (see :meth:`play`)."""
        hands = self.hands
        hand = hands[seat]
        hands[seat] = hand ^ (1 << card)
        broken = self.broken
        if led < 0:
            led = SPADE_SUIT if card >= _LOW_SPADE else card // RANKS
            winning, wins = card, seat
        elif card > winning and (card >= _LOW_SPADE or card < _SUIT_END[led]):
            winning, wins = card, seat
        if not broken and card >= _LOW_SPADE and (self.any_spade_breaks or led != SPADE_SUIT):
            self.broken = True
        if count + 1 == self.players:
            if self.counted >> wins & 1:
                need -= 1
            first = self.first
            self.first = False
            result = self.trick(wins, need, left - 1)
            self.first = first
            self.relevant |= 1 << winning
        else:
            result = self.play(self.after[seat], count + 1, led, winning, wins, need, left)
        self.broken = broken
        hands[seat] = hand
        return result

    def play(
        self, seat: int, count: int, led: int, winning: int, wins: int, need: int, left: int
    ) -> bool:
        """Whether the counted seats make ``need`` of the ``left`` tricks (the trick in progress
        included) with ``seat`` to play the ``count``-th card of a trick led in ``led`` (-1 before
        the lead), ``winning`` the card winning it so far, played by ``wins``."""
        legal = self.legal(seat, led, winning)
        maximizing = self.maximizers >> seat & 1 == 1
        move = self.move
        relevant = 0
        hands = self.hands
        live = hands[0] | hands[1] | hands[2] | hands[3]
        if winning >= 0:
            live |= 1 << winning  # what the runs of :meth:`_ordered` are cut by
        for card in self._ordered(seat, legal, led, winning, wins):
            if move(seat, card, count, led, winning, wins, need, left) == maximizing:
                self.relevant = _with_run(self.relevant, card, legal, live)
                return maximizing
            relevant |= _with_run(self.relevant, card, legal, live)
        self.relevant = relevant
        return not maximizing

    def _ordered(self, seat: int, legal: int, led: int, winning: int, wins: int) -> list[int]:
        """The cards to try, one per run: to a trick, the cheapest that takes it from the other
        side first, then the lowest; to lead, a card that is the highest left of its suit, then
        the lowest."""
        hands = self.hands
        live = hands[0] | hands[1] | hands[2] | hands[3]
        if led < 0:
            bottoms = _bottoms(legal, live)
            if not bottoms & bottoms - 1:
                return [bottoms.bit_length() - 1]
            tops = []
            for suit in _SUITS:
                cards = live & suit
                if cards and legal >> (cards.bit_length() - 1) & 1:
                    top = (bottoms & suit).bit_length() - 1
                    tops.append(top)
                    bottoms ^= 1 << top
            return tops + sorted(bit_indices(bottoms), key=_RANK_KEY.__getitem__)
        bottoms = _bottoms(legal, live | 1 << winning)
        if not bottoms & bottoms - 1:
            return [bottoms.bit_length() - 1]
        if (self.maximizers >> wins & 1) == (self.maximizers >> seat & 1):
            return sorted(bit_indices(bottoms), key=_RANK_KEY.__getitem__)
        above = ~((2 << winning) - 1)
        beats = bottoms & (above if winning >= _LOW_SPADE else above & _SUITS[led] | _SPADES)
        return [
            *bit_indices(beats),
            *sorted(bit_indices(bottoms ^ beats), key=_RANK_KEY.__getitem__),
        ]

    def trick(self, leader: int, need: int, left: int) -> bool:
        """Whether the counted seats make ``need`` of the ``left`` tricks still to play, with
        ``leader`` to lead the next. Sets :attr:`relevant` to the cards the answer rests on."""
        if need <= 0 or need > left:
            self.relevant = 0
            return need <= 0
        hands = self.hands
        if left == 1:
            wins, card = self._last_trick(leader)
            self.relevant = 1 << card
            return self.counted >> wins & 1 == 1
        owners = self.owners
        h0, h1, h2, h3 = hands
        suits = []
        for suit in _SUITS:
            part = (h0 & suit, h1 & suit, h2 & suit, h3 & suit)
            known = owners.get(part)
            if known is None:
                known = owners[part] = _owner_sequence(part)
            suits.append(known)
        (s0, l0), (s1, l1), (s2, l2), (s3, l3) = suits
        key = (leader, self.broken, l0, l1, l2, l3)
        table = self.bounds
        entries = table.get(key)
        best = -1
        if entries is None:
            if len(table) >= self.memory:
                table.clear()
            entries = table[key] = []
        else:
            for entry in entries:
                if (
                    s0 >> entry[0] == entry[1]
                    and s1 >> entry[2] == entry[3]
                    and s2 >> entry[4] == entry[5]
                    and s3 >> entry[6] == entry[7]
                ):
                    if entry[8] >= need or entry[9] < need:
                        self.relevant = _pattern_cards(hands, entry)
                        return entry[8] >= need
                    if best < 0:
                        best = entry[10]
        maximizing = self.maximizers >> leader & 1 == 1
        if self.zero_sum:
            leading, other, used = self._sure_tricks(leader)
            if not maximizing:
                leading, other = other, leading
            # ``leading`` is now the maximizers' sure tricks, ``other`` the others'.
            if leading >= need or left - other < need:
                self.relevant = used
                return leading >= need
        moves = self._ordered(leader, self.legal(leader, -1, -1), -1, -1, -1)
        if best >= 0 and best != moves[0] and best in moves:
            moves.remove(best)
            moves.insert(0, best)
        move = self.move
        result = not maximizing
        relevant = 0
        live = h0 | h1 | h2 | h3
        legal = self.legal(leader, -1, -1)
        for card in moves:
            if move(leader, card, 0, -1, -1, -1, need, left) == maximizing:
                relevant = _with_run(self.relevant, card, legal, live)
                best = card
                result = maximizing
                break
            relevant |= _with_run(self.relevant, card, legal, live)
        self.relevant = relevant
        # Store the answer for every position that agrees on the cards it rests on: in each
        # suit, who holds each card from the top down to the lowest relevant one.
        pattern = []
        for (sequence, _), suit in zip(suits, _SUITS):
            cards = live & suit
            low = relevant & suit
            low &= -low
            shift = 2 * (cards & (low - 1)).bit_count() if low else 2 * cards.bit_count()
            pattern.append(shift)
            pattern.append(sequence >> shift)
        for entry in entries:
            if entry[:8] == pattern:
                break
        else:
            if len(entries) >= _ENTRIES:
                del entries[0]
            entry = [*pattern, 0, left, best]
            entries.append(entry)
        if result:
            if need > entry[8]:
                entry[8] = need
        elif need - 1 < entry[9]:
            entry[9] = need - 1
        if best >= 0:
            entry[10] = best
        return result

    def _last_trick(self, leader: int) -> tuple[int, int]:
        """Who takes the last trick, each seat holding one card, and with which card."""
        hands = self.hands
        lead = hands[leader].bit_length() - 1
        led = SPADE_SUIT if lead >= _LOW_SPADE else lead // RANKS
        end = _SUIT_END[led]
        winning, wins = lead, leader
        seat = self.after[leader]
        while seat != leader:
            card = hands[seat].bit_length() - 1
            if card > winning and (card >= _LOW_SPADE or card < end):
                winning, wins = card, seat
            seat = self.after[seat]
        return wins, winning

    def _sure_tricks(self, leader: int) -> tuple[int, int, int]:
        """Tricks each side is sure of from here: the leader's side, from the leader's top
        trumps, when it may lead them, then the top cards of its suits that no opponent can
        ruff while it follows; the other side, from the top trumps it holds (each card of a seat
        among the top trumps takes a trick, a partner's higher one or its own); and the cards
        counted."""
        hands = self.hands
        hand = hands[leader]
        maximizers = self.maximizers
        side = maximizers >> leader & 1
        live = hands[0] | hands[1] | hands[2] | hands[3]
        # The other side's top trumps.
        other = 0
        used = 0
        trumps = live & _SPADES
        if trumps:
            top = 1 << (trumps.bit_length() - 1)
            holder = 0 if hands[0] & top else 1 if hands[1] & top else 2 if hands[2] & top else 3
            if maximizers >> holder & 1 != side:
                counts = [0, 0, 0, 0]
                while trumps:
                    top = 1 << (trumps.bit_length() - 1)
                    holder = (
                        0 if hands[0] & top else 1 if hands[1] & top else 2 if hands[2] & top else 3
                    )
                    if maximizers >> holder & 1 == side:
                        break
                    counts[holder] += 1
                    used |= top
                    trumps ^= top
                other = max(counts)
        if self.first:
            return 0, other, used
        opponents = []
        for seat in self.orders[leader][1:]:
            if maximizers >> seat & 1 != side:
                opponents.append(hands[seat])
            elif hands[seat] and not hands[seat] & _NON_SPADES:
                return 0, other, used  # a partner holding only trumps may take over the lead
        sure = 0
        if hand & _SPADES and (
            self.broken or self.breaking >= BREAK_ANY_TIME or not hand & _NON_SPADES
        ):
            left = live & _SPADES
            while left:
                top = 1 << (left.bit_length() - 1)
                if not hand & top:
                    break
                sure += 1
                used |= top
                left ^= top
        ruffers = [cards for cards in opponents if (cards & _SPADES).bit_count() > sure]
        for suit in _SUITS[:SPADE_SUIT]:
            mine = hand & suit
            if not mine:
                continue
            left = live & suit
            tops = 0
            while left:
                top = 1 << (left.bit_length() - 1)
                if not mine & top:
                    break
                tops += 1
                used |= top
                left ^= top
            for cards in ruffers:
                tops = min(tops, (cards & suit).bit_count())
            sure += tops
        return sure, other, used


#: Each position's rank for trying the lowest card first: by rank in every side suit, spades last.
_RANK_KEY = tuple(place if place >= _LOW_SPADE else place % RANKS for place in range(58))
#: All the positions, the top of each suit, the bottom of each suit.
_ALL = (1 << 58) - 1
_SUIT_TOPS = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 57
_SUIT_BOTTOMS = 1 | 1 << 13 | 1 << 26 | 1 << 39


def _bottoms(legal: int, live: int) -> int:
    """The lowest card of each run of ``legal``: cards of a suit with no card of ``live``
    between them (the others are played, or out of the deck). A card is a run's lowest when the
    nearest card of ``live`` below it in its suit is not in ``legal``: mark the bit above every
    card of ``legal``, carry each mark up through the dead cards above it (adding a mark at
    the foot of a run of dead bits to the run carries it out at the top), and keep the cards of
    ``legal`` left unmarked."""
    dead = _ALL & ~live & ~_SUIT_TOPS
    marks = legal << 1 & ~_SUIT_BOTTOMS
    below = marks & ~dead | ((marks & dead) + dead) & ~dead
    return legal & ~below


def _owner_sequence(holdings: tuple[int, int, int, int]) -> tuple[int, int]:
    """Who holds each card left of a suit, from the highest down (two bits a card, under a
    leading 1 that marks the length), and how many each seat holds (four bits a seat)."""
    cards = holdings[0] | holdings[1] | holdings[2] | holdings[3]
    sequence = 1
    while cards:
        top = 1 << (cards.bit_length() - 1)
        cards ^= top
        owner = (
            0 if holdings[0] & top else 1 if holdings[1] & top else 2 if holdings[2] & top else 3
        )
        sequence = sequence << 2 | owner
    lengths = 0
    for seat in range(_MOST_SEATS):
        lengths |= holdings[seat].bit_count() << 4 * seat
    return sequence, lengths


#: For each position, the positions of its suit above it.
_ABOVE = tuple(
    _SUITS[SPADE_SUIT if place >= _LOW_SPADE else place // RANKS] & ~((2 << place) - 1)
    for place in range(58)
)


def _with_run(relevant: int, card: int, legal: int, live: int) -> int:
    """The cards an answer rests on, ``relevant`` those of the play of ``card`` (the lowest of
    its run, tried for the whole run of ``legal``), with ``card`` itself when the run has more
    cards and a card above it in its suit is relevant: the run stands for its cards only while
    nothing lies between them, which a pattern reaching down to ``card`` keeps."""
    if relevant & _ABOVE[card]:
        above = live & _ABOVE[card]
        if above & -above & legal:
            return relevant | 1 << card
    return relevant


def _pattern_cards(hands: list[int], entry: list[int]) -> int:
    """The cards a stored answer rests on, in the position ``hands``: in each suit, as many of
    the cards left from the top as ``entry`` records the holders of."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    cards = 0
    for index, suit in enumerate(_SUITS):
        held = live & suit
        count = held.bit_count() - entry[2 * index] // 2
        while count > 0:
            top = 1 << (held.bit_length() - 1)
            cards |= top
            held ^= top
            count -= 1
    return cards
