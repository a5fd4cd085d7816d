"""`cinemachine.set-lens`: change a camera's lens fields (field of view, ortho size, clip planes, dutch)."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, UnityCliError
from unitycli_cinemachine import locate
from unitycli_cinemachine.editing import run_camera_edit, set_field
from unitycli_cinemachine.inputs import (
    CameraEdit,
    EditResult,
)
from unitycli_cinemachine.layout import LENS_FIELDS
from unitycli_cinemachine.values import number

# LensSettings.Validate (2.9.x and 3.1.x alike): FieldOfView clamped to [0.01, 179], FarClipPlane raised to at
# least NearClipPlane + 0.001; the inspector's Dutch slider is [-180, 180].
MIN_CLIP_GAP = 0.001


class SetLensInput(CameraEdit):
    field_of_view: float | None = Field(None, ge=0.01, le=179, description="Vertical field of view, degrees")
    orthographic_size: float | None = Field(None, gt=0, description="Half the vertical size, world units (orthographic)")
    near_clip_plane: float | None = Field(None, description="Near clip plane distance")
    far_clip_plane: float | None = Field(None, description="Far clip plane distance; must exceed the near plane")
    dutch: float | None = Field(None, ge=-180, le=180, description="Roll, degrees")


_INPUTS = {"FieldOfView": "field_of_view", "OrthographicSize": "orthographic_size", "NearClipPlane": "near_clip_plane",
           "FarClipPlane": "far_clip_plane", "Dutch": "dutch"}


def set_lens(ctx: ToolContext, request: SetLensInput) -> EditResult:
    wanted = {key: getattr(request, attr) for key, attr in _INPUTS.items() if getattr(request, attr) is not None}
    if not wanted:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", "give at least one lens field to set",
                            details={"fields": [f.replace("_", " ") for f in _INPUTS.values()]})

    def change(site: locate.CameraSite) -> list[str]:
        lens = site.layout.lens
        if lens is None:
            raise UnityCliError("E_CINEMACHINE_LAYOUT_UNKNOWN",
                                f"the {site.class_name} on {site.path!r} has no lens (m_Lens or Lens)",
                                details={"file": site.file, "gameObject": site.path, "class": site.class_name})
        doc = site.doc
        near = wanted.get("NearClipPlane", number(doc, f"{lens}.NearClipPlane"))
        far = wanted.get("FarClipPlane", number(doc, f"{lens}.FarClipPlane"))
        if near is not None and far is not None and far < near + MIN_CLIP_GAP:
            raise UnityCliError("E_CINEMACHINE_VALUE_INVALID",
                                f"the far clip plane ({far}) must be at least the near clip plane ({near}) + "
                                f"{MIN_CLIP_GAP}: Cinemachine would move it there",
                                details={"nearClipPlane": near, "farClipPlane": far})
        changed: list[str] = []
        for key in LENS_FIELDS:
            if key not in wanted:
                continue
            path = f"{lens}.{key}"
            if doc.has(path):
                set_field(doc, path, wanted[key], changed)
                continue
            previous = [k for k in LENS_FIELDS[: LENS_FIELDS.index(key)] if doc.has(f"{lens}.{k}")]
            if not previous:
                raise UnityCliError("E_CINEMACHINE_LAYOUT_UNKNOWN", f"{path} is missing and has no place to go",
                                    details={"file": site.file, "path": path})
            doc.insert_key(lens, key, wanted[key], after=previous[-1])
            changed.append(path)
        return changed
    return run_camera_edit(ctx, request, change)
