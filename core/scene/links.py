"""The links that place an object in the hierarchy, taken apart and put back: the parent's `m_Children`, the
object's `m_Father` (or a prefab instance's `m_TransformParent`), `SceneRoots.m_Roots` and, in files that still
write it, `m_RootOrder`.

Facts (fixture files named): a parent's `m_Children` lists a child GameObject's Transform and a child instance's
stripped root Transform (`chicken-defense/.../Game.unity`: `&186261938 stripped` under `&877252949`); `m_Roots`
lists a root GameObject's Transform and a root instance's PrefabInstance (`examples/sample-project/.../Garden.unity`
`- {fileID: 2004719383}`). Every PrefabInstance in the fixture scenes has exactly one stripped Transform, its
root's (24 of 24 in chicken-defense and minigolf).
"""

from __future__ import annotations

from unitycli.errors import UnityCliError
from unitycli.scene.tree import SceneModel, SceneNode, local_file_id
from unitycli.unityclasses import SCENE_ROOTS, TRANSFORM_CLASSES
from unitycli.unityyaml import SCENE_ROOTS_FILE_ID, Document, Ref


def scene_roots(model: SceneModel) -> Document | None:
    doc = model.file.find(SCENE_ROOTS_FILE_ID)
    return doc if doc is not None and doc.class_id == SCENE_ROOTS else None


def instance_transform(model: SceneModel, node: SceneNode) -> int | None:
    """The stripped root Transform of a prefab instance: the one listed under its parent, else its only one."""
    stripped = [fid for fid in model.stripped_of(node.file_id)
                if (doc := model.file.find(fid)) is not None and doc.class_id in TRANSFORM_CLASSES]
    if node.parent is not None and node.parent.transform_id is not None:
        listed = {local_file_id(r) for r in model.file.get(node.parent.transform_id).get("m_Children", []) or []}
        stripped_listed = [fid for fid in stripped if fid in listed]
        if len(stripped_listed) == 1:
            return stripped_listed[0]
    return stripped[0] if len(stripped) == 1 else None


def child_link(model: SceneModel, node: SceneNode) -> int:
    """The fileID a parent's `m_Children` lists for `node`."""
    if not node.is_instance:
        if node.transform_id is None:
            raise UnityCliError("E_OBJECT_NOT_FOUND", f"{node.path!r} has no Transform",
                                details={"gameObject": node.path, "fileID": node.file_id})
        return node.transform_id
    transform = instance_transform(model, node)
    if transform is None:
        raise UnityCliError("E_PREFAB_INSTANCE_UNSUPPORTED",
                            f"{node.path!r} (&{node.file_id}) has no single stripped root Transform to list",
                            details={"gameObject": node.path, "fileID": node.file_id})
    return transform


def root_link(model: SceneModel, node: SceneNode) -> int:
    """The fileID `SceneRoots.m_Roots` lists for `node`."""
    return node.file_id if node.is_instance else child_link(model, node)


def detach(model: SceneModel, node: SceneNode) -> None:
    """Remove `node`'s entry from its parent's `m_Children` or from `m_Roots` (its own parent field is left)."""
    if node.parent is not None:
        doc = model.file.get(node.parent.transform_id)  # type: ignore[arg-type]
        _remove(doc, "m_Children", child_link(model, node))
        node.parent.children.remove(node)
    else:
        roots = scene_roots(model)
        if roots is not None:
            _remove(roots, "m_Roots", root_link(model, node))
        model.roots.remove(node)


def _remove(doc: Document, path: str, file_id: int) -> None:
    items = doc.get(path, []) or []
    for index in reversed(range(len(items))):
        if local_file_id(items[index]) == file_id:
            doc.remove_item(path, index)


def attach(model: SceneModel, node: SceneNode, parent: SceneNode | None, index: int) -> None:
    """List `node` at sibling `index` under `parent` (or among the roots) and point its parent field there."""
    siblings = parent.children if parent is not None else model.roots
    index = max(0, min(index, len(siblings)))
    file = model.file
    if parent is not None:
        doc = file.get(parent.transform_id)  # type: ignore[arg-type]
        _insert(model, doc, "m_Children", [child_link(model, s) for s in siblings], index, child_link(model, node))
    else:
        roots = scene_roots(model)
        if roots is not None:
            _insert(model, roots, "m_Roots", [root_link(model, s) for s in siblings], index, root_link(model, node))
    father = Ref(parent.transform_id if parent is not None else 0)  # type: ignore[arg-type]
    if node.is_instance:
        file.get(node.file_id).set("m_Modification.m_TransformParent", father)
    else:
        file.get(node.transform_id).set("m_Father", father)  # type: ignore[arg-type]
    siblings.insert(index, node)
    node.parent = parent


def _insert(model: SceneModel, doc: Document, path: str, sibling_ids: list[int], index: int, file_id: int) -> None:
    """Insert before the entry of the sibling now at `index` (entries the model does not know keep their place)."""
    items = [local_file_id(r) for r in doc.get(path, []) or []]
    if index < len(sibling_ids) and sibling_ids[index] in items:
        position = items.index(sibling_ids[index])
    elif index > 0 and sibling_ids[index - 1] in items:
        position = items.index(sibling_ids[index - 1]) + 1
    else:
        position = len(items)
    doc.insert_item(path, position, Ref(file_id))


