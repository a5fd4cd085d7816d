"""What a handler gets besides its input: the project, the transaction to stage writes in, and progress."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.project.selection import Project
    from unitycli.transaction import Transaction

ProgressCallback = Callable[[float, float | None, str | None], None]


def _no_progress(done: float, total: float | None, message: str | None) -> None:
    return None


class Cancelled(Exception):
    """Raised inside a handler when the caller cancelled; the runner discards staged writes."""


@dataclass
class ToolContext:
    """Handlers read and stage writes through `transaction`; they never print, exit or touch disk directly."""

    project: Project
    transaction: Transaction
    dry_run: bool = False
    allow_editor_open: bool = False
    progress_callback: ProgressCallback = field(default=_no_progress)
    is_cancelled: Callable[[], bool] = field(default=lambda: False)

    def progress(self, done: float, total: float | None = None, message: str | None = None) -> None:
        """Report progress; also the point where a cancelled call stops (before anything is committed)."""
        if self.is_cancelled():
            raise Cancelled()
        self.progress_callback(done, total, message)
