"""Object tools: pivot, freeze, mirror, collider/trigger, merge objects."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec
from unitycli_probuilder.descriptions import EXAMPLE_NOTE, REBUILD_NOTE, SAMPLE_MESH, SAMPLE_SCENE
from unitycli_probuilder.specs.factories import WRITES, edit_spec

SET_PIVOT = edit_spec(
    name="probuilder.set-pivot", title="Set a ProBuilder mesh's pivot",
    summary="Move a ProBuilder object's pivot without moving the mesh in the world.",
    description=("MeshTransform.SetPivot / CenterPivot: the Transform moves to the new pivot and every vertex moves "
                 "the opposite way, so the world result is unchanged. The pivot is the centre of the mesh bounds "
                 "(default), the average of `vertices`, or a local `point`. The Transform's m_LocalPosition "
                 "changes; auto UVs, projected from local positions, are recomputed as Refresh does. "),
    input_model="unitycli_probuilder.tools.object_tools:SetPivotInput",
    handler="unitycli_probuilder.tools.object_tools:set_pivot",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "vertices": [0]},),
)

FREEZE_TRANSFORM = edit_spec(
    name="probuilder.freeze-transform", title="Freeze a ProBuilder object's Transform",
    summary="Bake a ProBuilder object's position, rotation and scale into its vertices.",
    description=("The Editor's Freeze Transform: vertices become world positions, the Transform becomes identity, "
                 "every face keeps its UVs (manual UV) and a mirroring scale reverses every face. Refused "
                 "(E_PROPERTY_EDIT_UNSUPPORTED) under a parent whose Transform is not identity. "),
    input_model="unitycli_probuilder.inputs:EditTarget",
    handler="unitycli_probuilder.tools.object_tools:freeze_transform",
    idempotent=True,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},),
)

MIRROR = edit_spec(
    name="probuilder.mirror", title="Mirror a ProBuilder mesh",
    summary="Mirror a ProBuilder mesh across its local x, y and/or z axis, in place.",
    description=("The Editor's Mirror Objects without Duplicate (MirrorObjects.Mirror): each given local axis of "
                 "every vertex is negated (the -1 scale frozen into the mesh), and an odd number of axes reverses "
                 "every face so normals keep pointing out; the Transform is not changed. Auto UVs and tangents are "
                 "recomputed as Refresh does; manual UVs stay. Mirroring to a duplicate GameObject is not offered. "),
    input_model="unitycli_probuilder.tools.object_tools:MirrorInput",
    handler="unitycli_probuilder.tools.object_tools:mirror",
    idempotent=False,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "axes": ["x"]},),
)

_COMMON = ("Existing ColliderBehaviour/TriggerBehaviour (and the old Entity) components are removed, a MeshCollider "
           "is added when the GameObject has no Collider (its mesh is the ProBuilderMesh's, as Awake assigns it), "
           "then the behaviour (manageVisibility: 1, so ProBuilder hides the renderer in play mode) is added last. "
           "E_PROPERTY_EDIT_UNSUPPORTED unless the GameObject has a MeshRenderer with exactly one material slot. "
           "Supports --dry-run." + EXAMPLE_NOTE)


def _entity_spec(**fields: Any) -> ToolSpec[Any, Any]:
    """Set Collider and Set Trigger share their models, risk hints and example."""
    return ToolSpec(input_model="unitycli_probuilder.tools.entity_tools:EntityInput",
                    output_model="unitycli_probuilder.tools.entity_tools:EntityOutput",
                    read_only=False, destructive=True, idempotent=False, permissions=WRITES,
                    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH},), **fields)


SET_COLLIDER = _entity_spec(
    name="probuilder.set-collider", title="Make a ProBuilder object a collider",
    summary="Make a ProBuilder object a collider hidden in play, as Set Collider does.",
    description=("ProBuilder's Set Collider action (SetCollider.cs, ColliderBehaviour.Initialize): the first "
                 "Collider gets isTrigger 0 and the MeshRenderer's material becomes ProBuilder's Collider material. "
                 + _COMMON),
    handler="unitycli_probuilder.tools.entity_tools:set_collider")

SET_TRIGGER = _entity_spec(
    name="probuilder.set-trigger", title="Make a ProBuilder object a trigger",
    summary="Make a ProBuilder object a trigger hidden in play, as Set Trigger does.",
    description=("ProBuilder's Set Trigger action (SetTrigger.cs, TriggerBehaviour.Initialize): the first Collider "
                 "gets isTrigger 1 (and convex 1 when it is a MeshCollider) and the MeshRenderer's material becomes "
                 "ProBuilder's Trigger material. " + _COMMON),
    handler="unitycli_probuilder.tools.entity_tools:set_trigger")

MERGE_OBJECTS: ToolSpec[Any, Any] = ToolSpec(
    name="probuilder.merge-objects", title="Merge ProBuilder objects",
    summary="Merge ProBuilder objects into one mesh, materials mapped to submeshes.",
    description=("ProBuilder's Merge Objects (CombineMeshes.Combine into the active mesh): `gameObject` keeps its "
                 "place and Transform and receives the other meshes' vertices, moved so nothing moves in the world; "
                 "each face's submesh becomes its material's slot in `gameObject`'s MeshRenderer (new materials "
                 "appended). Faces with local auto UVs keep their look (their UV settings are re-derived as "
                 "SetAutoAndAlignUnwrapParamsToUVs does). The other GameObjects are deleted with their children and "
                 "references to them become {fileID: 0}. E_PROBUILDER_ELEMENTS_INVALID for 65535 or more vertices "
                 "(ProBuilder would split) or objects inside one another. " + REBUILD_NOTE + " Supports --dry-run. "
                 "The example merges the hole's stick into the cube of the minigolf fixture's main menu."),
    input_model="unitycli_probuilder.tools.merge_objects:MergeObjectsInput",
    output_model="unitycli_probuilder.tools.merge_objects:MergeObjectsOutput",
    handler="unitycli_probuilder.tools.merge_objects:merge_objects",
    read_only=False, destructive=True, idempotent=False, permissions=WRITES,
    examples=({"file": "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity", "gameObject": "Cube",
               "objects": ["Hole Cube/Stick"]},),
)

SPECS = (SET_PIVOT, FREEZE_TRANSFORM, MIRROR, SET_COLLIDER, SET_TRIGGER, MERGE_OBJECTS)
