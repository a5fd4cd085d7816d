"""Structural edits of a scene or prefab: create a GameObject, add or remove a component, delete a subtree.

Each edit keeps the links Unity keeps: the parent's `m_Children`, `SceneRoots.m_Roots` for roots, the
GameObject's `m_Component`, and in files that still write `m_RootOrder` (Unity before 2022.2) the sibling
indexes. New objects get fresh fileIDs in the file's style and go where the file's ordering rule puts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call, tool_command
from unitycli.scene.lookup import instance_unsupported
from unitycli.scene.references import Reference, null_references, references_to
from unitycli.scene.tree import (
    SceneModel,
    SceneNode,
    component_ref,
    instance_modifications,
    legacy_component_ref,
)
from unitycli.typetree.new_objects import new_game_object, new_script_header, new_transform, picked_from_file
from unitycli.typetree.table import pick_version
from unitycli.typetree.versions import Picked
from unitycli.unityclasses import GAMEOBJECT, MONOBEHAVIOUR, SCENE_ROOTS
from unitycli.unityyaml import SCENE_ROOTS_FILE_ID, Document, Ref, UnityYamlFile

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.context import ToolContext

_GAMEOBJECT_REF = "m_GameObject: {fileID: "


def uses_root_order(file: UnityYamlFile) -> bool:
    """Whether Transforms here carry `m_RootOrder` (written by Unity before 2022.2; SampleScene.unity in
    chicken-defense still has it)."""
    return any("\n  m_RootOrder: " in doc.text for doc in file.of_class(4)[:20])


def _scene_roots(file: UnityYamlFile) -> Document | None:
    doc = file.find(SCENE_ROOTS_FILE_ID)
    return doc if doc is not None and doc.class_id == SCENE_ROOTS else None


def renumber(model: SceneModel, siblings: list[SceneNode]) -> None:
    """In files that write `m_RootOrder` (before Unity 2022.2), give each sibling its index again (instances through
    their `m_RootOrder` modification)."""
    if not uses_root_order(model.file):
        return
    for index, sib in enumerate(siblings):
        if sib.is_instance:
            doc = model.file.get(sib.file_id)
            for i, mod in enumerate(instance_modifications(doc)):
                if mod.get("propertyPath") == "m_RootOrder" and mod.get("value") != index:
                    doc.set(f"m_Modification.m_Modifications[{i}].value", index)
        elif sib.transform_id is not None:
            doc = model.file.get(sib.transform_id)
            if doc.has("m_RootOrder") and doc.get("m_RootOrder") != index:
                doc.set("m_RootOrder", index)


@dataclass
class Created:
    game_object: int
    transform: int


def create_gameobject(model: SceneModel, name: str, parent: SceneNode | None, *, layer: int = 0,
                      tag: str = "Untagged", active: bool = True,
                      position: tuple[float, float, float] = (0, 0, 0),
                      picked: Picked | None = None) -> Created:
    """Add a GameObject with a Transform as the last child of `parent` (or the last root).

    Both are written in the type-tree layout of the project's Editor (`picked`, `project_editor`), every value a
    fact of the request (`unitycli.typetree.new_objects`); with no project version, in the layout of the file's
    own Transforms. `E_LAYOUT_VERSION_UNKNOWN` when none of these names an Editor.
    """
    file = model.file
    if parent is not None and parent.is_instance:
        raise instance_unsupported(parent, "adding a child to it would be a prefab override, which is not written")
    editor = editor_for(file, picked, "GameObject")
    siblings = parent.children if parent is not None else model.roots
    go_id = file.new_file_id()
    tf_id = _fresh_other(file, {go_id})
    father = parent.transform_id if parent is not None else 0
    game_object = new_game_object(editor, name=name, transform=tf_id, layer=layer, tag=tag, active=active)
    transform = new_transform(editor, game_object=go_id, father=father or 0, position=position,
                              sibling_index=len(siblings), file_has_root_order=uses_root_order(file))
    file.add_document(GAMEOBJECT, "GameObject", game_object.fields, file_id=go_id)
    file.add_document(4, "Transform", transform.fields, file_id=tf_id)
    if parent is not None and parent.transform_id is not None:
        father_doc = file.get(parent.transform_id)
        father_doc.insert_item("m_Children", len(father_doc.get("m_Children", []) or []), Ref(tf_id))
    elif parent is None:
        roots = _scene_roots(file)
        if roots is not None:
            roots.insert_item("m_Roots", len(roots.get("m_Roots", []) or []), Ref(tf_id))
    return Created(go_id, tf_id)


def project_editor(ctx: ToolContext) -> Picked | None:
    """The Editor dump of the project's ProjectVersion.txt (None without one: the file's own Transforms decide;
    E_LAYOUT_VERSION_UNKNOWN for a version the table has no stream of)."""
    try:
        version = ctx.unity_version.editor_version
    except UnityCliError as exc:
        if exc.code != "E_PROJECT_FILE_UNREADABLE":
            raise
        return None
    return pick_version(version)


def editor_for(file: UnityYamlFile, picked: Picked | None, what: str) -> Picked:
    """The Editor whose layout a new `what` in `file` is written in: the project's (`picked`), else the newest
    whose Transform layout the file's own Transforms have; `E_LAYOUT_VERSION_UNKNOWN` when neither names one."""
    editor = picked or picked_from_file(file)
    if editor is None:
        raise UnityCliError("E_LAYOUT_VERSION_UNKNOWN", f"{file.name}: no Unity version names the layout of a new "
                            f"{what} (the project has no ProjectVersion.txt and the file no Editor-written "
                            "Transform); run it in a Unity project, one with ProjectSettings/ProjectVersion.txt",
                            details={"file": file.name, "class": what}, next_actions=[tool_command("project.info")])
    return editor


def _fresh_other(file: UnityYamlFile, taken: set[int]) -> int:
    while True:
        candidate = file.new_file_id()
        if candidate not in taken:
            return candidate


def add_component(model: SceneModel, node: SceneNode, class_name: str, picked: Picked | None,
                  project_root: Path | None = None) -> int:
    """Append a native component in the type-tree layout of the Editor `picked` (the project's), values only with
    evidence: the file's documents of that exact layout, then `project_root`'s, then the cited defaults
    (`unitycli.scene.native_components`); returns its fileID."""
    from unitycli.scene.native_components import add_native_component

    if node.is_instance:
        raise instance_unsupported(node, "adding a component to it would be a prefab override, which is not written")
    _refuse_legacy_components(model.file.get(node.file_id))
    editor = editor_for(model.file, picked, class_name)
    return add_native_component(model, node, class_name, editor, project_root).file_id


def add_script(model: SceneModel, node: SceneNode, script_guid: str, picked: Picked | None,
               fields: dict[str, Any] | None = None) -> int:
    """Append a MonoBehaviour of the script `script_guid`: its header in the type-tree layout of the Editor
    `picked` (else the file's, `editor_for`), then `fields` (the script's serialized fields in Unity's order,
    `unitycli.csharp.defaults`); a field left out is filled by Unity on load."""
    if node.is_instance:
        raise instance_unsupported(node, "adding a component to it would be a prefab override, which is not written")
    _refuse_legacy_components(model.file.get(node.file_id))
    editor = editor_for(model.file, picked, "MonoBehaviour")
    header = new_script_header(editor, game_object=node.file_id, script=Ref(11500000, script_guid, 3))
    return append_component(model, node.file_id, MONOBEHAVIOUR, "MonoBehaviour", {**header.fields, **(fields or {})})


def has_class(model: SceneModel, node: SceneNode, class_id: int) -> bool:
    """Whether the GameObject lists a component of `class_id`."""
    for entry in model.file.get(node.file_id).get("m_Component", []) or []:
        ref = component_ref(entry)
        doc = model.file.find(ref.file_id) if ref is not None else None
        if doc is not None and doc.class_id == class_id:
            return True
    return False


def append_component(model: SceneModel, game_object: int, class_id: int, class_name: str,
                     fields: dict[str, Any]) -> int:
    """Add a component object as given and list it last in the GameObject's `m_Component`; returns its fileID.

    No layout or version checks: for callers that write a layout they verified themselves (a script's
    MonoBehaviour, an extension's components). `game_object` may be one `create_gameobject` just added.
    """
    go_doc = model.file.get(game_object)
    _refuse_legacy_components(go_doc)
    doc = model.file.add_document(class_id, class_name, fields)
    go_doc.insert_item("m_Component", len(go_doc.get("m_Component", []) or []), {"component": Ref(doc.file_id)})
    return doc.file_id


def _refuse_legacy_components(go_doc: Document) -> None:
    """Unity 5.x lists components keyed by class ID; an entry in today's form would mix two layouts in one list."""
    if any(legacy_component_ref(e) is not None for e in go_doc.get("m_Component", []) or []):
        raise UnityCliError(
            "E_FILE_FORMAT_UNSUPPORTED",
            f"{go_doc.file_name or 'the file'} lists the components of &{go_doc.file_id} in the Unity 5.x layout "
            "(`- 4: {fileID: N}`); adding or removing one is not written in that layout",
            details={"file": go_doc.file_name, "fileID": go_doc.file_id, "layout": "m_Component keyed by class ID"},
            next_actions=[],
            manual_steps=["Open the file in the Unity Editor and save it once: Unity rewrites it in today's layout"])


def remove_component(model: SceneModel, node: SceneNode, component_id: int, *, force: bool) -> list[Reference]:
    """Remove a component and its `m_Component` entry; other references to it block unless `force` nulls them."""
    file = model.file
    doc = file.get(component_id)
    if component_id == node.transform_id:
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", "the Transform cannot be removed; delete the GameObject",
                            details={"gameObject": node.path, "fileID": component_id},
                            next_actions=[tool_command("gameobject.delete", {"file": file.name,
                                                                             "gameObject": node.file_id})])
    refs = [r for r in references_to(file, {component_id}, skip={component_id, node.file_id})]
    _refuse_if_referenced(refs, node, force, f"{doc.class_name} &{component_id}")
    null_references(file, refs)
    go_doc = file.get(node.file_id)
    _refuse_legacy_components(go_doc)
    entries = go_doc.get("m_Component", []) or []
    index = next(i for i, e in enumerate(entries) if component_ref(e) == Ref(component_id))
    go_doc.remove_item("m_Component", index)
    file.remove_document(component_id)
    return refs


def _refuse_if_referenced(refs: list[Reference], node: SceneNode, force: bool, what: str) -> None:
    if refs and not force:
        raise UnityCliError(
            "E_GAMEOBJECT_REFERENCED", f"{len(refs)} reference(s) in the file point at {what}",
            details={"gameObject": node.path, "referencedBy": [ref_dict(r) for r in refs]},
            next_actions=[same_call(force=True)])  # the references then become {fileID: 0}


def ref_dict(ref: Reference) -> dict[str, Any]:
    return {"fileID": ref.holder, "class": ref.holder_class, "property": ref.path, "target": ref.target}


@dataclass
class Deleted:
    objects: list[int] = field(default_factory=list)
    game_objects: list[str] = field(default_factory=list)
    cleared: list[Reference] = field(default_factory=list)


def subtree_objects(model: SceneModel, node: SceneNode) -> tuple[set[int], list[SceneNode]]:
    """Every object that belongs to `node` and its descendants: GameObjects, components, prefab instances with
    their stripped objects, and components the scene added to objects inside those instances."""
    file = model.file
    ids: set[int] = set()
    nodes = list(node.walk())
    for item in nodes:
        ids.add(item.file_id)
        if item.is_instance:
            ids.update(model.stripped_of(item.file_id))
        else:
            for entry in file.get(item.file_id).get("m_Component", []) or []:
                ref = component_ref(entry)
                if ref is not None and file.find(ref.file_id) is not None:
                    ids.add(ref.file_id)
    for doc in file.documents:  # components added to stripped GameObjects of deleted instances
        pos = doc.text.find(_GAMEOBJECT_REF)
        if doc.file_id not in ids and pos >= 0:
            owner = doc.get("m_GameObject", None)
            if isinstance(owner, Ref) and owner.guid is None and owner.file_id in ids:
                ids.add(doc.file_id)
    return ids, nodes


def delete_gameobject(model: SceneModel, node: SceneNode, *, force: bool) -> Deleted:
    """Delete `node` with its children and components; references from outside block unless `force` nulls them."""
    file = model.file
    ids, nodes = subtree_objects(model, node)
    refs = references_to(file, ids, skip=ids)
    parent_tf = node.parent.transform_id if node.parent is not None else None
    roots_doc = _scene_roots(file)
    # The parent's m_Children entry and the SceneRoots entry are links we remove, not references that block.
    blocking = [r for r in refs if not ((r.holder == parent_tf and r.path.startswith("m_Children["))
                                        or (roots_doc is not None and r.holder == roots_doc.file_id))]
    _refuse_if_referenced(blocking, node, force, f"{node.path!r} or its children and components")
    null_references(file, blocking)
    if parent_tf is not None:
        _remove_refs(file.get(parent_tf), "m_Children", ids)
    if node.parent is None and roots_doc is not None:
        _remove_refs(roots_doc, "m_Roots", ids)
    for file_id in sorted(ids, key=lambda i: -_position(file, i)):
        if file.find(file_id) is not None:
            file.remove_document(file_id)
    siblings = node.parent.children if node.parent is not None else model.roots
    renumber(model, [s for s in siblings if s is not node])
    return Deleted(sorted(ids), [n.path for n in nodes if n.kind in ("gameObject", "prefabInstance")], blocking)


def _position(file: UnityYamlFile, file_id: int) -> int:
    doc = file.find(file_id)
    return file.documents.index(doc) if doc is not None else -1


def _remove_refs(doc: Document, path: str, targets: set[int]) -> None:
    items = doc.get(path, []) or []
    for index in reversed(range(len(items))):
        if isinstance(items[index], Ref) and items[index].file_id in targets:
            doc.remove_item(path, index)

