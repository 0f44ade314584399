"""``python -m spades``: the ``spades`` command, for when its script is not on the ``PATH``."""

import sys

from .cli import main

sys.exit(main())
