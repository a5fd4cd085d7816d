"""Finding the GameObject a request names: a hierarchy path (`Root/Child`) or a fileID.

Paths compare the whole `/`-joined name chain exactly as given, so a name that itself contains `/` still matches
and `Cube ` (Unity keeps trailing spaces in names) is never taken for `Cube`; a leading `/` is allowed for a root. Siblings may
share a name; then the path is ambiguous and the candidates are listed with their fileIDs, which are unique.
"""

from __future__ import annotations

import re

from unitycli.errors import UnityCliError
from unitycli.next_actions import respelled_call, tool_command
from unitycli.scene.tree import MAX_DEPTH, SceneModel, SceneNode, walk_depths
from unitycli.suggest import closest, closest_paths
from unitycli.unityyaml import Ref

_FILE_ID = re.compile(r"^&?-?[0-9]+$")

GAMEOBJECT_DESCRIPTION = "Hierarchy path `Root/Child` or the GameObject's fileID (also a prefab instance's fileID)"


def _candidate(node: SceneNode) -> dict[str, object]:
    return {"path": node.path, "fileID": node.file_id, "kind": node.kind}


def find_gameobject(model: SceneModel, target: str | int) -> SceneNode:
    """The node `target` names. `E_GAMEOBJECT_NOT_FOUND` (with near matches) or `E_GAMEOBJECT_AMBIGUOUS`.

    The input key that gave `target` is the caller's (`gameObject`, `parent`, `root`, a reference value…), so a
    next action that names the meant object respells the value given wherever the request holds it."""
    name = model.file.name or "the file"
    if isinstance(target, int) or _FILE_ID.match(str(target)):
        file_id = target if isinstance(target, int) else int(str(target).lstrip("&"))
        node = model.nodes.get(file_id)
        if node is not None:
            return node
        owner = model.node_of_object(file_id)
        part_of = f"; fileID {file_id} is a part of {owner.path!r}, whose GameObject fileID is {owner.file_id}" \
            if owner is not None else ""
        raise UnityCliError("E_GAMEOBJECT_NOT_FOUND", f"{name} has no GameObject or prefab instance &{file_id}{part_of}",
                            details={"file": name, "gameObject": str(target),
                                     "didYouMean": [_candidate(owner)] if owner is not None else []},
                            next_actions=([respelled_call(target, owner.file_id)] if owner is not None else [])
                            + [tool_command("scene.hierarchy", {"file": name})])
    path = str(target)
    if not path.strip().strip("/"):
        _refuse_blank(model, name, target)
    hits = [node for node in model.walk() if node.has_path(path)]
    if not hits and path.strip("/") != path:  # `/Root/Child`, as Unity's GameObject.Find spells a root
        path = path.strip("/")
        hits = [node for node in model.walk() if node.has_path(path)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise UnityCliError("E_GAMEOBJECT_AMBIGUOUS", f"{len(hits)} objects in {name} have the path {path!r}",
                            details={"file": name, "gameObject": path, "candidates": [_candidate(n) for n in hits],
                                     "fileIDs": [n.file_id for n in hits]},
                            next_actions=[respelled_call(target, n.file_id) for n in hits[:5]])
    near, by_path = _near(model, path)
    path_of = {id(node): known for known, nodes in by_path.items() for node in nodes}
    actions = [tool_command("gameobject.get", {
        "file": name, "gameObject": path_of[id(n)] if len(by_path[path_of[id(n)]]) == 1 else n.file_id})
               for n in near[:3]]
    raise UnityCliError("E_GAMEOBJECT_NOT_FOUND", f"{name} has no GameObject at {path!r}",
                        details={"file": name, "gameObject": path, "didYouMean": [_candidate(n) for n in near]},
                        next_actions=actions + [tool_command("scene.hierarchy", {"file": name})])


def _refuse_blank(model: SceneModel, name: str, given: str | int) -> None:
    """A blank path names nothing by itself, even where objects have blank names: they are told apart by fileID."""
    blank = [node for node in model.walk() if not node.name.strip()]
    if not blank:
        raise UnityCliError("E_GAMEOBJECT_NOT_FOUND", f"a blank gameObject names nothing in {name}",
                            details={"file": name, "gameObject": "", "didYouMean": []},
                            next_actions=[tool_command("scene.hierarchy", {"file": name})])
    raise UnityCliError("E_GAMEOBJECT_AMBIGUOUS", f"a blank gameObject is ambiguous in {name}: {len(blank)} object(s) "
                        "have a blank name; name one by its fileID",
                        details={"file": name, "gameObject": "", "candidates": [_candidate(n) for n in blank],
                                 "fileIDs": [n.file_id for n in blank]},
                        next_actions=[respelled_call(given, n.file_id) for n in blank[:5]])


def _paths(model: SceneModel) -> dict[str, list[SceneNode]]:
    """Every object's path, built top-down in one walk (linear in the objects); objects deeper than MAX_DEPTH have
    no path to suggest and are left out rather than refused."""
    paths: dict[int, str] = {}
    by_path: dict[str, list[SceneNode]] = {}
    for node, _ in walk_depths(model.roots, MAX_DEPTH):
        parent = paths.get(id(node.parent)) if node.parent is not None else None
        paths[id(node)] = node.name if parent is None else f"{parent}/{node.name}"
        by_path.setdefault(paths[id(node)], []).append(node)
    return by_path


def _near(model: SceneModel, path: str) -> tuple[list[SceneNode], dict[str, list[SceneNode]]]:
    """Objects the path most likely meant: by whole path (a typo or another case anywhere in it), else by its last
    name under any parent (`Core/DirectionalLigth` finds the root `Directional Light`); with every path."""
    by_path = _paths(model)
    paths = closest_paths(path, by_path)
    if not paths:
        by_name: dict[str, list[SceneNode]] = {}
        for nodes in by_path.values():
            for node in nodes:
                by_name.setdefault(node.name, []).append(node)
        return [n for name in closest(path.rsplit("/", 1)[-1], by_name) for n in by_name[name]][:10], by_path
    return [n for p in paths for n in by_path[p]][:10], by_path


def instance_unsupported(node: SceneNode, why: str) -> UnityCliError:
    """A prefab instance's objects live in its source prefab; changing them here means writing overrides."""
    return UnityCliError(
        "E_PREFAB_INSTANCE_UNSUPPORTED", f"{node.path!r} (&{node.file_id}) is a prefab instance: {why}",
        details={"gameObject": node.path, "fileID": node.file_id, "sourcePrefabGuid": node.source_prefab_guid},
        next_actions=[tool_command("asset.find", {"guid": node.source_prefab_guid})]
        if node.source_prefab_guid else [])


def find_owner_gameobject(model: SceneModel, target: str | int) -> SceneNode:
    """`find_gameobject`, where a component's fileID also names the GameObject it is on (what list tools report
    as a component's fileID can be given back as the GameObject)."""
    text = str(target).strip()
    doc = model.file.find(int(text.lstrip("&"))) if _FILE_ID.match(text) else None
    owner = doc.get("m_GameObject", None) if doc is not None and not doc.stripped else None
    if isinstance(owner, Ref) and owner.guid is None and owner.file_id in model.nodes:
        return model.nodes[owner.file_id]
    return find_gameobject(model, target)
