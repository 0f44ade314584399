"""A small Sphinx extension that draws the pictures of the documentation when it is built, with
:mod:`spades.svg` itself, so the gallery cannot drift from the code.

``.. spades-picture::``
    Runs its content as Python and shows the code, then the SVG picture the last line gives
    (a :class:`spades.svg.SvgImage`), embedded in the HTML page. The pictures of one page share
    their names, so one may set up a game that the next ones draw; ``spades`` and ``spades.svg``
    (as ``svg``) are already imported. Options: ``:caption:`` (a line under the picture) and
    ``:hide-code:`` (show only the picture). Code that fails, or whose last line is not a
    picture, fails the build.
"""

from __future__ import annotations

import ast
import html
from typing import Any, ClassVar

try:
    from docutils import nodes
    from docutils.parsers.rst import directives
    from sphinx.application import Sphinx
    from sphinx.util.docutils import SphinxDirective
except ImportError:  # pragma: no cover
    # ``pytest --doctest-modules`` imports every module under ``docs`` too, also where Sphinx is
    # not installed: skip it there.
    import pytest

    pytest.skip("Sphinx is not installed", allow_module_level=True)

from spades_docs import add_stylesheet

import spades
import spades.svg

#: Where a page's pictures keep the names their code defines (per page: Sphinx clears a page's
#: temporary data once the page is read).
_NAMES_KEY = "spades_picture_names"

_CSS = """
figure.spades-picture { margin: 1em 0 1.5em 0; }
figure.spades-picture svg { max-width: 100%; height: auto; }
figure.spades-picture figcaption { font-size: 90%; color: #555; margin-top: 0.3em; }
"""
_CSS_NAME = "spades_pictures.css"


class PictureDirective(SphinxDirective):
    """``.. spades-picture::``: run the code, show it and the picture it draws."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "caption": directives.unchanged,
        "hide-code": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        code = "\n".join(self.content)
        picture = self._picture(code)
        caption = self.options.get("caption", "")
        figure = f'<figure class="spades-picture">{picture}'
        if caption:
            figure += f"<figcaption>{html.escape(caption)}</figcaption>"
        figure += "</figure>"
        found: list[nodes.Node] = []
        if "hide-code" not in self.options:
            block = nodes.literal_block(code, code, language="python")
            found.append(block)
        found.append(nodes.raw("", figure, format="html"))
        return found

    def _picture(self, code: str) -> str:
        """The picture the last line of ``code`` gives, the lines before it run first."""
        names = self.env.temp_data.setdefault(
            _NAMES_KEY, {"spades": spades, "svg": spades.svg}
        )
        *body, last = ast.parse(code).body
        if not isinstance(last, ast.Expr):
            raise self.error("The last line of a spades-picture is the picture to show.")
        try:
            exec(compile(ast.Module(body=body, type_ignores=[]), "<picture>", "exec"), names)
            picture = eval(compile(ast.Expression(last.value), "<picture>", "eval"), names)
        except Exception as error:  # any failure of the code is the page's to fix
            raise self.error(f"The code of a spades-picture failed: {error!r}") from error
        if not isinstance(picture, spades.svg.SvgImage):
            raise self.error(
                f"A spades-picture's last line gives an SvgImage, not a {type(picture).__name__}."
            )
        return str(picture)


def setup(app: Sphinx) -> dict[str, Any]:
    add_stylesheet(app, _CSS_NAME, _CSS)
    app.add_directive("spades-picture", PictureDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
