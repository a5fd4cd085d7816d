"""The one path every camera edit takes: find the camera for writing, change fields, stage the file.

Only the values that change are rewritten (the core's document edits splice one value and emit it in Unity's
style), so the rest of the file stays byte-identical, and the staged file is what both the dry-run diff and the
commit show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unitycli.api import Document, ToolContext
from unitycli_cinemachine import locate
from unitycli_cinemachine.inputs import CameraEdit, EditResult


def set_field(doc: Document, path: str, value: Any, changed: list[str]) -> None:
    """Set `path` to `value`; record the path in `changed` when the text really changed."""
    before = doc.text
    doc.set(path, value)
    if doc.text != before:
        changed.append(path)


def run_camera_edit(ctx: ToolContext, request: CameraEdit, change: Callable[[locate.CameraSite], list[str]]) -> EditResult:
    loaded, site = locate.find_camera(ctx, request.file, request.game_object,
                                      expected_revision=request.expected_revision, for_write=True)
    changed = change(site)
    if changed:
        loaded.save(ctx)
    return EditResult(file=loaded.path, game_object=site.path, file_id=site.doc.file_id, layout=site.layout.layout,
                      changed_fields=changed, revision=ctx.transaction.revision(loaded.path) or loaded.revision)
