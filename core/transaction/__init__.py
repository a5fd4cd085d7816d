"""The transaction layer: every project write goes through a Transaction (staging, dry-run, atomic commit).

Names are exported lazily so `unitycli.transaction.editor_guard` and `paths` stay importable without pydantic
(project selection calls the editor guard on the `instances list` path, which must start fast).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unitycli.lazy_exports import lazy_exports

_EXPORTS = {
    "Transaction": "transaction",
    "PlannedEffects": "effects",
    "FileDiff": "effects",
    "CommitResult": "effects",
    "recover": "recovery",
    "RecoveryReport": "recovery",
    "resolve_inside": "paths",
    "project_relative": "paths",
    "revision_of": "revision",
    "check_revision": "revision",
    "editor_status": "editor_guard",
    "ensure_editor_closed": "editor_guard",
    "EditorState": "editor_guard",
    "ProjectLock": "locking",
}

__all__ = [
    "CommitResult", "EditorState", "FileDiff", "PlannedEffects", "ProjectLock", "RecoveryReport", "Transaction",
    "check_revision", "editor_status", "ensure_editor_closed", "project_relative", "recover", "resolve_inside",
    "revision_of",
]

if TYPE_CHECKING:
    from unitycli.transaction.editor_guard import EditorState, editor_status, ensure_editor_closed
    from unitycli.transaction.effects import CommitResult, FileDiff, PlannedEffects
    from unitycli.transaction.locking import ProjectLock
    from unitycli.transaction.paths import project_relative, resolve_inside
    from unitycli.transaction.recovery import RecoveryReport, recover
    from unitycli.transaction.revision import check_revision, revision_of
    from unitycli.transaction.transaction import Transaction

__getattr__ = lazy_exports(__name__, _EXPORTS)
