"""`cinemachine.set-priority`: write a camera's priority in the layout its fields show."""

from __future__ import annotations

from unitycli.api import Field, ToolContext
from unitycli_cinemachine import locate
from unitycli_cinemachine.editing import run_camera_edit, set_field
from unitycli_cinemachine.inputs import (
    CameraEdit,
    EditResult,
)
from unitycli_cinemachine.layout import CM3
from unitycli_cinemachine.values import number

INT32 = 2**31


class SetPriorityInput(CameraEdit):
    priority: int = Field(ge=-INT32, lt=INT32, description="The new priority (a 32-bit int); higher wins")


def set_priority(ctx: ToolContext, request: SetPriorityInput) -> EditResult:
    def change(site: locate.CameraSite) -> list[str]:
        doc = site.doc
        changed: list[str] = []
        if site.layout.layout != CM3:
            set_field(doc, "m_Priority", request.priority, changed)
            return changed
        set_field(doc, "Priority.m_Value", request.priority, changed)
        set_field(doc, "Priority.Enabled", 1, changed)
        # A non-zero m_LegacyPriority would overwrite Priority when Unity loads a file older than streaming
        # version 20220601 (PerformLegacyUpgrade), and means nothing otherwise: Unity zeroes it after the upgrade.
        if number(doc, "m_LegacyPriority", 0):
            set_field(doc, "m_LegacyPriority", 0, changed)
        return changed
    return run_camera_edit(ctx, request, change)
