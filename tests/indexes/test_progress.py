"""The stderr progress bar: only on a terminal and only once a build has run for a second."""

from __future__ import annotations

import io

from unitycli.indexes.progress import Progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_waits_a_second_then_draws_and_ends_its_line() -> None:
    # A hand-made stream: no fixture file can stand in for a terminal.
    stream = _Terminal()
    progress = Progress(None, stream)
    progress.update(1, 10, "Assets/A.prefab")
    assert stream.getvalue() == ""
    progress.started -= 2.0
    progress.update(10, 10, "Assets/B.prefab")
    progress.finish()
    assert stream.getvalue().startswith("\r[" + "#" * 30 + "] 10/10 Assets/B.prefab")
    assert stream.getvalue().endswith("\n")


def test_a_non_terminal_stream_gets_nothing_but_the_callback_gets_everything() -> None:
    stream = io.StringIO()
    calls: list[tuple[int, int, str]] = []
    progress = Progress(lambda d, t, m: calls.append((d, t, m)), stream)
    progress.started -= 2.0
    progress.update(5, 10, "x")
    progress.finish()
    assert stream.getvalue() == "" and calls == [(5, 10, "x")]
