"""spades.svg: every picture is well-formed SVG that says in words (labels and data attributes)
what a person must see, and a seat's picture holds no card that seat cannot see.

The witnesses are the state's own facts, read independently of the drawing: the hands a state
holds, the bids, the tricks taken, the scores, :func:`spades.legal_actions`; and, for what a seat
may not see, the other seats' hands in the full state, their discards and the stock.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spades
from spades import (
    Bury,
    Card,
    Deal,
    Exchange,
    GameState,
    Hand,
    NotationError,
    Phase,
    Play,
    RuleSet,
    Seat,
    Trick,
    apply,
    legal_actions,
    new_game,
    svg,
    view,
)
from spades.cards import CARDS
from strategies import play_hand, random_action, rulesets
from tables import TableKind

SVG = "{http://www.w3.org/2000/svg}"


# -- reading a picture ---------------------------------------------------------------------------


def parsed(picture: str) -> ET.Element:
    """The picture as XML (a parse error fails the test); its root is an accessible <svg>."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label")
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == root.get("aria-label")
    return root


def groups(root: ET.Element) -> Iterator[ET.Element]:
    return root.iter(f"{SVG}g")


def faces(root: ET.Element) -> list[ET.Element]:
    """Every card face up: a group with a ``data-card``."""
    return [group for group in groups(root) if group.get("data-card") is not None]


def card_texts(root: ET.Element) -> list[str]:
    return [str(face.get("data-card")) for face in faces(root)]


def classes(element: ET.Element) -> set[str]:
    return set((element.get("class") or "").split())


def seat_group(root: ET.Element, seat: Seat) -> ET.Element:
    (found,) = [g for g in groups(root) if "seat" in classes(g) and g.get("data-seat") == seat.name]
    return found


def words(root: ET.Element) -> str:
    """Everything the picture says: its texts, titles and labels."""
    said = [element.text or "" for element in root.iter()]
    said += [element.get("aria-label") or "" for element in root.iter()]
    return "\n".join(said)


def translate(element: ET.Element) -> tuple[float, float]:
    match = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\)", element.get("transform") or "")
    assert match, element.get("transform")
    return float(match.group(1)), float(match.group(2))


# -- cards and hands -----------------------------------------------------------------------------


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_each_card_is_named_in_words_and_carries_its_text(card: Card) -> None:
    root = parsed(svg.card(card))
    (face,) = faces(root)
    assert Card(str(face.get("data-card"))) is card
    assert face.get("aria-label") == card.name == root.get("aria-label")
    title = face.find(f"{SVG}title")
    assert title is not None and title.text == card.name


def test_a_card_is_named_as_a_person_says_it() -> None:
    assert parsed(svg.card("Td")).get("aria-label") == "ten of diamonds"
    assert parsed(svg.card("BJ")).get("aria-label") == "big joker"


def test_a_hand_shows_its_cards_in_print_order() -> None:
    root = parsed(svg.hand("AKQ7.T9.J842.53"))
    assert card_texts(root) == [
        "As",
        "Ks",
        "Qs",
        "7s",
        "Th",
        "9h",
        "Jd",
        "8d",
        "4d",
        "2d",
        "5c",
        "3c",
    ]


def test_a_hand_under_a_deck_is_sorted_as_it_plays() -> None:
    # Under jjdd the two of diamonds is a spade, above the two of spades, under the jokers.
    root = parsed(svg.hand("As 2s LJ 2d Kh", deck="jjdd"))
    assert card_texts(root) == ["LJ", "2d", "2s", "As", "Kh"]


def test_the_legal_cards_of_a_hand_are_exactly_those_named() -> None:
    root = parsed(svg.hand("AKQ7.T9.J842.53", legal="7s 3c"))
    assert {f.get("data-card") for f in faces(root) if "legal" in classes(f)} == {"7s", "3c"}


def test_an_empty_hand_is_still_a_picture() -> None:
    assert faces(parsed(svg.hand(Hand()))) == []


# -- tricks and deals ---------------------------------------------------------------------------


def test_a_trick_outlines_the_card_winning_it_and_says_who() -> None:
    # West leads, then North, East and South, clockwise.
    root = parsed(svg.trick(Trick("W", "Kh Ah 2s")))
    winning = [f.get("data-card") for f in faces(root) if "winning" in classes(f)]
    assert winning == ["2s"]
    assert "East winning" in words(root)
    done = parsed(svg.trick(Trick("W", "Kh Ah 2s 3h")))
    assert "East took it" in words(done)


def test_a_trick_puts_each_card_toward_the_seat_that_played_it() -> None:
    root = parsed(svg.trick(Trick("N", "2c 3c 4c 5c"), orientation="E"))
    spot = {face.get("data-seat"): translate(face) for face in faces(root)}
    assert spot["E"][1] > spot["N"][1] == spot["S"][1] > spot["W"][1]  # E bottom, W top
    assert spot["S"][0] < spot["N"][0]  # E at the bottom: S on its left, N on its right


def test_a_deal_shows_every_hand_at_its_seat() -> None:
    deal = Deal.random(11)
    root = parsed(svg.deal(deal, orientation="N"))
    for seat, held in zip(Seat, deal.hands):
        group = seat_group(root, seat)
        assert set(card_texts(group)) == {str(card) for card in held}
    assert seat_group(root, Seat.N).get("data-position") == "bottom"


# -- the table -----------------------------------------------------------------------------------


def walk(rules: RuleSet, seed: int, hands: int = 1) -> list[GameState]:
    """Every state of ``hands`` random hands from a new game."""
    rng = random.Random(seed)
    state = new_game(rules)
    states = [state]
    while len(state.history) < hands and not state.is_over:
        state = apply(state, random_action(state, rng))
        states.append(state)
    return states


def hidden_from(state: GameState, seat: Seat) -> set[str]:
    """The cards ``seat`` cannot see, from the full state: the others' hands (but the cards its
    own side passed in the exchange), their discards, the stock during the draw, a card another
    seat drew."""
    known: set[Card] = set()
    for giver, cards in state.exchanges:
        if seat in (giver, giver.partner) and state.rules.partnerships:
            known |= set(cards)
    hidden: set[Card] = set()
    for other in state.rules.seats:
        if other is not seat:
            hidden |= set(state.holding(other)) - known
            if state.discards:
                hidden |= set(state.discards[other])
    if state.phase is Phase.DRAW:  # (between hands the stock is the next hand's whole deck)
        hidden |= set(state.stock)
    if state.drawn_card is not None and state.to_act is not seat:
        hidden.add(state.drawn_card)
    return {str(card) for card in hidden}


def check_view_picture(state: GameState, seat: Seat) -> None:
    root = parsed(svg.table(view(state, seat), legal=True))
    shown = set(card_texts(root))
    hidden = hidden_from(state, seat)
    assert not shown & hidden, f"{seat} sees {sorted(shown & hidden)}"
    said = words(root)
    for text in hidden:
        assert Card(text).name not in said, f"{seat}'s picture names the {Card(text).name}"
    mine = seat_group(root, seat)
    assert set(card_texts(mine)) == {str(card) for card in state.holding(seat)}
    assert mine.get("data-position") == "bottom"
    for other in state.rules.seats:
        if other is not seat:
            assert card_texts(seat_group(root, other)) == []
            assert seat_group(root, other).get("data-cards") == str(len(state.holding(other)))


def check_whole_picture(state: GameState) -> None:
    root = parsed(svg.table(state))
    assert root.get("data-phase") == state.phase.value
    for seat in state.rules.seats:
        group = seat_group(root, seat)
        assert set(card_texts(group)) == {str(card) for card in state.holding(seat)}
        assert group.get("data-tricks") == str(state.trick_counts[seat])
        bid = state.bids[seat] if state.phase is not Phase.DEAL else None
        if state.phase is not Phase.DEAL:
            assert group.get("data-bid") == ("-" if bid is None else str(bid))
        assert (group.get("data-dealer") == "true") is (seat is state.dealer)
        assert (group.get("data-to-act") == "true") is (seat is state.to_act)
    lines = [t for t in root.iter(f"{SVG}text") if "score" in classes(t)]
    assert [t.get("data-score") for t in lines] == [str(score) for score in state.scores]
    assert [t.get("data-bags") for t in lines] == [str(bags) for bags in state.bags]


def test_every_table_draws_every_state_of_a_hand(table_kind: TableKind) -> None:
    states = walk(table_kind.preset_rules, seed=5)
    for state in states[::3] + states[-1:]:
        check_whole_picture(state)
        for seat in state.rules.seats:
            check_view_picture(state, seat)


def test_every_phase_is_drawn() -> None:
    rich = RuleSet(
        deck="jokers",
        spare_cards="dealer_discards",
        blind_nil=True,
        blind_nil_exchange=2,
        blind_nil_min_deficit=0,
        max_hands=1,
    )
    phases = set()
    for rules, seed in ((rich, 0), (rich, 1), (rich, 2), (spades.find_ruleset("two_player"), 3)):
        for state in walk(rules, seed):
            phases.add(state.phase)
            if state.phase is not Phase.PLAY or not state.trick_cards:  # (one per trick is enough)
                check_whole_picture(state)
                check_view_picture(state, state.to_act or Seat.N)
    assert phases == set(Phase)


def test_the_chosen_seat_sits_at_the_bottom(table_kind: TableKind) -> None:
    state = walk(table_kind.preset_rules, seed=2)[20]
    for bottom in state.rules.seats:
        for picture in (
            svg.table(state, orientation=bottom),
            svg.table(view(state, "N"), orientation=bottom),
        ):
            root = parsed(picture)
            heights = {
                seat: max(float(t.get("y") or 0) for t in seat_group(root, seat).iter(f"{SVG}text"))
                for seat in state.rules.seats
            }
            assert seat_group(root, bottom).get("data-position") == "bottom"
            assert max(heights, key=heights.__getitem__) is bottom


def legal_cards(state: GameState) -> set[str]:
    found: set[Card] = set()
    for action in legal_actions(state):
        if isinstance(action, Play):
            found.add(action.card)
        elif isinstance(action, (Exchange, Bury)):
            found |= set(action.cards)
    return {str(card) for card in found}


def marked(root: ET.Element) -> set[str]:
    return {str(f.get("data-card")) for f in faces(root) if "legal" in classes(f)}


def test_legal_highlighting_marks_exactly_the_legal_cards(table_kind: TableKind) -> None:
    rules = table_kind.preset_rules
    for state in walk(rules, seed=9)[::2]:
        expected = legal_cards(state)
        assert marked(parsed(svg.table(state, legal=True))) == expected
        assert marked(parsed(svg.table(state))) == set()
        for seat in rules.seats:
            mine = marked(parsed(svg.table(view(state, seat), legal=True)))
            assert mine == (expected if seat is state.to_act else set())


def test_legal_may_name_the_cards_to_raise() -> None:
    state = walk(RuleSet(), seed=1)[20]
    some = list(state.holding("S"))[:2]
    assert marked(parsed(svg.table(state, legal=some))) == {str(card) for card in some}


def test_the_last_trick_shows_in_the_corner_unless_left_out() -> None:
    state = next(s for s in walk(RuleSet(), seed=4) if len(s.completed_tricks) == 2)
    last = state.completed_tricks[-1]

    def corner(picture: str) -> list[ET.Element]:
        return [g for g in groups(parsed(picture)) if "last-trick" in classes(g)]

    (found,) = corner(svg.table(state))
    assert card_texts(found) == [str(card) for card in last.cards]
    assert f"{last.winner.full_name} took it" in words(found)  # type: ignore[union-attr]
    assert corner(svg.table(state, last_trick=False)) == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rulesets(), seed=st.integers(0, 10**6), steps=st.integers(0, 80))
def test_any_game_draws_well_formed_and_hides_what_a_seat_cannot_see(
    rules: RuleSet, seed: int, steps: int
) -> None:
    rng = random.Random(seed)
    state = new_game(rules)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, random_action(state, rng))
    check_whole_picture(state)
    for seat in rules.seats:
        check_view_picture(state, seat)


# -- the score sheet -------------------------------------------------------------------------------


def cells(root: ET.Element, **data: str) -> list[str]:
    return [
        t.text or ""
        for t in root.iter(f"{SVG}text")
        if all(t.get(f"data-{name}") == value for name, value in data.items())
    ]


def test_the_score_sheet_adds_up_hand_by_hand(table_kind: TableKind) -> None:
    rng = random.Random(8)
    state = new_game(table_kind.preset_rules)
    for _ in range(3):
        if not state.is_over:
            state = play_hand(state, rng)
    root = parsed(svg.score_sheet(state))
    for index, side in enumerate(state.rules.sides):
        total = int(cells(root, hand="0", side=str(side), column="total")[0])
        assert total == 0
        for done in state.history:
            number = str(done.number)
            points = cells(root, hand=number, side=str(side), column="points")
            assert len(points) == 1
            total += int(points[0])
            assert cells(root, hand=number, side=str(side), column="total") == [str(total)]
            seats = [seat for seat in state.rules.seats if state.rules.side_of(seat) == side]
            took = sum(done.tricks_won[seat] for seat in seats)
            assert cells(root, hand=number, side=str(side), column="took") == [str(took)]
            bids = [str(done.bids[seat]) for seat in seats]
            assert cells(root, hand=number, side=str(side), column="bids") == [" + ".join(bids)]
        assert total == state.scores[index]
        last = cells(root, hand=str(state.history[-1].number), side=str(side), column="bags")
        assert last == [str(state.bags[index])]


def test_a_game_over_sheet_ends_with_the_result() -> None:
    state = walk(RuleSet(max_hands=1), seed=3)[-1]
    assert state.result is not None
    root = parsed(svg.score_sheet(state))
    assert str(state.result) in words(root)
    assert str(state.result) in words(parsed(svg.game_result(state.result)))


# -- options and bad input ---------------------------------------------------------------------


def test_size_colors_and_style_reach_the_picture() -> None:
    state = walk(RuleSet(), seed=1)[10]
    root = parsed(svg.table(state, size=430, colors={"felt": "#123456"}, style=".card{}"))
    assert root.get("width") == "430" and root.get("height") == "320"
    felt = [r for r in root.iter(f"{SVG}rect") if "felt" in classes(r)]
    assert [r.get("fill") for r in felt] == ["#123456"]
    style = root.find(f"{SVG}style")
    assert style is not None and style.text == ".card{}"


@pytest.mark.parametrize(
    "call",
    [
        lambda: svg.card("Zz"),
        lambda: svg.card("As", size=0),
        lambda: svg.card("As", size=True),
        lambda: svg.card("As", colors={"tartan": "#fff"}),
        lambda: svg.card("As", colors={"felt": 3}),
        lambda: svg.card("As", style=7),
        lambda: svg.hand("AKQ.JT9.876.5432", legal="Xx"),
        lambda: svg.table(new_game("cutthroat3"), orientation="W"),
        lambda: svg.trick(Trick("N", "As Ks"), orientation="nowhere"),
    ],
)
def test_bad_options_are_notation_errors_in_a_sentence(call: object) -> None:
    with pytest.raises(NotationError) as caught:
        call()  # type: ignore[operator]
    message = str(caught.value)
    assert message.endswith(".") and len(message.split()) > 4


def test_a_table_of_something_else_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="takes a GameState or a SeatView"):
        svg.table(Deal.random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes a GameState or a SeatView"):
        svg.score_sheet("standard")  # type: ignore[arg-type]


def test_a_picture_shows_itself_in_a_notebook() -> None:
    picture = svg.card("As")
    assert isinstance(picture, svg.SvgImage) and isinstance(picture, str)
    assert picture._repr_svg_() == str(picture)


# -- labels on the cards (the double-dummy values of spades.analysis) ---------------------------


def test_labels_mark_exactly_the_cards_named_with_their_text() -> None:
    state = apply(new_game("standard"), Deal.random(5))
    held = list(state.holding("E"))[:3]
    picture = svg.table(state, labels={held[0]: 3, str(held[1]): "10", held[2]: "x"})
    root = ET.fromstring(picture)
    marked = {
        element.get("data-card"): element.get("data-label")
        for element in root.iter(f"{SVG}g")
        if element.get("data-label") is not None
    }
    assert marked == {str(held[0]): "3", str(held[1]): "10", str(held[2]): "x"}
    texts = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "card-label"]
    assert sorted(texts) == sorted(["3", "10", "x"])
    assert "card-label" not in svg.table(state)


@pytest.mark.parametrize(
    ("labels", "says"),
    [
        ({"As": ""}, "A card's label is a short text of 1 to 4 characters, not ''."),
        ({"As": "12345"}, "A card's label is a short text of 1 to 4 characters, not '12345'."),
        (["As"], "A picture's labels are a mapping of cards to short texts, not ['As']."),
    ],
)
def test_bad_labels_are_refused_with_a_sentence(labels: object, says: str) -> None:
    state = apply(new_game("standard"), Deal.random(5))
    with pytest.raises(NotationError) as caught:
        svg.table(state, labels=labels)  # type: ignore[arg-type]
    assert caught.value.message == says
    assert caught.value.reason == "bad_drawing"
