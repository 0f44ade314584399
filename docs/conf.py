"""Sphinx configuration for the spades documentation.

Build with ``sphinx-build -W -b html docs docs/_build/html``. The rule reference is generated from
the code by the local extension in ``_ext/spades_docs.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE / "_ext"))

import spades  # noqa: E402

project = "spades"
author = "The spades developers"
copyright = "The spades developers"
release = spades.__version__
version = ".".join(release.split(".")[:2])

extensions = ["sphinx.ext.autodoc", "spades_docs"]

exclude_patterns = ["_build"]
toc_object_entries = False

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
# Keep the reprs short in signatures: `RuleSet()` rather than a 23-option dump.
autodoc_preserve_defaults = True

html_theme = "alabaster"
html_title = f"spades {release}"
html_theme_options = {
    "description": "The reference rules engine for partnership Spades",
    "fixed_sidebar": True,
}
