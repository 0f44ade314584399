"""House rules: a RuleSet of your own, and what it does to a hand's score, item by item.

Our house plays the standard game with three changes many kitchen tables make: a failed
nil bidder's tricks count toward the partner's contract, nil wins or loses 50 instead of
100, and the bag penalty is 50. The script lists the options that differ from the rules
compared against, with what each one means, then scores hands people argue about under
both rule sets and lines the scores up item by item. ``--set`` changes more options,
``--house`` starts from a preset instead of our rules (so that two presets can be
compared), and ``--bids`` with ``--tricks`` scores a hand of yours instead of the
samples::

    python examples/house_rules.py                            # our house, and standard
    python examples/house_rules.py --set bag_penalty=100      # one change fewer
    python examples/house_rules.py --house 000 --against 002  # two presets side by side
    python examples/house_rules.py --bids nil,3,4,3 --tricks 2,3,3,5
"""

from __future__ import annotations

import argparse
import textwrap
from typing import NamedTuple, NoReturn

import spades
from spades import ItemKind, RuleSet, ScoreItem, TeamHandScore
from spades.rules import FailedNilTricks

#: Our house rules: every option not named keeps its standard value (RuleSet() is the
#: standard game). A RuleSet checks its options as it is made: nil_bonus=-5 would be a
#: RuleSetError.
HOUSE_RULES = RuleSet(
    failed_nil_tricks=FailedNilTricks.COUNT_TOWARD_CONTRACT,
    nil_bonus=50,
    nil_penalty=50,
    bag_penalty=50,
)


class SampleHand(NamedTuple):
    """A hand to score: what happened, bids and tricks (N, E, S, W), bags before it."""

    label: str
    bids: list[int | str]
    tricks: list[int]
    bags: tuple[int, int] = (0, 0)


SAMPLE_HANDS = [
    SampleHand("A failed nil beside a bid of 4", ["nil", 3, 4, 3], [2, 3, 3, 5]),
    SampleHand("12 bags on top of 9", [1, 4, "nil", 4], [13, 0, 0, 0], bags=(9, 0)),
    SampleHand("The 000 worked example", [4, 1, 3, 2], [5, 1, 4, 3]),
]


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def slot(item: ScoreItem) -> tuple[str, spades.Seat | None]:
    """The line of a score an item fills, so that two scores of one hand line up: the
    contract (made or set), a seat's nil (made or failed), the bags, a nil's bags, the
    bag penalty."""
    if item.kind in (ItemKind.CONTRACT_MADE, ItemKind.CONTRACT_SET):
        return ("contract", None)
    if item.kind in (ItemKind.BAGS, ItemKind.NIL_BAGS, ItemKind.BAG_PENALTY):
        return (str(item.kind), item.seat)
    return ("nil", item.seat)


def show_team(
    ours: TeamHandScore,
    theirs: TeamHandScore,
    names: tuple[str, str],
) -> None:
    """One team's score of one hand under both rule sets, item by item."""
    if ours.items == theirs.items:
        print(f"  {ours.team} {ours.points:+d} under both")
        return
    mine, yours = f"{ours.points:+d} ({names[0]})", f"{theirs.points:+d} ({names[1]})"
    print(f"  {ours.team} {mine} / {yours}:")
    rows: dict[tuple[str, spades.Seat | None], list[str]] = {}
    for column, score in enumerate((ours, theirs)):
        for item in score.items:
            rows.setdefault(slot(item), ["-", "-"])[column] = item.text
    print(f"      {names[0]:<32}{names[1]}")
    for left, right in rows.values():
        print(f"      {left:<32}{right}")
    for name, score in zip(names, (ours, theirs)):
        print(f"      {name}: {score.explain()}")


def counts(text: str) -> list[int]:
    """Trick counts as typed: ``2,3,3,5`` or ``2 3 3 5``."""
    try:
        return [int(word) for word in text.replace(",", " ").split()]
    except ValueError:
        problem = f"trick counts are whole numbers, not {text!r}"
        raise argparse.ArgumentTypeError(problem) from None


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--house", metavar="PRESET", help="start from a preset, not our rules")
    add("--set", action="append", default=[], metavar="OPTION=VALUE", help="change one")
    add("--against", default="standard", metavar="PRESET", help="the other preset")
    add("--bids", help="four bids N,E,S,W, e.g. nil,3,4,3")
    add("--tricks", type=counts, help="the tricks each seat took, N,E,S,W: 2,3,3,5")
    args = parser.parse_args(argv)
    if (args.bids is None) != (args.tricks is None):
        parser.error("give --bids and --tricks together, or neither")
    try:
        house = HOUSE_RULES if args.house is None else spades.find_ruleset(args.house)
        for change in args.set:
            name, equals, value = change.partition("=")
            if not equals:
                parser.error(f"argument --set: write OPTION=VALUE, not {change!r}")
            # parse_option reads a value as typed ('-200', 'none', 'bags_only');
            # evolve() makes a new RuleSet with the change, checked like any other.
            house = house.evolve(**dict([RuleSet.parse_option(name, value)]))
        other = spades.find_ruleset(args.against)
        hands = SAMPLE_HANDS
        if args.bids is not None:
            bids = args.bids.replace(",", " ").split()
            hand = SampleHand("Your hand", bids, args.tricks)
            # A bad bid or trick count is refused here, with the rules' sentence.
            spades.score_hand(house, hand.bids, hand.tricks)
            hands = [hand]
    except spades.SpadesError as error:
        parser.error(error.message)

    names = ("house" if args.house is None else args.house, args.against)
    differences = house.diff(other)
    print(f"{names[0]}: {house!r}\n{names[1]}: {other!r}")
    same = "\nThe rules are the same."
    print(f"\n{len(differences)} option(s) differ:" if differences else same)
    for option, (ours, theirs) in differences.items():
        print(f"  {option}: {ours} ({names[0]}) / {theirs} ({names[1]})")
        print(textwrap.indent(textwrap.fill(RuleSet.describe(option), 92), " " * 6))

    for hand in hands:
        bids, tricks = " ".join(map(str, hand.bids)), " ".join(map(str, hand.tricks))
        print(f"\n{hand.label}: bids {bids}, tricks {tricks} (N E S W)")
        ours = spades.score_hand(house, hand.bids, hand.tricks, bags=hand.bags)
        theirs = spades.score_hand(other, hand.bids, hand.tricks, bags=hand.bags)
        for mine, yours in zip(ours.teams, theirs.teams):
            show_team(mine, yours, names)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
