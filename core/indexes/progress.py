"""Progress of an index build, for a person at a terminal and for an MCP client.

A warm refresh finishes in a blink and must print nothing; a cold build of a large project takes seconds, and a
silent wait that long looks like a hang. So the stderr bar appears only after a second and only on a terminal
(stdout may be a JSON envelope, stderr a log file); the callback, when given, always gets every update.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

ProgressCallback = Callable[[int, int, str], None]

_SHOW_AFTER_S = 1.0
_REDRAW_EVERY_S = 0.1
_WIDTH = 30


class Progress:
    """Fan-out of (done, total, message) to an optional callback and a delayed stderr bar."""

    def __init__(self, callback: ProgressCallback | None = None, stream: TextIO | None = None) -> None:
        self.callback = callback
        self.stream = stream if stream is not None else sys.stderr
        self.started = time.monotonic()
        self._tty = _isatty(self.stream)
        self._last_draw = 0.0
        self._drawn = False

    def update(self, done: int, total: int, message: str) -> None:
        if self.callback is not None:
            self.callback(done, total, message)
        if not self._tty:
            return
        now = time.monotonic()
        if now - self.started < _SHOW_AFTER_S or (now - self._last_draw < _REDRAW_EVERY_S and done < total):
            return
        self._last_draw = now
        filled = _WIDTH * done // total if total else _WIDTH
        bar = "#" * filled + "-" * (_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} {message[:40]:<40}")
        self.stream.flush()
        self._drawn = True

    def finish(self) -> None:
        """End the bar's line so later stderr output starts on a fresh line."""
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
