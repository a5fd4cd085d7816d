"""Copying a GameObject with its whole subtree, as the Editor's Duplicate does: every copied object gets a fresh
fileID, local references to objects inside the copy point to the copies, references to anything outside stay.

What is copied is what `gameobject.delete` would remove (`subtree_objects`): GameObjects, components, prefab
instances with their stripped objects, and components the file added to objects of those instances. In a prefab
a stripped object's fileID is `(source fileID XOR PrefabInstance fileID) & 2^63-1`, so the copies of
stripped objects take the ID that rule gives for the copied instance; everything else gets a fresh random ID in
the file's style.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call
from unitycli.scene.edits import subtree_objects
from unitycli.scene.tree import SceneModel, SceneNode
from unitycli.unityyaml import Ref, stripped_file_id

_LOCAL_REF = re.compile(r"\{fileID: (-?[0-9]+)\}")
_SUFFIX = re.compile(r"^(.*) \(([0-9]+)\)$")


def unique_sibling_name(name: str, siblings: list[str]) -> str:
    """`Name (1)`, or the next free number after an existing ` (n)` suffix (Unity's default naming scheme)."""
    match = _SUFFIX.match(name)
    base, number = (match.group(1), int(match.group(2)) + 1) if match else (name, 1)
    taken = set(siblings)
    while f"{base} ({number})" in taken:
        number += 1
    return f"{base} ({number})"


@dataclass
class Copied:
    mapping: dict[int, int]  # original fileID -> the copy's fileID
    root: int  # the copy of the GameObject or PrefabInstance that was duplicated


def copy_subtree(model: SceneModel, node: SceneNode) -> Copied:
    """Add copies of every object of `node`'s subtree to the file (the copy is not yet listed by any parent)."""
    file = model.file
    ids, _ = subtree_objects(model, node)
    order = {doc.file_id: pos for pos, doc in enumerate(file.documents)}
    originals = sorted(ids, key=lambda fid: order[fid])
    in_prefab = (file.name or "").endswith(".prefab")
    taken = {doc.file_id for doc in file.documents}
    mapping: dict[int, int] = {}

    def fresh() -> int:
        while True:
            candidate = file.new_file_id()
            if candidate not in taken:
                taken.add(candidate)
                return candidate

    stripped = [fid for fid in originals if file.get(fid).stripped]
    for fid in originals:
        if not (in_prefab and fid in stripped):
            mapping[fid] = fresh()
    for fid in stripped if in_prefab else []:
        doc = file.get(fid)
        source, owner = doc.get("m_CorrespondingSourceObject", None), doc.get("m_PrefabInstance", None)
        candidate = None
        if isinstance(source, Ref) and isinstance(owner, Ref) and owner.file_id in mapping:
            candidate = stripped_file_id(source.file_id, mapping[owner.file_id])
        if candidate is None or candidate in taken:
            candidate = fresh()
        taken.add(candidate)
        mapping[fid] = candidate

    def remap(match: re.Match[str]) -> str:
        target = int(match.group(1))
        return "{fileID: " + str(mapping.get(target, target)) + "}"

    newline = file.style.newline
    for fid in originals:
        doc = file.get(fid)
        header, _, body = doc.text.partition("\n")
        new_header = header.replace(f"&{fid}", f"&{mapping[fid]}", 1)
        text = new_header + "\n" + _LOCAL_REF.sub(remap, body)
        if not text.endswith("\n"):
            text += newline
        copy = file.add_document(doc.class_id, doc.class_name, {"m_ObjectHideFlags": 0}, file_id=mapping[fid],
                                 stripped=doc.stripped)
        copy.set_text(text)
    return Copied(mapping, mapping[node.file_id])


@dataclass
class Duplicated:
    model: SceneModel  # the file's tree rebuilt with the copy in it
    node: SceneNode  # the copy
    mapping: dict[int, int]  # original fileID -> the copy's fileID


def duplicate_gameobject(model: SceneModel, node: SceneNode, name: str, *, children: bool = True,
                         index: int | None = None) -> Duplicated:
    """Copy a GameObject with its components (and its children unless `children` is False) under the same parent,
    named `name`, at sibling `index` (default: last, where `Object.Instantiate(original, parent)` puts it).

    For extension tools that copy an object as an Editor command does (ProBuilder's Detach Faces to a new object);
    prefab instances are refused, since naming their copy is an override this does not write.
    """
    from unitycli.scene.edits import delete_gameobject, renumber
    from unitycli.scene.links import attach, detach
    from unitycli.scene.lookup import instance_unsupported

    if node.is_instance:
        raise instance_unsupported(node, "copying it would need a name override, which is not written")
    if (model.file.name or "").endswith(".prefab") and node.parent is None:
        raise UnityCliError("E_SCHEMA_INVALID", "a prefab has exactly one root; its copy would be a second one",
                            details={"errors": [{"path": "gameObject", "message": "the prefab's root"}]},
                            next_actions=[same_call(gameObject=child.file_id) for child in node.children[:5]])
    copied = copy_subtree(model, node)
    fresh = SceneModel(model.file)
    copy = fresh.nodes[copied.root]
    parent = fresh.nodes[node.parent.file_id] if node.parent is not None else None
    model.file.get(copy.file_id).set("m_Name", name)
    copy.name = name
    detach(fresh, copy)
    siblings = parent.children if parent is not None else fresh.roots
    attach(fresh, copy, parent, len(siblings) if index is None else index)
    if not children:
        for child in list(copy.children):
            delete_gameobject(fresh, child, force=False)
        fresh = SceneModel(model.file)
        copy = fresh.nodes[copied.root]
        parent = fresh.nodes[node.parent.file_id] if node.parent is not None else None
    renumber(fresh, parent.children if parent is not None else fresh.roots)
    kept = {old: new for old, new in copied.mapping.items() if model.file.find(new) is not None}
    return Duplicated(fresh, copy, kept)
