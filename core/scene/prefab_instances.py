"""Writing a new prefab instance the way the Editor writes one when a prefab is dropped into a scene or prefab.

Layout, copied from real files: `chicken-defense/.../Scenes/Game.unity` `--- !u!1001 &535170536` (2022.3.17f1),
`minigolf/.../Scenes/Game.unity` `--- !u!1001 &6812039` (6000.0.25f1) and, nested in a prefab,
`minigolf/.../Palettes/Standard GO Pallete.prefab` `--- !u!1001 &620413939325570844`. The PrefabInstance has
`serializedVersion: 2`; its `m_Modification` (`serializedVersion: 3`) holds `m_TransformParent`, the drop's
overrides — the root Transform's `m_LocalPosition.x/y/z`, `m_LocalRotation.w/x/y/z`,
`m_LocalEulerAnglesHint.x/y/z` and the root GameObject's `m_Name`, ordered by target fileID — and the empty
`m_RemovedComponents`, `m_RemovedGameObjects`, `m_AddedGameObjects`, `m_AddedComponents`; then `m_SourcePrefab`.
Other Unity versions need evidence: a PrefabInstance of exactly this layout in the file or in another scene or
prefab of the project (written by the project's own Editor). One stripped Transform follows (every PrefabInstance in those scenes has exactly one; a stripped GameObject is
only written when something references it). Files that still write `m_RootOrder` get that override first on the
root Transform (`chicken-defense/.../Llama/Prefabs/Spit.prefab`).

In a scene the stripped Transform takes the next fileID after the instance when free (`&535170537`); in a prefab
it takes `(source fileID XOR PrefabInstance fileID) & 2^63-1`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.safefs import read_bytes
from unitycli.scene.edits import uses_root_order
from unitycli.scene.files import list_files
from unitycli.scene.links import attach
from unitycli.scene.pose import Vec, euler_hint
from unitycli.scene.prefab_source import PrefabRoot
from unitycli.scene.tree import SceneModel, SceneNode
from unitycli.unityclasses import PREFAB_INSTANCE
from unitycli.unityyaml import Mapping, Ref, UnityYamlFile, Verbatim, format_number, stripped_file_id

VERIFIED_STREAMS = ("2022.3", "6000.0")
SCAN_FILES = 400  # the evidence scan of other project files stops after this many files or bytes
SCAN_BYTES = 64 * 1024 * 1024
PREFAB_MAIN_FILE_ID = 100100000  # m_SourcePrefab's fileID: the prefab asset itself
_MODIFICATION_KEYS = ["serializedVersion", "m_TransformParent", "m_Modifications", "m_RemovedComponents",
                      "m_RemovedGameObjects", "m_AddedGameObjects", "m_AddedComponents"]


def layout_shown_in(file: UnityYamlFile) -> bool:
    """Whether a PrefabInstance already in `file` has exactly the layout written here (the project's own
    Editor wrote it, so it is evidence for that Editor's version)."""
    for doc in file.of_class(PREFAB_INSTANCE):
        if doc.stripped:
            continue
        mod = doc.root.get("m_Modification") if isinstance(doc.root, Mapping) else None
        if (doc.get("serializedVersion", None) == 2 and isinstance(mod, Mapping) and not mod.flow
                and mod.keys() == _MODIFICATION_KEYS and doc.get("m_Modification.serializedVersion", None) == 3):
            return True
    return False


def _project_evidence(root: Path) -> str | None:
    """The first scene or prefab of the project (a bounded scan) holding a PrefabInstance of this layout."""
    budget = SCAN_BYTES
    for index, path in enumerate(list_files(root, (".unity", ".prefab"))):
        if index >= SCAN_FILES or budget <= 0:
            return None
        try:
            data = read_bytes(root / path)
        except OSError:
            continue
        budget -= len(data)
        if b"--- !u!1001 &" not in data:
            continue
        try:
            if layout_shown_in(UnityYamlFile.parse(data, path)):
                return path
        except UnityCliError:
            continue
    return None


def check_layout(file: UnityYamlFile, unity_version: str, stream: str, project_root: Path) -> str:
    """What verifies the layout for this write: the Unity stream, the file itself or another project file."""
    if stream in VERIFIED_STREAMS:
        return f"Unity {stream}"
    if layout_shown_in(file):
        return file.name or "the file"
    found = _project_evidence(project_root)
    if found is not None:
        return found
    raise UnityCliError(
        "E_PREFAB_LAYOUT_UNVERIFIED",
        f"the PrefabInstance layout was verified for Unity {', '.join(VERIFIED_STREAMS)}, not {unity_version}, "
        "and no scene or prefab of the project holds a PrefabInstance of that layout to go by",
        details={"file": file.name, "unityVersion": unity_version, "verifiedStreams": list(VERIFIED_STREAMS)},
        next_actions=[],
        manual_steps=["Drop any prefab into a scene once in the Unity Editor and save (its layout is then evidence), "
                      "or instantiate it in the Editor"])


@dataclass
class Instantiated:
    instance: int
    transform: int


def _number(value: float) -> Verbatim:
    return Verbatim(format_number(value))


def _mod(target: int, guid: str, path: str, value: object) -> dict:
    return {"target": Ref(target, guid, 3), "propertyPath": path, "value": value, "objectReference": Ref(0)}


def drop_modifications(root: PrefabRoot, guid: str, name: str, position: Vec, hint: Vec,
                       root_order: int | None) -> list[dict]:
    """The overrides the Editor writes for a dropped prefab, in its order (by target fileID)."""
    transform = []
    if root_order is not None:
        transform.append(_mod(root.transform, guid, "m_RootOrder", root_order))
    transform += [_mod(root.transform, guid, f"m_LocalPosition.{a}", _number(v)) for a, v in zip("xyz", position,
                                                                                              strict=True)]
    rotation = dict(zip("xyzw", root.pose.rotation, strict=True))
    transform += [_mod(root.transform, guid, f"m_LocalRotation.{a}", _number(rotation[a])) for a in "wxyz"]
    transform += [_mod(root.transform, guid, f"m_LocalEulerAnglesHint.{a}", _number(v))
                  for a, v in zip("xyz", hint, strict=True)]
    named = [_mod(root.game_object, guid, "m_Name", name)]
    return named + transform if root.game_object < root.transform else transform + named


def instantiate(model: SceneModel, root: PrefabRoot, guid: str, parent: SceneNode | None, *, name: str,
                position: Vec | None) -> Instantiated:
    """Add the PrefabInstance and its stripped root Transform as the last child of `parent` (or last root)."""
    file = model.file
    siblings = parent.children if parent is not None else model.roots
    order = len(siblings) if uses_root_order(file) else None
    instance_id = file.new_file_id()
    in_prefab = (file.name or "").endswith(".prefab")
    transform_id = stripped_file_id(root.transform, instance_id) if in_prefab else instance_id + 1
    if file.find(transform_id) is not None or transform_id == instance_id:
        transform_id = _fresh(file, {instance_id})
    hint = root.hint if root.hint is not None else euler_hint(root.pose.rotation)
    mods = drop_modifications(root, guid, name, position if position is not None else root.pose.position, hint,
                              order)
    father = Ref(parent.transform_id if parent is not None else 0)  # type: ignore[arg-type]
    file.add_document(PREFAB_INSTANCE, "PrefabInstance", {
        "m_ObjectHideFlags": 0, "serializedVersion": 2,
        "m_Modification": {"serializedVersion": 3, "m_TransformParent": father, "m_Modifications": mods,
                           "m_RemovedComponents": [], "m_RemovedGameObjects": [], "m_AddedGameObjects": [],
                           "m_AddedComponents": []},
        "m_SourcePrefab": Ref(PREFAB_MAIN_FILE_ID, guid, 3)}, file_id=instance_id)
    file.add_document(root.transform_class, "Transform" if root.transform_class == 4 else "RectTransform", {
        "m_CorrespondingSourceObject": Ref(root.transform, guid, 3), "m_PrefabInstance": Ref(instance_id),
        "m_PrefabAsset": Ref(0)}, file_id=transform_id, stripped=True)
    node = SceneNode(instance_id, "prefabInstance", name, transform_id=None, source_prefab_guid=guid)
    model.nodes[instance_id] = node
    model.stripped_owner[transform_id] = instance_id
    model.by_transform[transform_id] = node
    attach(model, node, parent, len(siblings))
    return Instantiated(instance_id, transform_id)


def _fresh(file: UnityYamlFile, taken: set[int]) -> int:
    while True:
        candidate = file.new_file_id()
        if candidate not in taken:
            return candidate
