"""Where the tests find the checkout's files, from any folder of the suite.

``RECORDS`` holds the JSON records the tests read (house-rules scenarios and disputes, data, not
tests); ``ROOT`` is the checkout, or the unpacked sdist, that holds ``tests/``, ``examples/``,
``benchmarks/`` and ``docs/``.
"""

from __future__ import annotations

from pathlib import Path

#: The folder of the test suite.
TESTS = Path(__file__).resolve().parent
#: The checkout (or unpacked sdist) the suite belongs to.
ROOT = TESTS.parent
#: The JSON records the tests read.
RECORDS = TESTS / "data" / "records"
