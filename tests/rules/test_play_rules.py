"""The card-play options: when spades may be led (``spades_breaking`` any_time and
after_first_trick), the first trick (``first_trick`` no_spades and lowest_club) and
``must_overtrump``.

Each rule is checked through :func:`spades.check` and :func:`spades.legal_actions` (refused with its
reason, option and sentence; allowed where the rule allows), by exact counts of legal play sequences
from small positions, whose expected numbers come from a brute-force enumerator written here from
the rules' statements (never from the kernel), and through the players: the playout agrees with the
engine card for card, every level plays only legal cards, and the deals the players imagine agree
with every card played under the rules.

Scenario 20 (breaking spades) is in ``test_house_rules.py`` for any_spade and trump_only; here it
is played under any_time and after_first_trick. Scenario 21 (the first-trick restriction) is here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from positions import play_position
from spades import (
    Bid,
    Card,
    Deal,
    Direction,
    GameState,
    Hand,
    Phase,
    Play,
    Reason,
    RuleSet,
    Seat,
    Suit,
    Trick,
    apply,
    chance_action,
    check,
    legal_actions,
    new_game,
    view,
)
from spades._kernel.play import legal_cards
from spades._kernel.playout import play_out
from spades._kernel.table import table_of
from spades.bots import EasyPlayer, HardPlayer, MediumPlayer, Player
from spades.bots.deals import imagine_deal
from spades.bots.expert import ExpertPlayer
from spades.bots.seen import read_view
from spades.cli.screen import Style, screen
from spades.records import from_data, to_record, verify
from spades.rules import FirstLead, FirstTrick, SpadesBreaking
from strategies import random_action
from tables import TableKind

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

ANY_TIME = RuleSet(spades_breaking=SpadesBreaking.ANY_TIME)
AFTER_FIRST = RuleSet(spades_breaking=SpadesBreaking.AFTER_FIRST_TRICK)
NO_SPADES = RuleSet(first_lead=FirstLead.TWO_OF_CLUBS, first_trick=FirstTrick.NO_SPADES)
LOWEST_CLUB = RuleSet(first_lead=FirstLead.TWO_OF_CLUBS, first_trick=FirstTrick.LOWEST_CLUB)
OVERTRUMP = RuleSet(must_overtrump=True)


def bid_all(state: GameState, *bids: int) -> GameState:
    """Bids in bidding order (1 each by default)."""
    for value in bids or (1, 1, 1, 1):
        state = apply(state, Bid(value))
    return state


def dealt(rules: RuleSet, deal: Deal, dealer: Seat = N) -> GameState:
    """``deal`` dealt by ``dealer`` and bid 1 all round: the first card to play."""
    state = bid_all(apply(new_game(rules, dealer=dealer), deal))
    assert state.phase is Phase.PLAY
    return state


def play(state: GameState, cards: str) -> GameState:
    for text in cards.split():
        state = apply(state, Play(text))
    return state


def legal(state: GameState) -> set[str]:
    return {str(action.card) for action in legal_actions(state)}  # type: ignore[union-attr]


def refused(state: GameState, card: str, reason: Reason, option: str | None, message: str) -> None:
    """``card`` is refused for ``reason`` and ``option`` with exactly ``message``, and is not
    among the legal actions."""
    violation = check(state, Play(card))
    assert violation is not None, card
    assert (violation.reason, violation.option, violation.message) == (reason, option, message)
    assert violation.seat is state.to_act
    assert card not in legal(state)


def allowed(state: GameState, card: str) -> None:
    assert check(state, Play(card)) is None
    assert card in legal(state)


# -- scenario 20 under any_time and after_first_trick ---------------------------------------------

# E (the dealer's left when N deals) holds the club AKQ and ten low spades; W the spade AKQ.
DEAL_Z = Deal(("-.432.8765432.432", "JT98765432.-.-.AKQ", "-.T98765.JT9.8765", "AKQ.AKQJ.AKQ.JT9"))
CLUB_TRICKS = ("Ac 5c 9c 2c", "Kc 6c Tc 3c", "Qc 7c Jc 4c")  # E leads and wins each


def test_20_any_time_spades_may_be_led_from_the_first_trick() -> None:
    """any_time: E may lead a spade to the first trick though it holds clubs and none is broken;
    after the all-spade lead (which breaks spades: a spade was played), W may lead the ace."""
    state = dealt(ANY_TIME, DEAL_Z)
    assert state.to_act is E and not state.spades_broken
    assert legal(state) == {str(card) for card in state.holding(E)}
    allowed(state, "Js")
    for trick in CLUB_TRICKS:
        state = play(state, trick)
    state = play(state, "2s 5h Qs 2h")
    assert state.to_act is W and state.spades_broken
    assert legal(state) == {str(card) for card in state.holding(W)}


def test_20_any_time_with_no_spade_to_the_first_trick() -> None:
    """any_time with first_trick no_spades (first bidder leads): E may not lead a spade to the
    first trick while holding clubs; from the second trick on it may, though none is broken."""
    rules = ANY_TIME.evolve(first_trick=FirstTrick.NO_SPADES)
    state = dealt(rules, DEAL_Z)
    refused(
        state,
        "Js",
        Reason.FIRST_TRICK_SPADE,
        "first_trick",
        "East may not lead a spade to the first trick while holding clubs (first_trick no_spades).",
    )
    assert legal(state) == {"Ac", "Kc", "Qc"}
    state = play(state, CLUB_TRICKS[0])
    assert state.to_act is E and not state.spades_broken
    allowed(state, "Js")


def test_20_after_first_trick_spades_may_be_led_from_the_second_trick() -> None:
    """after_first_trick: E may not lead a spade to the first trick while it holds clubs; from
    the second trick on it may, though no spade has been played."""
    state = dealt(AFTER_FIRST, DEAL_Z)
    refused(
        state,
        "Js",
        Reason.SPADES_NOT_BROKEN,
        "spades_breaking",
        "East may not lead a spade to the first trick: spades may be led from the second trick "
        "on and East holds other suits.",
    )
    assert legal(state) == {"Ac", "Kc", "Qc"}
    state = play(state, CLUB_TRICKS[0])
    assert state.to_act is E and not state.spades_broken
    allowed(state, "Js")
    assert legal(state) == {str(card) for card in state.holding(E)}
    for trick in CLUB_TRICKS[1:]:
        state = play(state, trick)
    state = play(state, "2s 5h Qs 2h")  # the lead from a hand of only spades breaks them
    assert state.to_act is W and state.spades_broken
    assert legal(state) == {str(card) for card in state.holding(W)}


def test_a_first_lead_of_only_spades_under_after_first_trick() -> None:
    """A leader holding only spades leads one to the first trick under after_first_trick."""
    deal = Deal(
        ("AKQJT98765432.-.-.-", "-.AKQJT98765432.-.-", "-.-.AKQJT98765432.-", "-.-.-.AKQJT98765432")
    )
    state = dealt(AFTER_FIRST, deal, dealer=W)
    assert state.to_act is N
    assert len(legal(state)) == 13


# -- scenario 21: the first trick ------------------------------------------------------------------

# N holds the two of clubs and leads it; E and S are void in clubs with hearts and spades.
DEAL_21 = Deal(
    ("-.-.AKQJT9.8765432", "5432.AKQJT9876.-.-", "AKQJT9876.5432.-.-", "-.-.8765432.AKQJT9")
)
# S holds only spades, E only hearts.
DEAL_21_ONLY_SPADES = Deal(
    ("-.-.AKQJT9.8765432", "-.AKQJT98765432.-.-", "AKQJT98765432.-.-.-", "-.-.8765432.AKQJT9")
)


@pytest.mark.parametrize("rules", [NO_SPADES, LOWEST_CLUB], ids=["no_spades", "lowest_club"])
def test_21_void_in_clubs_must_play_a_heart(rules: RuleSet) -> None:
    """21. '2♣ leads and a player is void in clubs with ♥ and ♠ in hand: they must play a
    heart.'"""
    state = dealt(rules, DEAL_21)
    assert state.to_act is N and legal(state) == {"2c"}
    state = play(state, "2c")
    assert state.to_act is E
    refused(
        state,
        "5s",
        Reason.FIRST_TRICK_SPADE,
        "first_trick",
        f"East may not play a spade to the first trick while holding hearts "
        f"(first_trick {rules.first_trick}).",
    )
    assert legal(state) == {str(card) for card in Hand("-.AKQJT9876.-.-")}
    allowed(state, "6h")
    state = play(state, "6h")
    refused(
        state,
        "As",
        Reason.FIRST_TRICK_SPADE,
        "first_trick",
        f"South may not play a spade to the first trick while holding hearts "
        f"(first_trick {rules.first_trick}).",
    )


def test_21_without_the_rule_a_spade_may_be_played() -> None:
    state = play(dealt(RuleSet(first_lead=FirstLead.TWO_OF_CLUBS), DEAL_21), "2c")
    allowed(state, "5s")
    assert len(legal(state)) == 13


@pytest.mark.parametrize("rules", [NO_SPADES, LOWEST_CLUB], ids=["no_spades", "lowest_club"])
def test_21_a_player_holding_only_spades_may_play_one(rules: RuleSet) -> None:
    """21. 'A player holding only spades may play a spade.'"""
    state = play(dealt(rules, DEAL_21_ONLY_SPADES), "2c Ah")
    assert state.to_act is S
    assert len(legal(state)) == 13
    allowed(state, "2s")
    state = play(state, "2s")
    assert state.spades_broken


def test_21_lowest_club() -> None:
    """lowest_club: W, holding clubs, must play its lowest (the 9c) to the first trick; a club
    of another suit is still a revoke; later tricks are free."""
    state = play(dealt(LOWEST_CLUB, DEAL_21), "2c 6h 5h")
    assert state.to_act is W
    refused(
        state,
        "Ac",
        Reason.LOWEST_CLUB,
        "first_trick",
        "West must play their lowest club, 9c, to the first trick (first_trick lowest_club).",
    )
    refused(state, "2d", Reason.REVOKE, None, "West must follow clubs (holds 6 clubs).")
    assert legal(state) == {"9c"}
    state = play(state, "9c")  # W wins the first trick with the 9c and leads a club again
    assert state.to_act is W
    state = play(state, "Tc")
    assert state.to_act is N
    assert legal(state) == {str(card) for card in Hand("-.-.-.876543")}
    # Under no_spades the same club is free.
    state = play(dealt(NO_SPADES, DEAL_21), "2c 6h 5h")
    assert legal(state) == {str(card) for card in Hand("-.-.-.AKQJT9")}


# -- must_overtrump --------------------------------------------------------------------------------

#: E holds every heart; S and W are void in hearts, S with the low spades, W with the high ones.
DEAL_OVER = Deal(
    ("-.-.AKQJT98.765432", "-.AKQJT98765432.-.-", "8765432.-.765432.-", "AKQJT9.-.-.AKQJT98")
)


def test_must_overtrump_positions() -> None:
    """E leads a heart. S, void with no spade in the trick yet: free. S trumps with the 2s; W,
    void and holding higher spades: must overtrump. N, void with no spade at all: free."""
    state = play(dealt(OVERTRUMP, DEAL_OVER), "2h")
    assert len(legal(state)) == 13  # no spade in the trick: anything
    state = play(state, "2s")
    assert state.to_act is W
    refused(
        state,
        "Ac",
        Reason.MUST_OVERTRUMP,
        "must_overtrump",
        "West must overtrump with a spade higher than the 2s (must_overtrump).",
    )
    assert legal(state) == {str(card) for card in Hand("AKQJT9.-.-.-")}
    state = play(state, "9s")
    assert len(legal(state)) == 13  # N holds no spade
    state = play(state, "8d")
    # W won; spades are led: follow suit as usual, any spade, higher or not.
    state = play(state, "Ts")
    assert state.to_act is N and len(legal(state)) == 12
    state = play(state, "9d 3h")
    assert state.to_act is S
    assert legal(state) == {str(card) for card in Hand("876543.-.-.-")}


def test_must_overtrump_without_a_higher_spade_is_free() -> None:
    """Counterclockwise (E, N, W, S): W trumps with the ace; S holds only lower spades: free."""
    rules = OVERTRUMP.evolve(direction=Direction.COUNTERCLOCKWISE)
    state = play(dealt(rules, DEAL_OVER, dealer=S), "2h 8d As")
    assert state.to_act is S
    assert len(legal(state)) == 13
    allowed(state, "7d")
    allowed(state, "2s")


def test_without_must_overtrump_any_card() -> None:
    state = play(dealt(RuleSet(), DEAL_OVER), "2h 2s")
    assert len(legal(state)) == 13


# -- counts of legal play sequences ----------------------------------------------------------------
# The reference: the rules as the option docs state them, on Card objects.


def reference_legal(
    rules: RuleSet,
    hand: frozenset[Card],
    trick: Sequence[Card],
    broken: bool,
    first_trick: bool,
) -> set[Card]:
    """The cards a seat holding ``hand`` may play to ``trick``, from the rules' statements."""
    spades = {card for card in hand if card.suit is Suit.SPADES}
    others = set(hand) - spades
    only_spades = not others
    no_spade_first = first_trick and rules.first_trick is not FirstTrick.ANY and not only_spades
    if not trick:
        if first_trick and rules.first_lead is FirstLead.TWO_OF_CLUBS:
            return {card for card in hand if card == Card("2c")}
        if only_spades:
            return set(hand)
        if no_spade_first:
            return others
        breaking = rules.spades_breaking
        if breaking is SpadesBreaking.ANY_TIME:
            return set(hand)
        if breaking is SpadesBreaking.AFTER_FIRST_TRICK:
            return others if first_trick else set(hand)
        return set(hand) if broken else others
    led = trick[0].suit
    following = {card for card in hand if card.suit is led}
    if following:
        if first_trick and rules.first_trick is FirstTrick.LOWEST_CLUB and led is Suit.CLUBS:
            return {min(following, key=lambda card: card.rank)}
        return following
    choices = others if no_spade_first else set(hand)
    trumps = [card.rank for card in trick if card.suit is Suit.SPADES]
    if rules.must_overtrump and led is not Suit.SPADES and trumps:
        higher = {c for c in choices if c.suit is Suit.SPADES and c.rank > max(trumps)}
        if higher:
            return higher
    return choices


def reference_winner(trick: Sequence[Card]) -> int:
    """The position of the highest spade, else of the highest card of the suit led."""
    spades = [i for i, card in enumerate(trick) if card.suit is Suit.SPADES]
    led = [i for i, card in enumerate(trick) if card.suit is trick[0].suit]
    return max(spades or led, key=lambda i: trick[i].rank)


def reference_count(
    rules: RuleSet,
    hands: list[frozenset[Card]],
    to_act: int,
    trick: tuple[Card, ...],
    broken: bool,
    first_trick: bool,
    depth: int = 99,
) -> int:
    """The number of legal card sequences of ``depth`` cards (or to the end of the cards), the
    seats in play (N, E, S, W; N, E, S for three; N, E for two) each in turn round the table."""
    if depth == 0 or not any(hands):
        return 1
    step, players = rules.direction.step, rules.players
    total = 0
    for card in reference_legal(rules, hands[to_act], trick, broken, first_trick):
        after = list(hands)
        after[to_act] = hands[to_act] - {card}
        now = (*trick, card)
        led = now[0].suit
        breaks = card.suit is Suit.SPADES and (
            rules.spades_breaking is not SpadesBreaking.TRUMP_ONLY or led is not Suit.SPADES
        )
        if len(now) < players:
            next_seat, now_first = (to_act + step) % players, first_trick
        else:
            leader = (to_act - (players - 1) * step) % players
            next_seat = (leader + step * reference_winner(now)) % players
            now, now_first = (), False
        total += reference_count(
            rules, after, next_seat, now, broken or breaks, now_first, depth - 1
        )
    return total


def position(
    rules: RuleSet, holdings: tuple[str, str, str, str], *, leader: Seat, broken: bool
) -> GameState:
    """A play-phase state with these holdings (N, E, S, W), ``leader`` to lead; the cards
    nobody holds form the completed tricks, led by North each time."""
    masks = [Hand(text).mask for text in holdings]
    used = 0
    for mask in masks:
        assert not used & mask
        used |= mask
    rest = [i for i in range(52) if not used >> i & 1]
    dealt_masks = list(masks)
    tricks = []
    won = [0, 0, 0, 0]
    for start in range(0, len(rest), 4):
        done = Trick(N, tuple(Card.from_index(i) for i in rest[start : start + 4]), rules.direction)
        for seat, card in done.plays:
            dealt_masks[seat] |= card.mask
        won[done.winner] += 1  # type: ignore[index]
        tricks.append(done)
    assert tricks, "a position after the first trick"
    return play_position(rules, masks, tricks, (), leader, broken)


def count(state: GameState, depth: int = 99) -> int:
    """Legal sequences from ``state`` through legal_actions and apply."""
    if depth == 0 or state.phase is not Phase.PLAY:
        return 1
    return sum(count(apply(state, action), depth - 1) for action in legal_actions(state))


def reference_of(state: GameState, depth: int = 99) -> int:
    hands = [frozenset(state.holding(seat)) for seat in state.rules.seats]
    trick = state.current_trick
    assert trick is not None and state.to_act is not None
    return reference_count(
        state.rules,
        hands,
        int(state.to_act),
        tuple(trick.cards),
        state.spades_broken,
        not state.completed_tricks,
        depth,
    )


#: N holds As Ks 2h; E three hearts, S three small spades, W three diamonds.
HOLDS_SPADES_AND_A_HEART = ("AK.2.-.-", "-.543.-.-", "432.-.-.-", "-.-.432.-")


@pytest.mark.parametrize(
    ("rules", "expected"),
    [(RuleSet(), 432), (ANY_TIME, 1296), (AFTER_FIRST, 1296)],
    ids=["any_spade", "any_time", "after_first_trick"],
)
def test_count_leading_spades_unbroken(rules: RuleSet, expected: int) -> None:
    """N holds As Ks 2h, spades not broken (the hand is past its first trick).

    any_spade: N must lead the 2h, and the count is tests/test_counts.py's 432. any_time and
    after_first_trick: N may lead a spade though none is broken, as if broken: 1296 (as derived
    there for broken spades).
    """
    state = position(rules, HOLDS_SPADES_AND_A_HEART, leader=N, broken=False)
    assert count(state) == reference_of(state) == expected


def test_count_must_overtrump_by_hand() -> None:
    """N leads hearts from AKQ; E holds three diamonds, S the spades 9 6 3, W the spades T 8 2:
    E, S and W cannot follow hearts.

    The first trick without the rule: 3 x 3 x 3 x 3 = 81. With must_overtrump: N leads any heart
    (3), E discards any diamond (3), S plays any spade (3: no spade is in the trick yet), and W
    must overtrump it: after the 9s only the T (1), after the 6s the T or the 8 (2), after the 3s
    the T or the 8 (2). 3 x 3 x (1 + 2 + 2) = 45. The whole hand is counted by the enumerator
    written from the rule's statement.
    """
    holdings = ("-.AKQ.-.-", "-.-.432.-", "963.-.-.-", "T82.-.-.-")
    for rules in (RuleSet(), OVERTRUMP):
        state = position(rules, holdings, leader=N, broken=True)
        assert count(state, 4) == reference_of(state, 4)
        assert count(state) == reference_of(state)
    state = position(OVERTRUMP, holdings, leader=N, broken=True)
    assert count(state, 4) == 45
    assert count(position(RuleSet(), holdings, leader=N, broken=True), 4) == 81


ENDINGS = [
    ("AK.2.-.-", "-.543.-.-", "432.-.-.-", "-.-.432.-"),
    ("-.AKQ.-.-", "-.-.432.-", "963.-.-.-", "T82.-.-.-"),
    ("Q2.K.-.-", "5.A3.-.-", "K3.-.2.-", "A4.-.-.4"),
    ("2.A.A.A", "A.2.2.2", "3.3.3.3", "4.4.4.4"),
    ("J.Q.-.5", "-.J.4.3", "9.-.A.2", "T.2.-.A"),
]


@pytest.mark.parametrize("ending", ENDINGS, ids=lambda e: "_".join(e))
@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(),
        ANY_TIME,
        AFTER_FIRST,
        OVERTRUMP,
        OVERTRUMP.evolve(spades_breaking=SpadesBreaking.TRUMP_ONLY),
        OVERTRUMP.evolve(spades_breaking=SpadesBreaking.ANY_TIME, direction="counterclockwise"),
    ],
    ids=["standard", "any_time", "after_first_trick", "overtrump", "overtrump_trump_only", "ccw"],
)
@pytest.mark.parametrize("broken", [False, True])
def test_counts_of_endings_agree_with_the_reference(
    ending: tuple[str, str, str, str], rules: RuleSet, broken: bool
) -> None:
    for leader in Seat:
        state = position(rules, ending, leader=leader, broken=broken)
        assert count(state) == reference_of(state)


#: How many tricks from the end of a hand each table's endings are counted: three tricks of
#: four cards, four of three, five of two.
LAST_TRICKS = {"partners": 3, "alone": 3, "three": 4, "two": 5}


@pytest.mark.parametrize("seed", range(6))
def test_exact_counts_of_the_last_tricks_at_each_table(table_kind: TableKind, seed: int) -> None:
    """Every way to play out the last tricks of a hand reached at random at each table (two
    players' hands drawn), as the engine lists them, against the reference above: follow suit,
    spades win, no spade led before they are broken unless only spades are held, the seats in
    play each in turn."""
    rng = random.Random(200 + seed)
    last = LAST_TRICKS[table_kind.id]
    state = new_game(table_kind.rules)
    while state.phase is not Phase.PLAY or len(state.completed_tricks) < table_kind.tricks - last:
        if state.needs_deal or state.needs_draw:
            state = apply(state, chance_action(state, rng))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    while state.trick_cards:
        state = apply(state, rng.choice(legal_actions(state)))
    hands = [list(state.holding(seat)) for seat in table_kind.seats]
    assert [len(hand) for hand in hands] == [last] * table_kind.players
    expected = reference_of(state)
    assert count(state) == expected
    assert expected > 1


BAND = Deal(("J73.Q84.K95.AT62", "Q84.K95.AT62.J73", "K95.AT62.J73.Q84", "AT62.J73.Q84.K95"))


@pytest.mark.parametrize(
    "rules",
    [
        NO_SPADES,
        LOWEST_CLUB,
        LOWEST_CLUB.evolve(must_overtrump=True),
        ANY_TIME,
        ANY_TIME.evolve(first_trick=FirstTrick.NO_SPADES),
        AFTER_FIRST,
        OVERTRUMP,
    ],
    ids=[
        "no_spades",
        "lowest_club",
        "lowest_club_overtrump",
        "any_time",
        "any_time_no_spades",
        "after_first_trick",
        "must_overtrump",
    ],
)
@pytest.mark.parametrize("deal", [BAND, DEAL_21, DEAL_OVER], ids=["band", "21", "over"])
def test_first_trick_perft_agrees_with_the_reference(rules: RuleSet, deal: Deal) -> None:
    """The sequences of 1 to 5 cards from the first lead: the first trick and the next lead."""
    state = dealt(rules, deal)
    assert perft_profile(state, 5) == reference_profile(state, 5)


def perft_profile(state: GameState, depth: int) -> list[int]:
    """The number of legal sequences of 0, 1, ... ``depth`` cards from ``state``."""
    found = [0] * (depth + 1)

    def walk(state: GameState, done: int) -> None:
        found[done] += 1
        if done < depth and state.phase is Phase.PLAY:
            for action in legal_actions(state):
                walk(apply(state, action), done + 1)

    walk(state, 0)
    return found


def reference_profile(state: GameState, depth: int) -> list[int]:
    """:func:`perft_profile` by the reference enumerator."""
    return [reference_of(state, done) for done in range(depth + 1)]


def test_first_trick_perft_by_hand() -> None:
    """BAND, N leading the 2c (the fixed first lead): E, S and W each hold three clubs.

    no_spades: every follower follows clubs, 1, 3, 9, 27 as without it. lowest_club: each must
    play its lowest club: 1, 1, 1, 1. Any_time (E leads): E may lead any of 13: 13 at depth 1.
    """
    assert [count(dealt(NO_SPADES, BAND), d) for d in range(1, 5)] == [1, 3, 9, 27]
    assert [count(dealt(LOWEST_CLUB, BAND), d) for d in range(1, 5)] == [1, 1, 1, 1]
    assert count(dealt(ANY_TIME, BAND), 1) == 13
    assert count(dealt(AFTER_FIRST, BAND), 1) == 10


# -- the players -----------------------------------------------------------------------------------

PLAY_RULES = {
    "any_time": ANY_TIME,
    "after_first_trick": AFTER_FIRST,
    "no_spades": NO_SPADES,
    "no_spades_first_bidder": RuleSet(first_trick=FirstTrick.NO_SPADES),
    "lowest_club": LOWEST_CLUB,
    "must_overtrump": OVERTRUMP,
    "all": LOWEST_CLUB.evolve(must_overtrump=True, spades_breaking=SpadesBreaking.ANY_TIME),
}

LEVELS: list[tuple[str, Player]] = [
    ("easy", EasyPlayer()),
    ("medium", MediumPlayer()),
    ("hard", HardPlayer()),
    ("expert", ExpertPlayer(deals=3)),
]


@pytest.mark.parametrize(("level", "player"), LEVELS, ids=[name for name, _ in LEVELS])
@pytest.mark.parametrize("name", sorted(PLAY_RULES))
def test_every_level_plays_only_legal_cards(level: str, player: Player, name: str) -> None:
    """Whole hands, every seat the same level: each action is legal where it is taken."""
    rules = PLAY_RULES[name].evolve(max_hands=2 if level != "expert" else 1)
    rng = random.Random(f"{level}/{name}")
    state = new_game(rules)
    while not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng, state.rules))
            continue
        seat = state.to_act
        assert seat is not None
        action = player(view(state, seat), rng)
        assert check(state, action) is None, (state, action)
        state = apply(state, action)


def _hand_states(rules: RuleSet, rng: random.Random) -> list[GameState]:
    """The states of one random hand of ``rules``, from the first card to the last."""
    state = apply(new_game(rules), Deal.random(rng, rules))
    while state.phase is not Phase.PLAY:
        state = apply(state, random_action(state, rng))
    states = []
    while state.phase is Phase.PLAY:
        states.append(state)
        state = apply(state, random_action(state, rng))
    return states


def _replay_on(state: GameState, holdings: Sequence[int]) -> None:
    """The hand of ``state`` played again, card for card, on the deal ``holdings`` make with the
    cards each seat has played: every card must be legal there too."""
    played = [0, 0, 0, 0]
    tricks: list[Trick] = list(state.completed_tricks)
    if state.current_trick is not None:
        tricks.append(state.current_trick)
    cards: list[Card] = []
    for trick in tricks:
        for seat, card in trick.plays:
            played[seat] |= card.mask
            cards.append(card)
    deal = Deal(tuple(Hand.from_mask(holdings[seat] | played[seat]) for seat in range(4)))
    again = apply(new_game(state.rules, dealer=state.dealer), deal)
    for bid in state.bids:
        assert bid is not None
        again = apply(again, Bid(bid.tricks, blind=bid.blind))
    for card in cards:
        violation = check(again, Play(card))
        assert violation is None, violation
        again = apply(again, Play(card))


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def play_rules(draw: st.DrawFn) -> RuleSet:
    """Rules with the card-play options drawn (no exchange, so a deal is the cards dealt)."""
    first_lead = draw(st.sampled_from(FirstLead))
    tricks = list(FirstTrick)
    if first_lead is not FirstLead.TWO_OF_CLUBS:
        tricks.remove(FirstTrick.LOWEST_CLUB)
    return RuleSet(
        direction=draw(st.sampled_from(Direction)),
        first_lead=first_lead,
        spades_breaking=draw(st.sampled_from(SpadesBreaking)),
        first_trick=draw(st.sampled_from(tricks)),
        must_overtrump=draw(st.booleans()),
    )


@SETTINGS
@given(play_rules(), st.integers(0, 2**32 - 1))
def test_imagined_deals_agree_with_every_card_played(rules: RuleSet, seed: int) -> None:
    """At random moments of a hand, every seat's imagined deals (what it cannot see, dealt as
    its view allows) make the cards played so far legal under the rules, card for card."""
    rng = random.Random(seed)
    states = _hand_states(rules, rng)
    for state in rng.sample(states, 6):
        for seat in Seat:
            seen = read_view(view(state, seat))
            for _ in range(3):
                _replay_on(state, [seen.cards(held) for held in imagine_deal(seen, rng)])


def test_the_views_show_what_players_learn_from_the_options() -> None:
    """Under lowest_club a club shows no lower club; under must_overtrump a seat that did not
    overtrump shows no higher spade; under no_spades a spade to the first trick shows only
    spades. An imagined deal never gives such a card."""
    state = play(dealt(LOWEST_CLUB, DEAL_21), "2c 6h 5h 9c")
    seen = read_view(view(state, N))
    assert seen.voids[E] == seen.voids[S] == 0b0001  # out of clubs, not shown out of spades
    assert Hand.from_mask(seen.lacks[W]) == Hand("-.-.-.8765432")
    # Counterclockwise (E, N, W, S): W trumps with the ten; S underruffs, so holds no higher spade.
    rules = OVERTRUMP.evolve(direction=Direction.COUNTERCLOCKWISE)
    state = play(dealt(rules, DEAL_OVER, dealer=S), "2h 8d Ts 3s")
    seen = read_view(view(state, N))
    assert Hand.from_mask(seen.lacks[S]) == Hand("AKQJ.-.-.-")
    assert not seen.could_hold(S) & Hand("AKQJ.-.-.-").mask
    rng = random.Random(1)
    for _ in range(20):
        assert not imagine_deal(seen, rng)[S] & Hand("AKQJ.-.-.-").mask
    state = play(dealt(NO_SPADES, DEAL_21_ONLY_SPADES), "2c Ah 2s")
    assert read_view(view(state, W)).voids[S] == 0b0111
    # Under any_time a spade lead shows nothing; under any_spade, before spades are broken, it
    # shows a hand of only spades.
    state = play(dealt(ANY_TIME, DEAL_Z), "2s")
    assert read_view(view(state, N)).voids[E] == 0


def test_the_table_and_the_terminal_say_when_spades_may_be_led() -> None:
    style = Style.choose(True)
    state = play(dealt(ANY_TIME, BAND), "5h")
    assert state.to_text(unicode=False).splitlines()[-1] == (
        "Trick 1: E 5h  (E winning); spades may be led."
    )
    assert "broken" not in screen(view(state, S), style)
    state = play(dealt(AFTER_FIRST, BAND), "5h")
    assert (
        state.to_text(unicode=False).splitlines()[-1].endswith("; spades may be led from trick 2.")
    )
    text = screen(view(state, S), style)
    assert "Spades may be led from the second trick." in text
    assert "broken" not in text
    state = play(state, "2h 3h 4h")
    assert state.to_act is E
    assert state.to_text(unicode=False).splitlines()[-1] == (
        "Trick 1: E 5h  S 2h  W 3h  N 4h  (E took it); spades may be led."
    )
    assert "broken" not in screen(view(state, E), style)
    state = play(dealt(RuleSet(), BAND), "5h")
    assert "Spades are not broken yet." in screen(view(state, S), style)
    assert state.to_text(unicode=False).endswith("; spades not broken.")


@pytest.mark.parametrize("name", sorted(PLAY_RULES))
def test_playouts_from_the_first_card_agree_with_the_engine(name: str) -> None:
    """Whole hands played out from the first card: every card legal, the engine's tricks; and the
    option restricts some of the cards played (so the test sees the rule at work)."""
    rules = PLAY_RULES[name]
    plain = RuleSet(first_lead=rules.first_lead)
    rng = random.Random(name)
    restricted = 0
    for _ in range(150):
        state = apply(new_game(rules), Deal.random(rng, rules))
        while state.phase is not Phase.PLAY:
            state = apply(state, random_action(state, rng))
        bids = [(bid.tricks, bid.blind) for bid in state.bids]  # type: ignore[union-attr]
        trace: list[int] = []
        won = play_out(
            table_of(rules),
            state.holding_masks,
            [],
            int(state.to_act),  # type: ignore[arg-type]
            (0, 0, 0, 0),
            False,
            bids,
            first_lead_forced=rules.first_lead is FirstLead.TWO_OF_CLUBS,
            trace=trace,
        )
        for card in trace:
            assert check(state, Play(Card.from_index(card))) is None
            seat = state.to_act
            assert seat is not None
            unrestricted = legal_cards(
                table_of(plain),
                state.holding_masks[seat],
                state.trick_cards,
                state.spades_broken,
                not state.completed_tricks,
            )
            restricted += unrestricted != state.legal_mask
            state = apply(state, Play(Card.from_index(card)))
        assert state.last_hand is not None and list(state.last_hand.tricks_won) == won
    assert restricted >= 5


def test_the_verifier_reports_a_card_against_the_play_options() -> None:
    """A hand played without must_overtrump, verified under it: West's discard of the Ac over
    South's trump is reported with the rule's reason and sentence, and the walk goes on."""
    state = play(dealt(RuleSet(), DEAL_OVER), "2h 2s Ac 8d")
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    data = to_record(state).to_data()
    data["rules"]["options"] = {"must_overtrump": True}
    report = verify(from_data(data))
    first = report.problems[0]
    assert (first.where, first.reason) == ("hand 1, trick 1, W plays Ac", Reason.MUST_OVERTRUMP)
    assert first.message == "West must overtrump with a spade higher than the 2s (must_overtrump)."
    assert report.hands[0].score is not None  # scored all the same, from the plays
