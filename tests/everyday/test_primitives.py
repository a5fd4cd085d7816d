"""gameobject.create with `primitive`: built-in mesh, default material and matching collider in one call.

Evidence for the values: the Editor-written primitives cited in plugins/scenes/primitives.py, e.g.
EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/StaticOptimize/StaticOptimize/NoStaticRoot.unity
GameObject 'Cube' &2099232334 (MeshFilter `m_Mesh: {fileID: 10202, guid: 0000000000000000e000000000000000,
type: 0}`, MeshRenderer &2099232337, BoxCollider &2099232336). Layouts: the type tree of each project's Editor.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.testing import assert_dry_run_matches_commit, tool_error, tool_output
from unitycli.typetree import layout_for, pick_version
from unitycli.typetree.check import check_body
from unitycli.unityyaml import UnityYamlFile

CHICKEN_SCENE = "Assets/Scenes/SampleScene.unity"
MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
HEADER = "  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {fileID: 0}\n  m_PrefabInstance: {fileID: 0}\n" \
         "  m_PrefabAsset: {fileID: 0}\n"
COLLIDER_BASE = ("  m_Material: {fileID: 0}\n  m_IncludeLayers:\n    serializedVersion: 2\n    m_Bits: 0\n"
                 "  m_ExcludeLayers:\n    serializedVersion: 2\n    m_Bits: 0\n  m_LayerOverridePriority: 0\n"
                 "  m_IsTrigger: 0\n  m_ProvidesContacts: 0\n  m_Enabled: 1\n")
RENDERER_2022 = (
    "  m_Enabled: 1\n  m_CastShadows: 1\n  m_ReceiveShadows: 1\n  m_DynamicOccludee: 1\n  m_StaticShadowCaster: 0\n"
    "  m_MotionVectors: 1\n  m_LightProbeUsage: 1\n  m_ReflectionProbeUsage: 1\n  m_RayTracingMode: 2\n"
    "  m_RayTraceProcedural: 0\n  m_RenderingLayerMask: 1\n  m_RendererPriority: 0\n  m_Materials:\n"
    "  - {fileID: 2100000, guid: 31321ba15b8f8eb4c954353edc038b1d, type: 2}\n  m_StaticBatchInfo:\n"
    "    firstSubMesh: 0\n    subMeshCount: 0\n  m_StaticBatchRoot: {fileID: 0}\n  m_ProbeAnchor: {fileID: 0}\n"
    "  m_LightProbeVolumeOverride: {fileID: 0}\n  m_ScaleInLightmap: 1\n  m_ReceiveGI: 1\n  m_PreserveUVs: 0\n"
    "  m_IgnoreNormalsForChartDetection: 0\n  m_ImportantGI: 0\n  m_StitchLightmapSeams: 1\n"
    "  m_SelectedEditorRenderState: 3\n  m_MinimumChartSize: 4\n  m_AutoUVMaxDistance: 0.5\n"
    "  m_AutoUVMaxAngle: 89\n  m_LightmapParameters: {fileID: 0}\n  m_SortingLayerID: 0\n  m_SortingLayer: 0\n"
    "  m_SortingOrder: 0\n  m_AdditionalVertexStreams: {fileID: 0}\n")
# Unity 6's MeshRenderer adds three fields, with the values of the Editor-written Capsule.prefab renderer
RENDERER_6 = RENDERER_2022.replace("  m_RayTraceProcedural: 0\n", "  m_RayTraceProcedural: 0\n"
                                   "  m_RayTracingAccelStructBuildFlagsOverride: 0\n"
                                   "  m_RayTracingAccelStructBuildFlags: 1\n  m_SmallMeshCulling: 1\n")
MESHES = {"cube": 10202, "sphere": 10207, "capsule": 10208, "cylinder": 10206, "plane": 10209, "quad": 10210}
COLLIDERS = {"cube": "BoxCollider", "sphere": "SphereCollider", "capsule": "CapsuleCollider",
             "cylinder": "CapsuleCollider", "plane": "MeshCollider", "quad": "MeshCollider"}


def _docs(root: Path, scene: str) -> dict[int, object]:
    return {d.file_id: d for d in UnityYamlFile.read(root / scene).documents}


def _components(out: dict) -> dict[str, dict]:
    return {c["class"]: c for c in out["primitive"]["components"]}


def test_a_cube_on_a_2022_3_scene_is_exactly_the_editor_written_cube(chicken: Path):
    out = assert_dry_run_matches_commit(chicken, "gameobject.create", {"file": CHICKEN_SCENE, "name": "Crate",
                                                                       "primitive": "cube"}).output
    parts = _components(out)
    docs = _docs(chicken, CHICKEN_SCENE)
    go = out["fileID"]
    assert out["primitive"]["layoutFrom"] == "2022.3.17f1"
    assert [c["omittedFields"] for c in parts.values()] == [[], [], []]
    filter_id, renderer_id, box_id = (parts[n]["fileID"] for n in ("MeshFilter", "MeshRenderer", "BoxCollider"))
    listed = [item["component"].file_id for item in docs[go].get("m_Component")]
    assert listed == [out["transformFileID"], filter_id, renderer_id, box_id]  # CreatePrimitive's order
    assert docs[filter_id].text == (f"--- !u!33 &{filter_id}\nMeshFilter:\n{HEADER}  m_GameObject: {{fileID: {go}}}\n"
                                    "  m_Mesh: {fileID: 10202, guid: 0000000000000000e000000000000000, type: 0}\n")
    assert docs[renderer_id].text == (f"--- !u!23 &{renderer_id}\nMeshRenderer:\n{HEADER}"
                                      f"  m_GameObject: {{fileID: {go}}}\n{RENDERER_2022}")
    assert docs[box_id].text == (f"--- !u!65 &{box_id}\nBoxCollider:\n{HEADER}  m_GameObject: {{fileID: {go}}}\n"
                                 f"{COLLIDER_BASE}  serializedVersion: 3\n  m_Size: {{x: 1, y: 1, z: 1}}\n"
                                 "  m_Center: {x: 0, y: 0, z: 0}\n")


def test_a_cube_on_a_unity_6_scene_is_exactly_the_editor_written_cube(minigolf: Path):
    out = assert_dry_run_matches_commit(minigolf, "gameobject.create", {"file": MENU, "name": "Crate",
                                                                        "primitive": "cube"}).output
    parts = _components(out)
    docs = _docs(minigolf, MENU)
    go, renderer_id, box_id = out["fileID"], parts["MeshRenderer"]["fileID"], parts["BoxCollider"]["fileID"]
    assert docs[renderer_id].text == (f"--- !u!23 &{renderer_id}\nMeshRenderer:\n{HEADER}"
                                      f"  m_GameObject: {{fileID: {go}}}\n{RENDERER_6}")
    assert docs[box_id].text == (f"--- !u!65 &{box_id}\nBoxCollider:\n{HEADER}  m_GameObject: {{fileID: {go}}}\n"
                                 f"{COLLIDER_BASE}  serializedVersion: 3\n  m_Size: {{x: 1, y: 1, z: 1}}\n"
                                 "  m_Center: {x: 0, y: 0, z: 0}\n")
    assert [c["omittedFields"] for c in parts.values()] == [[], [], []]


@pytest.mark.parametrize("primitive", sorted(MESHES))
def test_every_primitive_on_a_unity_6_scene_matches_the_type_tree_lacking_only_the_listed_fields(minigolf, primitive):
    out = tool_output(minigolf, "gameobject.create", {"file": MENU, "name": primitive.title(),
                                                      "primitive": primitive, "parent": "Canvas"})
    picked = pick_version("6000.0.25f1")
    docs = _docs(minigolf, MENU)
    parts = _components(out)
    assert list(parts) == ["MeshFilter", "MeshRenderer", COLLIDERS[primitive]]
    for name, part in parts.items():
        doc = docs[part["fileID"]]
        findings = check_body(layout_for(name, picked).root, doc.root, name)
        assert [(f.path, f.problem) for f in findings] == [(n, "missing-field") for n in part["omittedFields"]]
    mesh = docs[parts["MeshFilter"]["fileID"]].get("m_Mesh")
    assert (mesh.file_id, mesh.guid, mesh.type) == (MESHES[primitive], "0000000000000000e000000000000000", 0)
    material = docs[parts["MeshRenderer"]["fileID"]].get("m_Materials")
    assert [(m.file_id, m.guid) for m in material] == [(2100000, "31321ba15b8f8eb4c954353edc038b1d")]
    # the cylinder's only Editor-written collider was resized afterwards: its shape beyond the radius is unproven
    expected_omitted = ["m_Height", "m_Direction", "m_Center"] if primitive == "cylinder" else []
    assert parts[COLLIDERS[primitive]]["omittedFields"] == expected_omitted


def test_on_a_newer_layout_the_renderer_takes_the_newer_primitive_renderers_fields(tmp_path):
    from unitycli.testing import copy_fixture_project

    root = copy_fixture_project("vfx-samples", tmp_path)  # Unity 6000.0.23f1, HDRP
    out = tool_output(root, "gameobject.create", {"file": "Assets/VisualEffectSamples.unity", "name": "Q",
                                                  "primitive": "quad"})
    renderer = _components(out)["MeshRenderer"]
    # HDRP's default material has no Editor-written evidence here; every other field has
    assert renderer["omittedFields"] == ["m_Materials"] and out["primitive"]["material"].startswith("left out")
    doc = _docs(root, "Assets/VisualEffectSamples.unity")[renderer["fileID"]]
    assert (doc.get("m_RayTracingAccelStructBuildFlags"), doc.get("m_SmallMeshCulling")) == (1, 1)


def test_a_mesh_collider_holds_the_primitive_mesh(minigolf):
    out = tool_output(minigolf, "gameobject.create", {"file": MENU, "name": "Floor", "primitive": "plane"})
    collider = _docs(minigolf, MENU)[_components(out)["MeshCollider"]["fileID"]]
    assert collider.get("m_Mesh").file_id == 10209 and collider.get("m_Convex") == 0


def test_on_the_2020_3_stand_in_the_collider_takes_the_2020_3_layout_and_lists_what_has_no_evidence(chicken_2020):
    out = tool_output(chicken_2020, "gameobject.create", {"file": CHICKEN_SCENE, "name": "Crate",
                                                          "primitive": "cube"})
    parts = _components(out)
    assert out["primitive"]["layoutFrom"] == "2020.3.48f1"
    box = parts["BoxCollider"]
    assert box["serializedVersion"] == 2 and box["omittedFields"] == []
    doc = _docs(chicken_2020, CHICKEN_SCENE)[box["fileID"]]
    assert doc.text == (f"--- !u!65 &{box['fileID']}\nBoxCollider:\n{HEADER}  m_GameObject: {{fileID: "
                        f"{out['fileID']}}}\n  m_Material: {{fileID: 0}}\n  m_IsTrigger: 0\n  m_Enabled: 1\n"
                        "  serializedVersion: 2\n  m_Size: {x: 1, y: 1, z: 1}\n  m_Center: {x: 0, y: 0, z: 0}\n")
    renderer = parts["MeshRenderer"]
    layout = layout_for("MeshRenderer", pick_version("2020.3.48f1"))
    written = _docs(chicken_2020, CHICKEN_SCENE)[renderer["fileID"]]
    findings = check_body(layout.root, written.root, "MeshRenderer")
    assert [(f.path, f.problem) for f in findings] == [(n, "missing-field") for n in renderer["omittedFields"]]


def test_without_a_render_pipeline_the_material_is_left_out_and_said_so(chicken: Path):
    for name in ("QualitySettings.asset", "GraphicsSettings.asset"):
        (chicken / "ProjectSettings" / name).unlink()
    out = tool_output(chicken, "gameobject.create", {"file": CHICKEN_SCENE, "name": "Ball", "primitive": "sphere"})
    renderer = _components(out)["MeshRenderer"]
    assert renderer["omittedFields"] == ["m_Materials"]
    assert out["primitive"]["material"].startswith("left out")


def test_an_unknown_primitive_is_a_schema_error(chicken: Path):
    error = tool_error(chicken, "gameobject.create", {"file": CHICKEN_SCENE, "name": "X", "primitive": "torus"})
    assert error["code"] == "E_SCHEMA_INVALID"
