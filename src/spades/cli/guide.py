"""What ``spades play`` tells a person who asks: ``?`` the commands and what to type under the
rules in force (only what those rules allow), ``rules`` the options in force that differ from
the defaults, and ``rules OPTION`` what one option means.
"""

from __future__ import annotations

import textwrap

from .._kernel.table import table_of
from ..errors import RuleSetError
from ..rules import DealMethod, RuleSet, SpareCards, value_text
from .screen import COLUMNS

__all__ = ["commands_text", "rules_in_force"]

#: The commands, whatever the rules.
_COMMANDS = """Other commands:
  ?             these commands
  rules         the rules in force, where they differ from the defaults
  rules OPTION  what an option means (rules spades_breaking)
  sheet         the score sheet so far
  hint          what each action open to you is worth, by the Expert, and why
  undo          take back your last action (playing alone: a practice game)
  quit          leave the game (or Ctrl-C, Ctrl-D); you are offered to save it"""


def _bids_text(rules: RuleSet) -> str:
    """What may be bid under ``rules``: a number, and nil, blind nil, a number blind and a call
    for a redeal where they allow them."""
    most = table_of(rules).tricks
    kinds = [f"a number of tricks (3; {rules.min_player_bid} to {most})"]
    if rules.nil_allowed:
        kinds.append("nil")
    if rules.blind_nil:
        kinds.append("blind nil, before you look at your cards")
    if rules.blind_bid is not None:
        kinds.append(f"a number blind (blind {rules.blind_bid}), before you look at your cards")
    text = "; ".join(kinds)
    if table_of(rules).misdeal:
        text += "; or redeal, where the rules let your hand be thrown in"
    return f"When you bid: {text}."


def commands_text(rules: RuleSet) -> str:
    """What to type at each turn the rules have (a card drawn, the spare cards, the bid, the
    nil exchange, a card to play), then the other commands."""
    lines = []
    if rules.deal_method is DealMethod.DRAW_KEEP_DISCARD:
        lines.append(
            "When you draw: keep (k) or discard (d) the card drawn; the next card goes the other "
            "way."
        )
    if rules.spare_cards is SpareCards.DEALER_DISCARDS:
        lines.append("When you deal and take the two cards left over: the two to discard (7h 3c).")
    lines.append(_bids_text(rules))
    if rules.nil_exchange or (rules.blind_nil and rules.blind_nil_exchange):
        lines.append("In a nil exchange: the cards to pass to your partner (2c 3d).")
    lines.append("When you play: a card (qh, 10s, Q♥).")
    return "\n".join([*(_wrapped(line, 2) for line in lines), _COMMANDS])


def _wrapped(text: str, indent: int) -> str:
    """``text`` filled to the terminal's width, the lines after the first indented."""
    return textwrap.fill(text, width=COLUMNS, subsequent_indent=" " * indent)


def rules_in_force(rules: RuleSet, name: str = "") -> str:
    """The options of ``rules`` that differ from the defaults, one a line; with ``name``, that
    option's value and meaning (or why it is no option)."""
    if name:
        try:
            meaning = RuleSet.describe(name)
        except RuleSetError as error:
            return error.message
        body = textwrap.fill(meaning, width=COLUMNS, initial_indent="  ", subsequent_indent="  ")
        return f"{name} = {value_text(getattr(rules, name))}\n{body}"
    changes = rules.non_defaults()
    if not changes:
        return "The rules in force are the defaults (spades rules standard lists every option)."
    width = max(len(option) for option in changes)
    lines = [
        "The rules in force, where they differ from the defaults (spades rules standard lists "
        "every option):"
    ]
    lines += [f"  {option:<{width}} = {value_text(value)}" for option, value in changes.items()]
    lines.append("Type 'rules OPTION' for what an option means.")
    return "\n".join(_wrapped(line, 2) for line in lines)
