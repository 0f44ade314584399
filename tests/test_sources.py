"""Every checkable statement of the four source texts, under that text's preset.

Each test quotes the sentence it checks (files in ``shared/sources``): ``000`` the Spades: Partners
app, ``002`` the plain rule sheet, ``003`` the browser game capped at 40 hands, ``004`` the browser
game with four computer levels. Where a text is silent, the reading of ``sources/README.md`` is
tested and the comment says so. Expected numbers are worked out by hand from the text.

Seats are N E S W clockwise, so the dealer's left is the next seat clockwise (N's left is E) and
the dealer's right the next seat counterclockwise (N's right is W).
"""

from __future__ import annotations

import pytest

from spades import (
    Bid,
    Deal,
    EndReason,
    GameState,
    Hand,
    Phase,
    Play,
    Reason,
    Seat,
    SpadesError,
    Team,
    apply,
    check,
    decide_game,
    find_ruleset,
    legal_actions,
    new_game,
    score_hand,
)
from spades.errors import NotationError
from witness import next_seat

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
NS, EW = Team.NS, Team.EW

# -- deals and scripts -----------------------------------------------------------------------------

# Deal A: every seat is 4-3-3-3. E leads the first trick. Played by SCRIPT_A, E takes 3 tricks
# (hearts), S 3 (diamonds), N 2 (the club ace and king), W 5 (the club queen and four spades).
DEAL_A = Deal(("T74.J85.J85.AK32", "963.AKQ2.T74.J97", "852.T74.AKQ2.T86", "AKQJ.963.963.Q54"))
SCRIPT_A = (
    "E:Ah N:5h S:4h W:3h",  # E
    "E:Kh N:8h S:7h W:6h",  # E
    "E:Qh N:Jh S:Th W:9h",  # E
    "E:Td N:5d S:Ad W:3d",  # S
    "S:Kd N:8d E:7d W:6d",  # S
    "S:Qd N:Jd E:4d W:9d",  # S
    "S:Tc N:Ac E:7c W:4c",  # N
    "N:Kc E:9c S:8c W:5c",  # N
    "N:3c E:Jc S:6c W:Qc",  # W: the queen beats the jack
    "W:As N:4s E:3s S:2s",  # W, leading from a hand of only spades
    "W:Ks N:7s E:6s S:5s",  # W
    "W:Qs N:Ts E:9s S:8s",  # W
    "W:Js N:2c E:2h S:2d",  # W
)
WINNERS_A = (E, E, E, S, S, S, N, N, W, W, W, W, W)
# Tricks by seat (N, E, S, W): N 2, E 3, S 3, W 5; 2 + 3 + 3 + 5 = 13.

# Deal Y: N holds every club, S every diamond; E and W share hearts and spades. N leads.
DEAL_Y = Deal(
    ("-.-.-.AKQJT98765432", "765432.AQT8642.-.-", "-.-.AKQJT98765432.-", "AKQJT98.KJ9753.-.-")
)

# Deal Z: E (the first leader) holds the club AKQ and ten low spades; W holds the spade AKQ.
# After three club tricks E holds only spades and leads one before any spade has been played.
DEAL_Z = Deal(("-.432.8765432.432", "JT98765432.-.-.AKQ", "-.T98765.JT9.8765", "AKQ.AKQJ.AKQ.JT9"))
SCRIPT_Z = (
    "E:Ac S:5c W:9c N:2c",  # E
    "E:Kc S:6c W:Tc N:3c",  # E
    "E:Qc S:7c W:Jc N:4c",  # E, who now holds only spades
    "E:2s S:5h W:Qs N:2h",  # W: a spade led from a hand of only spades, W follows suit
)


def dealer_before(rules, leader: Seat) -> Seat:
    """The dealer whose first bidder and first leader is ``leader`` under ``rules``."""
    return next(seat for seat in Seat if next_seat(seat, rules.direction) is leader)


def dealt(rules, deal: Deal, *, dealer: Seat, **standing) -> GameState:
    return apply(new_game(rules, dealer=dealer, **standing), deal)


def bid(state: GameState, bids: dict[Seat, Bid | int]) -> GameState:
    """Make the bids in the order the engine asks for them."""
    while state.phase is Phase.BIDDING:
        value = bids[state.to_act]
        state = apply(state, value if isinstance(value, Bid) else Bid(value))
    return state


def play_trick(state: GameState, text: str) -> GameState:
    """Play one trick written ``'E:Ah N:5h S:4h W:3h'``, the leader first, in the engine's order."""
    plays = dict(item.split(":") for item in text.split())
    leader = Seat.parse(text.split(":")[0])
    assert state.to_act is leader, f"{state.to_act} leads, not {leader}"
    for _ in range(4):
        state = apply(state, Play(plays[str(state.to_act)]))
    return state


def play_script(state: GameState, script) -> GameState:
    for trick in script:
        state = play_trick(state, trick)
    return state


def play_out(state: GameState) -> GameState:
    """Finish the hand with the first legal card each time."""
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    return state


def bid_values(state: GameState) -> list[Bid]:
    return [Bid(a.tricks, blind=a.blind) for a in legal_actions(state)]


def bidding_order(state: GameState) -> list[Seat]:
    order = []
    while state.phase is Phase.BIDDING:
        order.append(state.to_act)
        state = apply(state, Bid(1))
    return order


def scenario_a(name: str, bids: dict[Seat, Bid | int], **standing) -> GameState:
    """Deal A played out under preset ``name`` (E leads)."""
    return scenario_a_rules(find_ruleset(name), bids, **standing)


def scenario_a_rules(rules, bids: dict[Seat, Bid | int], **standing) -> GameState:
    state = dealt(rules, DEAL_A, dealer=dealer_before(rules, E), **standing)
    return play_script(bid(state, bids), SCRIPT_A)


# Deal A with N bidding nil and S 4: N takes 2 tricks and S 3 (house rules scenario 1).
NIL_BIDS = {N: Bid.NIL, S: 4, E: 3, W: 5}


def advance_to(state: GameState, seat: Seat) -> GameState:
    """Play the first legal card for each seat before ``seat`` in the current trick."""
    while state.to_act is not seat:
        state = apply(state, legal_actions(state)[0])
    return state


def deal_y(rules) -> GameState:
    """Deal Y bid and ready: N leads the first trick."""
    return bid(dealt(rules, DEAL_Y, dealer=dealer_before(rules, N)), {N: 1, E: 3, S: 1, W: 5})


def deal_z(rules, tricks: int) -> GameState:
    """Deal Z bid and played to the end of trick ``tricks`` of SCRIPT_Z: E leads the first."""
    state = bid(dealt(rules, DEAL_Z, dealer=dealer_before(rules, E)), {N: 1, E: 3, S: 1, W: 5})
    return play_script(state, SCRIPT_Z[:tricks])


def lead_reason(state: GameState, card: str) -> Reason | None:
    """Why leading ``card`` is illegal, or None when it is legal."""
    violation = check(state, Play(card))
    return None if violation is None else violation.reason


def assert_follow_suit(rules) -> None:
    """Deal Y: a void seat may play anything, a spade too; a seat holding the suit must follow."""
    state = apply(deal_y(rules), Play("2c"))  # N leads a club
    east = advance_to(state, E)
    # E holds no club: all 13 of E's cards may be played, the spades included.
    assert len(legal_actions(east)) == 13
    assert check(east, Play("2s")) is None
    state = play_script(deal_y(rules), ("N:2c W:Kh S:Ad E:Ah", "N:3c W:8s S:Kd E:2s"))
    state = apply(state, Play("9s"))  # W leads a spade
    east = advance_to(state, E)
    # E still holds the spades 7 6 5 4 3: a heart is a revoke, and only those spades are legal.
    assert check(east, Play("Qh")).reason is Reason.REVOKE
    assert sorted(str(a.card) for a in legal_actions(east)) == ["3s", "4s", "5s", "6s", "7s"]


def assert_trick_winners(rules) -> None:
    """Deal Y: a low club beats higher off-suit cards; a higher spade beats a lower one."""
    state = deal_y(rules)
    # N leads the club 2; the others, void in clubs, throw the heart king, diamond ace and heart
    # ace. No spade was played, so the highest club, the 2, wins.
    state = play_trick(state, "N:2c W:Kh S:Ad E:Ah")
    assert state.last_trick.winner is N
    assert state.to_act is N  # the winner leads the next trick
    # N leads the club 3; E trumps with the spade 2, W with the spade 8: the highest spade wins.
    state = play_trick(state, "N:3c W:8s S:Kd E:2s")
    assert state.last_trick.winner is W
    assert state.last_trick.winning_card == Play("8s").card
    assert state.to_act is W
    assert (state.tricks_won(N), state.tricks_won(E), state.tricks_won(W)) == (1, 0, 1)


def assert_ace_high(rules) -> None:
    """Deal A played through: every trick goes to the highest card of the suit led or a spade."""
    state = scenario_a_rules(rules, {N: 2, E: 3, S: 3, W: 5})
    assert tuple(trick.winner for trick in state.last_hand.tricks) == WINNERS_A
    assert state.last_hand.tricks_won == (2, 3, 3, 5)


def assert_no_spade_lead_before_broken(rules) -> None:
    """Deal Z trick 1: E holds clubs and spades and no spade has been played: no spade lead."""
    state = deal_z(rules, 0)
    assert state.to_act is E
    assert lead_reason(state, "2s") is Reason.SPADES_NOT_BROKEN
    assert sorted(str(a.card) for a in legal_actions(state)) == ["Ac", "Kc", "Qc"]


def assert_all_spade_hand_may_lead_spade(rules) -> None:
    """Deal Z trick 4: E holds only spades, none played yet, and may lead one."""
    state = deal_z(rules, 3)
    assert state.to_act is E
    assert state.holding(E) == Hand("JT98765432.-.-.-")
    assert not state.spades_broken
    assert lead_reason(state, "2s") is None


def assert_spade_lead_from_all_spades_breaks(rules) -> None:
    """Deal Z: after E leads a spade from a hand of only spades, W may lead a spade."""
    state = deal_z(rules, 4)
    assert state.to_act is W  # W won trick 4 with the spade queen
    assert state.spades_broken
    assert lead_reason(state, "As") is None
    state = apply(state, Play("As"))
    assert state.current_trick.cards == (Play("As").card,)


def nil_hand(name: str, **standing) -> GameState:
    """Deal A under preset ``name``: N bids nil and takes 2 tricks; S bids 4 and takes 3."""
    return scenario_a(name, NIL_BIDS, **standing)


def next_hand(rules, dealer: Seat) -> tuple[Seat, GameState]:
    """A whole first hand dealt by ``dealer``: who is announced to deal next, and the second
    hand just dealt."""
    state = bid(dealt(rules, Deal.random(3), dealer=dealer), {N: 1, E: 1, S: 1, W: 1})
    state = play_out(state)
    assert state.phase is Phase.HAND_OVER
    return state.next_dealer, apply(state, Deal.random(4, state.rules))


# ==================================================================================================
# 000: Spades: Partners (mobile app)
# ==================================================================================================


class TestSource000:
    rules = find_ruleset("000")

    def test_dealers_right_bids_first_and_each_bids_once(self):
        """'From the dealer's right, everyone bids once: 0 to 13 tricks.'"""
        state = dealt(self.rules, Deal.random(1), dealer=N)
        # N deals; N's right is W, and the bidding goes on to the right: W, S, E, N, then play.
        assert bidding_order(state) == [W, S, E, N]

    def test_bids_are_0_to_13(self):
        """'everyone bids once how many tricks they expect to take, from 0 to 13.'"""
        state = dealt(self.rules, Deal.random(1), dealer=N)
        assert sorted(b.tricks for b in bid_values(state)) == list(range(14))
        assert not any(b.blind for b in bid_values(state))
        assert check(state, Bid(14)).reason is Reason.BID_OUT_OF_RANGE

    def test_zero_is_nil(self):
        """'A bid of 0 is Nil: you try to take no tricks at all.'"""
        assert Bid.parse("0", zero_is_nil=self.rules.zero_bid_is_nil) == Bid.NIL
        # N's '0' is a nil and N takes no trick: nil +100; S bid 4, took 5: 40 + 1. 100 + 41 = 141.
        assert score_hand(self.rules, ["0", 3, 4, 3], [0, 4, 5, 4])[NS].points == 141

    def test_contract_is_sum_of_bids_other_than_nil(self):
        """'Your team's contract is the sum of its bids other than Nil.'"""
        state = bid(dealt(self.rules, Deal.random(1), dealer=N), {N: Bid.NIL, S: 4, E: 3, W: 5})
        assert state.contracts == (4, 8)  # NS: nil and 4 = 4; EW: 3 + 5 = 8
        assert score_hand(self.rules, ["nil", 3, 4, 5], [0, 3, 5, 5])[NS].contract == 4

    def test_dealers_right_leads(self):
        """'The player on the dealer's right leads.'"""
        state = bid(dealt(self.rules, Deal.random(1), dealer=N), {N: 2, E: 3, S: 4, W: 4})
        assert state.phase is Phase.PLAY
        assert state.to_act is W

    def test_next_dealer_follows_the_direction_of_play(self):
        """Not stated; README reading: the deal follows the direction of play, to the right."""
        announced, state = next_hand(self.rules, N)
        assert announced is W
        assert state.dealer is W  # N's right
        assert state.to_act is S  # W's right bids first

    def test_follow_suit(self):
        """'Follow suit if you can, otherwise play anything.'"""
        assert_follow_suit(self.rules)

    def test_trick_winner(self):
        """'The highest spade takes the trick, or the highest card of the suit led if no spade
        was played.'"""
        assert_trick_winners(self.rules)
        assert_ace_high(self.rules)

    def test_no_spade_lead_until_broken(self):
        """'You can't lead spades until they are broken, unless you only have spades.'"""
        assert_no_spade_lead_before_broken(self.rules)
        assert_all_spade_hand_may_lead_spade(self.rules)

    def test_spade_led_from_all_spades_breaks_spades(self):
        """'Spades are broken as soon as any spade is played, even one led from a hand of only
        spades.'"""
        assert_spade_lead_from_all_spades_breaks(self.rules)

    def test_contract_made(self):
        """'Contract made: 10 points per trick bid, plus 1 for each extra trick (a bag).'"""
        hand = score_hand(self.rules, [5, 2, 3, 2], [5, 1, 4, 3])
        assert hand[NS].points == 81  # bid 5 + 3 = 8, took 5 + 4 = 9: 80 + 1
        assert hand[NS].bags_after == 1
        assert hand[EW].points == 40  # bid 2 + 2 = 4, took 1 + 3 = 4: 40, no bag
        assert hand[EW].bags_after == 0

    def test_contract_missed(self):
        """'Contract missed: minus 10 per trick bid.'"""
        hand = score_hand(self.rules, [5, 2, 3, 2], [4, 3, 3, 3])
        assert hand[NS].points == -80  # bid 8, took 4 + 3 = 7: -10 x 8
        assert hand[NS].bags_after == 0

    def test_nil_made_and_failed(self):
        """'Nil made: +100. Nil failed: -100.'"""
        made = score_hand(self.rules, ["nil", 3, 4, 3], [0, 4, 5, 4])[NS]
        assert made.points == 141  # +100, and S's 4 made with 5: 40 + 1
        failed = score_hand(self.rules, ["nil", 3, 4, 3], [1, 4, 4, 4])[NS]
        # -100; S bid 4 and took 4 alone: +40; N's trick is a bag: +1. -100 + 40 + 1 = -59.
        assert failed.points == -59

    def test_nil_tricks_are_bags_and_never_help(self):
        """'Tricks taken by a Nil player count as bags and never help the partner's contract.'"""
        state = nil_hand("000")
        ns = state.last_score[NS]
        assert ns.tricks == (2, 3)
        # S's contract of 4 counts S's 3 tricks only: set, -40. Nil failed -100. N's 2 tricks
        # are 2 bags, +2. -40 - 100 + 2 = -138, 2 bags.
        assert ns.made is False
        assert ns.points == -138
        assert state.scores == (-138, 80)  # EW bid 3 + 5 = 8, took 3 + 5 = 8: +80
        assert state.bags == (2, 0)

    def test_every_10_bags_cost_100_rest_carry(self):
        """'Every 10 bags cost your team 100 points; the rest carry over.'"""
        hand = score_hand(self.rules, [4, 1, 2, 2], [6, 1, 4, 2], bags=(8, 0))[NS]
        # Bid 6, took 10: 60 + 4 = 64; bags 8 + 4 = 12: -100, 2 carried. 64 - 100 = -36.
        assert hand.points == -36
        assert hand.bags_after == 2
        # A nil's tricks are bags too: 9 bags, N (nil) takes 1 trick, S makes 4 exactly.
        nil = score_hand(self.rules, ["nil", 3, 4, 3], [1, 4, 4, 4], bags=(9, 0))[NS]
        # -100 + 40 + 1 = -59; bags 9 + 1 = 10: -100, 0 carried. -159.
        assert nil.points == -159
        assert nil.bags_after == 0

    def test_bags_carry_over_in_play(self):
        """'Every 10 bags cost your team 100 points; the rest carry over.' (through played hands)"""
        state = scenario_a("000", {N: 1, S: 1, E: 3, W: 5}, bags=(8, 0))
        # NS bid 2, took 5: 20 + 3 = 23; bags 8 + 3 = 11: -100, 1 carried. 23 - 100 = -77.
        assert (state.scores, state.bags) == ((-77, 80), (1, 0))
        # N's nil tricks are bags too: 8 + 2 = 10 costs 100. -138 - 100 = -238, and -238 is
        # below -200, so NS lose.
        state = nil_hand("000", bags=(8, 0))
        assert (state.scores, state.bags) == ((-238, 80), (0, 0))
        assert state.result.winner is EW

    def test_worked_example(self):
        """'You bid 4 and your partner bids 3, and your team takes 9 tricks: 70 + 2 = 72 points
        and 2 bags.'"""
        hand = score_hand(self.rules, [4, 1, 3, 2], [5, 1, 4, 3])[NS]
        assert hand.contract == 7
        assert hand.points == 72
        assert hand.bags_gained == 2
        assert hand.bags_after == 2

    def test_first_to_500_wins(self):
        """'The first team to 500 wins.'"""
        result = decide_game(self.rules, (500, 300), 9)
        assert result.winner is NS and result.reason is EndReason.TARGET
        assert decide_game(self.rules, (499, 300), 9) is None

    def test_falls_to_minus_200_loses(self):
        """'a team that falls to -200 loses.'"""
        result = decide_game(self.rules, (-200, 50), 4)  # exactly -200 has fallen to it
        assert result.winner is EW and result.reason is EndReason.FLOOR
        assert decide_game(self.rules, (-190, 50), 4) is None

    def test_falls_to_minus_200_in_play(self):
        """'a team that falls to -200 loses.' (through a played hand)"""
        state = scenario_a("000", {N: 4, S: 4, E: 3, W: 2}, scores=(-150, 0))
        # NS bid 8 and took 2 + 3 = 5: -80, so -150 - 80 = -230. EW bid 5, took 8: 50 + 3 = 53.
        assert state.scores == (-230, 53)
        assert state.phase is Phase.GAME_OVER
        assert state.result.winner is EW and state.result.reason is EndReason.FLOOR

    def test_both_teams_score_before_the_check(self):
        """'Both teams score before the game is checked.'"""
        state = scenario_a("000", {N: 2, S: 3, E: 3, W: 5}, scores=(455, 430))
        # NS bid 5, took 5: +50, 505. EW bid 8, took 8: +80, 510. Both past 500: EW is higher.
        assert state.scores == (505, 510)
        assert state.result.winner is EW

    def test_both_cross_same_line_higher_wins_tie_plays_on(self):
        """'If both cross the same line in one hand, the higher score wins; an exact tie plays
        on.'"""
        assert decide_game(self.rules, (520, 510), 9).winner is NS
        assert decide_game(self.rules, (510, 530), 9).winner is EW
        assert decide_game(self.rules, (510, 510), 9) is None
        assert decide_game(self.rules, (-210, -250), 9).winner is NS
        assert decide_game(self.rules, (-220, -220), 9) is None
        # Through a played hand: 470 + 50 = 520 and 440 + 80 = 520, an exact tie.
        state = scenario_a("000", {N: 2, S: 3, E: 3, W: 5}, scores=(470, 440))
        assert state.scores == (520, 520)
        assert state.phase is Phase.HAND_OVER and state.result is None


# ==================================================================================================
# 002: a plain rule sheet
# ==================================================================================================


class TestSource002:
    rules = find_ruleset("002")

    def test_partners_sit_across(self):
        """'Team 1: Players 1 & 3 (seated across from each other)' / 'Team 2: Players 2 & 4'."""
        assert N.partner is S and S.team is N.team is NS
        assert E.partner is W and W.team is E.team is EW

    def test_thirteen_cards_each(self):
        """'Deal: All 52 cards are dealt evenly, 13 cards per player'."""
        state = new_game(self.rules)
        short = Deal(
            ("T74.J85.J85.AK3", "963.AKQ2.T74.J972", "852.T74.AKQ2.T86", "AKQJ.963.963.Q54")
        )
        assert check(state, short).reason is Reason.BAD_DEAL
        assert all(len(hand) == 13 for hand in apply(state, Deal.random(5, state.rules)).holdings)

    def test_bidding_starts_left_and_goes_clockwise(self):
        """'Bidding starts with the player to the dealer's left and proceeds clockwise'."""
        assert bidding_order(dealt(self.rules, Deal.random(1), dealer=N)) == [E, S, W, N]

    def test_bids_0_to_13_and_0_is_nil(self):
        """'each player bids on how many tricks they expect to win (0-13).' / 'A bid of 0 (Nil)
        means the player promises to win zero tricks'."""
        state = dealt(self.rules, Deal.random(1), dealer=N)
        assert sorted(b.tricks for b in bid_values(state)) == list(range(14))
        assert Bid.parse("0", zero_is_nil=self.rules.zero_bid_is_nil) == Bid.NIL

    def test_bids_before_play(self):
        """'Before play begins, each player bids on how many tricks they expect to win'."""
        state = dealt(self.rules, DEAL_A, dealer=N)
        assert check(state, Play("Ah")).reason is Reason.WRONG_PHASE

    def test_partners_bids_combined(self):
        """'Partners' bids are combined into a team bid'."""
        state = bid(dealt(self.rules, Deal.random(1), dealer=N), {N: 2, S: 4, E: 3, W: 1})
        assert state.contracts == (6, 4)  # 2 + 4 and 3 + 1

    def test_dealers_left_leads(self):
        """'Leading: The player to the dealer's left leads the first trick.'"""
        state = bid(dealt(self.rules, Deal.random(1), dealer=N), {N: 2, E: 3, S: 4, W: 4})
        assert state.phase is Phase.PLAY
        assert state.to_act is E

    def test_next_dealer_follows_the_direction_of_play(self):
        """Not stated; README reading: the deal follows the direction of play, to the left."""
        announced, state = next_hand(self.rules, N)
        assert announced is E
        assert state.dealer is E
        assert state.to_act is S

    def test_cannot_lead_spade_unless_broken_or_only_spades(self):
        """'You cannot lead with a Spade unless: Spades have been "broken" (a Spade was played on
        a previous trick because someone couldn't follow suit) / Your hand contains only
        Spades'."""
        assert_no_spade_lead_before_broken(self.rules)
        assert_all_spade_hand_may_lead_spade(self.rules)

    def test_spade_led_from_all_spades_does_not_break(self):
        """'(a Spade was played on a previous trick because someone couldn't follow suit)': a
        spade led from a hand of only spades is not such a spade."""
        state = deal_z(self.rules, 4)
        assert state.to_act is W  # W won trick 4 by following with the spade queen
        assert not state.spades_broken
        assert lead_reason(state, "As") is Reason.SPADES_NOT_BROKEN
        assert all(a.card.suit != Play("As").card.suit for a in legal_actions(state))

    def test_trumping_breaks_spades(self):
        """'Trumping: If you cannot follow suit, you may play any card, including a Spade (which
        "breaks" Spades)'."""
        state = deal_z(self.rules, 4)
        # W leads the heart ace; E, void in hearts, trumps with the spade 3 and wins.
        state = play_trick(state, "W:Ah N:3h E:3s S:6h")
        assert state.last_trick.winner is E
        assert state.spades_broken
        # E leads a spade, W must follow with the king and wins; W may now lead the spade ace
        # while still holding hearts and diamonds.
        state = play_trick(state, "E:4s S:7h W:Ks N:4h")
        assert state.to_act is W
        assert lead_reason(state, "As") is None
        # And in deal Y, E's trump on the club lead breaks them at once.
        state = play_script(deal_y(self.rules), ("N:2c W:Kh S:Ad E:Ah", "N:3c W:8s S:Kd E:2s"))
        assert state.spades_broken

    def test_follow_suit(self):
        """'Following Suit: Each player must play a card of the led suit if they have one'."""
        assert_follow_suit(self.rules)
        state = apply(deal_z(self.rules, 3), Play("2s"))
        west = advance_to(state, W)
        assert check(west, Play("Ah")).reason is Reason.REVOKE  # W holds the spade AKQ

    def test_highest_spade_wins(self):
        """'Winning: The highest Spade wins the trick. If no Spades were played, the highest card
        of the led suit wins'."""
        assert_trick_winners(self.rules)

    def test_card_ranking(self):
        """'Card Ranking: Ace (high), King, Queen, Jack, 10, 9, 8, 7, 6, 5, 4, 3, 2'."""
        assert_ace_high(self.rules)

    def test_winner_leads_and_thirteen_tricks(self):
        """'The trick winner leads the next trick' / 'The game is played in 13 tricks per
        round.'"""
        state = scenario_a("002", {N: 2, S: 3, E: 3, W: 5})  # play_trick checks each leader
        assert len(state.last_hand.tricks) == 13
        assert state.phase is Phase.HAND_OVER

    def test_making_your_bid(self):
        """'If a team wins at least their bid: +10 points per bid trick' / 'Extra tricks above the
        bid are "bags" worth +1 point each'."""
        hand = score_hand(self.rules, [5, 2, 3, 2], [5, 1, 4, 3])
        assert hand[NS].points == 81  # bid 8, took 9: 80 + 1
        assert hand[EW].points == 40  # bid 4, took 4

    def test_missing_your_bid(self):
        """'If a team wins fewer tricks than their bid: -10 points per bid trick'."""
        hand = score_hand(self.rules, [5, 2, 3, 2], [4, 3, 3, 3])
        assert hand[NS].points == -80  # bid 8, took 7
        assert hand[EW].points == 42  # bid 4, took 6: 40 + 2

    def test_bag_penalty_and_reset(self):
        """'Bag Penalty: Accumulating 10 bags results in a -100 point penalty and the bag count
        resets' (README reading: to zero)."""
        hand = score_hand(self.rules, [4, 1, 2, 2], [6, 1, 4, 2], bags=(8, 0))[NS]
        # Bid 6, took 10: 60 + 4 = 64; bags 8 + 4 = 12: -100 and the count resets to 0.
        assert hand.points == -36
        assert hand.bags_after == 0
        exact = score_hand(self.rules, [4, 1, 2, 2], [6, 1, 4, 2], bags=(6, 0))[NS]
        assert (exact.points, exact.bags_after) == (-36, 0)  # 6 + 4 = 10

    def test_bag_count_resets_in_play(self):
        """'Accumulating 10 bags results in a -100 point penalty and the bag count resets'."""
        state = scenario_a("002", {N: 1, S: 1, E: 3, W: 5}, bags=(8, 0))
        # NS bid 2, took 5: 20 + 3 = 23; bags 8 + 3 = 11: -100 and the count resets to 0.
        assert (state.scores, state.bags) == ((-77, 80), (0, 0))

    def test_nil_made_and_failed(self):
        """'Successful Nil: If the Nil bidder wins 0 tricks: +100 bonus points for the team' /
        'Failed Nil: If the Nil bidder wins any tricks: -100 penalty points for the team'."""
        made = score_hand(self.rules, ["nil", 3, 4, 3], [0, 4, 5, 4])[NS]
        assert made.points == 141  # +100; S bid 4 took 5: 41
        failed = score_hand(self.rules, ["nil", 3, 4, 3], [1, 4, 4, 4])[NS]
        assert failed.points == -59  # -100; 4 + 1 = 5 tricks for a 4 bid: 40 + 1

    def test_partner_scored_normally_regardless(self):
        """'The partner's bid is scored normally regardless of the Nil outcome' (README reading:
        the team's tricks, the nil bidder's included, are scored against the team bid)."""
        state = nil_hand("002")
        ns = state.last_score[NS]
        # S bid 4; the team took 3 + 2 = 5: +40, 1 bag +1. Nil failed -100. -59, 1 bag.
        assert ns.points == -59
        assert state.bags == (1, 0)
        # Nil made, partner set: +100, and S's 5 bid with 3 tricks is -50 either way: +50.
        assert score_hand(self.rules, ["nil", 5, 5, 3], [0, 5, 3, 5])[NS].points == 50

    def test_first_to_500_wins(self):
        """'The first team to reach 500 points wins.'"""
        assert decide_game(self.rules, (500, 120), 8).winner is NS
        assert decide_game(self.rules, (499, 120), 8) is None

    def test_both_reach_500_more_points_wins(self):
        """'If both teams reach 500 in the same round, the team with more points wins.' (A tie
        is not stated; README reading: it plays on.)"""
        assert decide_game(self.rules, (510, 530), 8).winner is EW
        assert decide_game(self.rules, (530, 510), 8).winner is NS
        assert decide_game(self.rules, (520, 520), 8) is None

    def test_no_losing_score(self):
        """The sheet names no losing score: only 'The first team to reach 500 points wins.'"""
        assert decide_game(self.rules, (-600, 100), 30) is None


# ==================================================================================================
# 003: browser game against three computer players, capped at 40 hands
# ==================================================================================================


class TestSource003:
    rules = find_ruleset("003")

    def test_dealers_right_bids_and_leads(self):
        """'the player to the dealer's right bids first and leads the first trick.'"""
        state = dealt(self.rules, Deal.random(1), dealer=N)
        assert bidding_order(state) == [W, S, E, N]
        assert bid(state, {N: 2, E: 3, S: 4, W: 4}).to_act is W

    def test_deal_moves_right(self):
        """'The deal moves to the right (counterclockwise on screen) every hand'."""
        announced, state = next_hand(self.rules, N)
        assert announced is W
        assert state.dealer is W
        assert state.to_act is S

    def test_bids_0_to_13_and_0_is_nil(self):
        """'Each player in turn says how many tricks they expect to take, from 0 to 13. A bid of
        0 is nil'."""
        state = dealt(self.rules, Deal.random(1), dealer=N)
        assert sorted(b.tricks for b in bid_values(state)) == list(range(14))
        assert Bid.parse("0", zero_is_nil=self.rules.zero_bid_is_nil) == Bid.NIL

    def test_contract_not_counting_nil(self):
        """'Your team's contract is the sum of your two bids, not counting nil.'"""
        state = bid(dealt(self.rules, Deal.random(1), dealer=N), {N: Bid.NIL, S: 5, E: 2, W: 6})
        assert state.contracts == (5, 8)

    def test_bids_cannot_be_changed(self):
        """'Bids cannot be changed once made.'"""
        state = apply(dealt(self.rules, Deal.random(1), dealer=N), Bid(3))
        assert state.bids[W] == Bid(3, seat=W)
        assert check(state, Bid(5, seat=W)).reason is Reason.WRONG_TURN
        state = bid(state, {N: 2, E: 3, S: 4})
        assert check(state, Bid(5)).reason is Reason.WRONG_PHASE
        assert state.bids[W] == Bid(3, seat=W)

    def test_leader_no_spade_unless_broken_or_all_spades(self):
        """'The leader plays any card except a spade, unless a spade has already been played this
        hand (spades are "broken") or spades are all they have.'"""
        assert_no_spade_lead_before_broken(self.rules)
        assert_all_spade_hand_may_lead_spade(self.rules)
        # A spade led from a hand of only spades has been played this hand.
        assert_spade_lead_from_all_spades_breaks(self.rules)

    def test_follow_suit(self):
        """'Everyone else must follow suit when they can; otherwise any card goes, including a
        spade.'"""
        assert_follow_suit(self.rules)

    def test_trick_winner(self):
        """'The highest spade wins the trick, or the highest card of the suit led if no spade was
        played. The winner leads next.'"""
        assert_trick_winners(self.rules)
        assert_ace_high(self.rules)

    def test_contract_made_and_short(self):
        """'If your team takes at least its contract, you score 10 points per bid trick plus 1
        point for each extra trick, called a bag. Fall short and you lose 10 points per bid
        trick.'"""
        assert score_hand(self.rules, [5, 2, 3, 2], [5, 1, 4, 3])[NS].points == 81  # 80 + 1
        assert score_hand(self.rules, [5, 2, 3, 2], [4, 3, 3, 3])[NS].points == -80

    def test_bags_accumulate_every_10_costs_100(self):
        """'Bags accumulate across hands: every time a team collects 10 of them it loses 100
        points.'"""
        first = score_hand(self.rules, [4, 1, 2, 2], [5, 2, 4, 2], bags=(5, 0))[NS]
        assert (first.points, first.bags_after) == (63, 8)  # 60 + 3; 5 + 3 = 8 bags
        second = score_hand(self.rules, [4, 1, 2, 2], [6, 1, 4, 2], bags=(8, 0))[NS]
        assert (second.points, second.bags_after) == (-36, 2)  # 64 - 100; 12 - 10 = 2
        # Collecting 10 twice in one hand: 9 + 11 = 20 bags, two penalties. 20 + 11 - 200.
        twice = score_hand(self.rules, [1, 0, 1, 0], [7, 0, 6, 0], bags=(9, 0))[NS]
        assert (twice.points, twice.bags_after) == (-169, 0)

    def test_nil_scores_and_tricks_count_for_team(self):
        """'A player who bid nil scores +100 for taking no tricks and −100 for taking any; the
        tricks they take still count for the team's total.'"""
        assert score_hand(self.rules, ["nil", 3, 4, 3], [0, 4, 5, 4])[NS].points == 141
        state = nil_hand("003")
        # S bid 4; the team took 3 + 2 = 5: +40, 1 bag. Nil failed -100. -59, 1 bag.
        assert state.last_score[NS].points == -59
        assert state.bags == (1, 0)

    def test_play_to_250_or_500(self):
        """'Choose Play to 250 or 500 at the top.'"""
        assert decide_game(self.rules, (499, 0), 10) is None
        assert decide_game(self.rules, (500, 0), 10).winner is NS
        short = find_ruleset("003-250")
        assert decide_game(short, (249, 0), 10) is None
        assert decide_game(short, (250, 0), 10).winner is NS

    def test_target_higher_total_wins_tie_plays_on(self):
        """'After any hand in which a team has reached the target, the higher total wins; a tie
        plays on.'"""
        assert decide_game(self.rules, (505, 480), 12).winner is NS
        assert decide_game(self.rules, (505, 515), 12).winner is EW
        assert decide_game(self.rules, (505, 505), 12) is None
        short = find_ruleset("003-250")
        assert decide_game(short, (260, 255), 12).winner is NS
        assert decide_game(short, (255, 255), 12) is None

    def test_capped_at_40_hands(self):
        """'A match is capped at 40 hands, after which the higher total wins and an exact tie is
        shared.'"""
        # Deal A, bids N 2 S 3 / E 3 W 5, both made exactly: NS +50, EW +80.
        state = scenario_a("003", {N: 2, S: 3, E: 3, W: 5}, scores=(300, 280), hand_number=39)
        assert state.scores == (350, 360) and state.phase is Phase.HAND_OVER  # hand 39 of 40
        state = scenario_a("003", {N: 2, S: 3, E: 3, W: 5}, scores=(300, 280), hand_number=40)
        assert state.result.winner is EW and state.result.reason is EndReason.CAP
        state = scenario_a("003", {N: 2, S: 3, E: 3, W: 5}, scores=(330, 300), hand_number=40)
        assert state.scores == (380, 380)
        assert state.result.shared and state.result.reason is EndReason.CAP
        assert decide_game(find_ruleset("003-250"), (120, 120), 40).shared


# ==================================================================================================
# 004: browser game with four computer levels
# ==================================================================================================


class TestSource004:
    rules = find_ruleset("004")

    def test_dealers_left_bids_and_leads(self):
        """'the player on the dealer's left bids first and leads the first trick.'"""
        state = dealt(self.rules, Deal.random(1), dealer=N)
        assert bidding_order(state) == [E, S, W, N]
        assert bid(state, {N: 2, E: 3, S: 4, W: 4}).to_act is E

    def test_deal_moves_one_seat_left(self):
        """'The deal moves one seat to the left every hand'."""
        announced, state = next_hand(self.rules, N)
        assert announced is E
        assert state.dealer is E
        assert state.to_act is S

    def test_bids_1_to_13_or_nil(self):
        """'Bid how many tricks you think you'll win, from 1 to 13.' / 'You can also bid nil, a
        promise to win no tricks at all.'"""
        state = dealt(self.rules, Deal.random(1), dealer=N)
        values = bid_values(state)
        assert sorted(b.tricks for b in values if not b.is_nil) == list(range(1, 14))
        assert [b for b in values if b.is_nil] == [Bid.NIL]
        assert Bid.parse("nil", zero_is_nil=self.rules.zero_bid_is_nil) == Bid.NIL
        with pytest.raises(NotationError):
            Bid.parse("0", zero_is_nil=self.rules.zero_bid_is_nil)
        with pytest.raises(SpadesError):
            score_hand(self.rules, ["0", 3, 4, 3], [0, 4, 5, 4])
        assert score_hand(self.rules, ["nil", 3, 4, 3], [0, 4, 5, 4])[NS].points == 141

    def test_bids_added_together(self):
        """'Your bid and your partner's are added together: that's your team's contract.'"""
        state = bid(dealt(self.rules, Deal.random(1), dealer=N), {N: 2, S: 4, E: 3, W: 1})
        assert state.contracts == (6, 4)

    def test_follow_suit(self):
        """'everyone else must follow suit if they can. If you can't, play any card, including a
        spade.'"""
        assert_follow_suit(self.rules)

    def test_trick_winner(self):
        """'A trick goes to the highest spade in it. If there are no spades, it goes to the
        highest card of the suit that was led. Aces are high. The winner leads the next
        trick.'"""
        assert_trick_winners(self.rules)
        assert_ace_high(self.rules)

    def test_spades_led_after_played_on_earlier_trick(self):
        """'Spades can't be led until a spade has been played on an earlier trick (spades are
        then "broken"), unless you have nothing but spades left.' The FAQ adds 'because someone
        had no cards of the suit led'; README: the main rule text wins."""
        assert_no_spade_lead_before_broken(self.rules)
        assert_all_spade_hand_may_lead_spade(self.rules)
        assert_spade_lead_from_all_spades_breaks(self.rules)

    def test_scored_after_13_tricks_then_next_deal(self):
        """'After 13 tricks the hand is scored, and the next hand is dealt.'"""
        state = scenario_a("004", {N: 2, S: 3, E: 3, W: 5})
        assert state.phase is Phase.HAND_OVER and state.needs_deal
        assert state.scores == (50, 80)
        state = apply(state, Deal.random(2, state.rules))
        assert state.phase is Phase.BIDDING and state.hand_number == 2

    def test_score_bar_bid_and_tricks_so_far(self):
        """'The score bar at the top shows each team's points and bags, and during a hand, the
        team's bid and the tricks it has won so far.'"""
        state = dealt(self.rules, DEAL_A, dealer=N, scores=(120, 45), bags=(3, 7))
        state = play_script(bid(state, {N: 2, S: 3, E: 3, W: 5}), SCRIPT_A[:4])
        # E took tricks 1-3 and S trick 4.
        assert state.contracts == (5, 8)  # 2 + 3 and 3 + 5
        assert (state.team_tricks(NS), state.team_tricks(EW)) == (1, 3)
        assert (state.scores, state.bags) == ((120, 45), (3, 7))

    def test_scoring_table(self):
        """The table: contract made '10 for each trick bid, plus 1 for each extra trick (a bag)';
        fewer tricks 'Minus 10 for each trick bid'; 'Every 10 bags your team collects | Minus
        100'; nil 'Plus 100' / 'Minus 100'."""
        assert score_hand(self.rules, [5, 2, 3, 2], [5, 1, 4, 3])[NS].points == 81  # 80 + 1
        assert score_hand(self.rules, [5, 2, 3, 2], [4, 3, 3, 3])[NS].points == -80
        bags = score_hand(self.rules, [4, 1, 2, 2], [6, 1, 4, 2], bags=(8, 0))[NS]
        assert (bags.points, bags.bags_after) == (-36, 2)  # 64 - 100; 12 bags, 2 left
        assert score_hand(self.rules, ["nil", 3, 4, 3], [0, 4, 5, 4])[NS].points == 141
        # Nil wins a trick: -100; S made 4 alone: +40; the trick is a bag: +1.
        assert score_hand(self.rules, ["nil", 3, 4, 3], [1, 4, 4, 4])[NS].points == -59

    def test_nil_tricks_are_bags_not_partners(self):
        """'The tricks won by a player who bid nil don't count towards their partner's bid, but
        they do count as bags.' / 'Their partner's bid is scored on its own.'"""
        state = nil_hand("004")
        ns = state.last_score[NS]
        # S bid 4 and took 3: set, -40. Nil failed -100. N's 2 tricks are bags: +2. -138.
        assert ns.made is False
        assert ns.points == -138
        assert state.bags == (2, 0)

    def test_target_500_or_250(self):
        """'The first team to reach 500 points wins, or 250 for a shorter game.'"""
        assert decide_game(self.rules, (500, 10), 9).winner is NS
        assert decide_game(self.rules, (499, 10), 9) is None
        short = find_ruleset("004-250")
        assert decide_game(short, (10, 250), 9).winner is EW
        assert decide_game(short, (10, 249), 9) is None

    def test_both_there_higher_wins_tie_one_more_hand(self):
        """'If both teams get there in the same hand, the higher score wins, and a tie means one
        more hand.'"""
        assert decide_game(self.rules, (540, 520), 9).winner is NS
        assert decide_game(self.rules, (520, 540), 9).winner is EW
        assert decide_game(self.rules, (530, 530), 9) is None
        state = scenario_a("004", {N: 2, S: 3, E: 3, W: 5}, scores=(470, 440))
        assert state.scores == (520, 520)  # 470 + 50 and 440 + 80
        assert state.phase is Phase.HAND_OVER

    def test_no_blind_nil_no_fixed_first_lead(self):
        """'Some players add a blind nil (bid before looking at your cards) or a fixed first
        lead; those aren't part of this version.'"""
        state = dealt(self.rules, DEAL_A, dealer=N)
        assert check(state, Bid.BLIND_NIL).reason is Reason.BLIND_NIL_NOT_ALLOWED
        state = bid(state, {N: 2, S: 3, E: 3, W: 5})
        # N holds the club 2, but E (the dealer's left) leads, and may lead the heart ace.
        assert state.to_act is E
        assert lead_reason(state, "Ah") is None
