"""CinemachineBlenderSettings assets: the custom blends a brain (or a manager camera) uses, in either layout.

The asset is a ScriptableObject `--- !u!114 &11400000` with script GUID
36baaa8bdcb9d8b49b9199833965d2c3 (the same in both majors). 2.x writes `m_CustomBlends:` entries
`{m_From, m_To, m_Blend: {m_Style, m_Time, m_CustomCurve}}`; 3.x `CustomBlends:` entries `{From, To, Blend: {Style,
Time, CustomCurve}}` (FormerlySerializedAs the 2.x names, so a 2.x asset loads in 3.x unchanged). From / To are
camera GameObject names; `**ANY CAMERA**` is the wildcard. Lookup order: exact From→To, else ANY→To, else
From→ANY; an ANY→ANY entry replaces the default blend.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unitycli.api import Document, Field, Ref, ToolOutput, UnityCliError, UnityYamlFile
from unitycli_cinemachine import brain
from unitycli_cinemachine.layout import CM2, CM3
from unitycli_cinemachine.values import number

BLENDER_SETTINGS_GUID = "36baaa8bdcb9d8b49b9199833965d2c3"
ANY_CAMERA = "**ANY CAMERA**"
MONO_BEHAVIOUR = 114


class BlendInfo(ToolOutput):
    style: str | None = Field(description="Cut | EaseInOut | EaseIn | EaseOut | HardIn | HardOut | Linear | Custom")
    time: float | None = Field(description="Duration, seconds")
    custom_curve_keys: int = Field(description="Keys of the custom curve (used by the Custom style)")


class CustomBlend(BlendInfo):
    index: int = Field(description="Position in the asset's list")
    from_camera: str = Field(alias="from", description="Camera GameObject name, or **ANY CAMERA**")
    to_camera: str = Field(alias="to", description="Camera GameObject name, or **ANY CAMERA**")


@dataclass
class Blender:
    """The BlenderSettings object of an asset and the spelling of its fields."""

    doc: Document
    layout: str

    def key(self, name: str) -> str:
        """A field by its 3.x name (`CustomBlends`, `From`, `Blend.Style`), in this layout's spelling."""
        return ".".join(("m_" if self.layout == CM2 else "") + part for part in name.split("."))

    def entries(self) -> list[dict[str, Any]]:
        value = self.doc.get(self.key("CustomBlends"), [])
        return [e for e in value if isinstance(e, dict)] if isinstance(value, list) else []


def blend_info(value: Any, key: Callable[[str], str]) -> dict[str, Any]:
    """style/time/customCurveKeys of a blend definition mapping (`key` spells its field names)."""
    value = value if isinstance(value, dict) else {}
    time = value.get(key("Time"))
    curve = value.get(key("CustomCurve"), {})
    keys = curve.get("m_Curve", []) if isinstance(curve, dict) else []
    return {"style": brain.name_of(brain.BLEND_STYLES, value.get(key("Style"))),
            "time": float(time) if isinstance(time, int | float) and not isinstance(time, bool) else None,
            "custom_curve_keys": len(keys) if isinstance(keys, list) else 0}


def find_blender(yaml: UnityYamlFile, path: str) -> Blender:
    for doc in yaml.of_class(MONO_BEHAVIOUR):
        script = doc.get("m_Script", None)
        if isinstance(script, Ref) and (script.guid or "").lower() == BLENDER_SETTINGS_GUID:
            if doc.has("CustomBlends"):
                return Blender(doc, CM3)
            if doc.has("m_CustomBlends"):
                return Blender(doc, CM2)
            raise UnityCliError("E_CINEMACHINE_LAYOUT_UNKNOWN",
                                f"the CinemachineBlenderSettings in {path} has neither m_CustomBlends (2.x) nor "
                                "CustomBlends (3.x)", details={"file": path, "fileID": doc.file_id})
    raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"{path} is not a CinemachineBlenderSettings asset",
                        details={"file": path, "script": BLENDER_SETTINGS_GUID})


def custom_blends(blender: Blender) -> list[CustomBlend]:
    out = []
    for i, entry in enumerate(blender.entries()):
        key = blender.key
        out.append(CustomBlend(index=i, from_camera=str(entry.get(key("From"), "") or ""),
                               to_camera=str(entry.get(key("To"), "") or ""),
                               **blend_info(entry.get(key("Blend")), key)))
    return out


def brain_default(doc: Document, key: Callable[[str], str]) -> BlendInfo:
    time = number(doc, key("DefaultBlend.Time"))
    curve = doc.get(key("DefaultBlend.CustomCurve.m_Curve"), [])
    return BlendInfo(style=brain.name_of(brain.BLEND_STYLES, doc.get(key("DefaultBlend.Style"), None)),
                     time=float(time) if time is not None else None,
                     custom_curve_keys=len(curve) if isinstance(curve, list) else 0)
