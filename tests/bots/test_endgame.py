"""The Expert's endgame (spades.bots.endgame): cards judged by double-dummy search on the imagined
deals once few tricks are left, in points; the same action for the same view and generator."""

from __future__ import annotations

import pickle
import random

import pytest

from spades import (
    Bid,
    Card,
    Deal,
    GameState,
    Phase,
    Play,
    RuleSet,
    Seat,
    SpadesError,
    apply,
    new_game,
    view,
)
from spades._kernel.double_dummy import Position, Solver
from spades._kernel.playout import play_out
from spades.bots.endgame import _forced, endgame_samples, endgame_solver, tricks_left
from spades.bots.expert import ExpertPlayer, outcome_value
from spades.bots.seen import Seen, read_view
from spades.bots.tactics import fair_plays
from strategies import random_bid_or_play

#: A hand of the standard game played by Hard players to three tricks from its end, East to
#: lead. North-South bid 6 (2 and 4) and have 5 tricks; East-West bid 6 (3 and 3) and have 5.
#: East holds Th 8h Kd; North Jd 9c 8c; South Ts Qh Jh; West Js 9s 6d.
DEAL = "N:Q5.63.AJ93.Q9852 E:A8.AT854.KQ87.K6 S:KT76.KQJ72.T.AJ7 W:J9432.9.6542.T43"
BIDS = (3, 4, 3, 2)  # E, S, W, N (North deals)
PLAYS = (
    "Ah 2h 9h 3h 7d Td 2d 3d Ac 3c 2c 6c Kh 2s 6h 4h 4d Ad 8d 6s 7c 4c Qc Kc As 7s 3s 5s 5h 7h "
    "4s Qs 9d Qd Ks 5d Jc Tc 5c 8s"
)


def _ending() -> GameState:
    state = apply(new_game(RuleSet(), dealer=Seat.N), Deal(DEAL))
    for tricks in BIDS:
        state = apply(state, Bid(tricks))
    for text in PLAYS.split():
        state = apply(state, Play(Card(text)))
    return state


def _on_the_real_deal(state: GameState) -> tuple[Seen, list[Play], list[list[float]], list[float]]:
    """The seat to act's cards judged on the one real deal: by the endgame, and by a playout."""
    seat_view = view(state, state.to_act)  # type: ignore[arg-type]
    seen = read_view(seat_view)
    table = seen.table
    plays = fair_plays(seat_view, seen)
    cards = [play.card.index for play in plays]  # the standard deck: positions are indices
    bids = [bid or (1, False) for bid in seen.bids]
    real = list(state.holding_masks)

    def value(won: list[int] | tuple[int, ...]) -> float:
        return outcome_value(table, seen, seat_view.hand_number, bids, won)

    judged = endgame_samples(Solver(table), seen, [real], cards, value)
    played = [
        value(
            play_out(
                table, real, seen.trick, seen.seat, seen.taken, seen.spades_broken, bids,
                first_card=card, placed=True,
            )
        )
        for card in cards
    ]  # fmt: skip
    return seen, plays, judged, played


def test_the_endgame_finds_the_set_the_playout_misses() -> None:
    state = _ending()
    assert state.to_act is Seat.E and tricks_left(read_view(view(state, Seat.E))) == 3
    _seen, plays, judged, played = _on_the_real_deal(state)
    by_card = {str(play.card): values[0] for play, values in zip(plays, judged)}
    # A heart: West, out of hearts, ruffs it with the nine, leads the six of diamonds for East's
    # king over North's jack, and ruffs East's last heart with the jack. East-West take all three:
    # 8 tricks on 6 bid, 62 points; North-South 5 on 6, set, -60. The king of diamonds first:
    # South ruffs with the ten, West overruffs with the jack, and West's six of diamonds goes to
    # North's jack: North-South make their 6 (60), East-West take the last (7 on 6, 61).
    assert by_card == {"Kd": 61.0 - 60.0, "8h": 62.0 + 60.0, "Th": 62.0 + 60.0}
    # The fast playout policy finds no better than the king on any card.
    assert max(played) == 61.0 - 60.0


#: Another, three tricks from the end: West bid nil and has taken none, East 4 and has 3;
#: North-South bid 7 (4 and 3) and have 7. North led the five of spades; East holds Ks Js 8d,
#: South Qs Ts 8s, West 9s 2d 3c, North As 6s.
NIL_DEAL = "N:A65.KQJ4.QT9.AK4 E:KJ2.A32.AJ83.T82 S:QT874.985.76.QJ7 W:93.T76.K542.9653"
NIL_BIDS = (4, 3, 0, 4)  # E, S, W, N (North deals)
NIL_PLAYS = (
    "Ad 6d Kd 9d Ah 5h Th 4h Jd 7d 5d Qd 4c Tc 7c 9c 8c Jc 6c Kc Td 3d 4s 4d 8h 7h Jh 2h Qh 3h "
    "9h 6h Kh 2s 7s 3s Qc 5c Ac 2c 5s"
)


def test_beside_a_nil_the_contract_is_weighed_with_the_nil() -> None:
    state = apply(new_game(RuleSet(), dealer=Seat.N), Deal(NIL_DEAL))
    for tricks in NIL_BIDS:
        state = apply(state, Bid(tricks) if tricks else Bid.NIL)
    for text in NIL_PLAYS.split():
        state = apply(state, Play(Card(text)))
    assert state.to_act is Seat.E
    # With West's nil still kept the Expert plays its ending out; the endgame itself judges it.
    assert tricks_left(read_view(view(state, Seat.E))) == 0
    _seen, plays, judged, played = _on_the_real_deal(state)
    by_card = {str(play.card): values[0] for play, values in zip(plays, judged)}
    # The king wins the trick, East's fourth: 40 and West's nil 100, against North-South's 9
    # tricks on 7 (72). The jack loses to South's queen, South's ten then draws North's ace over
    # East's king (or East's king wins it and North-South's last spade the last trick): East is
    # set (-40), the nil made (100), North-South take 10 tricks (73).
    assert by_card == {"Ks": 140.0 - 72.0, "Js": 60.0 - 73.0}
    # The playouts rate the two cards alike.
    assert played[0] == played[1]


def test_the_tricks_forced_on_a_nil_agree_with_the_solvers_card_values() -> None:
    rng = random.Random("endgame-nil")
    checked = 0
    while checked < 12:
        state = apply(new_game(RuleSet(), dealer=Seat.N), Deal.random(rng))
        for tricks in (0, 3, 4, 3):  # East bids nil
            state = apply(state, Bid(tricks) if tricks else Bid.NIL)
        stop = 5 + 4 * rng.randrange(8, 11) + rng.randrange(4)
        while state.phase is Phase.PLAY and len(state.actions) < stop:
            state = apply(state, random_bid_or_play(rng, state))  # type: ignore[arg-type]
        if state.phase is not Phase.PLAY or state.trick_counts[Seat.E]:
            continue
        seat = state.to_act
        assert seat is not None
        seen = read_view(view(state, seat))
        solver = Solver(seen.table)
        position = Position(state.holding_masks, seen.trick, seat, seen.spades_broken, False)
        cards = sorted(solver.card_values(position, 1, 1))  # the cards the seat may play
        north_south, east = 0b0101, 1 << Seat.E  # North-South play against East's nil
        forced = _forced(solver, position, cards, north_south, Seat.E, seat in (Seat.N, Seat.S))
        expected = solver.card_values(position, north_south, east)
        assert forced == [int(expected[card] >= 1) for card in cards]
        checked += 1


def test_the_endgame_expert_is_deterministic_and_its_solver_kept_does_not_change_it() -> None:
    rng = random.Random("endgame-determinism")
    player = ExpertPlayer(deals=6, endgame_tricks=4)
    compared = 0
    while compared < 6:
        state = apply(new_game(), Deal.random(rng))
        while state.phase in (Phase.BIDDING, Phase.PLAY) and len(state.actions) < 5 + 4 * 10:
            state = apply(state, random_bid_or_play(rng, state))  # type: ignore[arg-type]
        if state.phase is not Phase.PLAY:
            continue
        seat_view = view(state, state.to_act)  # type: ignore[arg-type]
        if len(seat_view.legal_actions) < 2:
            continue
        first = player(seat_view, random.Random(7))
        fresh = pickle.loads(pickle.dumps(player))  # a new player: its solvers hold nothing
        assert fresh == player
        assert fresh(seat_view, random.Random(7)) == first == player(seat_view, random.Random(7))
        compared += 1


def test_the_endgame_tricks_option_is_checked_and_rebuilt() -> None:
    player = ExpertPlayer(deals=12, weighted=False, endgame_tricks=0)
    assert repr(player) == "ExpertPlayer(deals=12, weighted=False, endgame_tricks=0)"
    assert eval(repr(player)) == player
    assert player != ExpertPlayer(deals=12, weighted=False, endgame_tricks=3)
    assert pickle.loads(pickle.dumps(player)) == player
    for bad in (-1, 2.0, True, "4"):
        with pytest.raises(SpadesError, match="endgame_tricks"):
            ExpertPlayer(endgame_tricks=bad)  # type: ignore[arg-type]


def test_one_solver_is_kept_per_table() -> None:
    solvers: dict = {}  # type: ignore[type-arg]
    table = read_view(view(_ending(), Seat.E)).table
    assert endgame_solver(solvers, table) is endgame_solver(solvers, table)
    assert list(solvers) == [table]
