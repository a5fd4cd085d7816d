"""What to do instead of editing a prefab instance's component directly: the prefab.set-override call that writes
the same value as an override, with its target resolved in the source prefab when it can be.

Used by component.set, which refuses prefab instances (`E_PREFAB_INSTANCE_UNSUPPORTED`): their components live
in the source prefab. A path that goes on inside an instance (`Lantern/Lantern Light`) names an object of the source
prefab, which the scene does not hold; it gets the same answer, with the override's target found by that path.
"""

from __future__ import annotations

from typing import Any

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command, tool_command
from unitycli.plugins.scenes.common import Names
from unitycli.plugins.scenes.prefab_sources import SourcePrefabs
from unitycli.scene import SceneModel, SceneNode, instance_unsupported
from unitycli.scene.tree import component_ref
from unitycli.unityclasses import CLASS_NAMES
from unitycli.unityyaml import UnityYamlFile


def _root_component(sources: SourcePrefabs, node: SceneNode, component: str) -> int | None:
    """The fileID, in the source prefab, of the one component of class `component` on its root GameObject."""
    root = sources.root_of(node)
    source = sources.file(node.source_prefab_guid) if node.source_prefab_guid else None
    if root is None or source is None:
        return None
    return _component_on(source, root.game_object, component)


def _component_on(source: UnityYamlFile, game_object: int, component: str) -> int | None:
    """The fileID of the one component of class (or fileID) `component` on a GameObject of `source`."""
    go = source.find(game_object)
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


def instance_override_error(ctx: ToolContext, names: Names, file: str, node: SceneNode, component: str, prop: str,
                            value: Any, target: int | None = None,
                            why: str = "its components live in the source prefab; write the value as an override",
                            ) -> UnityCliError:
    """E_PREFAB_INSTANCE_UNSUPPORTED whose next actions write the value as an override instead."""
    if target is None:
        target = _root_component(SourcePrefabs(ctx, names), node, component)
    listing = tool_command("prefab.get-overrides", {"file": file, "gameObject": node.file_id},
                           project=ctx.project.root)
    if target is None:  # the source prefab is not readable here: say how, and give calls that run
        error = instance_unsupported(node, why + " with prefab.set-override, its target the component's fileID in "
                                     "the source prefab (prefab.hierarchy on the source lists them)")
        error.next_actions = [listing, describe_command("prefab.set-override")]
    else:
        error = instance_unsupported(node, why)
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


def instance_child_error(ctx: ToolContext, names: Names, file: str, model: SceneModel, path: str, component: str, prop: str,
                         value: Any) -> UnityCliError | None:
    """For a path inside a prefab instance (`Instance/Child`), the override answer; None when no instance in the
    file starts the path."""
    text = str(path).strip().strip("/")
    instances = {n.path: n for n in model.walk() if n.is_instance}
    prefix = next((p for p in sorted(instances, key=len, reverse=True) if text.startswith(p + "/")), None)
    if prefix is None:
        return None
    node, rest = instances[prefix], text[len(prefix) + 1:]
    sources = SourcePrefabs(ctx, names)
    source = sources.file(node.source_prefab_guid) if node.source_prefab_guid else None
    target = None
    if source is not None:
        inner = SceneModel(source)
        wanted = f"{inner.roots[0].name}/{rest}" if len(inner.roots) == 1 else None
        hits = [n for n in inner.walk() if n.path == wanted and not n.is_instance]
        target = _component_on(source, hits[0].file_id, component) if len(hits) == 1 else None
    error = instance_override_error(
        ctx, names, file, node, component, prop, value, target=target,
        why=f"{text!r} is inside it, in its source prefab; write the value as an override of the instance")
    error.details["gameObjectPath"] = text
    return error
