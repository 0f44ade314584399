"""The ``spades`` command.

``spades demo`` plays a whole game between four computer-controlled seats and prints the score
sheet. Every subcommand exits 0 on success, 1 when it found a problem in what it was asked to check,
and 2 for unusable input, with one line saying what was wrong and where.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from . import _bits
from ._version import __version__
from .actions import Bid, Deal
from .engine import apply, legal_actions, new_game
from .errors import SpadesError
from .presets import find_ruleset
from .rules import RuleSet
from .state import GameState

__all__ = ["main"]


def _rules_from(args: argparse.Namespace) -> RuleSet:
    rules = find_ruleset(args.rules)
    changes = {}
    for item in args.set or ():
        name, sep, value = item.partition("=")
        if not sep:
            raise SpadesError(f"--set takes option=value, not {item!r}.", reason="bad_argument")
        key, parsed = RuleSet.parse_option(name.strip(), value)
        changes[key] = parsed
    return rules.evolve(**changes) if changes else rules


def _simple_bid(holding: int) -> int:
    """A plain count of likely tricks: aces, guarded kings, and spades beyond the third."""
    tricks = 0.0
    for suit in range(4):
        cards = holding & _bits.SUIT_MASKS[suit]
        length = cards.bit_count()
        top = cards >> (13 * suit)
        if top >> 12 & 1:
            tricks += 1
        if top >> 11 & 1 and length >= 2:
            tricks += 0.8
        if suit == 3:
            tricks += max(0, length - 3) * 0.8
    return max(1, min(13, round(tricks)))


def play_demo_game(rules: RuleSet, rng: random.Random) -> GameState:
    """A whole game: simple counted bids, then random legal cards."""
    state = new_game(rules)
    while not state.is_over:
        if state.needs_deal:
            state = apply(state, Deal.random(rng))
        elif state.phase.value == "bidding":
            seat = state.to_act
            assert seat is not None and state.hand is not None
            state = apply(state, Bid(_simple_bid(state.hand.holdings[seat])))
        else:
            state = apply(state, rng.choice(legal_actions(state)))
    return state


def _score_sheet(state: GameState) -> str:
    lines = [
        f"{'hand':>4}  {'dealer':<6}  {'NS bids':<9} {'tk':>2} {'pts':>5} {'total':>6} {'bags':>4}"
        f"   {'EW bids':<9} {'tk':>2} {'pts':>5} {'total':>6} {'bags':>4}"
    ]
    for hand in state.history:
        row = f"{hand.number:>4}  {hand.dealer!s:<6}"
        for team_score in hand.score.teams:
            bids = "+".join(str(b) for b in team_score.bids)
            row += (
                f"  {bids:<9} {sum(team_score.tricks):>2} {team_score.points:>+5} "
                f"{team_score.score_after:>6} {team_score.bags_after:>4} "
            )
        lines.append(row.rstrip())
    if state.result is not None:
        lines.append(str(state.result))
    return "\n".join(lines)


def _cmd_demo(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    state = play_demo_game(rules, random.Random(seed))
    print(f"spades {__version__} demo: rules {args.rules} {rules!r}, seed {seed}")
    print(_score_sheet(state))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="spades", description="Partnership Spades: rules, scoring, games."
    )
    parser.add_argument("--version", action="version", version=f"spades {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    demo = sub.add_parser("demo", help="play a whole game between four computer seats")
    demo.add_argument(
        "--rules", default="standard", metavar="PRESET", help="preset name (default: standard)"
    )
    demo.add_argument(
        "--set", action="append", metavar="OPTION=VALUE", help="change one rule option"
    )
    demo.add_argument("--seed", type=int, help="random seed, for a repeatable game")
    demo.set_defaults(handler=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0) if isinstance(exit_.code, int) else 2
    try:
        return int(args.handler(args))
    except SpadesError as error:
        print(f"spades: error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
