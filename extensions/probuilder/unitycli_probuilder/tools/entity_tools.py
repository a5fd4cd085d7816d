"""`probuilder.set-collider` and `set-trigger`: ProBuilder's Set Collider / Set Trigger object actions.

Editor/MenuActions/Object/SetCollider.cs and SetTrigger.cs (identical in rc-5.2.2 and rc-6.0.4): every existing
EntityBehaviour (ColliderBehaviour, TriggerBehaviour) and the pre-4.0 Entity are destroyed, a MeshCollider is added
when the GameObject has no Collider, then the behaviour is added and its Initialize() runs
(Runtime/Core/ColliderBehaviour.cs, TriggerBehaviour.cs): the first Collider gets `isTrigger` false (collider) or
true (trigger, and `convex` when it is a MeshCollider), and the Renderer's `sharedMaterial` becomes ProBuilder's
Collider or Trigger material. The behaviour's one serialized field is EntityBehaviour.manageVisibility (true).
Editor-written evidence: chicken-defense `Game.unity` (5.2.2) "Coop Range" (TriggerBehaviour &1927195792 listed
after its convex trigger MeshCollider, Trigger.mat) and "Camera Clip" (ColliderBehaviour &2081318674, Collider.mat).
"""

from __future__ import annotations

from unitycli.api import (
    CLASS_IDS,
    Field,
    Ref,
    ToolContext,
    ToolOutput,
    UnityCliError,
    append_component,
    components_of,
    pick_version,
    remove_component,
)
from unitycli_probuilder import components, ids, locate
from unitycli_probuilder.inputs import MaterialRef, MeshTarget

# UnityEngine.Collider's subclasses that GetComponent<Collider>() finds (3D physics).
_COLLIDERS = {CLASS_IDS[n] for n in ("MeshCollider", "BoxCollider", "SphereCollider", "CapsuleCollider",
                                     "CharacterController", "WheelCollider", "TerrainCollider") if n in CLASS_IDS}
_ENTITY_SCRIPTS = {ids.COLLIDER_BEHAVIOUR_GUID, ids.TRIGGER_BEHAVIOUR_GUID, ids.ENTITY_GUID}


class EntityInput(MeshTarget):
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class EntityOutput(ToolOutput):
    file: str
    game_object: str
    behaviour_file_id: int = Field(alias="behaviourFileID", description="The new ColliderBehaviour/TriggerBehaviour")
    collider_file_id: int = Field(alias="colliderFileID", description="The Collider set up (added when there was none)")
    collider_added: bool
    removed_file_ids: list[int] = Field(alias="removedFileIDs", description="Entity components removed first")
    material: MaterialRef = Field(description="The Renderer's one material now: ProBuilder's Collider or Trigger material")


def _set_entity(ctx: ToolContext, request: EntityInput, trigger: bool) -> EntityOutput:
    loaded, site = locate.find_mesh(ctx, request.file, request.game_object,
                                    expected_revision=request.expected_revision, for_write=True)
    model, node, yaml = site.model, site.node, site.yaml
    renderer = site.renderer
    slots = renderer.get("m_Materials", []) if renderer is not None else []
    if renderer is None or len(slots) != 1:
        # Renderer.sharedMaterial's setter on zero or several slots (and a MeshRenderer the action would add) is
        # native code whose serialized result we have no Editor-written file for.
        raise UnityCliError(
            "E_PROPERTY_EDIT_UNSUPPORTED",
            f"{site.path!r} has {'no MeshRenderer' if renderer is None else f'{len(slots)} material slots'}; "
            "this action is written only for a MeshRenderer with one material slot",
            details={"file": loaded.path, "gameObject": site.path, "materialSlots": len(slots)},
            next_actions=[],
            manual_steps=["Give the renderer exactly one material slot, or run the action in the Unity Editor"])
    picked = pick_version(ctx.unity_version.editor_version)  # the layout of what is added
    removed = [c.file_id for c in components_of(model, node) if c.script_guid in _ENTITY_SCRIPTS and not c.missing]
    for file_id in removed:
        remove_component(model, node, file_id, force=True)
    collider = next((c for c in components_of(model, node) if c.class_id in _COLLIDERS and not c.missing), None)
    if collider is None:
        # ProBuilderMesh.Awake: EnsureMeshColliderIsAssigned
        collider_id = components.add_mesh_collider(model, node.file_id, picked, site.mesh.get("m_Mesh"))
    else:
        collider_id = collider.file_id
    script = Ref(11500000, ids.TRIGGER_BEHAVIOUR_GUID if trigger else ids.COLLIDER_BEHAVIOUR_GUID, 3)
    behaviour = append_component(model, node.file_id, ids.MONO_BEHAVIOUR, "MonoBehaviour",
                                 components.mono_behaviour(picked, node.file_id, script, {"manageVisibility": 1}))
    collider_doc = yaml.get(collider_id)
    if trigger and collider_doc.class_id == ids.MESH_COLLIDER:
        collider_doc.set("m_Convex", 1)
    collider_doc.set("m_IsTrigger", 1 if trigger else 0)
    material = ids.TRIGGER_MATERIAL if trigger else ids.COLLIDER_MATERIAL
    renderer.set("m_Materials[0]", material)
    loaded.save(ctx)
    return EntityOutput(file=loaded.path, game_object=site.path, behaviour_file_id=behaviour,
                        collider_file_id=collider_id, collider_added=collider is None, removed_file_ids=removed,
                        material=MaterialRef.of(material))


def set_collider(ctx: ToolContext, request: EntityInput) -> EntityOutput:
    return _set_entity(ctx, request, trigger=False)


def set_trigger(ctx: ToolContext, request: EntityInput) -> EntityOutput:
    return _set_entity(ctx, request, trigger=True)
