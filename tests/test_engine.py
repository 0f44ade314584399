"""Engine transitions and errors: phases, rotation, leads, the blind nil exchange, every Reason.

Two hand-made deals are used throughout. ``BAND`` gives every seat cards of every suit
(card index ``i`` goes to seat ``i % 4``)::

    N  ♠J73  ♥Q84  ♦K95  ♣AT62
    E  ♠Q84  ♥K95  ♦AT62 ♣J73
    S  ♠K95  ♥AT62 ♦J73  ♣Q84
    W  ♠AT62 ♥J73  ♦Q84  ♣K95

``ONE_SUIT`` gives North every spade, East every heart, South every diamond, West every club.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades import (
    Bid,
    Bury,
    Card,
    Counts,
    Deal,
    Direction,
    Draw,
    EndReason,
    Exchange,
    GameState,
    Hand,
    IllegalActionError,
    Phase,
    Play,
    Reason,
    Redeal,
    RuleSet,
    Seat,
    SpadesError,
    Standing,
    Team,
    Trick,
    apply,
    chance_action,
    check,
    find_ruleset,
    is_legal,
    legal_actions,
    new_game,
    score_hand,
)
from spades.engine import apply_counts
from spades.errors import NotationError
from spades.rules import Deck, FirstLead, SpadesBreaking, SpareCards
from strategies import rulesets, standings, start
from tables import TableKind
from witness import fingerprint, next_seat, seats_from

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW
CW, CCW = Direction.CLOCKWISE, Direction.COUNTERCLOCKWISE

BAND = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))
ONE_SUIT = Deal(
    (
        "AKQJT98765432.-.-.-",
        "-.AKQJT98765432.-.-",
        "-.-.AKQJT98765432.-",
        "-.-.-.AKQJT98765432",
    )
)
BLIND = RuleSet(blind_nil=True, blind_nil_exchange=2)
#: East holds every heart; South and West are void in hearts, South with the low spades, West with
#: the high ones.
OVERTRUMP = Deal(
    ("-.-.AKQJT98.765432", "-.AKQJT98765432.-.-", "8765432.-.765432.-", "AKQJT9.-.-.AKQJT98")
)


def bid(state: GameState, *bids: int | str | Bid) -> GameState:
    """Apply bids in bidding order: numbers, 'nil', 'bn' or Bid values."""
    for value in bids:
        if isinstance(value, Bid):
            action = value
        elif value == "bn":
            action = Bid.BLIND_NIL
        elif value == "nil":
            action = Bid.NIL
        else:
            action = Bid(int(value))
        state = apply(state, action)
    return state


def play(state: GameState, cards: str) -> GameState:
    """Play the cards in order, each by whoever is to act."""
    for text in cards.split():
        state = apply(state, Play(text))
    return state


def finish(state: GameState) -> GameState:
    """Play the first legal card until the hand is over."""
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    return state


#: The reasons whose message is a sentence about the seat acting ("East must follow ...").
NAMES_THE_SEAT = {
    Reason.BID_OUT_OF_RANGE,
    Reason.BLIND_NIL_NOT_ALLOWED,
    Reason.BLIND_NIL_NOT_ELIGIBLE,
    Reason.BLIND_BID_NOT_ALLOWED,
    Reason.BLIND_BID_NOT_ELIGIBLE,
    Reason.TEAM_BLIND_BID,
    Reason.BAD_EXCHANGE,
    Reason.BAD_DISCARD,
    Reason.CARD_NOT_HELD,
    Reason.REVOKE,
    Reason.SPADES_NOT_BROKEN,
    Reason.MUST_LEAD_CARD,
    Reason.FIRST_TRICK_SPADE,
    Reason.LOWEST_CLUB,
    Reason.MUST_OVERTRUMP,
}


def rejected(
    state: GameState,
    action: object,
    reason: Reason,
    *,
    seat: Seat | None,
    option: str | None = None,
) -> IllegalActionError:
    """Assert ``action`` is refused for ``reason`` by check, is_legal and apply alike."""
    snapshot = fingerprint(state)
    violation = check(state, action)  # type: ignore[arg-type]
    assert violation is not None
    assert not is_legal(state, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    error = info.value
    assert isinstance(error, ValueError)
    assert isinstance(error, SpadesError)
    assert (error.reason, violation.reason) == (reason, reason)
    assert (error.seat, violation.seat) == (seat, seat)
    assert (error.option, violation.option) == (option, option)
    assert error.action is action
    assert violation.action is action
    message = str(error)
    assert message == violation.message == error.message
    assert not message[0].islower() and message.endswith("."), message
    if reason in NAMES_THE_SEAT:
        assert seat is not None and message.startswith(seat.full_name), message
    assert fingerprint(state) == snapshot, "the state changed after an error"
    return error


# -- phases ---------------------------------------------------------------------------------------


def test_phases_through_a_capped_game() -> None:
    """DEAL, then per hand BIDDING x4, PLAY x52, HAND_OVER; the last hand ends in GAME_OVER."""
    state = new_game(RuleSet(max_hands=2))
    phases = [state.phase]
    for deal in (BAND, ONE_SUIT):
        state = apply(state, deal)
        while not state.needs_deal and not state.is_over:
            phases.append(state.phase)
            state = apply(state, legal_actions(state)[0])
        phases.append(state.phase)
    hand = [Phase.BIDDING] * 4 + [Phase.PLAY] * 52
    assert phases == [Phase.DEAL, *hand, Phase.HAND_OVER, *hand, Phase.GAME_OVER]
    assert state.result is not None and state.result.reason is EndReason.CAP
    assert state.result.hands_played == 2
    assert len(state.history) == 2


def test_exchange_phase_comes_between_bidding_and_play() -> None:
    state = bid(apply(new_game(BLIND), BAND), "bn", 3, 4, 2)  # E blind nil, W (partner) 4
    assert state.phase is Phase.EXCHANGE
    state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.EXCHANGE
    state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.PLAY


def test_needs_deal_and_no_legal_actions_before_a_deal() -> None:
    state = new_game()
    assert state.needs_deal and state.to_act is None
    assert legal_actions(state) == ()
    over = finish(bid(apply(new_game(), BAND), 1, 1, 1, 1))
    assert over.phase is Phase.HAND_OVER and over.needs_deal
    assert legal_actions(over) == ()


# -- a whole game at each table -------------------------------------------------------------------

#: The rules of a random game at each table, with the tricks in its hands: blind bids where the
#: table allows them (blind nil, and a blind 6 far behind), the 54-card deck of three (18 each) as
#: well as the standard (17 each, the two of clubs out), and two players' draw.
BLIND_BIDS = {"max_hands": 4, "blind_nil": True, "blind_bid": 6, "blind_bid_min_deficit": 50}
RANDOM_GAMES: dict[str, list[tuple[RuleSet, int]]] = {
    "partners": [(RuleSet(**BLIND_BIDS), 13)],
    "alone": [(RuleSet(partnerships=False, **BLIND_BIDS), 13)],
    "three": [
        (RuleSet(players=3, partnerships=False, max_hands=3, blind_nil=True), 17),
        (RuleSet(players=3, partnerships=False, deck="jokers", max_hands=3, blind_nil=True), 18),
    ],
    "two": [(find_ruleset("two_player").evolve(max_hands=3), 13)],
}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_random_game_at_each_table_keeps_every_card_and_adds_up(
    table_kind: TableKind, seed: int
) -> None:
    """A game played at random to its end, at each table: every seat in play holds a hand, only
    they act, each trick has a card from each and its winner leads the next; two players' draw
    loses no card (each turn's two cards go one to the hand and one to the waste), and the waste
    stays out of the play. Every side's points are the sum of its items, its totals run on from
    hand to hand to the game's scores, its contract is its players' bids, and the one highest
    total wins (a tie at the top shares the result)."""
    seats, sides, players = table_kind.seats, table_kind.sides, table_kind.players
    for rules, per_hand in RANDOM_GAMES[table_kind.id]:
        rng = random.Random(seed)
        state = new_game(rules)
        while not state.is_over:
            if state.needs_deal or state.needs_draw:
                state = apply(state, chance_action(state, rng))
            else:
                state = apply(state, rng.choice(legal_actions(state)))
            assert len(state.holding_masks) == players
            if state.phase is Phase.DRAW:
                held = sum(len(hand) for hand in state.holdings)
                wasted = sum(state.discard_counts)
                assert held + wasted + state.stock_size + (state.drawn_card is not None) == 52
                assert all(
                    abs(len(h) - len(d)) <= 1
                    for h, d in zip(state.holdings, state.discards, strict=True)
                )
            if state.phase is Phase.PLAY:
                assert state.to_act in seats
                gone = state.played
                for hand in state.holdings:
                    gone = gone | hand
                assert len(gone) == players * per_hand
                if table_kind.draws:
                    assert not gone & (state.discards[0] | state.discards[1])
        totals = [0] * len(sides)
        for hand in state.history:
            assert len(hand.tricks) == per_hand and sum(hand.tricks_won) == per_hand
            assert len(hand.bids) == players
            for trick in hand.tricks:
                assert len(trick.cards) == players and set(trick.seats) == set(seats)
            assert [trick.winner for trick in hand.tricks[:-1]] == [
                trick.leader for trick in hand.tricks[1:]
            ]
            for index, side in enumerate(hand.score.teams):
                assert side.team is sides[index]
                assert side.points == sum(item.points for item in side.items)
                assert side.score_before == totals[index]
                assert side.points == side.score_after - side.score_before
                totals[index] += side.points
        assert tuple(totals) == state.scores and len(state.scores) == len(sides)
        result = state.result
        assert result is not None and result.scores == state.scores
        best = max(state.scores)
        if state.scores.count(best) == 1:
            assert result.winner is sides[state.scores.index(best)]
        else:
            assert result.winner is None
        members = [[seat] for seat in seats] if not table_kind.partnerships else [[N, S], [E, W]]
        assert state.contracts == tuple(
            sum(state.bids[seat].tricks if state.bids[seat] is not None else 0 for seat in side)  # type: ignore[union-attr]
            for side in members
        )


# -- rotation, first bidder, first leader ---------------------------------------------------------


@pytest.mark.parametrize(
    ("direction", "dealers"),
    [(CW, [N, E, S, W, N]), (CCW, [N, W, S, E, N])],
)
def test_dealer_rotation_first_bidder_and_leader(direction: Direction, dealers: list[Seat]) -> None:
    """Deal, bidding and play all move in the direction of play; the next seat bids and leads."""
    state = new_game(RuleSet(direction=direction, max_hands=5))
    seen = []
    for number, deal in enumerate([BAND, ONE_SUIT, BAND, ONE_SUIT, BAND], start=1):
        assert state.next_dealer is dealers[number - 1]
        state = apply(state, deal)
        assert state.hand_number == number
        assert state.dealer is dealers[number - 1]
        seen.append(state.dealer)
        first = next_seat(state.dealer, direction)
        order = seats_from(first, direction)
        assert next_seat(order[3], direction) is first
        assert order[3] is state.dealer  # the dealer bids last
        for seat in order:
            assert state.to_act is seat
            state = apply(state, Bid(1))
        assert state.phase is Phase.PLAY
        assert state.to_act is first  # the first bidder leads
        state = finish(state)
        assert state.last_hand is not None
        assert state.last_hand.dealer is dealers[number - 1]
        for trick in state.last_hand.tricks:
            assert trick.seats == tuple(seats_from(trick.leader, direction))
        assert state.last_hand.tricks[0].leader is first
    assert seen == dealers
    assert state.is_over


def test_bidding_and_play_order_counterclockwise() -> None:
    """Counterclockwise with North dealing: West (the dealer's right) bids and leads, then South."""
    state = apply(new_game(RuleSet(direction=CCW)), BAND)
    assert state.to_act is W
    state = apply(state, Bid(2))
    assert state.to_act is S
    state = bid(state, 2, 2, 2)
    assert state.to_act is W
    state = play(state, "Kc")
    assert state.to_act is S


def test_trick_winner_leads_the_next_trick() -> None:
    state = bid(apply(new_game(), BAND), 1, 1, 1, 1)
    state = play(state, "2d Jd Qd Kd")  # E leads; North's king wins
    assert state.completed_tricks[-1].winner is N
    assert state.to_act is N
    assert state.current_trick == Trick(N, ())


# -- fixed first lead -----------------------------------------------------------------------------


@pytest.mark.parametrize("direction", [CW, CCW])
def test_holder_of_two_of_clubs_must_lead_it(direction: Direction) -> None:
    rules = RuleSet(first_lead=FirstLead.TWO_OF_CLUBS, direction=direction)
    state = apply(new_game(rules, dealer=W), BAND)  # North holds 2c
    assert state.to_act is next_seat(W, direction)  # bidding still starts next to the dealer
    state = bid(state, 1, 1, 1, 1)
    assert state.to_act is N  # North leads because North holds 2c
    assert legal_actions(state) == (Play("2c", seat=N),)
    error = rejected(state, Play("Ac"), Reason.MUST_LEAD_CARD, seat=N, option="first_lead")
    assert str(error) == "North must lead the two of clubs to the first trick."
    rejected(state, Play("9d"), Reason.MUST_LEAD_CARD, seat=N, option="first_lead")
    state = apply(state, Play("2c"))
    assert state.to_act is next_seat(N, direction)
    assert {p.card.suit for p in legal_actions(state)} == {Card("2c").suit}  # must follow clubs


def test_two_of_clubs_lead_with_a_different_first_bidder() -> None:
    rules = RuleSet(first_lead=FirstLead.TWO_OF_CLUBS)
    state = bid(apply(new_game(rules), ONE_SUIT), 1, 1, 1, 1)  # E bids first, W holds 2c
    assert state.to_act is W
    assert legal_actions(state) == (Play("2c", seat=W),)
    state = play(state, "2c")
    # After the first trick the winner leads freely.
    state = play(state, "As Ah Ad")  # N trumps and wins
    assert state.to_act is N
    assert len(legal_actions(state)) == 12


def test_two_of_clubs_passed_in_the_exchange_moves_the_lead() -> None:
    rules = BLIND.evolve(first_lead=FirstLead.TWO_OF_CLUBS)
    state = bid(apply(new_game(rules), BAND), 1, "bn", 1, 1)  # S blind nil, N (partner) bid 1
    assert state.phase is Phase.EXCHANGE and state.to_act is N
    state = apply(state, Exchange("2c 6c"))
    state = apply(state, Exchange("Ks Ah"))
    assert Card("2c") in state.holding(S)
    assert state.to_act is S
    assert legal_actions(state) == (Play("2c", seat=S),)


# -- the blind nil exchange -----------------------------------------------------------------------


def test_blind_nil_exchange_partner_gives_first_then_blind_bidder() -> None:
    state = bid(apply(new_game(BLIND), BAND), "bn", 3, 4, 2)  # E blind nil, S 3, W 4, N 2
    assert state.bids == (Bid(2, seat=N), Bid.BLIND_NIL.for_seat(E), Bid(3, seat=S), Bid(4, seat=W))
    assert state.phase is Phase.EXCHANGE
    assert state.to_act is W  # the partner gives first
    actions = legal_actions(state)
    assert len(actions) == 78  # every 2 of West's 13 cards
    assert len(set(actions)) == 78
    assert all(a.seat is W and len(a.cards) == 2 for a in actions)  # type: ignore[union-attr]

    state = apply(state, Exchange("Kc 9c"))
    assert state.to_act is E  # then the blind nil bidder gives back
    assert len(state.holding(E)) == 15 and len(state.holding(W)) == 11
    assert state.exchanges == ((W, Hand("Kc 9c")),)

    state = apply(state, Exchange("Qs 8s"))
    assert state.phase is Phase.PLAY
    assert state.to_act is E  # the first bidder leads as usual
    assert [len(h) for h in state.holdings] == [13, 13, 13, 13]
    assert state.holding(E) == Hand("4.K95.AT62.KJ973")
    assert state.holding(W) == Hand("AQT862.J73.Q84.5")
    assert Hand(state.holding(N) | state.holding(E) | state.holding(S) | state.holding(W)) == (
        Hand.full_deck()
    )
    assert state.deal == BAND  # the deal stays as dealt

    state = finish(state)
    assert state.last_hand is not None
    assert state.last_hand.exchanges == ((W, Hand("Kc 9c")), (E, Hand("Qs 8s")))


@pytest.mark.parametrize(
    "bids",
    [
        ("bn", 3, "nil", 2),  # E blind nil, W nil
        ("bn", 3, "bn", 2),  # E and W both blind nil
        ("nil", 3, 4, 2),  # E nil, not blind
        (1, 2, 3, 4),  # no nil at all
    ],
)
def test_no_exchange_unless_a_blind_nil_partner_bid_a_number(bids: tuple[object, ...]) -> None:
    state = bid(apply(new_game(BLIND), BAND), *bids)  # type: ignore[arg-type]
    assert state.phase is Phase.PLAY
    assert state.holdings == BAND.hands


def test_no_exchange_when_the_rules_pass_no_cards() -> None:
    state = bid(apply(new_game(RuleSet(blind_nil=True)), BAND), "bn", 3, 4, 2)
    assert state.phase is Phase.PLAY


def test_two_blind_nils_exchange_in_bidding_order() -> None:
    """E and S both bid blind nil: W gives, E gives back, then N gives, S gives back."""
    state = bid(apply(new_game(BLIND), BAND), "bn", "bn", 4, 2)
    order = []
    while state.phase is Phase.EXCHANGE:
        order.append(state.to_act)
        state = apply(state, legal_actions(state)[0])
    assert order == [W, E, N, S]
    assert [len(h) for h in state.holdings] == [13, 13, 13, 13]


def test_exchange_errors() -> None:
    state = bid(apply(new_game(BLIND), BAND), "bn", 3, 4, 2)
    error = rejected(
        state, Exchange("Kc"), Reason.BAD_EXCHANGE, seat=W, option="blind_nil_exchange"
    )
    assert str(error) == "West must pass exactly 2 cards, not 1."
    rejected(state, Exchange("Kc 9c 5c"), Reason.BAD_EXCHANGE, seat=W, option="blind_nil_exchange")
    error = rejected(state, Exchange("As Ks"), Reason.CARD_NOT_HELD, seat=W)
    assert "Ks" in str(error) and "As" not in str(error)
    rejected(state, Exchange("Kc 9c", seat=E), Reason.WRONG_TURN, seat=E)
    rejected(state, Play("As"), Reason.WRONG_PHASE, seat=None)
    rejected(state, Bid(3), Reason.WRONG_PHASE, seat=None)
    rejected(state, BAND, Reason.WRONG_PHASE, seat=None)
    played = bid(apply(new_game(BLIND), BAND), 1, 1, 1, 1)
    rejected(played, Exchange("As Ks"), Reason.WRONG_PHASE, seat=None)


# -- every Reason ---------------------------------------------------------------------------------


def won_game() -> GameState:
    """NS reach 500 in hand 5: North takes all 13 tricks on a 13 bid, South makes nil."""
    state = apply(new_game(scores=(300, 0), hand_number=5), ONE_SUIT)
    state = bid(state, 1, "nil", 1, 13)  # E 1, S nil, W 1, N 13
    return finish(state)


def test_game_over() -> None:
    state = won_game()
    assert state.phase is Phase.GAME_OVER and state.is_over
    result = state.result
    assert result is not None
    assert result.winner is NS and result.reason is EndReason.TARGET
    assert result.scores == state.scores == (300 + 130 + 100, 0 - 20)
    assert result.hands_played == 5
    assert legal_actions(state) == ()
    assert state.to_act is None
    error = rejected(state, Deal.random(1), Reason.GAME_OVER, seat=None)
    assert str(error).startswith("The game is over")
    rejected(state, Bid(3, seat=E), Reason.GAME_OVER, seat=E)
    rejected(state, Play("As"), Reason.GAME_OVER, seat=None)


def test_game_over_message_counts_one_hand_in_the_singular() -> None:
    state = bid(apply(new_game(scores=(300, 0)), ONE_SUIT), 1, "nil", 1, 13)
    state = finish(state)
    error = rejected(state, Deal.random(1), Reason.GAME_OVER, seat=None)
    assert "after 1 hand " in str(error), str(error)


@pytest.mark.parametrize(
    ("phase_state", "action", "seat"),
    [
        ("deal", Bid(3), None),
        ("deal", Play("As", seat=N), N),
        ("bidding", Play("As"), None),
        ("bidding", Exchange("As Ks", seat=E), E),
        ("bidding", BAND, None),
        ("play", Bid(3), None),
        ("play", BAND, None),
        ("hand_over", Play("As"), None),
        ("hand_over", Bid.NIL, None),
    ],
)
def test_wrong_phase(phase_state: str, action: object, seat: Seat | None) -> None:
    states = {
        "deal": new_game(),
        "bidding": apply(new_game(), BAND),
        "play": bid(apply(new_game(), BAND), 1, 1, 1, 1),
        "hand_over": finish(bid(apply(new_game(), BAND), 1, 1, 1, 1)),
    }
    state = states[phase_state]
    assert state.phase.value == phase_state
    error = rejected(state, action, Reason.WRONG_PHASE, seat=seat)
    assert "not possible now" in str(error)


def test_wrong_turn() -> None:
    state = apply(new_game(), BAND)
    error = rejected(state, Bid(3, seat=S), Reason.WRONG_TURN, seat=S)
    assert str(error) == "It is East's turn, not South's."
    assert is_legal(state, Bid(3, seat=E))
    state = bid(state, 1, 1, 1, 1)
    rejected(state, Play("Qs", seat=W), Reason.WRONG_TURN, seat=W)
    rejected(state, Play("As", seat=W), Reason.WRONG_TURN, seat=W)  # West holds it, but not now
    assert is_legal(state, Play("2d", seat=E))


@pytest.mark.parametrize("thing", ["As", 3, None, Card("As"), Hand("As"), Bid, ("bid", 3)])
def test_not_an_action_is_a_type_error(thing: object) -> None:
    """Anything that is not an action at all is a programming error, not an illegal action."""
    state = apply(new_game(), BAND)
    for call in (check, is_legal, apply):
        with pytest.raises(TypeError) as info:
            call(state, thing)  # type: ignore[arg-type]
        assert str(info.value).endswith(
            "is not an action; use Deal, Draw, Keep, Discard, Bury, Bid, Redeal, Exchange, Play "
            "or Counts."
        )


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        # North is dealt 12 cards: the 2c is missing.
        (("J73.Q84.K95.AT6", *BAND.hands[1:]), ["North has 12 cards", "2c is not dealt"]),
        # West's 5c is replaced by North's Ac: dealt twice, and the 5c is missing.
        ((*BAND.hands[:3], "AT62.J73.Q84.AK9"), ["Ac is dealt to both", "5c is not dealt"]),
        # West is also dealt South's Ks: 14 cards, and the Ks dealt twice.
        ((*BAND.hands[:3], "AKT62.J73.Q84.K95"), ["West has 14 cards", "Ks is dealt to both"]),
        # Nothing dealt at all.
        (("-.-.-.-",) * 4, ["North has 0 cards", "are not dealt"]),
    ],
)
def test_bad_deal(hands: tuple[object, ...], words: list[str]) -> None:
    deal = Deal(hands)
    state = new_game()
    assert check(state, BAND) is None  # the control: a real deal is accepted
    error = rejected(state, deal, Reason.BAD_DEAL, seat=None)
    for word in words:
        assert word in str(error)
    between_hands = finish(bid(apply(state, BAND), 1, 1, 1, 1))
    assert between_hands.phase is Phase.HAND_OVER
    rejected(between_hands, deal, Reason.BAD_DEAL, seat=None)


@pytest.mark.parametrize("tricks", [14, 15, 52, -1, -13])
def test_bid_out_of_range(tricks: int) -> None:
    state = apply(new_game(), BAND)
    error = rejected(state, Bid(tricks), Reason.BID_OUT_OF_RANGE, seat=E)
    assert str(tricks) in str(error)


def test_every_bid_from_nil_to_13_is_legal() -> None:
    state = apply(new_game(), BAND)
    for tricks in range(14):
        assert check(state, Bid(tricks)) is None
    assert {b.tricks for b in legal_actions(state)} == set(range(14))  # type: ignore[union-attr]


def test_blind_nil_not_allowed() -> None:
    state = apply(new_game(), BAND)
    error = rejected(state, Bid.BLIND_NIL, Reason.BLIND_NIL_NOT_ALLOWED, seat=E, option="blind_nil")
    assert "blind nil" in str(error)
    assert Bid.BLIND_NIL.for_seat(E) not in legal_actions(state)


@pytest.mark.parametrize(
    ("scores", "eligible"),
    [
        ((0, 0), False),  # level
        ((90, 0), False),  # EW 90 behind
        ((100, 0), True),  # exactly 100 behind
        ((350, -20), True),
        ((0, 100), False),  # EW ahead
    ],
)
def test_blind_nil_eligibility(scores: tuple[int, int], eligible: bool) -> None:
    rules = RuleSet(blind_nil=True, blind_nil_min_deficit=100)
    state = apply(new_game(rules, scores=scores), BAND)  # East bids first
    blind = Bid.BLIND_NIL.for_seat(E)
    assert (blind in legal_actions(state)) is eligible
    if eligible:
        assert check(state, Bid.BLIND_NIL) is None
    else:
        error = rejected(
            state,
            Bid.BLIND_NIL,
            Reason.BLIND_NIL_NOT_ELIGIBLE,
            seat=E,
            option="blind_nil_min_deficit",
        )
        assert "100" in str(error)


def test_blind_nil_any_time_without_a_minimum_deficit() -> None:
    state = apply(new_game(RuleSet(blind_nil=True), scores=(0, 400)), BAND)
    assert Bid.BLIND_NIL.for_seat(E) in legal_actions(state)
    state = bid(state, "bn")
    assert state.bids[E] == Bid.BLIND_NIL.for_seat(E)
    assert state.bids[E].blind  # type: ignore[union-attr]


def test_play_errors_in_the_band_hand() -> None:
    state = bid(apply(new_game(), BAND), "nil", 4, 3, 2)  # E leads first
    error = rejected(state, Play("As"), Reason.CARD_NOT_HELD, seat=E)
    assert str(error) == "East does not hold As."
    error = rejected(state, Play("Qs"), Reason.SPADES_NOT_BROKEN, seat=E, option="spades_breaking")
    assert "spade" in str(error) and "broken" in str(error)
    assert "East holds other suits" in str(error)


def test_revoke_names_the_suit_and_the_count() -> None:
    state = apply(new_game(dealer=W), BAND)  # North bids first and leads
    state = bid(state, 1, 1, 1, 1)
    state = play(state, "Qh")
    error = rejected(state, Play("Qs"), Reason.REVOKE, seat=E)
    assert str(error) == "East must follow hearts (holds 3 hearts)."
    rejected(state, Play("Ad"), Reason.REVOKE, seat=E)
    state = play(state, "5h Ah 3h")  # South wins with the ace
    state = play(state, "6h")  # South leads a heart again
    state = play(state, "7h")  # West follows
    state = play(state, "8h")  # North
    error = rejected(state, Play("Qs"), Reason.REVOKE, seat=E)
    assert str(error) == "East must follow hearts (holds 2 hearts)."
    state = play(state, "9h")  # 9 > 8 > 7 > 6: East wins
    assert state.completed_tricks[-1].winner is E
    state = play(state, "Kh")  # East leads East's last heart; South holds Th 2h
    error = rejected(state, Play("Ks"), Reason.REVOKE, seat=S)
    assert str(error) == "South must follow hearts (holds 2 hearts)."
    state = play(state, "Th Jh")
    error = rejected(state, Play("Js"), Reason.REVOKE, seat=N)
    assert str(error) == "North must follow hearts (holds 1 heart)."


def test_spades_not_broken_message_under_trump_only() -> None:
    rules = RuleSet(spades_breaking=SpadesBreaking.TRUMP_ONLY)
    state = bid(apply(new_game(rules), BAND), 1, 1, 1, 1)
    error = rejected(state, Play("Qs"), Reason.SPADES_NOT_BROKEN, seat=E, option="spades_breaking")
    assert "East" in str(error) and "spade" in str(error)


def band_bidding(rules: RuleSet | None = None, **standing: object) -> GameState:
    """BAND dealt by North: East to bid."""
    return apply(new_game(rules, **standing), BAND)  # type: ignore[arg-type]


def band_play(rules: RuleSet | None = None, dealer: Seat = N) -> GameState:
    """BAND with everyone bidding 1: the first bidder to lead."""
    return bid(apply(new_game(rules, dealer=dealer), BAND), 1, 1, 1, 1)


#: One case per Reason: (state, action, seat, option, words the message must contain).
REASON_CASES = {
    Reason.GAME_OVER: (won_game, Bid(3, seat=E), E, None, ["The game is over", "NS win"]),
    Reason.WRONG_PHASE: (new_game, Bid(3), None, None, ["A bid of 3 is not possible now"]),
    Reason.WRONG_TURN: (
        band_bidding,
        Bid(3, seat=S),
        S,
        None,
        ["It is East's turn, not South's."],
    ),
    Reason.BAD_DEAL: (
        new_game,
        Deal(("J73.Q84.K95.AT6", *BAND.hands[1:])),
        None,
        None,
        ["North has 12 cards, not 13.", "2c is not dealt to anyone."],
    ),
    Reason.BAD_DRAW: (
        lambda: apply(new_game("two_player"), Draw("Qh")),
        Draw("Qh"),
        None,
        None,
        ["Drawing Qh is not possible now: East is to keep or discard the card they drew."],
    ),
    Reason.BID_OUT_OF_RANGE: (band_bidding, Bid(14), E, None, ["East bid 14"]),
    Reason.BAD_TRICKS: (
        new_game,
        Counts([4, 1, 3, 2], [5, 1, 4, 2]),
        None,
        None,
        ["The tricks taken add up to 12, not 13: N 5 E 1 S 4 W 2."],
    ),
    Reason.BLIND_NIL_NOT_ALLOWED: (
        band_bidding,
        Bid.BLIND_NIL,
        E,
        "blind_nil",
        ["East may not bid blind nil"],
    ),
    Reason.BLIND_NIL_NOT_ELIGIBLE: (
        lambda: band_bidding(RuleSet(blind_nil=True, blind_nil_min_deficit=100)),
        Bid.BLIND_NIL,
        E,
        "blind_nil_min_deficit",
        ["East may not bid blind nil", "100"],
    ),
    Reason.BLIND_BID_NOT_ALLOWED: (
        band_bidding,
        Bid(6, blind=True),
        E,
        "blind_bid",
        ["East may not bid blind 6: these rules do not allow blind number bids (blind_bid)."],
    ),
    Reason.BLIND_BID_NOT_ELIGIBLE: (
        lambda: band_bidding(RuleSet(blind_bid=6, blind_bid_min_deficit=100)),
        Bid(6, blind=True),
        E,
        "blind_bid_min_deficit",
        ["East may not bid blind 6", "100 points behind", "(blind_bid_min_deficit)"],
    ),
    Reason.TEAM_BLIND_BID: (
        lambda: bid(band_bidding(RuleSet(blind_bid=6, blind_bid_by="team")), Bid(6, blind=True), 2),
        Bid(3),
        W,
        "blind_bid_by",
        ["West must bid blind 6: East bid blind 6 for East-West", "(blind_bid_by team)."],
    ),
    Reason.NIL_NOT_ALLOWED: (
        lambda: band_bidding(RuleSet(nil_allowed=False)),
        Bid.NIL,
        E,
        "nil_allowed",
        ["East may not bid nil: these rules do not allow nil (nil_allowed)."],
    ),
    Reason.DOUBLE_NIL_NOT_ALLOWED: (
        lambda: bid(band_bidding(RuleSet(double_nil="forbidden")), "nil", 3),
        Bid.NIL,
        W,
        "double_nil",
        ["West may not bid nil: East bid nil, and only one partner may bid nil (double_nil)."],
    ),
    Reason.FORCED_BID: (
        lambda: band_bidding(RuleSet(forced_bidding="mirror")),
        Bid(2),
        E,
        "forced_bidding",
        ["East must bid 3, the number of spades East holds (forced_bidding mirror)."],
    ),
    Reason.BID_BELOW_MINIMUM: (
        lambda: band_bidding(RuleSet(min_player_bid=2)),
        Bid(1),
        E,
        "min_player_bid",
        ["East may not bid 1: the lowest number a player may bid is 2 (min_player_bid)."],
    ),
    Reason.NIL_PARTNER_BID_TOO_LOW: (
        lambda: bid(band_bidding(RuleSet(nil_partner_min_bid=4)), 2, 3),
        Bid.NIL,
        W,
        "nil_partner_min_bid",
        [
            "West may not bid nil: East bid 2, and the partner of a nil bidder must bid at "
            "least 4 (nil_partner_min_bid)."
        ],
    ),
    Reason.TEAM_BID_BELOW_MINIMUM: (
        lambda: bid(band_bidding(RuleSet(min_team_bid=4)), 1, 3),
        Bid(2),
        W,
        "min_team_bid",
        ["West must bid at least 3, so that East-West bid at least 4 (min_team_bid)."],
    ),
    Reason.TOTAL_BID_BELOW_MINIMUM: (
        lambda: bid(band_bidding(RuleSet(min_total_bid=11)), 3, 3, 3),
        Bid(1),
        N,
        "min_total_bid",
        ["North must bid at least 2, so that the four bids total at least 11 (min_total_bid)."],
    ),
    Reason.TOTAL_BID_OF_13: (
        lambda: bid(band_bidding(RuleSet(forbid_total_of_13=True)), 3, 3, 3),
        Bid(4),
        N,
        "forbid_total_of_13",
        ["North may not bid 4: the four bids would total exactly 13, and someone must miss"],
    ),
    Reason.BAD_EXCHANGE: (
        lambda: bid(band_bidding(BLIND), "bn", 3, 4, 2),
        Exchange("Kc"),
        W,
        "blind_nil_exchange",
        ["West must pass exactly 2 cards, not 1."],
    ),
    Reason.BAD_DISCARD: (
        lambda: band_bidding(RuleSet(deck="jokers", spare_cards="dealer_discards")),
        Bury("Ac"),
        N,
        "spare_cards",
        ["North, the dealer, must discard exactly 2 of the 15 cards they hold, not 1."],
    ),
    Reason.CARD_NOT_HELD: (band_play, Play("As"), E, None, ["East does not hold As."]),
    Reason.REVOKE: (
        lambda: play(band_play(dealer=W), "Qh"),
        Play("Qs"),
        E,
        None,
        ["East must follow hearts (holds 3 hearts)."],
    ),
    Reason.SPADES_NOT_BROKEN: (
        band_play,
        Play("Qs"),
        E,
        "spades_breaking",
        ["East may not lead a spade"],
    ),
    Reason.MUST_LEAD_CARD: (
        lambda: band_play(RuleSet(first_lead=FirstLead.TWO_OF_CLUBS)),
        Play("Ac"),
        N,
        "first_lead",
        ["North must lead the two of clubs"],
    ),
    Reason.FIRST_TRICK_SPADE: (
        lambda: band_play(RuleSet(spades_breaking="any_time", first_trick="no_spades")),
        Play("Qs"),
        E,
        "first_trick",
        [
            "East may not lead a spade to the first trick while holding hearts, diamonds and "
            "clubs (first_trick no_spades)."
        ],
    ),
    Reason.LOWEST_CLUB: (
        lambda: play(
            band_play(RuleSet(first_lead="two_of_clubs", first_trick="lowest_club")), "2c"
        ),
        Play("Jc"),
        E,
        "first_trick",
        ["East must play their lowest club, 3c, to the first trick (first_trick lowest_club)."],
    ),
    Reason.MUST_OVERTRUMP: (
        lambda: play(
            bid(apply(new_game(RuleSet(must_overtrump=True)), OVERTRUMP), 1, 1, 1, 1), "2h 2s"
        ),
        Play("Ac"),
        W,
        "must_overtrump",
        ["West must overtrump with a spade higher than the 2s (must_overtrump)."],
    ),
    Reason.REDEAL_NOT_ALLOWED: (
        lambda: band_bidding(RuleSet(redeal="no_spades")),
        Redeal(),
        E,
        "redeal",
        ["East may not call for a redeal: only a hand with no spade may be thrown in"],
    ),
    Reason.UNBID_HAND: (
        lambda: band_bidding(RuleSet(first_hand_trick_points=10)),
        Bid(3, seat=E),
        E,
        "first_hand_trick_points",
        ["A bid of 3 is not possible: hand 1 is played without bids (first_hand_trick_points)"],
    ),
}


def test_every_reason_has_a_case() -> None:
    assert set(REASON_CASES) == set(Reason)


@pytest.mark.parametrize("reason", list(REASON_CASES), ids=lambda r: r.name)
def test_every_reason_is_produced(reason: Reason) -> None:
    """Each Reason, with its seat, action, option and a full-sentence message."""
    make, action, seat, option, words = REASON_CASES[reason]
    error = rejected(make(), action, reason, seat=seat, option=option)
    for word in words:
        assert word in str(error), str(error)


# -- spades breaking ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("breaking", "broken"), [(SpadesBreaking.ANY_SPADE, True), (SpadesBreaking.TRUMP_ONLY, False)]
)
def test_spade_led_from_a_hand_of_only_spades(breaking: SpadesBreaking, broken: bool) -> None:
    """North holds only spades and leads one: it breaks spades only under any_spade."""
    rules = RuleSet(spades_breaking=breaking)
    state = bid(apply(new_game(rules, dealer=W), ONE_SUIT), 13, 1, 1, 1)
    assert state.to_act is N and not state.spades_broken
    assert len(legal_actions(state)) == 13  # only spades held: any may be led
    state = play(state, "2s")
    assert state.spades_broken is broken
    state = play(state, "Ah Ad Ac")
    assert state.spades_broken is broken


def test_a_trump_breaks_spades_under_either_rule() -> None:
    for breaking in SpadesBreaking:
        state = bid(apply(new_game(RuleSet(spades_breaking=breaking)), ONE_SUIT), 1, 1, 1, 1)
        state = play(state, "2h 2d 2c")  # E leads hearts, S and W discard
        assert not state.spades_broken
        state = play(state, "2s")  # North trumps
        assert state.spades_broken


# -- queries through a scripted hand --------------------------------------------------------------


def test_queries_through_the_band_hand() -> None:
    rules = RuleSet()
    state = new_game(rules)
    assert state.bids == (None, None, None, None)
    assert state.contracts == (0, 0)
    assert state.current_trick is None and state.winning_seat is None
    assert state.holding(N) == Hand() and state.deal is None
    assert state.next_dealer is N

    state = apply(state, BAND)
    assert state.phase is Phase.BIDDING
    assert state.deal == BAND
    assert state.holdings == BAND.hands
    assert state.next_dealer is E
    assert state.current_trick is None
    state = bid(state, "nil")
    assert state.bids == (None, Bid.NIL.for_seat(E), None, None)
    assert state.to_act is S
    state = bid(state, 4, 3)
    assert state.contracts == (4, 3)
    state = bid(state, 2)
    assert state.bids == (Bid(2, seat=N), Bid(0, seat=E), Bid(4, seat=S), Bid(3, seat=W))
    assert state.contracts == (6, 3)
    assert state.contract(NS) == 6 and state.contract(EW) == 3

    assert state.phase is Phase.PLAY and state.to_act is E
    assert state.current_trick == Trick(E, ())
    assert state.winning_seat is None
    assert state.completed_tricks == ()
    assert not state.spades_broken

    state = play(state, "2d Jd")
    assert state.current_trick == Trick(E, (Card("2d"), Card("Jd")))
    assert state.winning_seat is S
    assert state.played == Hand("2d Jd")
    assert Card("2d") not in state.holding(E)
    state = play(state, "Qd")
    assert state.winning_seat is W
    state = play(state, "Kd")
    assert state.completed_tricks == (Trick(E, tuple(map(Card, ["2d", "Jd", "Qd", "Kd"]))),)
    assert state.last_trick is not None and state.last_trick.winner is N
    assert state.tricks_won(N) == 1 and state.team_tricks(NS) == 1 and state.team_tricks(EW) == 0
    assert state.to_act is N
    assert state.current_trick == Trick(N, ())

    # Spades are not broken: North must lead something else; East must follow diamonds.
    rejected(state, Play("Js"), Reason.SPADES_NOT_BROKEN, seat=N, option="spades_breaking")
    state = play(state, "9d")
    error = rejected(state, Play("Qs"), Reason.REVOKE, seat=E)
    assert str(error) == "East must follow diamonds (holds 3 diamonds)."
    state = play(state, "Td 7d 8d")
    assert state.completed_tricks[-1].winner is E
    state = play(state, "6d 3d 4d 5d")
    assert state.completed_tricks[-1].winner is E
    assert not state.spades_broken

    # East leads the last diamond; South, void, trumps.
    state = play(state, "Ad 5s")
    assert state.spades_broken
    assert state.winning_seat is S
    state = play(state, "2s")  # West, void too, trumps lower
    assert state.winning_seat is S
    state = play(state, "2c")  # North discards
    assert state.completed_tricks[-1].winner is S
    assert [state.tricks_won(seat) for seat in Seat] == [1, 2, 1, 0]
    assert (state.team_tricks(NS), state.team_tricks(EW)) == (2, 2)

    state = play(state, "Ks As 3s 4s")  # spades broken: South may lead one; West's ace wins
    assert state.completed_tricks[-1].winner is W
    assert len(state.completed_tricks) == 5
    assert state.hand_number == 1 and state.dealer is N
    assert state.scores == (0, 0) and state.bags == (0, 0)
    assert state.last_hand is None and state.last_score is None

    done = finish(state)
    assert done.phase is Phase.HAND_OVER
    assert done.to_act is None
    assert done.current_trick is None and done.winning_seat is None
    assert len(done.completed_tricks) == 13
    won = tuple(done.tricks_won(seat) for seat in Seat)
    assert sum(won) == 13
    last = done.last_hand
    assert last is not None
    assert last.number == 1 and last.dealer is N and last.deal == BAND
    assert last.bids == state.bids
    assert last.tricks == done.completed_tricks
    assert last.tricks_won == won
    expected = score_hand(rules, state.bids, won)  # type: ignore[arg-type]
    assert done.last_score == last.score == expected
    assert done.scores == expected.scores_after
    assert done.bags == expected.bags_after
    assert done.hand_number == 1 and done.dealer is N
    assert done.next_dealer is E
    assert done.result is None

    again = apply(done, ONE_SUIT)
    assert again.hand_number == 2 and again.dealer is E
    assert again.to_act is S
    assert again.bids == (None, None, None, None)
    assert again.tricks_won(N) == 0 and again.completed_tricks == ()
    assert again.scores == done.scores
    assert again.last_hand == last
    assert again.start == Standing()


def test_apply_never_changes_its_input() -> None:
    state = apply(new_game(), BAND)
    snapshot = fingerprint(state)
    after = apply(state, Bid(3))
    assert fingerprint(state) == snapshot
    assert after != state
    assert after.bids[E] == Bid(3, seat=E)
    assert state.bids[E] is None


def test_actions_without_a_seat_are_recorded_with_it() -> None:
    state = bid(apply(new_game(), BAND), 2, 3, 4, 5)
    assert [b.seat for b in state.bids] == [N, E, S, W]  # type: ignore[union-attr]
    assert state.bids[S] == Bid(3, seat=S)
    assert all(action.seat is E for action in legal_actions(state))


# -- new_game -------------------------------------------------------------------------------------


def test_new_game_defaults() -> None:
    state = new_game()
    assert state.rules == RuleSet()
    assert state.phase is Phase.DEAL
    assert state.standing == state.start == Standing()
    assert (state.dealer, state.hand_number, state.scores, state.bags) == (N, 1, (0, 0), (0, 0))
    assert state.history == () and state.result is None and not state.is_over
    assert new_game("partners").rules == find_ruleset("000")
    assert new_game(None) == state


def test_new_game_from_a_standing() -> None:
    state = new_game("standard", dealer="e", scores=(120, -30), bags=(3, 9), hand_number=7)
    standing = Standing(dealer=E, hand_number=7, scores=(120, -30), bags=(3, 9))
    assert state.standing == state.start == standing
    state = apply(state, BAND)
    assert state.to_act is S  # East deals, South bids first
    done = finish(bid(state, 1, 1, 1, 1))
    assert done.last_hand is not None and done.last_hand.number == 7
    score = done.last_score
    assert score is not None
    assert (score[NS].score_before, score[EW].score_before) == (120, -30)
    assert (score[NS].bags_before, score[EW].bags_before) == (3, 9)
    nxt = apply(done, ONE_SUIT)
    assert nxt.hand_number == 8 and nxt.dealer is S
    assert nxt.start == standing


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_new_game_from_any_standing(data: st.DataObject) -> None:
    rules = data.draw(rulesets())
    standing = data.draw(standings(rules))
    state = start(rules, standing)
    assert state.phase is Phase.DEAL
    assert state.standing == state.start == standing
    assert state.next_dealer is standing.dealer
    four_standard = rules.deck is Deck.STANDARD and rules.players == 4
    state = apply(state, BAND if four_standard else Deal.random(0, rules))
    assert state.dealer is standing.dealer
    if rules.spare_cards is not SpareCards.REMOVED_TWOS:
        # The two cards left over go to the dealer, or to the holder of the two of clubs, who
        # holds 15 and discards two before anything else (pagat's text, as learnthat copies it).
        assert state.phase is Phase.BURY
        if rules.spare_cards is SpareCards.DEALER_DISCARDS:
            assert state.to_act is standing.dealer
        else:
            assert "2c" in [str(card) for card in state.holding(state.to_act)]
        assert len(state.holding(state.to_act)) == 15
    elif rules.first_hand_trick_points is not None and standing.hand_number == 1:
        assert state.phase is Phase.PLAY  # a first hand played without bids: the first lead
    else:
        # The dealer's next seat in the direction of play, round the seats in play (N, E and S
        # for three players: West's place is empty); the dealer when the dealer bids first (the
        # Hoyle text).
        seats = list(Seat)[: rules.players]
        first = seats[(seats.index(standing.dealer) + rules.direction.step) % len(seats)]
        if rules.dealer_bids_first:
            first = standing.dealer
        assert state.to_act is first
    assert state.hand_number == standing.hand_number


def test_new_game_rejects_unknown_names() -> None:
    with pytest.raises(SpadesError):
        new_game("no-such-preset")
    with pytest.raises(SpadesError):
        new_game(dealer="X")


def test_new_game_resumes_from_a_standing_the_rules_reach() -> None:
    """A dispute starts mid-game: every standing a game reaches must be accepted by new_game.

    With one penalty per hand, NS at 9 bags bid 2 and take all 13: 11 bags make 20, one penalty
    is charged and 10 are kept for the next hand (the option's own words).
    """
    rules = RuleSet(bag_penalty_once_per_hand=True)
    state = apply(new_game(rules, bags=(9, 0)), ONE_SUIT)
    state = finish(bid(state, 1, 1, 1, 1))  # North takes every trick
    assert state.phase is Phase.HAND_OVER
    assert state.bags == (10, 0)
    resumed = new_game(
        rules,
        dealer=state.next_dealer,
        scores=state.scores,
        bags=state.bags,
        hand_number=state.hand_number + 1,
    )
    assert resumed.bags == (10, 0)


# -- apply_counts ---------------------------------------------------------------------------------


def test_apply_counts_scores_a_hand_without_cards() -> None:
    """Source 000's example: N 4 and S 3 take 9 = 70 + 2 = 72 and 2 bags; E 1 and W 2 take 4 =
    30 + 1 = 31 and 1 bag. Counterclockwise, so the next hand is dealt by West."""
    state = apply_counts(new_game("000"), [4, 1, 3, 2], [5, 1, 4, 3])
    assert state.phase is Phase.HAND_OVER
    assert state.scores == (72, 31) and state.bags == (2, 1)
    last = state.last_hand
    assert last is not None and last.number == 1 and last.dealer is N
    assert last.bids == (Bid(4, seat=N), Bid(1, seat=E), Bid(3, seat=S), Bid(2, seat=W))
    assert last.tricks_won == (5, 1, 4, 3)
    expected = score_hand(find_ruleset("000"), [4, 1, 3, 2], [5, 1, 4, 3])
    assert last.score.points == expected.points == (72, 31)
    for team in Team:
        assert last.score[team].items == expected[team].items
    nxt = apply(state, BAND)
    assert nxt.hand_number == 2 and nxt.dealer is W and nxt.to_act is S


def test_apply_counts_ends_the_game_like_play() -> None:
    state = apply_counts(new_game(scores=(450, 0)), [5, 1, 0, 1], [6, 3, 0, 4])
    # NS: 5 made with 6, +50 +1, South's nil +100: 450 + 151 = 601.
    # EW: 2 made with 7, +20 +5: 25.
    assert state.scores == (601, 25)
    assert state.phase is Phase.GAME_OVER
    assert state.result is not None and state.result.winner is NS
    with pytest.raises(IllegalActionError) as info:
        apply_counts(state, [1, 1, 1, 1], [4, 3, 3, 3])
    assert info.value.reason is Reason.GAME_OVER


def test_apply_counts_checks_bids_and_counts() -> None:
    with pytest.raises(IllegalActionError) as info:
        apply_counts(new_game(), ["blind nil", 3, 4, 2], [0, 4, 5, 4])
    assert info.value.reason is Reason.BLIND_NIL_NOT_ALLOWED
    assert info.value.seat is N
    with pytest.raises(IllegalActionError) as info:
        apply_counts(new_game(), [3, 14, 4, 2], [3, 4, 2, 4])
    assert info.value.reason is Reason.BID_OUT_OF_RANGE and info.value.seat is E
    with pytest.raises(SpadesError):
        apply_counts(new_game(), [3, 3, 4, 2], [3, 3, 3, 3])  # 12 tricks
    with pytest.raises(SpadesError):
        apply_counts(new_game(), [3, 3, 4], [3, 3, 3, 4])
    with pytest.raises(IllegalActionError) as info:
        apply_counts(band_bidding(), [3, 3, 4, 2], [3, 3, 3, 4])
    assert info.value.reason is Reason.WRONG_PHASE
    ok = apply_counts(new_game(RuleSet(blind_nil=True)), ["blind nil", 3, 4, 2], [0, 4, 5, 4])
    assert ok.last_hand is not None and ok.last_hand.bids[N] == Bid.BLIND_NIL.for_seat(N)


THREE = RuleSet(players=3, partnerships=False)


def test_a_hand_of_three_told_by_its_counts() -> None:
    """Cutthroat, three alone at N, E and S: each bid is its player's own contract."""
    state = apply_counts(new_game(THREE), {"N": 5, "E": 6, "S": "nil"}, {"N": 7, "E": 10, "S": 0})
    assert state.scores == (52, 64, 100)
    state = apply_counts(state, [4, 4, 4], [5, 5, 7])
    assert state.scores == (93, 105, 143)
    violation = check(new_game(THREE), Counts([4, 4, 4, 1], [4, 4, 4, 5]))
    assert violation is not None and violation.reason is Reason.BAD_TRICKS
    assert violation.message == "The counts give 4 seats, but 3 play under these rules (players)."
    violation = check(new_game(RuleSet()), Counts([4, 4, 4], [5, 5, 7]))
    assert violation is not None and "give 3 seats, but 4 play" in violation.message
    west = r"The bids: West has no player at a table of 3: they sit at N, E and S\."
    with pytest.raises(NotationError, match=west):
        apply_counts(new_game(THREE), {"N": 5, "E": 6, "W": 2}, [5, 6, 6])


# -- reprs ----------------------------------------------------------------------------------------


def test_state_repr_is_one_line() -> None:
    text = repr(band_bidding())
    assert "\n" not in text
    for word in ("bidding", "hand=1", "Seat.E", "NS 0", "EW 0"):
        assert word in text
    over = repr(won_game())
    assert "game_over" in over and "NS 530" in over and "NS" in over.split("winner=")[1]


def test_completed_hands_say_whether_cards_were_played() -> None:
    played = finish(band_play())
    assert played.last_hand is not None and played.last_hand.played
    counted = apply_counts(new_game(), [3, 3, 3, 3], [4, 3, 3, 3])
    assert counted.last_hand is not None and not counted.last_hand.played
    assert counted.last_hand.tricks == ()
