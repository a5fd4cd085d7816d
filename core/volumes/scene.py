"""Volume components (`UnityEngine.Rendering.Volume`, script `17251560…`) in the project's scenes and prefabs.

Fields are the same in core 14.0.9 … 17.2.0: `m_IsGlobal`, `priority`, `blendDistance`, `weight`, `sharedProfile`
(the runtime-only `profile` is not serialized). A local volume takes its shape from colliders on its GameObject.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import NextAction
from unitycli.scene.components import components_of
from unitycli.scene.scripts import ScriptComponent, UnreadableFile, find_script_components
from unitycli.scene.tree import SceneModel, SceneNode
from unitycli.unityyaml import Document, Ref
from unitycli.unityyaml.values import FLOAT32_MAX
from unitycli.volumes.model import VOLUME_SCRIPT_GUID

VOLUME_FIELDS = ("m_IsGlobal", "priority", "blendDistance", "weight", "sharedProfile")


@dataclass
class SceneVolume:
    """One Volume component: where it is and its serialized fields (`profile` is the sharedProfile reference)."""

    file: str
    game_object: str
    game_object_file_id: int
    file_id: int
    enabled: bool
    is_global: bool
    priority: float
    blend_distance: float
    weight: float
    profile: Ref | None
    found: ScriptComponent


def read_volume(found: ScriptComponent) -> SceneVolume:
    doc = found.component
    body = doc.to_python()
    is_global = body.get("m_IsGlobal", body.get("isGlobal", 1))
    profile = body.get("sharedProfile")
    return SceneVolume(found.file, found.node.path, found.node.file_id, doc.file_id, bool(body.get("m_Enabled", 1)),
                       bool(is_global), body.get("priority", 0), body.get("blendDistance", 0), body.get("weight", 1),
                       profile if isinstance(profile, Ref) and not profile.is_null else None, found)


def find_volumes(ctx: ToolContext, files: Iterable[str] | None = None) -> tuple[list[SceneVolume], list[UnreadableFile]]:
    """Every Volume in `files` (default: every scene and prefab under Assets/ that references the script), and the
    files that could not be read, each with the reason."""
    search = find_script_components(ctx, [VOLUME_SCRIPT_GUID], files)
    return [read_volume(c) for c in search.components], search.unreadable


@dataclass(frozen=True)
class VolumeEdit:
    """The Volume fields one edit sets; None leaves a field alone. `profile` is the new sharedProfile reference
    (`Ref(0)` clears it); the pipeline extension resolves it, because only it knows its profile lookup."""

    is_global: bool | None = None
    priority: float | None = None
    blend_distance: float | None = None
    weight: float | None = None
    enabled: bool | None = None
    profile: Ref | None = None


# What the core package allows (same in 14.0.9 and 17.0.3): Runtime/Volume/Volume.cs `[Range(0f, 1f)] weight`;
# Editor/Volume/VolumeEditor.cs clamps blendDistance with `Mathf.Max(…, 0f)`; priority is any float.
VOLUME_RANGES: dict[str, tuple[float | None, float | None]] = {
    "priority": (None, None), "blendDistance": (0.0, None), "weight": (0.0, 1.0)}


def volume_on(model: SceneModel, node: SceneNode, path: str, file_id: int | None = None,
              next_actions: list[NextAction] | None = None) -> Document:
    """The one Volume component on `node` (or the one with `file_id`): E_COMPONENT_NOT_FOUND when there is none,
    E_COMPONENT_AMBIGUOUS when several remain and no fileID chooses."""
    found = [c for c in components_of(model, node) if c.script_guid == VOLUME_SCRIPT_GUID and not c.missing]
    if file_id is not None:
        found = [c for c in found if c.file_id == file_id]
    if not found:
        which = f" with fileID {file_id}" if file_id is not None else ""
        raise UnityCliError("E_COMPONENT_NOT_FOUND", f"GameObject {node.path!r} in {path} has no Volume{which}",
                            details={"file": path, "gameObject": node.path, "fileID": file_id},
                            next_actions=next_actions or [])
    if len(found) > 1:
        raise UnityCliError("E_COMPONENT_AMBIGUOUS", f"GameObject {node.path!r} has {len(found)} Volumes; give the "
                            "Volume's fileID", details={"file": path, "fileIDs": [c.file_id for c in found]})
    return model.file.get(found[0].file_id)


def _number(key: str, value: float) -> float | int:
    if math.isfinite(value) and abs(value) > FLOAT32_MAX:
        raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"{key} {value} is beyond ±3.4028235e38, the float32 range of "
                            "the Volume's fields; nothing was written",
                            details={"path": key, "value": value, "limit": "±3.4028235e38"})
    lo, hi = VOLUME_RANGES[key]
    if not math.isfinite(value) or (lo is not None and value < lo) or (hi is not None and value > hi):
        span = f"{lo if lo is not None else '-∞'} … {hi if hi is not None else '∞'}"
        raise UnityCliError("E_SCHEMA_INVALID", f"{key} {value} is outside {span}",
                            details={"path": key, "value": value if math.isfinite(value) else str(value),
                                     "min": lo, "max": hi})
    return int(value) if float(value).is_integer() else value


def _wanted(doc: Document, edit: VolumeEdit) -> dict[str, Any]:
    wanted: dict[str, Any] = {}
    if edit.is_global is not None:
        # serializations before core 10 wrote `isGlobal`; write back to whichever key the file has
        key = "isGlobal" if doc.has("isGlobal") and not doc.has("m_IsGlobal") else "m_IsGlobal"
        wanted[key] = int(edit.is_global)
    for key, value in (("priority", edit.priority), ("blendDistance", edit.blend_distance),
                       ("weight", edit.weight)):
        if value is not None:
            wanted[key] = _number(key, value)
    if edit.enabled is not None:
        wanted["m_Enabled"] = int(edit.enabled)
    if edit.profile is not None:
        wanted["sharedProfile"] = edit.profile
    return wanted


def edit_volume(doc: Document, edit: VolumeEdit, path: str) -> list[str]:
    """Apply `edit` to the Volume document: every value is checked and every key found before anything changes,
    so a refused edit writes nothing. Returns the keys whose value changed, in field order."""
    wanted = _wanted(doc, edit)
    if not wanted:
        raise UnityCliError("E_SCHEMA_INVALID", "nothing to change: give isGlobal, priority, blendDistance, weight, "
                            "enabled or a profile", details={"path": "(root)"})
    for key in wanted:
        if not doc.has(key):
            raise UnityCliError("E_PROPERTY_NOT_FOUND", f"the Volume &{doc.file_id} in {path} has no {key} "
                                "(a serialization this tool does not know)",
                                details={"file": path, "fileID": doc.file_id, "property": key})
    changed = []
    for key, value in wanted.items():
        if doc.get(key) != value:
            doc.set(key, value)
            changed.append(key)
    return changed
