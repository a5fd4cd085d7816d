"""Adding a native component to a GameObject of a scene or prefab, in the layout of the project's Editor.

Which classes: every class of the picked Editor's table that derives from Component, except the Transform kinds
(a GameObject has exactly one, created with it) and MonoBehaviour (added by script, header only).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command
from unitycli.scene.edits import append_component, has_class
from unitycli.scene.lookup import instance_unsupported
from unitycli.scene.tree import SceneModel, SceneNode
from unitycli.typetree.compose import Composed, compose, matching_documents, scan_project
from unitycli.typetree.table import Layout, bases_of, class_id_of, index, layout_for
from unitycli.typetree.versions import Picked

NOT_ADDABLE = frozenset({"Transform", "RectTransform", "MonoBehaviour"})
# Classes refused a second time on one GameObject. Where Unity's rule for native classes comes from was looked for
# and is not public: in Unity-Technologies/UnityCsReference at d253e09acffc (6000.7.0a1) `[DisallowMultipleComponent]`
# is on two MonoBehaviours only (UIElements' PanelInputConfiguration and UIDocument), on no native class, and the
# type-tree dumps carry no per-class flag for it. So this is not a derived set: it is the set unitycli has always
# refused (refusing writes nothing Unity could reject); every other class is added as often as asked.
SINGLE_PER_GAMEOBJECT = frozenset({"Rigidbody", "Rigidbody2D", "MeshFilter", "MeshRenderer", "Camera"})


@dataclass
class Added:
    file_id: int
    composed: Composed


def addable_classes(picked: Picked) -> list[str]:
    """The native Component classes `component.add` writes for this Editor, sorted."""
    return sorted(name for name in index()["classes"] if name not in NOT_ADDABLE
                  and "Component" in bases_of(name) and layout_for(name, picked) is not None)


def component_layout(class_name: str, picked: Picked) -> Layout:
    """The layout the picked Editor writes for a native component, or `E_COMPONENT_UNSUPPORTED` naming why."""
    layout = layout_for(class_name, picked) if class_name not in NOT_ADDABLE else None
    if layout is None or "Component" not in bases_of(class_name):
        why = ("it is added another way" if class_name in NOT_ADDABLE
               else f"Unity {picked.layout_from} has no native component class of that name")
        close = difflib.get_close_matches(class_name, addable_classes(picked), n=5, cutoff=0.6)
        raise UnityCliError("E_COMPONENT_UNSUPPORTED",
                            f"{class_name!r} cannot be added: {why}. Give a native component class name (Light, "
                            "AudioListener, CharacterController, …) of the project's Unity version, or for a "
                            "script its class name or GUID as `script`",
                            details={"component": class_name, "layoutFrom": picked.layout_from, "didYouMean": close},
                            next_actions=[describe_command("component.add")])
    return layout


def add_native_component(model: SceneModel, node: SceneNode, class_name: str, picked: Picked,
                         project_root: Path | None) -> Added:
    """Append the component: layout from the table, values from evidence (`compose`), nothing guessed."""
    if node.is_instance:
        raise instance_unsupported(node, "adding a component to it would be a prefab override, which is not written")
    layout = component_layout(class_name, picked)
    class_id = class_id_of(class_name)
    if class_name in SINGLE_PER_GAMEOBJECT and has_class(model, node, class_id):  # type: ignore[arg-type]
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{node.path!r} already has a {class_name}; Unity allows one",
                            details={"component": class_name, "gameObject": node.path})
    file = model.file
    evidence = matching_documents(file, layout, "file") or (
        scan_project(project_root, layout, file.name) if project_root is not None else [])
    composed = compose(layout, node.file_id, evidence)
    file_id = append_component(model, node.file_id, class_id, class_name, composed.fields)  # type: ignore[arg-type]
    return Added(file_id, composed)



def add_new_component(model: SceneModel, game_object: int, class_name: str, picked: Picked,
                      facts: dict[str, Any]) -> Added:
    """Append a component as a tool makes a fresh one (ProBuilder's shape tool, say): the layout from the table,
    `facts` for what the tool itself sets, the cited defaults (`unitycli.typetree.defaults`) for the rest, and a
    field with neither left out (`omitted`). The file's and project's documents are not copied: a neighbour's
    values are its own edits, not what a new component starts with. A fact naming a field the layout lacks is
    refused (`E_LAYOUT_VERSION_UNKNOWN`): the Editor `picked` would not write it."""
    layout = component_layout(class_name, picked)
    unknown = sorted(set(facts) - set(layout.top_names))
    if unknown:
        raise UnityCliError("E_LAYOUT_VERSION_UNKNOWN", f"Unity {picked.layout_from}'s {class_name} has no field "
                            f"{', '.join(unknown)}", details={"class": class_name, "fields": unknown,
                                                            "layoutFrom": picked.layout_from})
    composed = compose(layout, game_object, [], facts)
    file_id = append_component(model, game_object, class_id_of(class_name), class_name,  # type: ignore[arg-type]
                               composed.fields)
    return Added(file_id, composed)
