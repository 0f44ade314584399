"""A game's position written on one line (:meth:`GameState.to_notation
<spades.state.GameState.to_notation>`): its fields and how each is written. The grammar and the
reader are in :mod:`spades.notation` (:func:`~spades.notation.from_notation`); this module only
writes, so that the state can write itself.

A position is three kinds of field, each separated from the next by ``' | '``::

    rules | standing | hand | hand ...

- the rules: a preset's name, then the options changed from it, each ``option=value`` as a
  command line types it (``standard target_score=300 blind_nil=true``);
- the standing the game started from: ``dealer=N hand=1 scores=0,0 bags=0,0 sets=0,0 runs=0,0``
  (one number a side: NS, EW; or N, E, S, W when every player plays alone);
- each hand played since, its actions in order, separated by ``', '``, each as ``str()`` writes
  it (the deal ``N:AKQ7.T9.J842.53 E:...``, the bids ``4``, ``nil``, ``blind nil``, the
  exchange ``pass 2c 3d``, the dealer's discard ``bury 7h 3c``, a draw ``draw As``, ``keep``,
  ``discard``, a call ``redeal``, the cards played ``Qh``), or a hand told by its counts
  written without its comma (``bids 4 3 3 2 tricks 5 3 3 2``). Every hand but the last is over.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Counts
from .rules import RuleSet, preset_name, value_text
from .standing import Standing

__all__ = ["position_text"]

#: What separates the fields of a position, and the actions of a hand.
FIELD_SEPARATOR = " | "
ACTION_SEPARATOR = ", "
#: The standing's keys, in the order they are written, and the :class:`Standing` field each is.
STANDING_KEYS = {
    "dealer": "dealer",
    "hand": "hand_number",
    "scores": "scores",
    "bags": "bags",
    "sets": "sets",
    "runs": "consecutive_sets",
}
#: The preset whose options a position names changes from, when the rules are no preset's.
BASE_PRESET = "standard"


def rules_field(rules: RuleSet) -> str:
    """The rules as a position writes them: the preset's name, or ``standard`` and the options
    that differ from it (``standard target_score=300``)."""
    name = preset_name(rules)
    if name is not None:
        return name
    changes = (f"{option}={value_text(value)}" for option, value in rules.non_defaults().items())
    return " ".join((BASE_PRESET, *changes))


def standing_field(standing: Standing) -> str:
    """The standing as a position writes it: ``dealer=N hand=1 scores=0,0 bags=0,0 ...``."""
    words = []
    for key, field in STANDING_KEYS.items():
        value = getattr(standing, field)
        text = ",".join(str(number) for number in value) if isinstance(value, tuple) else value
        words.append(f"{key}={text}")
    return " ".join(words)


def action_field(action: Action) -> str:
    """An action as a position writes it: its ``str()``, but a hand's counts without the comma
    that would end the action (``bids 4 3 3 2 tricks 5 3 3 2``)."""
    text = str(action)
    return text.replace(",", "") if isinstance(action, Counts) else text


def position_text(rules: RuleSet, start: Standing, steps: Sequence[tuple[Action, bool]]) -> str:
    """The position of a game played by ``rules`` from ``start`` through ``steps``, each an
    action and whether it ended a hand, in order."""
    fields = [rules_field(rules), standing_field(start)]
    hand: list[str] = []
    for action, ended in steps:
        hand.append(action_field(action))
        if ended:
            fields.append(ACTION_SEPARATOR.join(hand))
            hand = []
    if hand:
        fields.append(ACTION_SEPARATOR.join(hand))
    return FIELD_SEPARATOR.join(fields)
