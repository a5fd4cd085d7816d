"""The components of a built-in primitive (GameObject > 3D Object > Cube, …) for `gameobject.create --primitive`.

A primitive is a MeshFilter holding one of the built-in meshes of `Library/unity default resources`, a
MeshRenderer with the render pipeline's default material and the collider that fits the mesh, listed on the
GameObject in that order (Transform, MeshFilter, MeshRenderer, collider), as every Editor-written primitive of
the fixtures shows. Layouts come from the type tree of the project's Editor (`unitycli.typetree`); values only
from the Editor-written primitive documents cited below, copied byte for byte from the fixtures (paths under
`fixtures/unity/`). A field none of them holds, or whose value does not fit the project's layout, is left out and
listed (`omittedFields`): Unity keeps it at its constructor default on load.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.scene.edits import append_component
from unitycli.scene.native_components import component_layout
from unitycli.scene.tree import SceneModel
from unitycli.toolspec import ToolOutput
from unitycli.typetree.check import Checker
from unitycli.typetree.compose import Composed, Evidence, compose
from unitycli.typetree.defaults import DEFAULTS
from unitycli.typetree.table import class_id_of
from unitycli.typetree.versions import Picked
from unitycli.unityyaml import Mapping, Ref, UnityYamlFile
from unitycli.unityyaml.emit import EmitStyle, emit_body

PrimitiveName = Literal["cube", "sphere", "capsule", "cylinder", "plane", "quad"]
BUILTIN_MESHES_GUID = "0000000000000000e000000000000000"  # Library/unity default resources (type: 0)
_NO_STATIC_ROOT = "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/StaticOptimize/StaticOptimize/" \
                  "NoStaticRoot.unity"
_CAPSULE = "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/Substepping/Prefabs/Capsule.prefab"
_CAPSULE_RENDERER = "7777206355719509940"
_HEADER = """  m_ObjectHideFlags: 0
  m_CorrespondingSourceObject: {fileID: 0}
  m_PrefabInstance: {fileID: 0}
  m_PrefabAsset: {fileID: 0}
  m_GameObject: {fileID: 1}
"""
# The Collider base fields of a new primitive's collider: identical on every primitive collider cited here.
_COLLIDER_BASE = """  m_Material: {fileID: 0}
  m_IncludeLayers:
    serializedVersion: 2
    m_Bits: 0
  m_ExcludeLayers:
    serializedVersion: 2
    m_Bits: 0
  m_LayerOverridePriority: 0
  m_IsTrigger: 0
  m_ProvidesContacts: 0
  m_Enabled: 1
"""
# A primitive's MeshRenderer holds the cited MeshRenderer values (`typetree.defaults`, minigolf's Main Menu), which
# are also every value of the Editor-written "Capsule" of EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/
# Substepping/Prefabs/Capsule.prefab (&7777206355719509940) and, but for Unity 6's three ray-tracing/culling fields,
# of `NoStaticRoot.unity`'s "Cube" renderer &2099232337; m_Materials is set apart (`default_material`).
_RENDERER = DEFAULTS["MeshRenderer"]


@dataclass(frozen=True)
class Primitive:
    """One primitive: its built-in mesh, its collider, and the collider's own fields with their evidence."""

    name: str
    mesh_file_id: int
    collider: str
    collider_fields: str  # the collider's own fields (after the Collider base), as the cited document writes them
    evidence: str  # the Editor-written documents the values are copied from


PRIMITIVES: dict[str, Primitive] = {p.name.lower(): p for p in (
    Primitive("Cube", 10202, "BoxCollider", "  m_Size: {x: 1, y: 1, z: 1}\n  m_Center: {x: 0, y: 0, z: 0}\n",
              f"{_NO_STATIC_ROOT} GameObject 'Cube' &2099232334 (MeshFilter &2099232338, BoxCollider &2099232336)"),
    Primitive("Sphere", 10207, "SphereCollider", "  m_Radius: 0.5\n  m_Center: {x: 0, y: 0, z: 0}\n",
              f"{_NO_STATIC_ROOT} GameObject 'Sphere' &1522427193 (MeshFilter &1522427197, SphereCollider "
              "&1522427195)"),
    Primitive("Capsule", 10208, "CapsuleCollider",
              "  m_Radius: 0.5\n  m_Height: 2\n  m_Direction: 1\n  m_Center: {x: 0, y: 0, z: 0}\n",
              f"{_CAPSULE} GameObject 'Capsule' (CapsuleCollider &1416456589955341393)"),
    # The one Editor-written cylinder collider of the fixtures was resized afterwards (height 1, direction 0);
    # only its fitted radius is the Editor's, so height, direction and center are left out.
    Primitive("Cylinder", 10206, "CapsuleCollider", "  m_Radius: 0.5000001\n",
              "com.unity.cinemachine/com.unity.cinemachine/Samples~/3D Samples/Cutscene.unity GameObject "
              "'Trigger zone' (built-in mesh 10206, CapsuleCollider &7091232896369300951: m_Radius only)"),
    Primitive("Plane", 10209, "MeshCollider",
              "  m_Convex: 0\n  m_CookingOptions: 30\n"
              "  m_Mesh: {fileID: 10209, guid: 0000000000000000e000000000000000, type: 0}\n",
              "EntityComponentSystemSamples/GraphicsSamples/HDRPSamples/Assets/SampleScenes/3. Hybrid Components/"
              "HybridEntitiesConversion/Subscenes/HECSubScene.unity GameObject 'Plane' (MeshCollider &27357721)"),
    Primitive("Quad", 10210, "MeshCollider",
              "  m_Convex: 0\n  m_CookingOptions: 30\n"
              "  m_Mesh: {fileID: 10210, guid: 0000000000000000e000000000000000, type: 0}\n",
              "chicken-defense/Assets/LlamAcademy/ChickenDefense/Units/Chicken/Chicken.prefab GameObject 'UI Icon' "
              "(MeshCollider &7206937120197072193)"),
)}
# The Editor-written primitives above are all URP projects: their MeshRenderer holds URP's Lit material, the
# `m_DefaultMaterial` of URP's editor materials (minigolf/Assets/UniversalRenderPipelineGlobalSettings.asset).
URP_DEFAULT_MATERIAL = Ref(2100000, "31321ba15b8f8eb4c954353edc038b1d", 2)


@cache
def _evidence_body(class_id: int, class_name: str, body: str) -> Mapping:
    text = f"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!{class_id} &2\n{class_name}:\n{_HEADER}{body}"
    root = UnityYamlFile.parse(text.encode(), "evidence").documents[0].root
    assert isinstance(root, Mapping)
    return root


class PrimitiveComponent(ToolOutput):
    """One component of the new primitive, as the answer lists it."""

    class_name: str = Field(alias="class")
    file_id: int = Field(alias="fileID")
    serialized_version: int | None = Field(description="From the type tree of layoutFrom (null: the class has none)")
    evidence: str = Field(description="The Editor-written fixture documents its values are copied from")
    omitted_fields: list[str] = Field(description="Fields with no evidence for a new primitive, left out (Unity "
                                                  "keeps their constructor defaults on load)")


class PrimitiveSummary(ToolOutput):
    primitive: str
    layout_from: str = Field(description="The Editor dump whose type tree gave every layout")
    material: str = Field(description="Where the renderer's material came from, or why it was left out")
    components: list[PrimitiveComponent]


@dataclass
class PrimitiveParts:
    """The components written, each with its fileID, layout and what was left out."""

    primitive: Primitive
    material: str  # where the default material came from, or why it was left out
    components: list[tuple[str, int, Composed, str]] = field(default_factory=list)


def default_material(pipeline: str) -> Ref | None:
    """The material a new primitive's renderer gets: URP's Lit for a URP project; others have no evidence."""
    return URP_DEFAULT_MATERIAL if pipeline == "urp" else None


def _renderer_fields(material: Ref | None) -> str:
    """The renderer's fields as the cited documents write them: the cited MeshRenderer values, then the material."""
    values = {"m_Enabled": 1, **_RENDERER.values, **({"m_Materials": [material]} if material is not None else {})}
    return emit_body("MeshRenderer", values, style=EmitStyle()).split("\n", 1)[1]


def _checked(composed: Composed, evidence: list[Evidence]) -> Composed:
    """Drop every copied value the project's layout does not hold exactly, and every value not from `evidence`
    (`compose` also falls back to Add-Component defaults, which are not a primitive's fitted values)."""
    fields = composed.layout.root.fields
    ours = {e.where for e in evidence}
    for name, source in list(composed.sources.items()):
        if source in ("target", "new object"):
            continue
        node = next((e.body.get(name) for e in evidence if e.where == source), None)
        checker = Checker(limit=1)
        if source in ours and node is not None:
            checker.node(fields[name], node, name)
        if source not in ours or checker.findings:
            del composed.fields[name], composed.sources[name]
            composed.omitted.append(name)
    composed.omitted.sort(key=list(fields).index)
    return composed


def _component(model: SceneModel, game_object: int, class_name: str, picked: Picked, body: str,
               cite: str) -> tuple[int, Composed]:
    layout = component_layout(class_name, picked)
    class_id = class_id_of(class_name)
    assert class_id is not None
    evidence = [Evidence(f"evidence:{cite}", _evidence_body(class_id, class_name, body))]
    composed = _checked(compose(layout, game_object, evidence), evidence)
    return append_component(model, game_object, class_id, class_name, composed.fields), composed


def add_primitive(model: SceneModel, game_object: int, name: str, picked: Picked, pipeline: str) -> PrimitiveParts:
    """Append MeshFilter, MeshRenderer and the collider of primitive `name` to a GameObject just created."""
    primitive = PRIMITIVES.get(name.lower())
    if primitive is None:
        raise UnityCliError("E_SCHEMA_INVALID", f"{name!r} is not a built-in primitive",
                            details={"errors": [{"path": "primitive", "message": f"one of {sorted(PRIMITIVES)}"}]})
    material = default_material(pipeline)
    renderer = _renderer_fields(material)
    if material is not None:
        where = f"URP's default material (Lit), as on the cited primitives ({pipeline} project)"
    else:
        where = f"left out: no Editor-written evidence of the default material of a {pipeline} project"
    parts = PrimitiveParts(primitive, where)
    mesh = f"  m_Mesh: {{fileID: {primitive.mesh_file_id}, guid: {BUILTIN_MESHES_GUID}, type: 0}}\n"
    for class_name, body, cite in (
            ("MeshFilter", mesh, primitive.evidence),
            ("MeshRenderer", renderer, f"{_CAPSULE} MeshRenderer &{_CAPSULE_RENDERER} of 'Capsule' (and "
                                       f"{_NO_STATIC_ROOT} MeshRenderer &2099232337 of 'Cube'; "
                                       f"{_RENDERER.cite})"),
            (primitive.collider, _COLLIDER_BASE + primitive.collider_fields,
             f"{primitive.evidence}; Collider base fields as on every cited primitive collider")):
        file_id, composed = _component(model, game_object, class_name, picked, body, cite)
        parts.components.append((class_name, file_id, composed, cite))
    return parts


def summary(parts: PrimitiveParts, picked: Picked) -> PrimitiveSummary:
    return PrimitiveSummary(
        primitive=parts.primitive.name.lower(), layout_from=picked.layout_from, material=parts.material,
        components=[PrimitiveComponent(**{"class": name, "fileID": file_id},
                                       serialized_version=c.layout.serialized_version
                                       if c.layout.serialized_version > 1 else None,
                                       evidence=cite, omitted_fields=c.omitted)
                    for name, file_id, c, cite in parts.components])


def project_pipeline(root: Path) -> str:
    """`urp`, `hdrp`, `built-in`, `custom` or `unknown` (`plugins.render_pipeline`)."""
    from unitycli.indexes import ProjectIndex
    from unitycli.plugins.render_pipeline import detect_render_pipeline

    with ProjectIndex.open(root) as index:
        try:
            return detect_render_pipeline(root, index.path_for_guid).pipeline
        except UnityCliError:
            return "unknown"
