"""``python -m spades.cli``: the ``spades`` command."""

import sys

from .command import main

sys.exit(main())
