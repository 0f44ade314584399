"""Settle a scoring dispute: verify a game record and explain every point of it.

A record is JSON (the format ``spades.records.dump`` writes and ``spades.records.load``
reads): the rules, the standing the game started from, and each hand's bids and tricks
(or its deal and every card), with the scores the table wrote down if it did. ``verify``
replays the record through the engine, checks every action and every written score, and
says where a written score parts from the rules. Without a file the script settles a
built-in dispute: a table that forgot a bag penalty and carried the mistake into the
next hand's total::

    python examples/settle_dispute.py                 # the built-in dispute
    python examples/settle_dispute.py game.json       # your record
    python examples/settle_dispute.py - < game.json   # a record on standard input

The exit status is 0 when the record is consistent, 1 when a problem was found, 2 when
the file cannot be read as a record.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

import spades
from spades.records import GameRecord, load, loads, render_report, verify

#: NS start with 8 bags, bid 7 and take 11: +74 and 12 bags, so a penalty: -26 in all.
#: The table wrote +74, and the next hand's total carries the mistake.
FORGOTTEN_PENALTY = """
{
  "format": "spades-record",
  "version": 1,
  "rules": {"preset": "standard"},
  "start": {"scores": {"NS": 200, "EW": 150}, "bags": {"NS": 8, "EW": 3}},
  "hands": [
    {
      "bids": {"N": 4, "E": 1, "S": 3, "W": 1},
      "tricks": {"N": 6, "E": 1, "S": 5, "W": 1},
      "written": {"NS": {"points": 74, "total": 274, "bags": 2},
                  "EW": {"points": 20, "total": 170, "bags": 3}}
    },
    {
      "bids": {"N": 3, "E": 3, "S": 2, "W": 3},
      "tricks": {"N": 3, "E": 4, "S": 2, "W": 4},
      "written": {"NS": {"points": 50, "total": 324, "bags": 2},
                  "EW": {"points": 62, "total": 232, "bags": 5}}
    }
  ]
}
"""


class Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (and exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())}\n")


def read_record(path: str | None) -> GameRecord:
    """The record in the file ``path`` ('-': standard input, None: the built-in one).

    A file that cannot be read is an OSError; text that is not a record is a RecordError
    whose message says where and why.
    """
    if path is None:
        return loads(FORGOTTEN_PENALTY)
    if path == "-":
        return loads(sys.stdin.buffer.read())
    with open(path, "rb") as file:
        return load(file)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=__doc__.splitlines()[0])
    what = "a record file, - for standard input (default: a built-in one)"
    parser.add_argument("record", nargs="?", help=what)
    args = parser.parse_args(argv)
    try:
        record = read_record(args.record)
    except OSError as error:
        parser.error(f"cannot read {args.record!r}: {error.strerror or error}")
    except spades.SpadesError as error:
        parser.error(f"{args.record}: {error.message}")

    # verify() never raises for what a record says: every problem is in the report.
    report = verify(record)
    if not report.usable:  # e.g. a deal that is not a deal: no evidence of anything
        parser.error(f"{args.record}: {report.unusable_problems[0].sentence}")
    if record.note:  # the file's own text: shown without any control character
        note = "".join(char if char.isprintable() else "?" for char in record.note)
        print(f"The record says: {note}\n")
    # The rules, the score sheet, each hand's score item by item, every problem with the
    # rules' computation and where the written score parts from it, and the verdict.
    print(render_report(report, explain=True))
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
