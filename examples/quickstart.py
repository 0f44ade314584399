"""A hand of Spades through the core API: a game, a deal, the bids, the cards, the
score.

Every step is one call: ``new_game`` starts a game, ``apply`` makes an action (the
shuffle is an action too, a ``Deal``), ``legal_actions`` lists what the seat to act may
do, ``check`` says which rule an action breaks, and the finished hand's score is a list
of items that add up to its total. Each seat bids a count of its likely tricks and plays
a random legal card; all the chance comes from one seed, so a seed always replays the
same hand. With ``--game`` the seats play on to the end of the game and the script
prints its score sheet::

    python examples/quickstart.py                       # a hand of the standard game
    python examples/quickstart.py --rules 000 --seed 7  # the Spades: Partners rules
    python examples/quickstart.py --game                # a whole game, and its sheet
"""

from __future__ import annotations

import argparse
import random
from typing import NoReturn

import spades
from spades import Bid, Card, Phase, Play, Rank, Suit
from spades.records import score_sheet


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def count_bid(hand: spades.Hand) -> Bid:
    """Aces, kings with a guard, spades beyond the third: a plain count, at least 1."""
    tricks = 0.0
    for suit in Suit:
        if Card.of(Rank.ACE, suit) in hand:
            tricks += 1
        if Card.of(Rank.KING, suit) in hand and hand.count(suit) >= 2:
            tricks += 0.8
    tricks += 0.8 * max(0, hand.count(Suit.SPADES) - 3)
    return Bid(max(1, min(13, round(tricks))))


def an_illegal_card(state: spades.GameState) -> Play:
    """A card the seat to act holds but may not play now, or else one it lacks."""
    assert state.to_act is not None
    held = state.holding(state.to_act)
    # check() names the rule an action breaks, or gives None for a legal action.
    wrong = [Play(card) for card in held if spades.check(state, Play(card)) is not None]
    if wrong:
        return wrong[0]
    return Play(next(card for card in spades.DECK if card not in held))


def play_hand(
    state: spades.GameState,
    rng: random.Random,
    *,
    show: bool,
) -> spades.GameState:
    """Deal, bid and play one hand from ``state``, telling each step if ``show``."""
    # The shuffle is an action like any other: the same seed gives the same deal.
    state = spades.apply(state, spades.Deal.random(rng))
    if show:
        print(f"Hand {state.hand_number}, {state.dealer.full_name} deals:")
        for seat in state.rules.seats:
            print(f"  {seat}  {state.holding(seat)}")

    # Bidding: the seat to act is state.to_act, and legal_actions lists what it may bid.
    if show:
        bids = " ".join(map(str, spades.legal_actions(state)))
        print(f"\n{state.to_act} may bid:", bids)
    while state.phase is Phase.BIDDING:
        bidder = state.to_act
        assert bidder is not None
        state = spades.apply(state, count_bid(state.holding(bidder)))
    if show:
        seats = zip(state.rules.seats, state.bids)
        bids = ", ".join(f"{seat} {bid}" for seat, bid in seats)
        ns, ew = state.contracts
        print(f"\nThe bids: {bids} (contracts NS {ns}, EW {ew})")

    # Play: a random legal card each time. An illegal action is refused by apply() with
    # the sentence check() gives, and the state is left as it was (a state never
    # changes).
    while state.phase is Phase.PLAY:
        trick = state.current_trick
        second_card = trick is not None and len(trick.cards) == 1
        if show and second_card and not state.completed_tricks:
            wrong = an_illegal_card(state)  # shown once, on the second card of the hand
            try:
                spades.apply(state, wrong)
            except spades.IllegalActionError as error:
                print(f"\nIf {state.to_act} played {wrong.card}: {error.message}\n")
        done = len(state.completed_tricks)
        state = spades.apply(state, rng.choice(spades.legal_actions(state)))
        if show and len(state.completed_tricks) > done:
            taken = state.completed_tricks[-1]
            print(f"  Trick {done + 1}: {taken}, {taken.winner} takes it")
    return state


def show_score(state: spades.GameState) -> None:
    """The last hand's score, team by team and item by item, adding up to the total."""
    score = state.last_score
    assert score is not None
    print("\nThe score, item by item:")
    for team in score.teams:
        print(f"  {team.explain()}")
        for item in team.items:
            print(f"      {item.text}")
        after = team.score_after
        print(f"      = {team.points:+d} for the hand; {team.team} now {after}")


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--rules", default="standard", help="a preset name (default: standard)")
    add("--seed", type=int, default=1, help="the seed of all the chance")
    add("--game", action="store_true", help="play on to the end of the game")
    args = parser.parse_args(argv)
    try:
        rules = spades.find_ruleset(args.rules)
    except spades.SpadesError as error:
        parser.error(error.message)

    # A game starts waiting for its first deal.
    state = spades.new_game(rules)
    print(f"Rules: {args.rules} = {rules!r}\n")
    rng = random.Random(args.seed)
    state = play_hand(state, rng, show=True)
    show_score(state)
    if args.game:
        while not state.is_over:
            state = play_hand(state, rng, show=False)
        # score_sheet() records the game, verifies the record and prints one row per
        # hand.
        print(f"\nThe whole game:\n{score_sheet(state)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
