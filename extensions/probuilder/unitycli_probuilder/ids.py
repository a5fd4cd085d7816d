"""Identities ProBuilder and Unity use in text files, checked against the package source and the fixtures.

Script GUIDs are those of `Runtime/Core/ProBuilderMesh.cs.meta` and `Runtime/Shapes/ProBuilderShape.cs.meta`
(identical in 5.2.2 and 6.0.4; chicken-defense `Game.unity` and minigolf `Main Menu.unity` reference them).
"""

from __future__ import annotations

from unitycli.api import CLASS_IDS, KnownScript, Ref

PROBUILDER_PACKAGE = "com.unity.probuilder"
MESH_SCRIPT_GUID = "8233d90336aea43098adf6dbabd606a2"
SHAPE_SCRIPT_GUID = "1ca002da428252441b92f28d83c8a65f"
MESH_SCRIPT = Ref(11500000, MESH_SCRIPT_GUID, 3)
SHAPE_SCRIPT = Ref(11500000, SHAPE_SCRIPT_GUID, 3)
# Runtime/Core/{ColliderBehaviour,TriggerBehaviour,Entity,PolyShape}.cs.meta, identical at rc-5.2.2 and rc-6.0.4.
COLLIDER_BEHAVIOUR_GUID = "57444c075000242ea99e263cee940de2"
TRIGGER_BEHAVIOUR_GUID = "4eb4b507ff52e40f58f68c2065e32636"
ENTITY_GUID = "69fbd00be8d904b3da640e502905c345"  # the pre-4.0 Entity component, removed by Set Collider/Trigger
POLY_SHAPE_GUID = "bb977b126bc1b4f15813dcf9da9bb600"
POLY_SHAPE_SCRIPT = Ref(11500000, POLY_SHAPE_GUID, 3)
# So every core tool can name them: `gameobject.find {"component": "ProBuilderMesh"}`.
KNOWN_SCRIPTS = [
    KnownScript(MESH_SCRIPT_GUID, "ProBuilderMesh", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder"),
    KnownScript(SHAPE_SCRIPT_GUID, "ProBuilderShape", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder.Shapes"),
    KnownScript(COLLIDER_BEHAVIOUR_GUID, "ColliderBehaviour", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder"),
    KnownScript(TRIGGER_BEHAVIOUR_GUID, "TriggerBehaviour", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder"),
    KnownScript(ENTITY_GUID, "Entity", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder"),
    KnownScript(POLY_SHAPE_GUID, "PolyShape", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder"),
]
# Content/Resources/Materials/ProBuilderDefault.mat(.meta): what BuiltinMaterials.defaultMaterial loads.
DEFAULT_MATERIAL = Ref(2100000, "c22777d6e868e4f2fb421913386b154e", 2)
# Content/Resources/Materials/{Collider,Trigger}.mat(.meta): BuiltinMaterials.colliderMaterial / triggerMaterial.
COLLIDER_MATERIAL = Ref(2100000, "bbb235fff4f48426b863b36058ab66d2", 2)
TRIGGER_MATERIAL = Ref(2100000, "a1e97cbf2538241b691aae8243b5fb10", 2)

# Class IDs of the objects ProBuilder works with, from the core's one table.
MESH_RENDERER = CLASS_IDS["MeshRenderer"]
MESH_FILTER = CLASS_IDS["MeshFilter"]
MESH = CLASS_IDS["Mesh"]
MESH_COLLIDER = CLASS_IDS["MeshCollider"]
MONO_BEHAVIOUR = CLASS_IDS["MonoBehaviour"]
