"""A complete text front-end for Spades in about 100 lines, on ``Table`` and seat views.

You sit South with a Hard computer partner (North) against two computers; under rules
where every player plays alone (``--rules solo_5_bags``, or any with ``partnerships``
False), against three computers, with no partner, and at a table of three (``--rules
cutthroat3``) against two, North and East, with 17 cards each; in two-handed Spades
(``--rules two_player``) you sit North against East, and first draw your hand, typing
``keep`` or ``discard`` for each card drawn. The table is drawn at each of your turns
with what you may play; type a bid (``4``, ``nil``), a card (``qh``, ``10s``, ``Q♥``) or
``undo``. Text that is not an action, or an action the rules forbid, is refused with the
library's own sentence, and you are asked again. Ctrl-D or Ctrl-C leaves the game::

    python examples/minimal_frontend.py                     # medium computers, to 500
    python examples/minimal_frontend.py --level easy --target 100 --seed 3  # short
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

import spades
from spades.table import Table


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def news(view: spades.SeatView) -> list[str]:
    """Every trick taken and every hand's score so far in the game, in order."""
    lines = []
    for hand in (*view.history, None):
        tricks = view.completed_tricks if hand is None else hand.tricks
        lines += [
            f"Trick {n}: {trick.to_text(unicode=True)}; {trick.winner} takes it."
            for n, trick in enumerate(tricks, 1)
        ]
        if hand is not None:
            lines += [f"Hand {hand.number} is over.", hand.score.explain()]
    return lines


def draw(view: spades.SeatView, shown: int, unicode: bool) -> int:
    """Print the news after the first ``shown`` lines, then the table; count them."""
    lines = news(view)
    for line in lines[shown:]:
        print(line)
    print(f"\n{view.to_text(unicode=unicode)}")
    return len(lines)


def play(table: Table, unicode: bool) -> None:
    """Play the game at ``table`` to its end: yours typed in, the computers' between."""
    shown, drawn = 0, None  # lines of news printed; the state last drawn
    (seat,) = table.people  # South; North at a table of two
    while not table.is_over:
        view = table.view(seat)
        # Not drawn again after a refusal: the state is unchanged.
        if table.state is not drawn:
            # Fewer lines of news after an undo.
            shown = draw(view, min(shown, len(news(view))), unicode)
            if view.phase is spades.Phase.EXCHANGE:  # every pair of cards: too many
                count = len(view.legal_actions[0].cards)  # type: ignore[union-attr]
                print(f"Pass {count} of your cards, e.g. 2c 3d.")
            elif view.phase is spades.Phase.DRAW:  # two-handed: keep it or the next
                print("Type keep or discard.")
            else:
                verb = "bid" if view.phase is spades.Phase.BIDDING else "play"
                legal = " ".join(str(action) for action in view.legal_actions)
                print(f"You may {verb}:", legal)
            drawn = table.state
        text = input("Your move: ")
        try:
            if text.strip().lower() == "undo":
                table.undo()  # your last action, and the computers' actions after it
            else:
                # parse_action reads the text for this phase; act() checks it is legal.
                table.act(view.parse_action(text))
        except spades.SpadesError as error:
            print(error.message)
    draw(table.view(seat), shown, unicode)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--level", default="medium", help="easy, medium (default), hard, expert")
    add("--rules", default="standard", help="a preset name (default: standard)")
    add("--target", type=int, help="the score that wins (100: a short game)")
    add("--seed", type=int, help="the same seed and moves replay a game")
    args = parser.parse_args(argv)
    try:
        rules = spades.find_ruleset(args.rules)
        if args.target is not None:
            rules = rules.evolve(target_score=args.target)
        # You sit South (North at a table of two).
        table = Table.solo(args.level, rules=rules, seed=args.seed)
        table.advance()  # deal, and let the computers bid until it is your turn
    except spades.SpadesError as error:
        parser.error(error.message)
    try:
        play(table, unicode="utf" in (sys.stdout.encoding or "").lower())
    except (EOFError, KeyboardInterrupt):
        print(f"\nYou left the game in hand {table.state.hand_number}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
