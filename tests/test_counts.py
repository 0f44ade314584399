"""Exact counts of legal play sequences from small endings, worked out by hand (like chess perft).

Each position is built directly as a :class:`GameState` in the play phase: the last three or four
tricks of a hand, with the earlier tricks made from the other cards. A count is the number of
distinct card sequences from the position to the end of the hand through ``legal_actions`` and
``apply``. Every expected number is derived in the test's docstring from the rules: follow suit
when you can, otherwise play anything; spades may not be led until broken unless the leader holds
only spades; the highest spade, else the highest card of the led suit, wins and leads next.
"""

from __future__ import annotations

import pytest

from positions import play_position
from spades import (
    Bid,
    Card,
    Deal,
    Direction,
    GameState,
    Hand,
    Phase,
    RuleSet,
    Seat,
    Trick,
    apply,
    legal_actions,
    new_game,
)
from spades.rules import FirstLead, SpadesBreaking

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
ANY = RuleSet()
TRUMP_ONLY = RuleSet(spades_breaking=SpadesBreaking.TRUMP_ONLY)


def position(
    holdings: tuple[str, str, str, str],
    *,
    leader: Seat,
    broken: bool,
    trick: str = "",
    rules: RuleSet = ANY,
) -> GameState:
    """A play-phase state with these holdings (N, E, S, W) and the current trick so far.

    The cards nobody holds or has played to the current trick form the completed tricks, led by
    North each time. ``broken`` is set as given.
    """
    step = rules.direction.step
    masks = [Hand(text).mask for text in holdings]
    current = [Card(text).index for text in trick.split()]
    played_now = [0, 0, 0, 0]
    for position_in_trick, index in enumerate(current):
        played_now[(leader + step * position_in_trick) & 3] |= 1 << index
    used = 0
    for mask in masks + played_now:
        assert used & mask == 0, "a card is placed twice"
        used |= mask
    rest = [i for i in range(52) if not used >> i & 1]
    left = len(current) + sum(m.bit_count() for m in masks)
    assert left % 4 == 0 and len(rest) == 52 - left
    dealt = [masks[s] | played_now[s] for s in range(4)]
    tricks = []
    won = [0, 0, 0, 0]
    for start in range(0, len(rest), 4):
        cards = tuple(Card.from_index(i) for i in rest[start : start + 4])
        done = Trick(N, cards, rules.direction)
        for seat, card in done.plays:
            dealt[seat] |= card.mask
        won[done.winner] += 1  # type: ignore[index]
        tricks.append(done)
    assert all(m.bit_count() == 13 for m in dealt)
    to_act = Seat((leader + step * len(current)) & 3)
    return play_position(rules, masks, tricks, current, to_act, broken)


def count(state: GameState) -> int:
    """The number of legal card sequences from ``state`` to the end of the hand."""
    if state.phase is not Phase.PLAY:
        assert state.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        assert state.last_hand is not None and len(state.last_hand.tricks) == 13
        return 1
    return sum(count(apply(state, action)) for action in legal_actions(state))


def perft(state: GameState, depth: int) -> int:
    """The number of legal sequences of ``depth`` cards (fewer if the hand ends first)."""
    if depth == 0 or state.phase is not Phase.PLAY:
        return 1
    return sum(perft(apply(state, action), depth - 1) for action in legal_actions(state))


def test_every_card_forced_but_the_leaders_suit() -> None:
    """N holds the three aces of h d c and leads; everyone holds one card of each of those suits.

    Every follower has exactly one card of the led suit, so must play it; North's ace wins every
    trick and North picks the order of the three suits: 3 x 2 x 1 = 6.
    """
    state = position(("-.A.A.A", "-.K.K.K", "-.Q.Q.Q", "-.J.J.J"), leader=N, broken=False)
    assert count(state) == 6


def test_voids_free_the_discards() -> None:
    """N leads from AKQ of hearts; S follows with small hearts; E and W are void and discard.

    Every trick everyone chooses freely among their k cards (N any heart, S any heart since S must
    follow, E and W anything): 3^4 tricks one, 2^4 trick two, 1 trick three; N always wins.
    3^4 x 2^4 = 81 x 16 = 1296.
    """
    state = position(("-.AKQ.-.-", "-.-.-.432", "-.432.-.-", "-.-.432.-"), leader=N, broken=False)
    assert count(state) == 1296


HOLDS_SPADES_AND_A_HEART = ("AK.2.-.-", "-.543.-.-", "432.-.-.-", "-.-.432.-")


def test_spades_not_broken_leader_must_lead_the_other_suit() -> None:
    """N holds As Ks 2h, spades not broken: N must lead 2h (1 way).

    Trick 1: E follows hearts (3), S is void and trumps with any spade (3), W discards (3): S wins.
    Trick 2: S holds only spades, leads either (2); W discards (2); N must follow with As or Ks (2);
    E discards (2); N wins. Trick 3: one card each. 1 x 27 x 16 = 432.
    """
    state = position(HOLDS_SPADES_AND_A_HEART, leader=N, broken=False)
    assert legal_actions(state) == (legal_actions(state)[0],)
    assert str(legal_actions(state)[0]) == "2h"
    assert count(state) == 432
    # Perft by depth: 1, 3, 9, 27 in trick one; x2 per card of trick two; then forced.
    expected = [1, 3, 9, 27, 54, 108, 216, 432, 432, 432, 432, 432]
    assert [perft(state, depth) for depth in range(1, 13)] == expected


def test_spades_broken_leader_may_lead_anything() -> None:
    """The same cards with spades broken: N may also lead a spade.

    Leading 2h: as before, 27 x 16 = 432.
    Leading As (or Ks): E discards (3), S must follow spades (3), W discards (3); N wins; then
    N leads the other spade (E 2, S 2, W 2 -> 8, N wins, last trick forced) or the 2h (E follows 2,
    S void trumps 2, W 2 -> 8, S wins, last trick forced): 27 x 16 = 432 for each of the 2 spades.
    432 + 2 x 432 = 1296.
    """
    state = position(HOLDS_SPADES_AND_A_HEART, leader=N, broken=True)
    assert len(legal_actions(state)) == 3
    assert count(state) == 1296


ONLY_SPADES_LEADER = ("432.-.-.-", "AK.2.-.-", "-.765.-.-", "-.-.432.-")


@pytest.mark.parametrize(
    ("rules", "expected"),
    [(ANY, 864), (TRUMP_ONLY, 432)],
    ids=["any_spade", "trump_only"],
)
def test_lead_from_a_hand_of_only_spades(rules: RuleSet, expected: int) -> None:
    """N holds only small spades and may lead one though spades are not broken.

    Trick 1: N leads any (3), E must follow with As or Ks (2), S and W discard (3 x 3): 54; E wins.
    any_spade: N's lead broke spades, so E may lead the last spade (S 2, W 2, N follows 2 -> 8; E
    wins; last trick forced) or the 2h (S follows 2, W 2, N trumps 2 -> 8): 54 x 16 = 864.
    trump_only: a spade led or followed breaks nothing, so E must lead the 2h: 54 x 8 = 432.
    """
    state = position(ONLY_SPADES_LEADER, leader=N, broken=False, rules=rules)
    assert len(legal_actions(state)) == 3
    assert count(state) == expected


@pytest.mark.parametrize(("broken", "expected"), [(True, 24), (False, 6)])
def test_one_card_of_every_suit(broken: bool, expected: int) -> None:
    """Each seat holds one card of each suit; N has the red and club aces and the 2s, E the As.

    Nobody is ever void, so nobody trumps and a spade is only ever played to a spade lead.
    Not broken: N may lead the 2s only once it is all N holds, so N leads h, d, c in any order
    and the 2s last: 3! = 6.
    Broken: let C(n) count the ways with the 2s and n other suits left, N to lead. N leads a suit
    and wins (n x C(n-1)), or leads the 2s, E wins with the As and leads any of the n suits, N wins
    it and leads the rest in any order (n x (n-1)! = n!). C(0) = 1, C(1) = 2, C(2) = 6, C(3) = 24.
    """
    holdings = ("2.A.A.A", "A.2.2.2", "3.3.3.3", "4.4.4.4")
    state = position(holdings, leader=N, broken=broken)
    assert count(state) == expected


def test_from_the_middle_of_a_trick() -> None:
    """N led the Kd and E played the 2d; S holds Ad and three spades, W four clubs.

    S must follow with the Ad (1); W discards any club (4); S wins and, holding only spades,
    may lead one though spades are not broken. From then on each seat holds one suit, so nobody is
    restricted: 3^4 then 2^4 then 1. 1 x 4 x 81 x 16 = 5184.
    """
    holdings = ("-.AKQ.-.-", "-.-.543.-", "432.-.A.-", "-.-.-.5432")
    state = position(holdings, leader=N, broken=False, trick="Kd 2d")
    assert state.to_act is S
    assert [str(a) for a in legal_actions(state)] == ["Ad"]
    assert count(state) == 5184


def test_counterclockwise_from_the_middle_of_a_trick() -> None:
    """Counterclockwise (N, W, S, E): N led the Kd and W, void, discarded the 5c.

    S must follow with the Ad (1); E must follow with any of four diamonds (4); S wins and, holding
    only spades, may lead one though spades are not broken. Then each seat holds one suit:
    3^4 then 2^4 then 1. 1 x 4 x 81 x 16 = 5184.
    """
    rules = RuleSet(direction=Direction.COUNTERCLOCKWISE)
    holdings = ("-.AKQ.-.-", "-.-.6543.-", "432.-.A.-", "-.-.-.432")
    state = position(holdings, leader=N, broken=False, trick="Kd 5c", rules=rules)
    assert state.to_act is S
    assert state.current_trick is not None and state.current_trick.seats == (N, W)
    assert count(state) == 5184


BAND = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))


def band_hand(rules: RuleSet) -> GameState:
    """The BAND deal (card i to seat i % 4), North dealing, everyone bidding 1."""
    state = apply(new_game(rules), BAND)
    for _ in range(4):
        state = apply(state, Bid(1))
    return state


def test_first_trick_perft_from_a_real_deal() -> None:
    """BAND: N ♠J73 ♥Q84 ♦K95 ♣AT62, E ♠Q84 ♥K95 ♦AT62 ♣J73, S ♠K95 ♥AT62 ♦J73 ♣Q84,
    W ♠AT62 ♥J73 ♦Q84 ♣K95. East (the dealer's left) leads; spades are not broken.

    Depth 1: E leads any heart, diamond or club: 3 + 4 + 3 = 10.
    Depth 2: S follows: hearts 4, diamonds 3, clubs 3: 3x4 + 4x3 + 3x3 = 33.
    Depth 3: W holds 3 of each side suit: 33 x 3 = 99.
    Depth 4: N holds hearts 3, diamonds 3, clubs 4: 3x4x3x3 + 4x3x3x3 + 3x3x3x4 = 324.
    """
    state = band_hand(RuleSet())
    assert state.to_act is Seat.E
    assert [perft(state, depth) for depth in range(1, 5)] == [10, 33, 99, 324]


def test_first_trick_perft_with_the_two_of_clubs_lead() -> None:
    """The same deal with a fixed first lead: N must lead the 2c (1); E, S and W each follow with
    any of their three clubs: 1, 3, 9, 27."""
    state = band_hand(RuleSet(first_lead=FirstLead.TWO_OF_CLUBS))
    assert state.to_act is Seat.N
    assert [perft(state, depth) for depth in range(1, 5)] == [1, 3, 9, 27]
