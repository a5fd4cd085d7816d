"""Volume components (`UnityEngine.Rendering.Volume`, script `17251560…`) in the project's scenes and prefabs.

Fields are the same in core 14.0.9 … 17.2.0: `m_IsGlobal`, `priority`, `blendDistance`, `weight`, `sharedProfile`
(the runtime-only `profile` is not serialized). A local volume takes its shape from colliders on its GameObject.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from unitycli.scene.scripts import ScriptComponent, UnreadableFile, find_script_components
from unitycli.unityyaml import Ref
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


def find_volumes(ctx: Any, files: Iterable[str] | None = None) -> tuple[list[SceneVolume], list[UnreadableFile]]:
    """Every Volume in `files` (default: every scene and prefab under Assets/ that references the script), and the
    files that could not be read, each with the reason."""
    search = find_script_components(ctx, [VOLUME_SCRIPT_GUID], files)
    return [read_volume(c) for c in search.components], search.unreadable
