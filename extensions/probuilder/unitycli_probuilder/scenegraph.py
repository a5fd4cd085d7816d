"""The GameObject tree of one scene or prefab file: names, hierarchy paths, components, adding objects.

The core's shared scene helpers (`unitycli.scene`) do not exist yet; this is the small part the ProBuilder tools
need, over `unitycli.unityyaml`. Transforms hold the tree (`m_Father`, `m_Children`); a scene lists its root
Transforms in the last document, SceneRoots `m_Roots` (chicken-defense `Game.unity`), when it has one.
"""

from __future__ import annotations

from unitycli.errors import UnityCliError
from unitycli.unityyaml import Document, Ref, UnityYamlFile
from unitycli_probuilder import ids


def ref_id(value: object) -> int:
    return value.file_id if isinstance(value, Ref) else 0


def owner_of(doc: Document) -> int:
    """The fileID of the GameObject a component belongs to (0 when none)."""
    return ref_id(doc.get("m_GameObject", None))


def components(file: UnityYamlFile, go_id: int) -> list[Document]:
    """The GameObject's components in the order its `m_Component` list gives them."""
    go = file.find(go_id)
    if go is None or go.stripped:
        return []
    found = []
    for entry in go.get("m_Component", []):
        doc = file.find(ref_id(entry.get("component")))
        if doc is not None:
            found.append(doc)
    return found


def component_of_class(file: UnityYamlFile, go_id: int, class_id: int) -> Document | None:
    return next((d for d in components(file, go_id) if d.class_id == class_id), None)


def script_component(file: UnityYamlFile, go_id: int, guid: str) -> Document | None:
    for doc in components(file, go_id):
        if doc.class_id == ids.MONO_BEHAVIOUR and not doc.stripped and getattr(doc.get("m_Script", None), "guid", None) == guid:
            return doc
    return None


def transform_of(file: UnityYamlFile, go_id: int) -> Document | None:
    for doc in components(file, go_id):
        if doc.class_id in (ids.TRANSFORM, ids.RECT_TRANSFORM):
            return doc
    return None


def name_of(file: UnityYamlFile, go_id: int) -> str:
    go = file.find(go_id)
    if go is None or go.stripped:
        return f"<prefab instance object {go_id}>"
    return str(go.get("m_Name", ""))


def path_of(file: UnityYamlFile, go_id: int) -> str:
    """`Root/Child/Leaf`, following Transform parents; a parent inside a prefab instance shows as `<…>`."""
    names = [name_of(file, go_id)]
    transform = transform_of(file, go_id)
    seen = {go_id}
    while transform is not None:
        father = file.find(ref_id(transform.get("m_Father", None)))
        if father is None:
            break
        if father.stripped:
            names.append(f"<prefab instance {ref_id(father.get('m_PrefabInstance', None))}>")
            break
        parent = owner_of(father)
        if parent in seen:
            break
        seen.add(parent)
        names.append(name_of(file, parent))
        transform = father
    return "/".join(reversed(names))


def game_objects(file: UnityYamlFile) -> list[Document]:
    return [d for d in file.of_class(ids.GAME_OBJECT) if not d.stripped]


def find_game_object(file: UnityYamlFile, spec: str) -> int:
    """A GameObject by fileID (digits) or hierarchy path; `E_GAMEOBJECT_NOT_FOUND` / `E_GAMEOBJECT_AMBIGUOUS`."""
    text = spec.strip()
    if text.lstrip("-").isdigit():
        doc = file.find(int(text))
        if doc is not None and doc.class_id == ids.GAME_OBJECT:
            return doc.file_id
        if doc is not None:  # a component's fileID names its GameObject too
            owner = owner_of(doc)
            if owner:
                return owner
    matches = [d.file_id for d in game_objects(file) if path_of(file, d.file_id) == text.strip("/")]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise UnityCliError("E_GAMEOBJECT_AMBIGUOUS",
                            f"{len(matches)} GameObjects in {file.name} have the path {text!r}; pass a fileID instead",
                            details={"file": file.name, "gameObject": text, "fileIDs": matches})
    raise UnityCliError("E_GAMEOBJECT_NOT_FOUND", f"{file.name} has no GameObject {text!r}",
                        details={"file": file.name, "gameObject": text})
