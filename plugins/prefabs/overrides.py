"""`prefab.get-overrides`, `prefab.set-override`, `prefab.revert-override`: a prefab instance's
`m_Modifications`, read with each target resolved in the source prefab, added or rewritten in Unity's order and
format, and removed one by one or all for a target (`unitycli.scene.overrides`).

A target is an object of the source prefab, given by its fileID there (prefab.hierarchy and prefab.get-overrides
show them); without one, GameObject properties (`m_Name`, `m_TagString`, `m_Layer`, `m_IsActive`, ...) target the
prefab's root GameObject and Transform properties (`m_LocalPosition.x`, ...) its root Transform.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.names import require_new_name
from unitycli.next_actions import tool_command
from unitycli.plugins.scenes.common import (
    GameObjectInput,
    GameObjectWriteInput,
    Names,
    SourcePrefab,
    WriteOutput,
    finish,
    open_model,
)
from unitycli.plugins.scenes.prefab_sources import SourcePrefabs
from unitycli.scene import OBJECT_FILE_SUFFIXES, SceneModel, SceneNode, find_gameobject
from unitycli.scene.overrides import Override, find_override, overrides, remove_override, set_override
from unitycli.scene.prefab_source import describe_object, source_document
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityyaml import Ref, UnityYamlFile, stripped_file_id
from unitycli.unityyaml.values import to_json

_TRANSFORM_PROPERTIES = ("m_LocalPosition", "m_LocalRotation", "m_LocalScale", "m_LocalEulerAnglesHint",
                         "m_RootOrder", "m_ConstrainProportionsScale")
_MAX_DEPTH = 16
_ARRAY_ELEMENT = re.compile(r"data\[(\d+)\]")
_UNKNOWN = object()


class ObjectRef(ToolInput):
    file_id: int = Field(alias="fileID")
    guid: str | None = Field(None, pattern=r"^[0-9a-fA-F]{32}$")
    type: int | None = None


class OverrideItem(ToolOutput):
    index: int = Field(description="Position in m_Modifications")
    target: dict[str, Any] = Field(description="{fileID, guid, type} of the source prefab's object")
    target_class: str | None = Field(None, description="Class of the target in the source prefab, when known")
    target_path: str | None = Field(None, description="Hierarchy path of the target in the source prefab")
    property_path: str
    value: Any
    object_reference: dict[str, Any]


def _item(o: Override, source: UnityYamlFile | None = None, model: SceneModel | None = None,
          sources: SourcePrefabs | None = None) -> OverrideItem:
    described = describe_object(source, o.target.file_id, sources.file, model) \
        if source is not None and sources is not None else None
    return OverrideItem(index=o.index, target=to_json(o.target), property_path=o.property_path,
                        value=to_json(o.value), object_reference=to_json(o.object_reference),
                        target_class=described.class_name if described else None,
                        target_path=described.path if described else None)


def _instance(model: SceneModel, request: Any) -> SceneNode:
    node = find_gameobject(model, request.game_object)
    if not node.is_instance:
        raise UnityCliError("E_PREFAB_INSTANCE_REQUIRED", f"{node.path!r} is a GameObject, not a prefab instance",
                            details={"gameObject": node.path, "fileID": node.file_id},
                            next_actions=[tool_command("gameobject.get", {"file": model.file.name,
                                                                          "gameObject": node.file_id})])
    return node


class GetOverridesInput(GameObjectInput):
    pass


class GetOverridesOutput(ToolOutput):
    file: str
    revision: str
    game_object: str = Field(description="Hierarchy path of the instance")
    file_id: int = Field(alias="fileID")
    source_prefab: SourcePrefab
    overrides: list[OverrideItem]
    removed_components: int
    removed_game_objects: int
    added_game_objects: int
    added_components: int


def _count(doc: Any, key: str) -> int:
    value = doc.get(f"m_Modification.{key}", [])
    return len(value) if isinstance(value, list) else 0


def prefab_get_overrides(ctx: ToolContext, request: GetOverridesInput) -> GetOverridesOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names)
        node = _instance(model, request)
        sources = SourcePrefabs(ctx, names)
        guid = node.source_prefab_guid
        source = sources.file(guid) if guid else None
        path = sources.path(guid) if guid else None
        source_model = SceneModel(source) if source is not None else None
        doc = model.file.get(node.file_id)
        items = [_item(o, source, source_model, sources) for o in overrides(doc)]
    return GetOverridesOutput(
        file=loaded.path, revision=loaded.revision, game_object=node.path, fileID=node.file_id,
        source_prefab=SourcePrefab(guid=guid, path=path),
        overrides=items,
        removed_components=_count(doc, "m_RemovedComponents"), removed_game_objects=_count(doc, "m_RemovedGameObjects"),
        added_game_objects=_count(doc, "m_AddedGameObjects"), added_components=_count(doc, "m_AddedComponents"))


def _has_object(file: UnityYamlFile, file_id: int, sources: SourcePrefabs, depth: int = 0) -> bool | None:
    """Whether `file_id` names an object of the prefab: a document of it, or an object of a nested prefab (or a
    variant's base) reached through the XOR rule, which needs no document. None: a nested source is
    not a readable prefab (a model file), so the answer is unknown."""
    if file.find(file_id) is not None:
        return True
    if depth >= _MAX_DEPTH:
        return None
    unknown = False
    for doc in file.of_class(1001):
        source = doc.get("m_SourcePrefab", None)
        nested = sources.file(source.guid) if isinstance(source, Ref) and source.guid else None
        found = _has_object(nested, stripped_file_id(file_id, doc.file_id), sources, depth + 1) \
            if nested is not None else None
        if found:
            return True
        unknown = unknown or found is None
    return None if unknown else False


def _target(node: SceneNode, request: Any, sources: SourcePrefabs, file: str, *, check: bool = True) -> Ref:
    guid = node.source_prefab_guid or ""
    given = request.target
    if given is not None and given.guid and guid and given.guid.lower() != guid.lower():
        raise UnityCliError("E_PREFAB_TARGET_NOT_FOUND", f"target guid {given.guid} is not the instance's source "
                            f"prefab ({guid})", details={"target": given.guid, "sourcePrefabGuid": guid})
    source = sources.file(guid) if guid else None
    if given is not None:
        if check and source is not None and _has_object(source, given.file_id, sources) is False:
            raise UnityCliError("E_PREFAB_TARGET_NOT_FOUND",
                                f"the source prefab {sources.path(guid)} has no object &{given.file_id}",
                                details={"target": given.file_id, "sourcePrefab": sources.path(guid)},
                                next_actions=[tool_command("prefab.hierarchy", {"file": sources.path(guid)}),
                                              tool_command("prefab.get-overrides", {"file": file,
                                                                                    "gameObject": node.file_id})])
        return Ref(given.file_id, guid, 3)
    root = sources.root_of(node)
    if root is None:
        raise UnityCliError("E_PREFAB_TARGET_NOT_FOUND", "the source prefab is not in the project, so the default "
                            "target (its root) is unknown; give `target`", details={"sourcePrefabGuid": guid},
                            next_actions=[tool_command("prefab.get-overrides", {"file": file,
                                                                                "gameObject": node.file_id})])
    head = request.property_path.split(".", 1)[0]
    return Ref(root.transform if head in _TRANSFORM_PROPERTIES else root.game_object, guid, 3)


def _field_key(name: str) -> str:
    return '["' + name.replace("\\", "\\\\").replace('"', '\\"') + '"]'


def _source_value(doc: Any, property_path: str) -> Any:
    """The source object's value at `property_path` (`m_Speed`, `m_LocalPosition.x`, `m_List.Array.data[2]`);
    `_UNKNOWN` where the path goes past what the source file holds."""
    parts = property_path.split(".")
    value, i = doc.get(_field_key(parts[0]), _UNKNOWN), 1
    while i < len(parts) and value is not _UNKNOWN:
        element = _ARRAY_ELEMENT.fullmatch(parts[i + 1]) if parts[i] == "Array" and i + 1 < len(parts) else None
        if element and isinstance(value, list) and int(element.group(1)) < len(value):
            value, i = value[int(element.group(1))], i + 2
        elif isinstance(value, dict) and parts[i] in value:
            value, i = value[parts[i]], i + 1
        else:
            value = _UNKNOWN
    return value


def _is_number_text(value: Any) -> bool:
    """A value Unity reads as a number: a number, a boolean (written 1/0) or text that parses as one."""
    if isinstance(value, bool | int | float):
        return True
    try:
        float(str(value))
    except ValueError:
        return False
    return True


def _check_property(source: UnityYamlFile | None, target: Ref, property_path: str, sources: SourcePrefabs,
                    value: Any = None) -> None:
    """When the target's fields can be read (in the source prefab or the prefab it nests or varies), the first
    step of the path must be one of them, and a field the source holds as a number takes only a number: Unity
    reads `value: fast` on a float as 0 without a word."""
    doc = source_document(source, target.file_id, sources.file) if source is not None else None
    if doc is None:
        return
    head = property_path.split(".", 1)[0]
    if not doc.has(_field_key(head)):
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{doc.class_name} &{target.file_id} of the source prefab has "
                            f"no field {head!r}", details={"target": target.file_id, "property": property_path})
    current = _source_value(doc, property_path)
    numeric = isinstance(current, (int, float)) and not isinstance(current, bool)
    if numeric and value is not None and not _is_number_text(value):
        raise UnityCliError("E_VALUE_TYPE_MISMATCH", f"{doc.class_name}.{property_path} is a number in the source "
                            f"prefab ({current}), not {value!r}",
                            details={"target": target.file_id, "property": property_path, "current": current,
                                     "given": value})


class SetOverrideInput(GameObjectWriteInput):
    target: ObjectRef | None = Field(None, description="The source prefab's object ({fileID}; guid optional); "
                                     "its root GameObject, or root Transform for m_Local* paths, when omitted")
    property_path: str = Field(min_length=1, description="Unity property path: m_Name, m_LocalPosition.x, "
                               "m_Materials.Array.data[0]")
    value: str | int | float | bool | None = Field(None, description="The value (numbers as numbers); empty for "
                                                   "a reference")
    object_reference: ObjectRef | None = Field(None, description="For reference properties: {fileID, guid?, "
                                               "type?}")


class SetOverrideOutput(WriteOutput):
    game_object: str
    override: OverrideItem
    previous: OverrideItem | None = Field(description="The entry before the edit; null when it was added")


def prefab_set_override(ctx: ToolContext, request: SetOverrideInput) -> SetOverrideOutput:
    if request.property_path == "m_Name" and isinstance(request.value, str):
        require_new_name(request.value, "value")  # a new name for the instance: no bidirectional controls
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        node = _instance(model, request)
        sources = SourcePrefabs(ctx, names)
        target = _target(node, request, sources, loaded.path)
        source = sources.file(target.guid or "")
        _check_property(source, target, request.property_path, sources, request.value)
        reference = None
        if request.object_reference is not None:
            ref = request.object_reference
            reference = Ref(ref.file_id, ref.guid, ref.type if ref.type is not None else (3 if ref.guid else None))
        doc = model.file.get(node.file_id)
        value = "" if request.value is None else request.value
        previous, _ = set_override(doc, target, request.property_path, value, reference)
        written = find_override(doc, target, request.property_path)
        assert written is not None
        item = _item(written, source, None, sources)
    return SetOverrideOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path, override=item,
                             previous=_item(previous) if previous is not None else None)


class RevertOverrideInput(GameObjectWriteInput):
    target: ObjectRef | None = Field(None, description="The source prefab's object; with propertyPath omitted "
                                     "every override of it is reverted. Default as in prefab.set-override")
    property_path: str | None = Field(None, min_length=1, description="The one override to revert; all of the "
                                      "target's when omitted")


class RevertOverrideOutput(WriteOutput):
    game_object: str
    reverted: list[OverrideItem]


def prefab_revert_override(ctx: ToolContext, request: RevertOverrideInput) -> RevertOverrideOutput:
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
        node = _instance(model, request)
        sources = SourcePrefabs(ctx, names)
        if request.target is None and request.property_path is None:
            raise UnityCliError("E_SCHEMA_INVALID", "give target, propertyPath or both",
                                details={"errors": [{"path": "target", "message": "target or propertyPath required"}]})
        target = _target(node, _Defaulted(request), sources, loaded.path, check=False)
        doc = model.file.get(node.file_id)
        chosen = [o for o in overrides(doc) if o.target.file_id == target.file_id
                  and (target.guid or "").lower() == (o.target.guid or "").lower()
                  and (request.property_path is None or o.property_path == request.property_path)]
        # Described before removal, with the source prefab, so the report names what was reverted as get does.
        source = sources.file(target.guid) if target.guid else None
        reverted = [_item(o, source, None, sources) for o in chosen]
    if not chosen:
        # Without `target` the default is the root; say where that property is overridden instead, if anywhere.
        elsewhere = sorted({o.target.file_id for o in overrides(doc) if o.property_path == request.property_path}) \
            if request.target is None and request.property_path else []
        hint = f"; {request.property_path} is overridden on target " + ", ".join(f"&{t}" for t in elsewhere) + \
            " (give it as target: {fileID})" if elsewhere else ""
        raise UnityCliError("E_PREFAB_OVERRIDE_NOT_FOUND", f"{node.path!r} has no override of &{target.file_id}"
                            + (f" {request.property_path}" if request.property_path else "") + hint,
                            details={"gameObject": node.path, "target": target.file_id,
                                     "propertyPath": request.property_path, "overriddenOn": elsewhere},
                            next_actions=[tool_command("prefab.get-overrides", {"file": loaded.path,
                                                                                "gameObject": node.file_id})])
    for o in sorted(chosen, key=lambda o: -o.index):
        remove_override(doc, o.index)
    return RevertOverrideOutput(file=loaded.path, revision=finish(ctx, loaded), game_object=node.path,
                                reverted=reverted)


class _Defaulted:
    """A revert request seen by `_target`: without a propertyPath the default target is the root GameObject."""

    def __init__(self, request: RevertOverrideInput) -> None:
        self.target = request.target
        self.property_path = request.property_path or "m_Name"

