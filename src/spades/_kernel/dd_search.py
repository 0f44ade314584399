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
from .dd_cards import (
    ABOVE,
    LOW_SPADE,
    MOST_SEATS,
    NON_SPADES,
    RANK_KEY,
    SPADES,
    SUIT_END,
    SUITS,
    owner_sequence,
    pattern_cards,
    run_bottoms,
    sure_tricks,
    with_run,
)
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


#: The entries a solver's table of bounds may hold before it is cleared.
MEMORY = 1 << 17
#: The answers kept for one leader, suit lengths and breaking, the oldest dropped first.
_ENTRIES = 24
#: A table of bounds: for each leader, breaking and suit lengths, the answers stored, each as the
#: pattern it holds for (a shift and the holders left after it, for each suit), its lower and
#: upper bounds and the lead tried first.
Bounds = dict[tuple[int, bool, int], list[list[int]]]
#: The hands seen at a trick's start: who holds each card of each suit from the top, and the suit
#: lengths.
Owners = dict[tuple[int, int, int, int], tuple[int, int, int, int, int]]


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
        "in_trick",
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
        self.hands = hands + [0] * (MOST_SEATS - len(hands))
        self.broken = position.broken
        self.first = position.first_trick
        self.played = [place[card] for card in position.trick]
        #: The cards played to the trick in progress, at their positions.
        self.in_trick = sum(1 << card for card in self.played)
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
                others = hand & NON_SPADES
                if others == hand or not others:
                    return hand
                if self.first_rule != FIRST_TRICK_ANY:
                    return others
                return hand if self.broken or self.breaking == BREAK_ANY_TIME else others
            if self.broken:
                return hand
            others = hand & NON_SPADES
            if others == hand or not others or self.breaking >= BREAK_ANY_TIME:
                return hand
            return others
        following = hand & SUITS[led]
        if following:
            if first and not led and self.first_rule == FIRST_TRICK_LOWEST_CLUB:
                return following & -following
            return following
        if first and self.first_rule != FIRST_TRICK_ANY:
            hand = hand & NON_SPADES or hand
        if self.must_overtrump and led != SPADE_SUIT and winning >= LOW_SPADE:
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
        bottoms = run_bottoms(self.legal(self.start, led, winning), self.live())
        suit = SUITS[SPADE_SUIT if card >= LOW_SPADE else card // RANKS]
        return (bottoms & suit & (2 << card) - 1).bit_length() - 1

    def _trick_so_far(self) -> tuple[int, int]:
        played = self.played
        if not played:
            return -1, -1
        lead = played[0]
        led = SPADE_SUIT if lead >= LOW_SPADE else lead // RANKS
        winning = lead
        for card in played[1:]:
            if card > winning and (card >= LOW_SPADE or card < SUIT_END[led]):
                winning = card
        return led, winning

    # -- the search --------------------------------------------------------------------------

    def cards_in_order(self) -> list[int]:
        """The lowest card of each run (:meth:`representative`) of the cards the seat to act may
        play."""
        led, winning = self._trick_so_far()
        return list(bit_indices(run_bottoms(self.legal(self.start, led, winning), self.live())))

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
        in_trick = self.in_trick
        if led < 0:
            led = SPADE_SUIT if card >= LOW_SPADE else card // RANKS
            winning, wins = card, seat
        elif card > winning and (card >= LOW_SPADE or card < SUIT_END[led]):
            winning, wins = card, seat
        if not broken and card >= LOW_SPADE and (self.any_spade_breaks or led != SPADE_SUIT):
            self.broken = True
        if count + 1 == self.players:
            if self.counted >> wins & 1:
                need -= 1
            first = self.first
            self.first = False
            self.in_trick = 0
            result = self.trick(wins, need, left - 1)
            self.first = first
            self.relevant |= self._won_by(in_trick | 1 << card, winning, led)
        else:
            self.in_trick = in_trick | 1 << card
            result = self.play(self.after[seat], count + 1, led, winning, wins, need, left)
        self.in_trick = in_trick
        self.broken = broken
        hands[seat] = hand
        return result

    def _won_by(self, cards: int, winning: int, led: int) -> int:
        """The cards of a trick (``cards``, led in ``led``) its result rests on: the winning card
        when another card of its suit is in the trick (a card alone in its suit there wins
        whatever its rank); under must_overtrump, every spade played to another suit too (who had
        to overtrump depends on their ranks)."""
        suit = SUITS[SPADE_SUIT if winning >= LOW_SPADE else winning // RANKS]
        relevant = 1 << winning if cards & suit & ~(1 << winning) else 0
        if self.must_overtrump and led != SPADE_SUIT:
            relevant |= cards & SPADES
        return relevant

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
                if self.relevant & ABOVE[card]:
                    self.relevant = with_run(self.relevant, card, legal, live)
                return maximizing
            if self.relevant & ABOVE[card]:
                relevant |= with_run(self.relevant, card, legal, live)
            else:
                relevant |= self.relevant
        self.relevant = relevant
        return not maximizing

    def _ordered(self, seat: int, legal: int, led: int, winning: int, wins: int) -> list[int]:
        """The cards to try, one per run: to a trick, the cheapest that takes it from the other
        side first, then the lowest; to lead, a card that is the highest left of its suit, then
        the lowest."""
        hands = self.hands
        live = hands[0] | hands[1] | hands[2] | hands[3]
        if led < 0:
            bottoms = run_bottoms(legal, live)
            if not bottoms & bottoms - 1:
                return [bottoms.bit_length() - 1]
            # Cash a card that is the highest left of its suit; then lead low to a suit whose
            # highest card a partner holds; then the rest from the lowest.
            tops = []
            partners = 0
            side = self.maximizers >> seat & 1
            for other in self.orders[seat][1:]:
                if self.maximizers >> other & 1 == side:
                    partners |= hands[other]
            to_partner = 0
            for suit in SUITS:
                cards = live & suit
                if not cards or not bottoms & suit:
                    continue
                high = cards.bit_length() - 1
                if legal >> high & 1:
                    top = (bottoms & suit).bit_length() - 1
                    tops.append(top)
                    bottoms ^= 1 << top
                elif partners >> high & 1:
                    low = bottoms & suit & -(bottoms & suit)
                    to_partner |= low
            bottoms ^= to_partner
            return [
                *tops,
                *bit_indices(to_partner),
                *sorted(bit_indices(bottoms), key=RANK_KEY.__getitem__),
            ]
        bottoms = run_bottoms(legal, live | 1 << winning)
        if not bottoms & bottoms - 1:
            return [bottoms.bit_length() - 1]
        if (self.maximizers >> wins & 1) == (self.maximizers >> seat & 1):
            return sorted(bit_indices(bottoms), key=RANK_KEY.__getitem__)
        above = ~((2 << winning) - 1)
        beats = bottoms & (above if winning >= LOW_SPADE else above & SUITS[led] | SPADES)
        return [
            *bit_indices(beats),
            *sorted(bit_indices(bottoms ^ beats), key=RANK_KEY.__getitem__),
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
            lead = hands[leader]
            self.relevant = self._won_by(
                hands[0] | hands[1] | hands[2] | hands[3],
                card,
                SPADE_SUIT if lead >= 1 << LOW_SPADE else (lead.bit_length() - 1) // RANKS,
            )
            return self.counted >> wins & 1 == 1
        h0, h1, h2, h3 = hands
        seen = self.owners.get(hands_key := (h0, h1, h2, h3))
        if seen is None:
            seen = self._read(hands_key)
        s0, s1, s2, s3, lengths = seen
        # (Where spades may always be led once the first trick is over, breaking them changes
        # nothing.)
        key = (leader, self.broken or self.breaking >= BREAK_ANY_TIME, lengths)
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
                        self.relevant = pattern_cards(hands, entry)
                        return entry[8] >= need
                    if best < 0:
                        best = entry[10]
        maximizing = self.maximizers >> leader & 1 == 1
        if self.zero_sum:
            leading, other, used = sure_tricks(
                hands,
                leader,
                self.maximizers,
                () if self.first else self.orders[leader][1:],
                self.broken or self.breaking >= BREAK_ANY_TIME,
            )
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
                relevant = with_run(self.relevant, card, legal, live)
                best = card
                result = maximizing
                break
            relevant |= with_run(self.relevant, card, legal, live)
        self.relevant = relevant
        # Store the answer for every position that agrees on the cards it rests on: in each
        # suit, who holds each card from the top down to the lowest relevant one.
        pattern = []
        for sequence, suit in zip(seen[:4], SUITS):
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

    def _read(self, hands: tuple[int, int, int, int]) -> tuple[int, int, int, int, int]:
        """Who holds each card of each suit from the top (:func:`owner_sequence`), and every
        seat's suit lengths in one number; kept for the next time."""
        owners = self.owners
        if len(owners) >= self.memory:
            owners.clear()
        h0, h1, h2, h3 = hands
        sequences = []
        lengths = 0
        for suit in SUITS:
            sequence, suit_lengths = owner_sequence((h0 & suit, h1 & suit, h2 & suit, h3 & suit))
            sequences.append(sequence)
            lengths = lengths << 16 | suit_lengths
        seen = owners[hands] = (sequences[0], sequences[1], sequences[2], sequences[3], lengths)
        return seen

    def _last_trick(self, leader: int) -> tuple[int, int]:
        """Who takes the last trick, each seat holding one card, and with which card."""
        hands = self.hands
        lead = hands[leader].bit_length() - 1
        led = SPADE_SUIT if lead >= LOW_SPADE else lead // RANKS
        end = SUIT_END[led]
        winning, wins = lead, leader
        seat = self.after[leader]
        while seat != leader:
            card = hands[seat].bit_length() - 1
            if card > winning and (card >= LOW_SPADE or card < end):
                winning, wins = card, seat
            seat = self.after[seat]
        return wins, winning
