"""Structural edits of a scene or prefab: create a GameObject, add or remove a component, delete a subtree.

Each edit keeps the links Unity keeps: the parent's `m_Children`, `SceneRoots.m_Roots` for roots, the
GameObject's `m_Component`, and in files that still write `m_RootOrder` (Unity before 2022.2) the sibling
indexes. New objects get fresh fileIDs in the file's style and go where the file's ordering rule puts them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.scene.lookup import instance_unsupported
from unitycli.scene.references import Reference, null_references, references_to
from unitycli.scene.templates import (
    COMPONENTS,
    SINGLE_PER_GAMEOBJECT,
    VERIFIED_VERSIONS,
    game_object_fields,
    transform_fields,
)
from unitycli.scene.tree import SceneModel, SceneNode, instance_modifications
from unitycli.unityclasses import GAMEOBJECT, SCENE_ROOTS
from unitycli.unityyaml import SCENE_ROOTS_FILE_ID, Document, Ref, UnityYamlFile

_GAMEOBJECT_REF = "m_GameObject: {fileID: "


def uses_root_order(file: UnityYamlFile) -> bool:
    """Whether Transforms here carry `m_RootOrder` (written by Unity before 2022.2; SampleScene.unity in
    chicken-defense still has it)."""
    return any("\n  m_RootOrder: " in doc.text for doc in file.of_class(4)[:20])


def _scene_roots(file: UnityYamlFile) -> Document | None:
    doc = file.find(SCENE_ROOTS_FILE_ID)
    return doc if doc is not None and doc.class_id == SCENE_ROOTS else None


def _renumber(model: SceneModel, siblings: list[SceneNode]) -> None:
    """Rewrite `m_RootOrder` of `siblings` to their positions (old-format files only)."""
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
                      position: tuple[float, float, float] = (0, 0, 0)) -> Created:
    """Add a GameObject with a Transform as the last child of `parent` (or the last root)."""
    file = model.file
    if parent is not None and parent.is_instance:
        raise instance_unsupported(parent, "adding a child to it would be a prefab override, which is not written")
    existing = file.of_class(GAMEOBJECT)
    version = next((d.get("serializedVersion", 6) for d in existing if not d.stripped), 6)
    siblings = parent.children if parent is not None else model.roots
    root_order = len(siblings) if uses_root_order(file) else None
    go_id = file.new_file_id()
    tf_id = _fresh_other(file, {go_id})
    father = parent.transform_id if parent is not None else 0
    file.add_document(GAMEOBJECT, "GameObject", game_object_fields(name, tf_id, layer=layer, tag=tag,
                      active=active, serialized_version=version), file_id=go_id)
    file.add_document(4, "Transform", transform_fields(go_id, father or 0, position, root_order), file_id=tf_id)
    if parent is not None and parent.transform_id is not None:
        father_doc = file.get(parent.transform_id)
        father_doc.insert_item("m_Children", len(father_doc.get("m_Children", []) or []), Ref(tf_id))
    elif parent is None:
        roots = _scene_roots(file)
        if roots is not None:
            roots.insert_item("m_Roots", len(roots.get("m_Roots", []) or []), Ref(tf_id))
    return Created(go_id, tf_id)


def _fresh_other(file: UnityYamlFile, taken: set[int]) -> int:
    while True:
        candidate = file.new_file_id()
        if candidate not in taken:
            return candidate


def add_component(model: SceneModel, node: SceneNode, class_name: str, unity_version: str) -> int:
    """Append a built-in component with the Editor's default layout; returns its fileID."""
    if node.is_instance:
        raise instance_unsupported(node, "adding a component to it would be a prefab override, which is not written")
    if class_name not in COMPONENTS:
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{class_name!r} has no verified default layout",
                            details={"component": class_name, "supported": sorted(COMPONENTS)},
                            next_actions=[f"Use one of: {', '.join(sorted(COMPONENTS))}"])
    if not unity_version.startswith(VERIFIED_VERSIONS):
        raise UnityCliError("E_COMPONENT_UNSUPPORTED",
                            f"the default layout of {class_name} was verified for Unity {', '.join(VERIFIED_VERSIONS)}"
                            f"x, not {unity_version}", details={"component": class_name, "unityVersion": unity_version,
                                                                "verifiedVersions": list(VERIFIED_VERSIONS)})
    class_id, build = COMPONENTS[class_name]
    go_doc = model.file.get(node.file_id)
    if class_name in SINGLE_PER_GAMEOBJECT and any(
            model.file.find(e["component"].file_id) is not None
            and model.file.find(e["component"].file_id).class_id == class_id
            for e in go_doc.get("m_Component", []) or [] if isinstance(e, dict) and isinstance(e.get("component"), Ref)):
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{node.path!r} already has a {class_name}; Unity allows one",
                            details={"component": class_name, "gameObject": node.path})
    return append_component(model, node.file_id, class_id, class_name, build(node.file_id))


def append_component(model: SceneModel, game_object: int, class_id: int, class_name: str,
                     fields: dict[str, Any]) -> int:
    """Add a component object as given and list it last in the GameObject's `m_Component`; returns its fileID.

    No layout or version checks: for callers that write a layout they verified themselves (a script's
    MonoBehaviour, an extension's components). `game_object` may be one `create_gameobject` just added.
    """
    go_doc = model.file.get(game_object)
    doc = model.file.add_document(class_id, class_name, fields)
    go_doc.insert_item("m_Component", len(go_doc.get("m_Component", []) or []), {"component": Ref(doc.file_id)})
    return doc.file_id


def remove_component(model: SceneModel, node: SceneNode, component_id: int, *, force: bool) -> list[Reference]:
    """Remove a component and its `m_Component` entry; other references to it block unless `force` nulls them."""
    file = model.file
    doc = file.get(component_id)
    if component_id == node.transform_id:
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", "the Transform cannot be removed; delete the GameObject",
                            details={"gameObject": node.path, "fileID": component_id},
                            next_actions=["unitycli tools run gameobject.delete"])
    refs = [r for r in references_to(file, {component_id}, skip={component_id, node.file_id})]
    _refuse_if_referenced(refs, node, force, f"{doc.class_name} &{component_id}")
    null_references(file, refs)
    go_doc = file.get(node.file_id)
    entries = go_doc.get("m_Component", []) or []
    index = next(i for i, e in enumerate(entries) if isinstance(e, dict) and e.get("component") == Ref(component_id))
    go_doc.remove_item("m_Component", index)
    file.remove_document(component_id)
    return refs


def _refuse_if_referenced(refs: list[Reference], node: SceneNode, force: bool, what: str) -> None:
    if refs and not force:
        raise UnityCliError(
            "E_GAMEOBJECT_REFERENCED", f"{len(refs)} reference(s) in the file point at {what}",
            details={"gameObject": node.path, "referencedBy": [ref_dict(r) for r in refs]},
            next_actions=["Repeat with force: true to delete anyway (the references become {fileID: 0})"])


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
                ref = entry.get("component") if isinstance(entry, dict) else None
                if isinstance(ref, Ref) and file.find(ref.file_id) is not None:
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
    if uses_root_order(file):
        _renumber(model, [s for s in siblings if s is not node])
    return Deleted(sorted(ids), [n.path for n in nodes if n.kind in ("gameObject", "prefabInstance")], blocking)


def _position(file: UnityYamlFile, file_id: int) -> int:
    doc = file.find(file_id)
    return file.documents.index(doc) if doc is not None else -1


def _remove_refs(doc: Document, path: str, targets: set[int]) -> None:
    items = doc.get(path, []) or []
    for index in reversed(range(len(items))):
        if isinstance(items[index], Ref) and items[index].file_id in targets:
            doc.remove_item(path, index)

