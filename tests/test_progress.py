"""The progress line of a long run: rewritten in place on a terminal, absent on a pipe unless
asked for, then a line at each tenth."""

from __future__ import annotations

import io

from spades._progress import Progress, is_terminal


class Terminal(io.StringIO):
    """A text stream that says it is a terminal, as standard error does in a shell."""

    def isatty(self) -> bool:
        return True


def run(progress: Progress, total: int) -> None:
    for done in range(total + 1):
        progress(done, total)


def test_on_a_terminal_one_line_is_rewritten_in_place_and_ended_when_done() -> None:
    stream = Terminal()
    progress = Progress("spades arena", "boards", stream=stream)
    assert progress.shown
    run(progress, 3)
    assert stream.getvalue() == (
        "\rspades arena: 0 of 3 boards\rspades arena: 1 of 3 boards"
        "\rspades arena: 2 of 3 boards\rspades arena: 3 of 3 boards\n"
    )


def test_on_a_pipe_nothing_is_written() -> None:
    stream = io.StringIO()
    progress = Progress("bench", "rounds", stream=stream)
    assert not progress.shown
    run(progress, 20)
    assert stream.getvalue() == ""


def test_asked_for_on_a_pipe_a_line_at_each_tenth() -> None:
    stream = io.StringIO()
    run(Progress("spades arena", "boards", stream=stream, always=True), 2000)
    lines = stream.getvalue().splitlines()
    assert lines == [f"spades arena: {200 * tenth:,} of 2,000 boards" for tenth in range(11)]


def test_a_closed_stream_or_one_without_isatty_is_no_terminal() -> None:
    closed = io.StringIO()
    closed.close()  # its isatty() raises ValueError
    assert not is_terminal(closed)
    assert not is_terminal(object())  # type: ignore[arg-type]
    assert is_terminal(Terminal())
