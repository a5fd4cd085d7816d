"""A new GameObject and its Transform in the layout of the project's Editor, every value a fact of the request.

The fields and `serializedVersion` are the type tree's (`layout_for(…, picked)`). The values are what the request
says (name, layer, tag, active, parent, position, sibling index) and what every new object holds: no prefab links,
HideFlags.None, no icon, NavMesh layer 0, no static flags, identity rotation, unit scale, no children, an Inspector
hint of 0,0,0 and uniform-scale lock off — as the Editor-written GameObject `Cube` (&19897471) and its Transform
(&19897477) of minigolf's Main Menu.unity show them, and where `serializedVersion` stands among the keys.
`m_RootOrder` is written only where the Editor writes it: its tree has it until 2022.3.4 but the Editor stopped
writing it in 2022.2 (`check.QUIRKS["root-order-not-written"]`), so it is written for an older Editor or into a
file whose Transforms still carry it. A field of the layout none of these gives is left out (Unity loads it at
its constructor default) and named in `omitted`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.typetree.check import SERIALIZED_VERSION
from unitycli.typetree.table import Layout, require_layout, versions
from unitycli.typetree.versions import Picked, version_key
from unitycli.unityyaml import Flow, Ref, UnityYamlFile

_NULL = Ref(0)
_HEADER = {"m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": _NULL, "m_PrefabInstance": _NULL,
           "m_PrefabAsset": _NULL}
_ROOT_ORDER_LAST_WRITTEN = (2022, 2)  # the first stream whose Editor no longer writes m_RootOrder


@dataclass
class NewObject:
    layout: Layout
    fields: dict[str, Any]
    omitted: list[str]


def build_new(layout: Layout, facts: dict[str, Any], version_after: str | None) -> NewObject:
    """A new document of `layout`: the `facts` in the layout's order, every other field left out and listed, and
    `serializedVersion` where the class writes it — after the field `version_after`, or first when None (the type
    tree records the version, not its position, so each caller names it from Editor-written files)."""
    fields: dict[str, Any] = {}
    omitted: list[str] = []
    if version_after is None and layout.serialized_version > 1:
        fields[SERIALIZED_VERSION] = layout.serialized_version
    for name in layout.top_names:
        if name in facts:
            fields[name] = facts[name]
        else:
            omitted.append(name)
        if name == version_after and layout.serialized_version > 1:
            fields[SERIALIZED_VERSION] = layout.serialized_version
    return NewObject(layout, fields, omitted)


def new_game_object(picked: Picked, *, name: str, transform: int, layer: int, tag: str, active: bool) -> NewObject:
    """A GameObject whose only component is its Transform; serializedVersion follows the prefab header."""
    facts = {**_HEADER, "m_Component": [{"component": Ref(transform)}], "m_Layer": layer, "m_Name": name,
             "m_TagString": tag, "m_Icon": _NULL, "m_NavMeshLayer": 0, "m_StaticEditorFlags": 0,
             "m_IsActive": 1 if active else 0}
    return build_new(require_layout("GameObject", picked), facts, "m_PrefabAsset")


def new_script_header(picked: Picked, *, game_object: int, script: Ref) -> NewObject:
    """A script's MonoBehaviour header: enabled, shown, its `m_Script`, no name or class identifier, as the
    Editor-written script components of the fixtures show a new one (minigolf Main Menu.unity &2020966407). The
    script's own serialized fields follow it (the caller's, from its C#); the class writes no serializedVersion."""
    facts = {**_HEADER, "m_GameObject": Ref(game_object), "m_Enabled": 1, "m_EditorHideFlags": 0,
             "m_Script": script, "m_Name": "", "m_EditorClassIdentifier": ""}
    return build_new(require_layout("MonoBehaviour", picked), facts, None)


def writes_root_order(picked: Picked, file_has_it: bool) -> bool:
    """Whether a new Transform carries `m_RootOrder` (see the module docstring)."""
    key = version_key(picked.layout_from)
    return file_has_it or (key is not None and key[:2] < _ROOT_ORDER_LAST_WRITTEN)


def new_transform(picked: Picked, *, game_object: int, father: int, position: tuple[float, float, float],
                  sibling_index: int, file_has_root_order: bool) -> NewObject:
    """A Transform at `position` under `father`; serializedVersion follows `m_GameObject`."""
    x, y, z = position
    facts: dict[str, Any] = {
        **_HEADER, "m_GameObject": Ref(game_object), "m_LocalRotation": Flow({"x": 0, "y": 0, "z": 0, "w": 1}),
        "m_LocalPosition": Flow({"x": x, "y": y, "z": z}), "m_LocalScale": Flow({"x": 1, "y": 1, "z": 1}),
        "m_ConstrainProportionsScale": 0, "m_Children": [], "m_Father": Ref(father),
        "m_LocalEulerAnglesHint": Flow({"x": 0, "y": 0, "z": 0})}
    if writes_root_order(picked, file_has_root_order):
        facts["m_RootOrder"] = sibling_index
    built = build_new(require_layout("Transform", picked), facts, "m_GameObject")
    built.omitted = [name for name in built.omitted if name != "m_RootOrder"]  # left out on purpose (quirk)
    return built


def picked_from_file(file: UnityYamlFile) -> Picked | None:
    """For a write with no project version: the newest Editor whose Transform layout the file's own Transforms
    have (a file's Transforms say whether it still writes `m_RootOrder`); None when none is Editor-written."""
    from unitycli.typetree.report import check_document

    newest: int | None = None
    for doc in file.of_class(4)[:20]:
        if doc.stripped:
            continue
        report = check_document(doc, None)
        if report.status == "matches":
            top = max(layout.newest for layout in report.layouts)
            newest = top if newest is None else max(newest, top)
    if newest is None:
        return None
    name = versions()[newest]
    return Picked(name, name, newest, False)
