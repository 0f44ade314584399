"""Double-dummy analysis: what each side could have made with every hand in view.

:func:`solve` answers for one moment of a hand in play (a :class:`~spades.state.GameState`):
each side's most tricks, each card's value, a line of best play, and whether each nil can
still be kept. :func:`analyze` walks every hand of a game (a record with its
cards, or a state): the tricks each side could have taken from the deal, what it
took, whether each contract and nil was makeable, and each side's first costly card with the
best card instead. ``spades analyze FILE`` prints the same (docs/analysis.rst).

The package is not loaded by ``import spades``; import it by name.
"""

from ..errors import AnalysisError
from .game import FORMAT, GameAnalysis, analyze
from .hands import HandAnalysis
from .solving import Solution, solve
from .values import CostlyCard, FrozenMap, NilAnalysis, SideAnalysis

__all__ = [
    "FORMAT",
    "AnalysisError",
    "CostlyCard",
    "FrozenMap",
    "GameAnalysis",
    "HandAnalysis",
    "NilAnalysis",
    "SideAnalysis",
    "Solution",
    "analyze",
    "solve",
]
