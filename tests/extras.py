"""Which optional extras the environment running the suite has.

CI's runs on the other Pythons install only the ``test`` extra, and collect the doctests of the
installed package (``--pyargs spades --doctest-modules``): there, :mod:`spades.rl` (the ``rl``
extra: pettingzoo, gymnasium, numpy) cannot be imported, so its doctests are not collected
(``tests/conftest.py``), its tests skip, and the tests that walk the package leave it out.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import spades

#: The distributions of the ``rl`` extra, by the module each is imported as.
RL_MODULES = ("pettingzoo", "gymnasium", "numpy")
#: Whether the ``rl`` extra is installed: every one of its modules can be found.
RL_EXTRA = all(find_spec(name) is not None for name in RL_MODULES)
#: The folder of the installed ``spades.rl``.
RL_PACKAGE = Path(spades.__file__).resolve().parent / "rl"
#: The pages of the documentation whose doctests use ``spades.rl``.
RL_PAGES = (Path(__file__).resolve().parent.parent / "docs" / "research.rst",)


def needs_rl_extra(module: str) -> bool:
    """Whether ``module`` (a dotted name) is ``spades.rl`` or one of its modules."""
    return module == "spades.rl" or module.startswith("spades.rl.")
