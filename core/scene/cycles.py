"""Transform cycles: GameObjects whose parent chain loops back on itself.

Unity's hierarchy hangs from the roots, so objects on a loop of `m_Father` links (or of a prefab instance's
`m_Modification.m_TransformParent`) are on no path from a root: a reader walking the tree never meets them and they
vanish without a word. `transform_cycles` finds each loop with the same parent links the tree uses (a stripped
Transform stands for its prefab instance), iteratively, so a hostile file with a 20,000-deep chain costs one pass
and no recursion. `asset.validate` reports them; a hierarchy reader can call it to say why objects are missing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from unitycli.scene.tree import instance_name, local_file_id
from unitycli.unityclasses import PREFAB_INSTANCE, TRANSFORM_CLASSES
from unitycli.unityyaml import Document, UnityYamlFile


@dataclass(frozen=True)
class TransformCycle:
    """One loop: the fileIDs of its Transforms (or prefab instances), smallest first, in parent order, and the
    names of their GameObjects (an instance's name override; `fileID N` when the file names none)."""

    file_ids: tuple[int, ...]
    names: tuple[str, ...]


# The three links, read from the document text where Unity writes them on one line (a body is indented by two
# spaces, `m_Modification`'s fields by four: minigolf Game.unity lines 618 and 481 ff); anything else
# is parsed. A reference with a guid is to another file, so it is no parent here.
_FATHER = re.compile(r"^  m_Father: \{fileID: (-?\d+)\}$", re.M)
_INSTANCE = re.compile(r"^  m_PrefabInstance: \{fileID: (-?\d+)\}$", re.M)
_TRANSFORM_PARENT = re.compile(r"^    m_TransformParent: \{fileID: (-?\d+)\}$", re.M)


def _link(doc: Document, pattern: re.Pattern[str], path: str) -> int:
    match = pattern.search(doc.text)
    return int(match.group(1)) if match else local_file_id(doc.get(path, None))


def _parent_links(file: UnityYamlFile) -> dict[int, int]:
    """node -> parent node: nodes are Transforms and prefab instances, as in the scene tree."""
    owner: dict[int, int] = {}  # a stripped Transform -> its prefab instance
    raw_parent: dict[int, int] = {}
    for doc in file.documents:
        if doc.stripped:
            if doc.class_id in TRANSFORM_CLASSES and (instance := _link(doc, _INSTANCE, "m_PrefabInstance")):
                owner[doc.file_id] = instance
        elif doc.class_id in TRANSFORM_CLASSES:
            raw_parent[doc.file_id] = _link(doc, _FATHER, "m_Father")
        elif doc.class_id == PREFAB_INSTANCE:
            raw_parent[doc.file_id] = _link(doc, _TRANSFORM_PARENT, "m_Modification.m_TransformParent")
    return {node: owner.get(parent, parent) for node, parent in raw_parent.items() if parent}


def _name(file: UnityYamlFile, node: int) -> str:
    """The GameObject name of a Transform, a prefab instance's name override, else `fileID N`."""
    doc = file.find(node)
    if doc is not None and doc.class_id == PREFAB_INSTANCE and (name := instance_name(doc)) is not None:
        return name
    game_object = None
    if doc is not None and doc.class_id in TRANSFORM_CLASSES:
        game_object = file.find(local_file_id(doc.get("m_GameObject", None)))
    return str(game_object.get("m_Name", "")) if game_object is not None else f"fileID {node}"


def transform_cycles(file: UnityYamlFile) -> list[TransformCycle]:
    """Every loop of parent links in `file`, each once, sorted by its smallest fileID."""
    parents = _parent_links(file)
    state: dict[int, int] = {}  # 1: on the walk being followed, 2: done
    cycles: list[TransformCycle] = []
    for start in parents:
        walk: list[int] = []
        node: int | None = start
        while node is not None and node in parents and state.get(node) is None:
            state[node] = 1
            walk.append(node)
            node = parents[node]
        if node is not None and state.get(node) == 1:  # the walk came back to itself: a loop from `node` on
            loop = walk[walk.index(node):]
            first = loop.index(min(loop))
            loop = loop[first:] + loop[:first]
            cycles.append(TransformCycle(tuple(loop), tuple(_name(file, n) for n in loop)))
        for seen in walk:
            state[seen] = 2
    return sorted(cycles, key=lambda c: c.file_ids[0])
