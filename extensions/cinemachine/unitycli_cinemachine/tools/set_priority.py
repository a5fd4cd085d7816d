"""`cinemachine.set-priority`: write a camera's priority in the layout its fields show."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolSpec
from unitycli_cinemachine import locate
from unitycli_cinemachine.editing import run_camera_edit, set_field
from unitycli_cinemachine.inputs import (
    CM2_CAMERA,
    CM2_SCENE,
    CM3_CAMERA,
    CM3_SCENE,
    EDIT_HINTS,
    EXAMPLE_NOTE,
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


SPEC = ToolSpec(
    name="cinemachine.set-priority", title="Set a Cinemachine camera's priority",
    summary="Set the priority of a Cinemachine camera (2.x m_Priority, 3.x Priority).",
    description=("Writes the priority in the layout the camera's fields show: 2.x `m_Priority`; 3.x "
                 "`Priority.m_Value` with `Priority.Enabled: 1` (a disabled priority counts as 0). In 3.x a non-zero "
                 "`m_LegacyPriority` is set to 0, since Unity would copy it over the new priority when it loads a "
                 "file older than streaming version 20220601; `m_StreamingVersion` is left as is (other legacy "
                 "upgrades depend on it). Only the changed lines are rewritten. Supports --dry-run." + EXAMPLE_NOTE),
    input_model=SetPriorityInput, output_model=EditResult, handler=set_priority,
    **EDIT_HINTS,
    examples=({"file": CM2_SCENE, "gameObject": CM2_CAMERA, "priority": 20},
              {"file": CM3_SCENE, "gameObject": CM3_CAMERA, "priority": 20}),
)
