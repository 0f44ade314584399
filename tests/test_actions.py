"""Every action's printed forms read back (:mod:`spades.actions`, :mod:`spades.action_data`):
``repr`` is an expression that rebuilds the action, and ``str`` is the text a person types, read
back by :func:`~spades.action_data.action_from_text` (and, for a deal, an exchange, a discard and
a card drawn, by the constructor itself) as the same action naming no seat.

The texts are the design's (docs/notation.rst, "Actions"): a bid ``4``, ``nil``, ``blind nil``,
``blind 6``; a card played ``Qh``; ``pass 2c 3d``, ``bury 7h 3c``, ``draw As``, ``keep``,
``discard``, ``redeal``; a deal ``N:AKQ7.T9.J842.53 E:...``; counts ``bids 4 3 3 2, tricks 5 3 3
2``.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import spades
from spades import (
    Bid,
    Bury,
    Counts,
    Deal,
    Discard,
    Draw,
    Exchange,
    Hand,
    Keep,
    NotationError,
    Play,
    Redeal,
    Seat,
    action_from_text,
    find_ruleset,
)
from spades.cards import CARDS

NAMESPACE = {name: getattr(spades, name) for name in spades.__all__}
SEATS = st.sampled_from([None, *Seat])
CARD = st.sampled_from(CARDS)
CARD_SETS = st.sets(CARD, max_size=4).map(Hand)
BIDS = st.builds(
    Bid, st.integers(0, 18), blind=st.booleans(), seat=SEATS
)  # every bid a hand can hold
#: Every preset: four, three and two players, the jokers' decks, the spare cards.
PRESET_NAMES = ["standard", "jokers_wild", "cutthroat3", "two_player", "two_player_jokers"]


def seat_actions() -> st.SearchStrategy[object]:
    """An action of any kind a seat takes, naming a seat or none."""
    return st.one_of(
        BIDS,
        st.builds(Play, CARD, seat=SEATS),
        st.builds(Exchange, CARD_SETS, seat=SEATS),
        st.builds(Bury, CARD_SETS, seat=SEATS),
        st.builds(Redeal, seat=SEATS),
        st.builds(Keep, seat=SEATS),
        st.builds(Discard, seat=SEATS),
    )


def deals() -> st.SearchStrategy[Deal]:
    """A random deal under a preset of each table size and deck."""
    return st.builds(
        Deal.random, st.integers(0, 2**32), st.sampled_from(PRESET_NAMES).map(find_ruleset)
    )


def counts() -> st.SearchStrategy[Counts]:
    """Four bids (any of a hand's, blind or not) or none, and four trick counts."""
    bids = st.lists(BIDS.map(lambda bid: bid.for_seat(None)), min_size=4, max_size=4)
    tricks = st.lists(st.integers(0, 13), min_size=4, max_size=4)
    return st.builds(Counts, st.none() | bids, tricks)


def any_action() -> st.SearchStrategy[object]:
    return st.one_of(seat_actions(), deals(), counts(), st.builds(Draw, CARD))


def seatless(action: object) -> object:
    """``action`` naming no seat, as its text reads back."""
    return attrs.evolve(action, seat=None) if hasattr(action, "seat") else action  # type: ignore[misc]


@given(any_action())
def test_every_action_reads_back_from_its_text(action: object) -> None:
    text = str(action)
    assert "\n" not in text
    read = action_from_text(text)
    assert read == seatless(action)
    assert type(read) is type(action)
    assert str(read) == text


@given(any_action())
def test_every_action_repr_rebuilds_it_on_one_line(action: object) -> None:
    text = repr(action)
    assert "\n" not in text
    rebuilt = eval(text, dict(NAMESPACE))
    assert rebuilt == action and type(rebuilt) is type(action)


@given(deals())
def test_a_deal_reads_back_from_its_text_and_its_hands(deal: Deal) -> None:
    """``Deal(str(deal))``: the hands labelled with their seats, N first."""
    assert str(deal).startswith("N:")
    assert Deal(str(deal)) == deal
    assert Deal(" ".join(str(hand) for hand in deal.hands)) == deal


@given(CARD_SETS, CARD, SEATS)
def test_the_actions_with_cards_read_their_text_in_their_constructor(
    cards: Hand, card: object, seat: Seat | None
) -> None:
    assert Exchange(str(Exchange(cards, seat=seat))) == Exchange(cards)
    assert Bury(str(Bury(cards, seat=seat))) == Bury(cards)
    assert Draw(str(Draw(card))) == Draw(card)  # type: ignore[arg-type]
    assert Play(str(Play(card, seat=seat))) == Play(card)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4", Bid(4)),
        ("nil", Bid.NIL),
        ("blind nil", Bid.BLIND_NIL),
        ("blind 6", Bid(6, blind=True)),
        ("Qh", Play("Qh")),
        ("10h", Play("Th")),
        ("BJ", Play("BJ")),
        ("pass 2c 3d", Exchange("2c 3d")),
        ("pass", Exchange(Hand())),
        ("bury 7h 3c", Bury("7h 3c")),
        ("draw As", Draw("As")),
        ("keep", Keep()),
        ("Discard", Discard()),
        ("redeal", Redeal()),
        ("bids 4 nil 3 blind 2, tricks 5 1 4 3", Counts([4, "nil", 3, "blind 2"], [5, 1, 4, 3])),
        ("bids 4 nil 3 2 tricks 5 1 4 3", Counts([4, "nil", 3, 2], [5, 1, 4, 3])),
        ("no bids, tricks 5 3 3 2", Counts(None, [5, 3, 3, 2])),
        ("N:AKQ... E:.AKQ.. S:..AKQ. W:...AKQ", Deal(("AKQ...", ".AKQ..", "..AKQ.", "...AKQ"))),
    ],
)
def test_the_documented_texts_read_as_the_actions(text: str, expected: object) -> None:
    assert action_from_text(text) == expected


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("", ""),
        ("xx", "xx"),
        ("keep 3", "keep 3"),
        ("pass 2c 2c", "2c"),
        ("draw", ""),
        ("E:AKQ... N:.AKQ.. S:..AKQ. W:...AKQ", "E:AKQ..."),
        ("bids 1 2, tricks 3", "[3]"),
    ],
)
def test_a_text_that_is_no_action_is_refused_quoting_it(text: str, token: str) -> None:
    with pytest.raises(NotationError) as caught:
        action_from_text(text)
    assert caught.value.message.endswith(".")
    assert token in caught.value.token or token in caught.value.message


def test_action_from_text_refuses_what_is_not_text() -> None:
    with pytest.raises(NotationError, match="written as text"):
        action_from_text(4)  # type: ignore[arg-type]
