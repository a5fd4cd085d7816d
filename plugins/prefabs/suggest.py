"""What to do instead of editing a prefab instance's component directly: the prefab.set-override call that writes
the same value as an override, with its target resolved in the source prefab when it can be.

Used by component.set, which refuses prefab instances (`E_PREFAB_INSTANCE_UNSUPPORTED`): their components live
in the source prefab.
"""

from __future__ import annotations

from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.scenes.common import Names
from unitycli.plugins.scenes.prefab_sources import SourcePrefabs
from unitycli.scene import SceneNode, instance_unsupported
from unitycli.scene.tree import component_ref
from unitycli.unityclasses import CLASS_NAMES


def _root_component(sources: SourcePrefabs, node: SceneNode, component: str) -> int | None:
    """The fileID, in the source prefab, of the one component of class `component` on its root GameObject."""
    root = sources.root_of(node)
    source = sources.file(node.source_prefab_guid) if node.source_prefab_guid else None
    go = source.find(root.game_object) if root is not None and source is not None else None
    if go is None or go.stripped:
        return None
    wanted = component.strip()
    hits = []
    for entry in go.get("m_Component", []) or []:
        ref = component_ref(entry)  # `{component: Ref}`, or `{<classID>: Ref}` in Unity 5.x files
        doc = source.find(ref.file_id) if ref is not None and ref.guid is None else None
        if doc is not None and wanted in (doc.class_name, CLASS_NAMES.get(doc.class_id), str(doc.file_id)):
            hits.append(doc.file_id)
    return hits[0] if len(hits) == 1 else None


def instance_override_error(ctx: Any, names: Names, file: str, node: SceneNode, component: str, prop: str,
                            value: Any) -> UnityCliError:
    """E_PREFAB_INSTANCE_UNSUPPORTED whose next actions write the value as an override instead."""
    error = instance_unsupported(node, "its components live in the source prefab; write the value as an override")
    target = _root_component(SourcePrefabs(ctx, names), node, component)
    listing = tool_command("prefab.get-overrides", {"file": file, "gameObject": node.file_id},
                           project=ctx.project.root)
    if target is None:
        error.next_actions = [listing, "Then prefab.set-override with target set to the component's fileID in the "
                                       "source prefab (prefab.hierarchy lists them)"]
    else:
        base = {"file": file, "gameObject": node.file_id, "target": {"fileID": target}}
        error.next_actions = [tool_command("prefab.set-override", {**base, **change}, project=ctx.project.root)
                              for change in _changes(prop, value)] + [listing]
    error.details["overrideTarget"] = target
    return error


def _changes(prop: str, value: Any) -> list[dict[str, Any]]:
    """One override per scalar: Unity overrides `m_LocalPosition.x`, not the whole vector; a reference is an
    objectReference with an empty value."""
    if isinstance(value, dict) and "fileID" in value:
        return [{"propertyPath": prop, "objectReference": value}]
    if isinstance(value, dict) and all(isinstance(v, int | float | str | bool) for v in value.values()):
        return [{"propertyPath": f"{prop}.{key}", "value": v} for key, v in value.items()]
    return [{"propertyPath": prop, "value": value}]
