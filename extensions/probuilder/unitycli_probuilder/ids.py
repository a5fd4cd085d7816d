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
# So every core tool can name them: `gameobject.find {"component": "ProBuilderMesh"}`.
KNOWN_SCRIPTS = [
    KnownScript(MESH_SCRIPT_GUID, "ProBuilderMesh", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder"),
    KnownScript(SHAPE_SCRIPT_GUID, "ProBuilderShape", PROBUILDER_PACKAGE, "UnityEngine.ProBuilder.Shapes"),
]
# Content/Resources/Materials/ProBuilderDefault.mat(.meta): what BuiltinMaterials.defaultMaterial loads.
DEFAULT_MATERIAL = Ref(2100000, "c22777d6e868e4f2fb421913386b154e", 2)

# Class IDs of the objects ProBuilder works with, from the core's one table.
MESH_RENDERER = CLASS_IDS["MeshRenderer"]
MESH_FILTER = CLASS_IDS["MeshFilter"]
MESH = CLASS_IDS["Mesh"]
MESH_COLLIDER = CLASS_IDS["MeshCollider"]
MONO_BEHAVIOUR = CLASS_IDS["MonoBehaviour"]
