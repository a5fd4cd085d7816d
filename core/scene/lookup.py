"""Finding the GameObject a request names: a hierarchy path (`Root/Child`) or a fileID.

Paths compare the whole `/`-joined name chain exactly as given, so a name that itself contains `/` still matches
and `Cube ` (Unity keeps trailing spaces in names) is never taken for `Cube`; a leading `/` is allowed for a root. Siblings may
share a name; then the path is ambiguous and the candidates are listed with their fileIDs, which are unique.
"""

from __future__ import annotations

import re

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.scene.tree import SceneModel, SceneNode

_FILE_ID = re.compile(r"^&?-?[0-9]+$")

GAMEOBJECT_DESCRIPTION = "Hierarchy path `Root/Child` or the GameObject's fileID (also a prefab instance's fileID)"


def _candidate(node: SceneNode) -> dict[str, object]:
    return {"path": node.path, "fileID": node.file_id, "kind": node.kind}


def find_gameobject(model: SceneModel, target: str | int) -> SceneNode:
    """The node `target` names. `E_GAMEOBJECT_NOT_FOUND` (with near matches) or `E_GAMEOBJECT_AMBIGUOUS`."""
    name = model.file.name or "the file"
    if isinstance(target, int) or _FILE_ID.match(str(target)):
        file_id = target if isinstance(target, int) else int(str(target).lstrip("&"))
        node = model.nodes.get(file_id)
        if node is not None:
            return node
        owner = model.node_of_object(file_id)
        hint = []
        if owner is not None:
            hint = [f"fileID {file_id} is a part of {owner.path!r}; its GameObject fileID is {owner.file_id}"]
        raise UnityCliError("E_GAMEOBJECT_NOT_FOUND", f"{name} has no GameObject or prefab instance &{file_id}",
                            details={"file": name, "gameObject": str(target),
                                     "didYouMean": [_candidate(owner)] if owner is not None else []},
                            next_actions=hint + [tool_command("scene.hierarchy", {"file": name})])
    path = str(target)
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
                            next_actions=["Repeat with gameObject set to one of the candidates' fileIDs"])
    leaf = path.rsplit("/", 1)[-1]
    near = [_candidate(n) for n in model.walk()
            if n.name == leaf or n.name.lower() == leaf.lower() or n.name.strip() == leaf.strip()][:10]
    raise UnityCliError("E_GAMEOBJECT_NOT_FOUND", f"{name} has no GameObject at {path!r}",
                        details={"file": name, "gameObject": path, "didYouMean": near},
                        next_actions=[tool_command("gameobject.find", {"file": name, "name": f"*{leaf}*"}),
                                      tool_command("scene.hierarchy", {"file": name})])


def instance_unsupported(node: SceneNode, why: str) -> UnityCliError:
    """A prefab instance's objects live in its source prefab; changing them here means writing overrides."""
    return UnityCliError(
        "E_PREFAB_INSTANCE_UNSUPPORTED", f"{node.path!r} (&{node.file_id}) is a prefab instance: {why}",
        details={"gameObject": node.path, "fileID": node.file_id, "sourcePrefabGuid": node.source_prefab_guid},
        next_actions=["Edit the source prefab instead (prefab.hierarchy shows its objects)"])
