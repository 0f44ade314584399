"""The actions that move a game on: the deal (chance), the draw of two players (a chance action
per card, and each first card kept or discarded), the dealer's discard of two cards under
``spare_cards`` dealer_discards, bids, the nil card exchange, plays.

An action may name the seat taking it; ``None`` means "whoever is to act". The actions that
:func:`~spades.legality.legal_actions` returns always name their seat, so a log of them reads on its
own.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Union

import attrs

from ._drawing import deal_image
from ._kernel.bidding import MOST_TRICKS
from ._kernel.cards import FULL_DECK
from ._kernel.table import table_of
from ._text import MAX_INT, exact_int, exact_text, quote, whole_number_problem
from .cards import Card
from .errors import NotationError
from .hands import Hand, deal_hands, random_source
from .rules import RuleSet, as_ruleset
from .seats import SEATS, Seat, by_seat, given_seats, optional_seat

__all__ = [
    "Action",
    "Bid",
    "Bury",
    "Counts",
    "Deal",
    "Discard",
    "Draw",
    "Exchange",
    "Keep",
    "Play",
    "Redeal",
    "four_bids",
    "trick_counts",
]


def _seat_suffix(seat: Seat | None) -> str:
    return "" if seat is None else f", seat={seat!r}"


def _after_word(word: str, value: object) -> object:
    """``value`` without the leading ``word`` that ``str()`` writes before an action's cards
    (``pass 2c 3d``, ``bury 7h 3c``, ``draw As``); anything else as it is."""
    if not isinstance(value, str):
        return value
    head, _, rest = str.__str__(value).strip().partition(" ")
    return rest if head.lower() == word else value


def _passed_cards(value: Any) -> Hand:
    return Hand(_after_word("pass", value))  # type: ignore[arg-type]


def _buried_cards(value: Any) -> Hand:
    return Hand(_after_word("bury", value))  # type: ignore[arg-type]


def _drawn_card(value: Any) -> Card:
    return Card(_after_word("draw", value))  # type: ignore[arg-type]


@attrs.frozen(repr=False)
class Deal:
    """The four hands dealt, in seat order N, E, S, W (three, N, E, S, for three players). Made
    from a seed with :meth:`~Deal.random`.

    Two players draw their hands (:class:`Draw`), and their ``Deal`` is the two hands of 13 they
    hold when the draw is over: :attr:`GameState.deal <spades.state.GameState.deal>` then shows
    it, and a ``Deal`` of two hands applied at the start of their hand stands for a draw not
    followed card by card (a record that gives only the hands drawn).

    The engine checks that it is a real deal (13 different cards each, or the cards of a table
    of three); a ``Deal`` that is not can still be built, so that a record's bad deal can be
    reported rather than refused unread.
    """

    #: The hands, N, E, S, W (``deal[seat]`` gives one). Built from four hands (or three, or two)
    #: in any form :class:`~spades.hands.Hand` reads, or from one text of space-separated hands,
    #: each labelled with its seat or not (``str(deal)``: ``N:AKQ7.T9.J842.53 E:...``).
    hands: tuple[Hand, ...] = attrs.field(converter=deal_hands)
    #: The hands as card masks, in the same order.
    masks: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "masks", tuple(hand.mask for hand in self.hands))

    @classmethod
    def random(
        cls, rng: random.Random | int | None = None, rules: RuleSet | str | None = None
    ) -> Deal:
        """A shuffled deal from ``rng`` (a :class:`random.Random`, a whole-number seed, or None for
        a fresh one); a :class:`~spades.errors.NotationError` for anything else.

        ``rules`` (a :class:`~spades.rules.RuleSet` or a preset's name) give the deck
        (:attr:`~spades.rules.RuleSet.deck`) and the number of players; the standard deck to four
        when not given, and a standard deal from a seed is the same whatever the rules.
        """
        if rules is None:
            return cls(Hand.deal(rng, FULL_DECK))
        table = table_of(as_ruleset(rules))
        if table.draws:  # 13 each of the shuffled deck, as if drawn and kept
            return cls(Hand.deal(rng, table.deck.cards)[:2])
        return cls(Hand.deal(rng, table.deck.cards, table.players))

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def __repr__(self) -> str:
        texts = ", ".join(repr(hand.to_text()) for hand in self.hands)
        return f"Deal(({texts}))"

    def __str__(self) -> str:
        return " ".join(f"{seat}:{hand}" for seat, hand in zip(Seat, self.hands))

    def _repr_svg_(self) -> str:
        """The deal as a picture, for a notebook (:func:`spades.svg.deal`)."""
        return deal_image([list(hand) for hand in self.hands])


def bid_text(bid: Bid | None) -> str:
    """A seat's bid as a table or a score sheet shows it: ``3``, ``nil``, ``blind nil``, or ``-``
    before it bids (and in a hand played without bids)."""
    return "-" if bid is None else str(bid)


def _bid_tricks(value: object) -> int:
    # Whether the number is a bid the rules allow (nil or 1-13) is for check() to say; here it
    # need only be a whole number that a record can hold.
    number = exact_int(value)
    if number is None:
        raise NotationError(
            f"A bid is a whole number of tricks, not {quote(value)}.",
            token=quote(value),
            reason="bad_bid",
        )
    if not -MAX_INT <= number <= MAX_INT:
        raise NotationError(
            f"A bid is a whole number of tricks within ±(2**53 - 1), not {quote(number)}.",
            token=quote(number),
            reason="bad_bid",
        )
    return number


def _bid_blind(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not True and value is not False:
        raise NotationError(
            f"A bid's blind must be True or False, not {quote(value)}.",
            token=quote(value),
            reason="bad_bid",
        )


#: A bid written as digits: ASCII only ('²' and '٣' are not digits here), and not so long that
#: reading it would be slow (MAX_INT has 16 digits).
#: A whole number as a bid is written: read, then judged by the rules' bid range (so '-1' and '14'
#: get the same sentence as the numbers -1 and 14).
_DIGITS = re.compile(r"-?[0-9]{1,40}")
#: A blind number bid as written: ``blind 6``, ``blind6``, ``b6`` (the number read as ``_DIGITS``).
_BLIND_NUMBER = re.compile(r"(?:blind ?|b)([0-9]{1,40})")


@attrs.frozen(repr=False)
class Bid:
    """A bid: ``Bid(4)``, nil ``Bid.NIL`` (``Bid(0)``), blind nil ``Bid.BLIND_NIL``, or a blind
    number bid ``Bid(6, blind=True)`` (text ``blind 6``, under the ``blind_bid`` rule option)."""

    #: The number of tricks bid; 0 for nil and blind nil. Any whole number can be built: whether
    #: it is a legal bid (nil or 1 to 13) is for :func:`~spades.legality.check` to say.
    tricks: int = attrs.field(converter=_bid_tricks)
    #: Whether the bid was made blind, before looking at the cards: blind nil (``tricks`` 0) or a
    #: blind number bid. Whether the rules allow it is for :func:`~spades.legality.check` to say.
    blind: bool = attrs.field(default=False, kw_only=True, validator=_bid_blind)
    #: The seat bidding; None for whoever is to act.
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=optional_seat)

    #: Nil, a bid of no tricks (``Bid(0)``), for whoever is to act.
    NIL: ClassVar[Bid]
    #: Blind nil (``Bid(0, blind=True)``), for whoever is to act.
    BLIND_NIL: ClassVar[Bid]

    @property
    def is_nil(self) -> bool:
        """Nil or blind nil."""
        return self.tricks == 0

    def for_seat(self, seat: Seat | None) -> Bid:
        """The same bid made by ``seat`` (None: whoever is to act)."""
        return Bid(self.tricks, blind=self.blind, seat=seat)

    @classmethod
    def of(cls, value: Bid | int | str, *, zero_is_nil: bool = True) -> Bid:
        """A bid from a :class:`Bid`, a number of tricks (0 is nil) or text (see :meth:`parse`)."""
        if isinstance(value, Bid):
            return value
        if isinstance(value, str):
            return cls.parse(value, zero_is_nil=zero_is_nil)
        return cls(value)

    @classmethod
    def parse(cls, text: str, *, zero_is_nil: bool = True) -> Bid:
        """Read ``4``, ``nil``, ``blind nil`` (or ``bn``), a blind number bid ``blind 6`` (or
        ``b6``, ``blind6``); ``0`` only when it means nil."""
        plain = exact_text(text)
        if plain is None:
            raise NotationError(
                f"A bid is written as text, not {quote(text)}.", token=quote(text), reason="bad_bid"
            )
        key = " ".join(plain.split())
        key = key.lower() if key.isascii() else key  # no lookalike lower-cases into a word
        if key in ("nil", "n"):
            return BID_NIL
        if key in ("blind nil", "blind-nil", "blind_nil", "bn", "blind"):
            return BID_BLIND_NIL
        blind = _BLIND_NUMBER.fullmatch(key)
        if blind is not None:
            bid = cls.parse(blind.group(1), zero_is_nil=zero_is_nil)
            return BID_BLIND_NIL if bid.tricks == 0 else cls(bid.tricks, blind=True)
        if _DIGITS.fullmatch(key):
            tricks = int(key)
            if abs(tricks) > MAX_INT:
                raise NotationError(
                    f"{quote(text)} is too many tricks to be a bid; a bid is nil or 1-13.",
                    token=text,
                    reason="bad_bid",
                )
            if tricks == 0:
                if zero_is_nil:
                    return BID_NIL
                raise NotationError(
                    "A bid of '0' is not used under these rules; bid 'nil' or 1-13.",
                    token=text,
                    reason="bad_bid",
                )
            return cls(tricks)
        raise NotationError(
            f"{quote(text)} is not a bid; bid a number of tricks, 'nil' or 'blind nil'.",
            token=text,
            reason="bad_bid",
        )

    def __str__(self) -> str:
        if self.tricks == 0:
            return "blind nil" if self.blind else "nil"
        return f"blind {self.tricks}" if self.blind else str(self.tricks)

    def __repr__(self) -> str:
        if self.seat is None and self.tricks == 0:
            if self.blind:
                return "Bid.BLIND_NIL"
            if self.tricks == 0:
                return "Bid.NIL"
        blind = ", blind=True" if self.blind else ""
        return f"Bid({self.tricks}{blind}{_seat_suffix(self.seat)})"


BID_NIL = Bid(0)
BID_BLIND_NIL = Bid(0, blind=True)
Bid.NIL = BID_NIL
Bid.BLIND_NIL = BID_BLIND_NIL


@attrs.frozen(repr=False)
class Exchange:
    """Cards passed to the partner in the blind nil exchange."""

    #: The cards passed, in any form :class:`~spades.hands.Hand` reads (``'2c 3d'``), or as
    #: ``str()`` writes the exchange (``'pass 2c 3d'``).
    cards: Hand = attrs.field(converter=_passed_cards)
    #: The seat passing them; None for whoever is to act.
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=optional_seat)

    def __repr__(self) -> str:
        return f"Exchange({self.cards.cards_text()!r}{_seat_suffix(self.seat)})"

    def __str__(self) -> str:
        return f"pass {self.cards.cards_text()}"


@attrs.frozen(repr=False)
class Bury:
    """The dealer's discard, face down, of two of the 15 cards they hold after the deal, before
    the bidding (``spare_cards`` dealer_discards; pagat's text as copied by learnthat: "the
    dealer discards any two cards face down"). Its text is ``bury 7h 3c``."""

    #: The cards discarded, in any form :class:`~spades.hands.Hand` reads (``'7h 3c'``), or as
    #: ``str()`` writes the discard (``'bury 7h 3c'``).
    cards: Hand = attrs.field(converter=_buried_cards)
    #: The seat discarding them (the dealer); None for whoever is to act.
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=optional_seat)

    def __repr__(self) -> str:
        return f"Bury({self.cards.cards_text()!r}{_seat_suffix(self.seat)})"

    def __str__(self) -> str:
        return f"bury {self.cards.cards_text()}"


@attrs.frozen(repr=False)
class Play:
    """A card played to the current trick."""

    #: The card played (``Play('Qh')`` reads its text).
    card: Card = attrs.field(converter=Card)
    #: The seat playing it; None for whoever is to act.
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=optional_seat)

    def __repr__(self) -> str:
        return f"Play({str(self.card)!r}{_seat_suffix(self.seat)})"

    def __str__(self) -> str:
        return str(self.card)


@attrs.frozen(repr=False)
class Redeal:
    """A call to throw the hand in and have it dealt again (the ``redeal`` rule option).

    Made at the caller's turn to bid, before they bid, by a seat that has seen its cards and
    whose hand qualifies (no spade, or no face card, as the option says): the same dealer deals
    the same hand again and the bids made so far are void. ``Redeal()`` is for whoever is to
    act; ``Redeal().for_seat(seat)`` names the seat. Its text is ``redeal``.
    """

    #: The seat calling for the redeal; None for whoever is to act.
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=optional_seat)

    def for_seat(self, seat: Seat | None) -> Redeal:
        """The same call made by ``seat`` (None: whoever is to act)."""
        return Redeal(seat=seat)

    def __repr__(self) -> str:
        return "Redeal()" if self.seat is None else f"Redeal(seat={self.seat!r})"

    def __str__(self) -> str:
        return "redeal"


@attrs.frozen(repr=False)
class Draw:
    """The top card of the stock, drawn and seen by the player whose turn it is to draw: the
    chance action of two-handed Spades (``deal_method`` draw_keep_discard), one per card.

    The state knows who draws and whether the card is theirs to keep or discard
    (:class:`Keep`, :class:`Discard`) or, as the second card of a turn, goes where the first did
    not. :meth:`random` draws from the cards left in the stock
    (:attr:`GameState.stock <spades.state.GameState.stock>`).
    """

    #: The card drawn (``Draw('Qh')`` reads its text, as does ``Draw('draw Qh')``, as ``str()``
    #: writes it).
    card: Card = attrs.field(converter=_drawn_card)

    @classmethod
    def random(cls, stock: Hand, rng: random.Random | int | None = None) -> Draw:
        """A card of ``stock`` (the cards not yet drawn) at random from ``rng`` (a
        :class:`random.Random`, a whole-number seed, or None for a fresh one)."""
        if not isinstance(stock, Hand) or not stock:
            raise NotationError(
                f"A card is drawn from the stock, a Hand of the cards not yet drawn, not "
                f"{quote(stock)}.",
                token=quote(stock),
                reason="bad_draw",
            )
        return cls(random_source(rng).choice(tuple(stock)))

    def __repr__(self) -> str:
        return f"Draw({str(self.card)!r})"

    def __str__(self) -> str:
        return f"draw {self.card}"


@attrs.frozen(repr=False)
class Keep:
    """The drawer keeps the card they drew, the first of their turn: the next card is
    discarded (two-handed Spades). Its text is ``keep``."""

    #: The seat keeping it; None for whoever is to act.
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=optional_seat)

    def for_seat(self, seat: Seat | None) -> Keep:
        """The same choice made by ``seat`` (None: whoever is to act)."""
        return Keep(seat=seat)

    def __repr__(self) -> str:
        return "Keep()" if self.seat is None else f"Keep(seat={self.seat!r})"

    def __str__(self) -> str:
        return "keep"


@attrs.frozen(repr=False)
class Discard:
    """The drawer discards the card they drew, the first of their turn: the next card is
    theirs to keep (two-handed Spades). Its text is ``discard``."""

    #: The seat discarding it; None for whoever is to act.
    seat: Seat | None = attrs.field(default=None, kw_only=True, converter=optional_seat)

    def for_seat(self, seat: Seat | None) -> Discard:
        """The same choice made by ``seat`` (None: whoever is to act)."""
        return Discard(seat=seat)

    def __repr__(self) -> str:
        return "Discard()" if self.seat is None else f"Discard(seat={self.seat!r})"

    def __str__(self) -> str:
        return "discard"


# -- a hand told by its counts -------------------------------------------------------------------


def four_bids(
    values: Sequence[Bid | int | str | None] | Mapping[Seat | str, Bid | int | str | None],
    *,
    zero_is_nil: bool = True,
    allow_missing: bool = False,
    seats: int = 4,
) -> tuple[Bid | None, ...]:
    """Four bids in seat order N, E, S, W, from a sequence in that order or a mapping by seat.

    Each bid is a :class:`Bid`, a number of tricks or text (see :meth:`Bid.of`). With
    ``allow_missing``, a seat may have no bid (None, or left out of a mapping). The one place
    where the bids of a hand are read: :func:`~spades.scoring.score_hand`,
    :func:`~spades.engine.apply_counts`, :class:`Counts`, records and the command line accept the
    same forms and refuse the rest with the same sentence.
    """
    items = by_seat(values, "bids", "bad_bids", allow_missing=allow_missing, seats=seats)
    bids: list[Bid | None] = []
    for seat, item in zip(SEATS, items):
        if item is None:
            if not allow_missing:
                raise NotationError(
                    f"{seat.full_name} has no bid; a hand has a bid from each seat.",
                    token="None",
                    reason="bad_bids",
                )
            bids.append(None)
            continue
        try:
            bid = Bid.of(item, zero_is_nil=zero_is_nil)
        except NotationError as error:
            raise NotationError(
                f"{seat.full_name}'s bid: {error.message}", token=error.token, reason=error.reason
            ) from None
        bids.append(bid)
    return tuple(bids)


def trick_counts(
    values: Sequence[int] | Mapping[Seat | str, int], rules: RuleSet | None = None
) -> tuple[int, ...]:
    """The tricks each seat took, N, E, S, W: four whole numbers from 0 to 13, from a sequence in
    that order or a mapping by seat; under ``rules`` of three players, three numbers from 0 to
    the tricks in a hand, and without rules, three from 0 to 18 when three are given
    (``spades.seats.given_seats``). Whether they add up to a hand is ``counts_problem``'s to say (a
    record may hold counts that do not, to be reported)."""
    if rules is None:  # four counts of 13 at most, or three of the most a hand of three has
        seats = given_seats(values)
        most = 13 if seats == 4 else MOST_TRICKS
    else:
        table = table_of(rules)
        seats, most = table.players, table.tricks
    items = by_seat(values, "trick counts", "bad_tricks", allow_missing=False, seats=seats)
    for seat, item in zip(SEATS, items):
        problem = whole_number_problem(item, minimum=0, maximum=most)
        if problem is not None:
            raise NotationError(
                f"{seat.full_name}'s trick count {problem}.", token=quote(item), reason="bad_tricks"
            )
    return tuple(items)


def counts_problem(tricks: Sequence[int], rules: RuleSet | None = None) -> str | None:
    """Why the trick counts cannot be a whole hand (of ``rules``, 13 tricks when None), in a
    sentence; None when they can."""
    total = sum(tricks)
    every = 13 if rules is None else table_of(rules).tricks
    if total == every:
        return None
    written = " ".join(f"{seat} {count}" for seat, count in zip(SEATS, tricks))
    return f"The tricks taken add up to {total}, not {every}: {written}."


def bid_range_problem(rules: RuleSet, seat: Seat, bid: Bid) -> str | None:
    """Why ``bid`` is out of the range the rules allow, in a sentence; None when it is in range.

    The one home of the bid range: :func:`~spades.legality.check`,
    :func:`~spades.scoring.score_hand`, :func:`~spades.engine.apply_counts`, the record reader and
    the command line all give this sentence for the same bad bid.
    """
    allowed = table_of(rules).bid_numbers
    if bid.tricks in allowed:
        return None
    return (
        f"{seat.full_name} bid {quote(bid.tricks)}; a bid is nil or {allowed.start + 1} to "
        f"{allowed.stop - 1} tricks."
    )


def _counts_bids(values: Any) -> tuple[Bid | None, ...]:
    """Four bids (three for three players); or none at all (``None``, or all None), for a hand
    played without bids."""
    if values is None:
        return _NO_BIDS
    seats = given_seats(values)
    bids = four_bids(values, allow_missing=True, seats=seats)
    if all(bid is None for bid in bids):
        return _NO_BIDS
    return four_bids(values, seats=seats)  # a seat without a bid beside seats with one: refused


#: No bids at all: a hand played without bids (``first_hand_trick_points``); a :class:`Counts`
#: then has None for each seat its tricks give.
_NO_BIDS: tuple[None, ...] = ()


@attrs.frozen(repr=False)
class Counts:
    """A whole hand told only by its four bids and the tricks each seat took: how a table
    remembers a disputed hand. :func:`~spades.engine.apply_counts` applies one.

    Bids and counts are in seat order N, E, S, W, or mappings by seat. Counts that do not add up
    to a hand can be built (a record may hold them) but are never legal. A hand played without
    bids (a game's first hand under ``first_hand_trick_points``) has no bids: ``None`` (or four
    Nones, or an empty mapping); no bid at all is legal only there.
    """

    #: The bids, by seat; all None for a hand played without bids.
    bids: tuple[Bid | None, ...] = attrs.field(converter=_counts_bids)
    #: The tricks each seat took.
    tricks: tuple[int, ...] = attrs.field(converter=trick_counts)

    def __attrs_post_init__(self) -> None:
        if not self.bids:  # no bids: None for each seat
            object.__setattr__(self, "bids", (None,) * len(self.tricks))

    def __repr__(self) -> str:
        if self.bids[0] is None:
            return f"Counts(None, {list(self.tricks)!r})"
        bids = ", ".join(_bid_literal(bid) for bid in self.bids)
        return f"Counts([{bids}], {list(self.tricks)!r})"

    def __str__(self) -> str:
        tricks = " ".join(str(count) for count in self.tricks)
        if self.bids[0] is None:
            return f"no bids, tricks {tricks}"
        bids = " ".join(str(bid) for bid in self.bids)
        return f"bids {bids}, tricks {tricks}"


def _bid_literal(bid: Bid | None) -> str:
    if bid is None:  # pragma: no cover - a Counts has four bids or none
        return "None"
    if bid.blind:
        return f"'{bid}'"
    return "'nil'" if bid.tricks == 0 else str(bid.tricks)


#: Any action: the deal (chance), a card drawn (chance, two players), keeping or discarding it, the
#: dealer's discard of two cards, a bid, a call for a redeal, a card passed in the exchange, a card
#: played, or a whole hand told by its counts.
Action = Union[Deal, Draw, Bid, Exchange, Play, Counts, Redeal, Keep, Discard, Bury]  # noqa: UP007 - a runtime alias on Python 3.10
#: An action a seat takes (not chance, not a whole hand): what a player chooses.
SeatAction = Union[Bid, Exchange, Play, Redeal, Keep, Discard, Bury]  # noqa: UP007
