"""Compare two presets: where their options differ, and sample hands that score differently.

For each option that differs, the script prints both values and the option's own description, then
scores a few hands people argue about under both rule sets::

    python examples/compare_rules.py                 # the 000 app against the 002 rule sheet
    python examples/compare_rules.py standard pagat
"""

from __future__ import annotations

import argparse

from spades import RuleSet, RuleSetError, Team, find_preset, score_hand

#: Hands people argue about: (what happens, bids N E S W, tricks N E S W, bags before NS/EW).
SAMPLE_HANDS = [
    ("the 000 worked example", [4, 1, 3, 2], [5, 1, 4, 3], (0, 0)),
    ("a failed nil beside a bid of 4", ["nil", 3, 4, 3], [2, 3, 3, 5], (0, 0)),
    ("12 bags on top of 9", [1, 4, "nil", 4], [13, 0, 0, 0], (9, 0)),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", nargs="?", default="000", help="a preset name or alias")
    parser.add_argument("second", nargs="?", default="002", help="a preset name or alias")
    args = parser.parse_args(argv)
    try:
        first, second = find_preset(args.first), find_preset(args.second)
    except RuleSetError as error:
        parser.error(str(error))

    print(f"{first.name}: {first.title} = {first.rules!r}")
    print(f"{second.name}: {second.title} = {second.rules!r}")
    differences = first.rules.diff(second.rules)
    if not differences:
        print("\nThe two rule sets are the same.")
        return 0
    print(f"\n{len(differences)} option(s) differ:")
    for option, (one, other) in differences.items():
        print(f"  {option}: {one} ({first.name}) / {other} ({second.name})")
        print(f"      {RuleSet.describe(option)}")

    print("\nSample hands, North-South's score:")
    for label, bids, tricks, bags in SAMPLE_HANDS:
        one = score_hand(first.rules, bids, tricks, bags=bags)[Team.NS]
        other = score_hand(second.rules, bids, tricks, bags=bags)[Team.NS]
        verdict = "same" if one.points == other.points else "DIFFERENT"
        print(f"  {label}: {one.points:+d} / {other.points:+d} ({verdict})")
        if one.points != other.points:
            print(f"      {first.name}: {one.explain()}")
            print(f"      {second.name}: {other.explain()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
