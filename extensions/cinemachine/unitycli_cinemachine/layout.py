"""Which serialized layout a Cinemachine component is written in (cm2 | cm3), read from its fields.

The script GUID cannot decide it: CM3 loads CM2 files through `Runtime/Deprecated` classes with the CM2 GUIDs,
and the brain, HardLookAt, Perlin… keep their GUID across the rename of their fields. So the fields decide
(checked key for key on the fixtures):

- camera, CM2 (2.9.5 … 2.10.7, and CM2 files inside a CM3 project): `m_Priority` (CinemachineVirtualCameraBase),
  `m_Lens` and `m_Follow` / `m_LookAt` (CinemachineVirtualCamera, FreeLook) — chicken-defense `Game.unity`;
- camera, CM3 (3.1.1 … 3.1.8-pre.1): `Priority: {Enabled, m_Value}` (PrioritySettings), `Lens` and
  `Target: {TrackingTarget, LookAtTarget, CustomLookAtTarget}` (CinemachineCamera), managers `DefaultTarget` —
  minigolf `Game.unity`. A CM2 class re-saved by CM3 has the CM3 base (`Priority`) with the CM2 body
  (`m_Lens`, `m_Follow`): the priority follows the base, the lens and targets their own keys;
- brain: `m_UpdateMethod`, `m_DefaultBlend: {m_Style, m_Time, m_CustomCurve}` (CM2) or `UpdateMethod`,
  `DefaultBlend: {Style, Time, CustomCurve}` (CM3).
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.api import Document, Mapping, UnityCliError

CM2 = "cm2"
CM3 = "cm3"

# CM3 `m_StreamingVersion` below which Unity copies a non-zero `m_LegacyPriority` into `Priority` on load
# (CinemachineVirtualCameraBase.PerformLegacyUpgrade).
LEGACY_PRIORITY_UPGRADE_BELOW = 20220601

LENS_FIELDS = ("FieldOfView", "OrthographicSize", "NearClipPlane", "FarClipPlane", "Dutch")
MODE_OVERRIDES = {0: "None", 1: "Orthographic", 2: "Perspective", 3: "Physical"}


def _mapping(doc: Document, key: str) -> Mapping | None:
    body = doc.root
    node = body.get(key) if isinstance(body, Mapping) else None
    return node if isinstance(node, Mapping) and node.as_ref() is None else None


def _has(doc: Document, key: str) -> bool:
    body = doc.root
    return isinstance(body, Mapping) and key in body


@dataclass(frozen=True)
class CameraLayout:
    """Where a camera keeps what the tools read and write (property paths), and which major wrote it."""

    layout: str  # cm2 | cm3: the base class's layout (where the priority lives)
    lens: str | None  # "m_Lens" | "Lens" | None (managers have no lens)
    follow: str | None
    look_at: str | None
    custom_look_at: str | None = None  # CM3 CinemachineCamera: LookAtTarget counts only when this is 1
    target_enabled: str | None = None  # CM3 managers: DefaultTarget counts only when this is 1

    @property
    def priority(self) -> str:
        return "Priority.m_Value" if self.layout == CM3 else "m_Priority"


def camera_layout(doc: Document) -> CameraLayout:
    """The layout of a camera component from its fields; `E_CINEMACHINE_LAYOUT_UNKNOWN` when it has neither."""
    priority = _mapping(doc, "Priority")
    if priority is not None and "Enabled" in priority and "m_Value" in priority:
        layout = CM3
    elif _has(doc, "m_Priority"):
        layout = CM2
    else:
        raise UnityCliError(
            "E_CINEMACHINE_LAYOUT_UNKNOWN",
            f"the camera &{doc.file_id} in {doc.file_name} has neither m_Priority (Cinemachine 2.x) nor "
            "Priority: {Enabled, m_Value} (3.x)",
            details={"file": doc.file_name, "fileID": doc.file_id})
    lens = "Lens" if _mapping(doc, "Lens") is not None else "m_Lens" if _mapping(doc, "m_Lens") is not None else None
    target = _mapping(doc, "Target")
    if target is not None and "TrackingTarget" in target:
        return CameraLayout(layout, lens, "Target.TrackingTarget", "Target.LookAtTarget",
                            custom_look_at="Target.CustomLookAtTarget")
    default = _mapping(doc, "DefaultTarget")
    if default is not None and isinstance(default.get("Target"), Mapping):
        return CameraLayout(layout, lens, "DefaultTarget.Target.TrackingTarget", "DefaultTarget.Target.LookAtTarget",
                            custom_look_at="DefaultTarget.Target.CustomLookAtTarget",
                            target_enabled="DefaultTarget.Enabled")
    return CameraLayout(layout, lens, "m_Follow" if _has(doc, "m_Follow") else None,
                        "m_LookAt" if _has(doc, "m_LookAt") else None)


@dataclass(frozen=True)
class BrainLayout:
    layout: str
    prefix: str  # "m_" in CM2, "" in CM3

    def key(self, name: str) -> str:
        """A brain field by its CM3 name (`UpdateMethod`, `DefaultBlend.Style`), in this layout's spelling."""
        return ".".join(self.prefix + part for part in name.split("."))


def brain_layout(doc: Document) -> BrainLayout:
    if _has(doc, "UpdateMethod") and _mapping(doc, "DefaultBlend") is not None:
        return BrainLayout(CM3, "")
    if _has(doc, "m_UpdateMethod") and _mapping(doc, "m_DefaultBlend") is not None:
        return BrainLayout(CM2, "m_")
    raise UnityCliError(
        "E_CINEMACHINE_LAYOUT_UNKNOWN",
        f"the CinemachineBrain &{doc.file_id} in {doc.file_name} has neither m_UpdateMethod/m_DefaultBlend "
        "(Cinemachine 2.x) nor UpdateMethod/DefaultBlend (3.x)",
        details={"file": doc.file_name, "fileID": doc.file_id})
