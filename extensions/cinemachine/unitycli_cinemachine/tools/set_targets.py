"""`cinemachine.set-targets`: point a camera's Follow / LookAt at GameObjects of the same file, or clear them."""

from __future__ import annotations

import re
from typing import Any

from unitycli.api import (
    GAMEOBJECT_DESCRIPTION,
    Field,
    Ref,
    SceneModel,
    ToolContext,
    UnityCliError,
    find_gameobject,
)
from unitycli_cinemachine import locate, read
from unitycli_cinemachine.editing import run_camera_edit, set_field
from unitycli_cinemachine.inputs import (
    CameraEdit,
    EditResult,
)
from unitycli_cinemachine.values import number, target_path

TRANSFORM_CLASSES = (4, 224)
_FILE_ID = re.compile(r"^&?-?[0-9]+$")
TARGET_DESCRIPTION = (GAMEOBJECT_DESCRIPTION + " of the target, in the same file, or a Transform's fileID; null "
                      "clears the target; omitted: unchanged")


class SetTargetsInput(CameraEdit):
    follow: str | int | None = Field(None, description="Follow (2.x m_Follow) / Tracking target (3.x): " + TARGET_DESCRIPTION)
    look_at: str | int | None = Field(None, description="LookAt target: " + TARGET_DESCRIPTION)


class SetTargetsOutput(EditResult):
    follow: str | None = Field(description="GameObject path of the Follow / Tracking target after the edit")
    look_at: str | None = Field(description="GameObject path of the effective LookAt target after the edit")


def transform_ref(model: SceneModel, spec: str | int, what: str) -> Ref:
    """The Transform reference Cinemachine stores for a target: the GameObject's Transform, a prefab instance's
    only stripped Transform in this file, or a Transform named by its fileID."""
    text = str(spec).strip()
    if _FILE_ID.match(text):
        doc = model.file.find(int(text.lstrip("&")))
        if doc is not None and doc.class_id in TRANSFORM_CLASSES:
            return Ref(doc.file_id)
    node = find_gameobject(model, spec)
    if not node.is_instance:
        if node.transform_id is None:
            raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"{what} {node.path!r} has no Transform",
                                details={"target": spec, "gameObject": node.path})
        return Ref(node.transform_id)
    transforms = [fid for fid in model.stripped_of(node.file_id)
                  if (doc := model.file.find(fid)) is not None and doc.class_id in TRANSFORM_CLASSES]
    if len(transforms) == 1:
        return Ref(transforms[0])
    why = ("the file holds no Transform of it to reference (reference it once in the Editor)" if not transforms
           else "the file holds several of its Transforms; name one by fileID")
    raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"{what} {node.path!r} is a prefab instance and {why}",
                        details={"target": spec, "gameObject": node.path, "transformFileIDs": transforms})


def set_targets(ctx: ToolContext, request: SetTargetsInput) -> SetTargetsOutput:
    given = request.model_fields_set & {"follow", "look_at"}
    if not given:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", "give follow and/or lookAt (null clears one)",
                            details={"fields": ["follow", "lookAt"]})
    after: dict[str, Any] = {}

    def change(site: locate.CameraSite) -> list[str]:
        doc, lay = site.doc, site.layout
        changed: list[str] = []
        if lay.follow is None or lay.look_at is None:
            raise UnityCliError("E_CINEMACHINE_LAYOUT_UNKNOWN",
                                f"the {site.class_name} on {site.path!r} has no Follow/LookAt targets",
                                details={"file": site.file, "gameObject": site.path, "class": site.class_name})
        follow = transform_ref(site.model, request.follow, "follow") if request.follow is not None else Ref(0)
        look_at = transform_ref(site.model, request.look_at, "lookAt") if request.look_at is not None else Ref(0)
        if lay.target_enabled is not None:
            set_field(doc, lay.target_enabled, 1, changed)
        if "follow" in given:
            set_field(doc, lay.follow, follow, changed)
        if "look_at" in given:
            set_field(doc, lay.look_at, look_at, changed)
            if lay.custom_look_at is not None:
                # 3.x: LookAtTarget counts only with CustomLookAtTarget: 1; without it the camera looks at its
                # Tracking target, so keep 0 only when that already is the wanted target.
                tracking = doc.get(lay.follow, None)
                same = isinstance(tracking, Ref) and tracking == look_at and not look_at.is_null
                if not (same and number(doc, lay.custom_look_at, 0) == 0):
                    set_field(doc, lay.custom_look_at, 1, changed)
        now_follow, now_look_at, _ = read.targets(site)
        after["follow"] = target_path(site.model, now_follow)
        after["look_at"] = target_path(site.model, now_look_at)
        return changed

    result = run_camera_edit(ctx, request, change)
    return SetTargetsOutput(**result.model_dump(), **after)
