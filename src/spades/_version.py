"""The package's version, and which build of it is running: pure Python or compiled with mypyc."""

from importlib.machinery import EXTENSION_SUFFIXES

from ._kernel import cards

__version__ = "0.1.0"

#: Whether the kernel runs compiled: True in the compiled wheel (the kernel's modules and the
#: engine's transitions built with mypyc, as extension modules), False in the pure-Python
#: package, which behaves the same.
COMPILED = cards.__file__.endswith(tuple(EXTENSION_SUFFIXES))

#: The build as ``spades --version`` names it.
BUILD = "compiled (mypyc)" if COMPILED else "pure Python"
