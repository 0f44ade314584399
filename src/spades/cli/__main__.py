"""``python -m spades.cli``: the ``spades`` command (``python -m spades`` is the same)."""

import sys

from .command import main

sys.exit(main())
