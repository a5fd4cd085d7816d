"""What a camera's fields mean, in either layout: effective priority, targets, lens, enabled state.

Priority: CM2 `m_Priority`. CM3 `Priority.m_Value` counts only when `Priority.Enabled` is 1
(PrioritySettings.Value returns 0 otherwise), and a file older than streaming version 20220601 with a non-zero
`m_LegacyPriority` gets that value copied into `Priority` when Unity loads it (PerformLegacyUpgrade), so that is
the effective priority then. CM3 look-at: `Target.LookAtTarget` counts only with `CustomLookAtTarget: 1`, else the
camera looks at its TrackingTarget (CinemachineCamera.LookAt).
"""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, SceneNode, ToolOutput, to_json
from unitycli_cinemachine.layout import CM3, LEGACY_PRIORITY_UPGRADE_BELOW, LENS_FIELDS, MODE_OVERRIDES
from unitycli_cinemachine.locate import CameraSite
from unitycli_cinemachine.values import number


class PriorityInfo(ToolOutput):
    value: int = Field(description="The priority Cinemachine uses (after the rules in the tool description)")
    stored: int = Field(description="m_Priority (2.x) or Priority.m_Value (3.x) as written")
    enabled: bool | None = Field(None, description="3.x Priority.Enabled (the value counts only when 1)")
    legacy_priority: int | None = Field(None, description="3.x m_LegacyPriority")
    streaming_version: int | None = Field(None, description="m_StreamingVersion of the camera")


def priority(site: CameraSite) -> PriorityInfo:
    doc = site.doc
    version = number(doc, "m_StreamingVersion")
    if site.layout.layout != CM3:
        stored = number(doc, "m_Priority", 0)
        return PriorityInfo(value=stored, stored=stored, streaming_version=version)
    stored = number(doc, "Priority.m_Value", 0)
    enabled = number(doc, "Priority.Enabled", 0) != 0
    legacy = number(doc, "m_LegacyPriority", 0)
    value = stored if enabled else 0
    if legacy and version is not None and version < LEGACY_PRIORITY_UPGRADE_BELOW:
        value = legacy
    return PriorityInfo(value=value, stored=stored, enabled=enabled, legacy_priority=legacy,
                        streaming_version=version)


def targets(site: CameraSite) -> tuple[Any, Any, bool | None]:
    """(follow, effective look-at, custom look-at flag) as the raw references."""
    doc, lay = site.doc, site.layout
    if lay.target_enabled is not None and number(doc, lay.target_enabled, 0) == 0:
        return None, None, None
    follow = doc.get(lay.follow, None) if lay.follow else None
    look_at = doc.get(lay.look_at, None) if lay.look_at else None
    custom = None
    if lay.custom_look_at is not None:
        custom = number(doc, lay.custom_look_at, 0) != 0
        if not custom:
            look_at = follow
    return follow, look_at, custom


def enabled(doc: Any) -> bool:
    on: bool = number(doc, "m_Enabled", 1) != 0
    return on


def active_in_hierarchy(node: SceneNode) -> bool:
    current: SceneNode | None = node
    while current is not None:
        if current.active is False:
            return False
        current = current.parent
    return True


class Lens(ToolOutput):
    field_of_view: float | None = Field(None, description="Vertical field of view, degrees")
    orthographic_size: float | None = None
    near_clip_plane: float | None = None
    far_clip_plane: float | None = None
    dutch: float | None = Field(None, description="Roll, degrees")
    mode_override: str | None = Field(None, description="None | Orthographic | Perspective | Physical")
    other: dict[str, Any] = Field(description=("The lens's other fields as written (2.x: LensShift, GateFit, "
                                               "FocusDistance, m_SensorSize, HDRP fields; 3.x: PhysicalProperties)"))


def lens(site: CameraSite) -> Lens | None:
    path = site.layout.lens
    if path is None:
        return None
    raw = site.doc.get(path, {})
    raw = raw if isinstance(raw, dict) else {}

    def num(key: str) -> float | None:
        value = raw.get(key)
        return value if isinstance(value, int | float) else None

    mode = raw.get("ModeOverride")
    return Lens(field_of_view=num("FieldOfView"), orthographic_size=num("OrthographicSize"),
                near_clip_plane=num("NearClipPlane"), far_clip_plane=num("FarClipPlane"), dutch=num("Dutch"),
                mode_override=MODE_OVERRIDES.get(mode, str(mode)) if mode is not None else None,
                other={k: to_json(v) for k, v in raw.items() if k not in LENS_FIELDS and k != "ModeOverride"})
