"""What a handler gets besides its input: the project, the transaction to stage writes in, and progress."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.knownscripts import KnownScript
    from unitycli.packages.models import ResolvedPackages
    from unitycli.project.selection import Project
    from unitycli.transaction import Transaction
    from unitycli.unityfiles.project_version import ProjectVersion

ProgressCallback = Callable[[float, float | None, str | None], None]


def _no_progress(done: float, total: float | None, message: str | None) -> None:
    return None


class Cancelled(Exception):
    """Raised inside a handler when the caller cancelled; the runner discards staged writes."""


@dataclass
class ToolContext:
    """Handlers read and stage writes through `transaction`; they never print, exit or touch disk directly.

    Only what handlers read is here: whether the call is a dry run, and whether an open Editor may be written
    past, are the transaction's business (`ctx.transaction.dry_run`), not the handler's.
    """

    project: Project
    transaction: Transaction
    known_scripts: dict[str, KnownScript] = field(default_factory=dict)  # package scripts by GUID
    progress_callback: ProgressCallback = field(default=_no_progress)
    is_cancelled: Callable[[], bool] = field(default=lambda: False)

    @cached_property
    def packages(self) -> ResolvedPackages:
        """The project's Unity packages as Unity will resolve them, read once per call."""
        from unitycli.packages.resolver import resolve_packages

        return resolve_packages(self.project.root)

    @cached_property
    def unity_version(self) -> ProjectVersion:
        """The Editor version in ProjectSettings/ProjectVersion.txt, read once per call."""
        from unitycli.unityfiles.project_version import read_project_version

        return read_project_version(self.project.root)

    def package_version(self, name: str) -> str | None:
        """The resolved version of one Unity package, or None when the project does not have it."""
        package = self.packages.packages.get(name)
        return getattr(package, "version", None) if package is not None else None

    def progress(self, done: float, total: float | None = None, message: str | None = None) -> None:
        """Report progress; also the point where a cancelled call stops (before anything is committed)."""
        if self.is_cancelled():
            raise Cancelled()
        self.progress_callback(done, total, message)
