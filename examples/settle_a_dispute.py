"""Settle the classic nil dispute: do a failed nil bidder's tricks help the partner's contract?

North bids nil but takes 2 tricks; South bids 4 and takes 3; East and West bid 3 each and take 8
between them. One table says North-South are set, another that South's contract is made with
North's tricks, a third that North's tricks are only bags. The rule texts disagree too, so the
library has one ``failed_nil_tricks`` choice for each answer. This script scores the hand under
all three, naming the presets that use each, from the bids and tricks alone::

    python examples/settle_a_dispute.py
"""

from __future__ import annotations

from spades import PRESETS, FailedNilTricks, RuleSet, Team, score_hand

BIDS = ["nil", 3, 4, 3]  # N, E, S, W
TRICKS = [2, 3, 3, 5]


def main() -> int:
    print(f"Bids (N E S W): {BIDS}; tricks taken: {TRICKS}")
    print(f"failed_nil_tricks: {RuleSet.describe('failed_nil_tricks')}\n")
    totals = []
    for choice in FailedNilTricks:
        score = score_hand(RuleSet(failed_nil_tricks=choice), BIDS, TRICKS)[Team.NS]
        totals.append(score.points)
        presets = [p.name for p in PRESETS if p.rules.failed_nil_tricks is choice]
        print(f"{choice} (the {', '.join(presets)} presets):")
        print(f"    {score.explain()}")
    spread = max(totals) - min(totals)
    print(f"\nThe answers differ by up to {spread} points: agree on the rule before the hand.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
