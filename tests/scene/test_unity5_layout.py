"""Files Unity 5.x wrote and nothing re-saved: components keyed by class ID, and a `Prefab:` as `!u!1001`.

The pattern comes from Standard Assets carried by Unity-Technologies/UniversalRenderingExamples (Unity 2020.2):
`Standard Assets/Utility/Prefabs/FramerateCounter.prefab` (77 such scenes and prefabs in that project). The text below
is a hand-made miniature of it: a RectTransform parent, a child, and the prefab's own `Prefab` object.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from unitycli.errors import UnityCliError
from unitycli.scene.components import components_of
from unitycli.scene.edits import add_component, remove_component
from unitycli.scene.tree import SceneModel
from unitycli.testing import run_tool
from unitycli.unityyaml import UnityYamlFile

UNITY5_PREFAB = """%YAML 1.1
%TAG !u! tag:unity3d.com,2011:
--- !u!1 &100000
GameObject:
  m_ObjectHideFlags: 0
  m_PrefabParentObject: {fileID: 0}
  m_PrefabInternal: {fileID: 100100000}
  serializedVersion: 4
  m_Component:
  - 224: {fileID: 22400000}
  - 223: {fileID: 22300000}
  m_Layer: 5
  m_Name: FramerateCounter
  m_TagString: Untagged
  m_Icon: {fileID: 0}
  m_NavMeshLayer: 0
  m_StaticEditorFlags: 0
  m_IsActive: 1
--- !u!1 &167734
GameObject:
  m_ObjectHideFlags: 0
  m_PrefabParentObject: {fileID: 0}
  m_PrefabInternal: {fileID: 100100000}
  serializedVersion: 4
  m_Component:
  - 224: {fileID: 22488988}
  m_Layer: 5
  m_Name: Text
  m_TagString: Untagged
  m_Icon: {fileID: 0}
  m_NavMeshLayer: 0
  m_StaticEditorFlags: 0
  m_IsActive: 1
--- !u!223 &22300000
Canvas:
  m_ObjectHideFlags: 1
  m_PrefabParentObject: {fileID: 0}
  m_PrefabInternal: {fileID: 100100000}
  m_GameObject: {fileID: 100000}
  m_Enabled: 1
  serializedVersion: 2
  m_RenderMode: 0
--- !u!224 &22400000
RectTransform:
  m_ObjectHideFlags: 1
  m_PrefabParentObject: {fileID: 0}
  m_PrefabInternal: {fileID: 100100000}
  m_GameObject: {fileID: 100000}
  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}
  m_LocalPosition: {x: 0, y: 0, z: 0}
  m_LocalScale: {x: 0, y: 0, z: 0}
  m_Children:
  - {fileID: 22488988}
  m_Father: {fileID: 0}
  m_RootOrder: 0
  m_AnchorMin: {x: 0, y: 0}
  m_AnchorMax: {x: 0, y: 0}
  m_AnchoredPosition: {x: 0, y: 0}
  m_SizeDelta: {x: 0, y: 0}
  m_Pivot: {x: 0, y: 0}
--- !u!224 &22488988
RectTransform:
  m_ObjectHideFlags: 1
  m_PrefabParentObject: {fileID: 0}
  m_PrefabInternal: {fileID: 100100000}
  m_GameObject: {fileID: 167734}
  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}
  m_LocalPosition: {x: 0, y: 0, z: 0}
  m_LocalScale: {x: 1, y: 1, z: 1}
  m_Children: []
  m_Father: {fileID: 22400000}
  m_RootOrder: 0
  m_AnchorMin: {x: 1, y: 1}
  m_AnchorMax: {x: 1, y: 1}
  m_AnchoredPosition: {x: -80, y: -30}
  m_SizeDelta: {x: 160, y: 30}
  m_Pivot: {x: 0.5, y: 0.5}
--- !u!1001 &100100000
Prefab:
  m_ObjectHideFlags: 1
  serializedVersion: 2
  m_Modification:
    m_TransformParent: {fileID: 0}
    m_Modifications: []
    m_RemovedComponents: []
  m_ParentPrefab: {fileID: 0}
  m_RootGameObject: {fileID: 100000}
  m_IsPrefabParent: 1
"""


def _model() -> SceneModel:
    return SceneModel(UnityYamlFile.parse(UNITY5_PREFAB.encode(), "FramerateCounter.prefab"))


def test_components_keyed_by_class_id_are_read_and_link_the_tree() -> None:
    model = _model()
    assert [(n.path, n.kind) for n in model.walk()] == [("FramerateCounter", "gameObject"),
                                                        ("FramerateCounter/Text", "gameObject")]
    root = model.roots[0]
    assert [c.class_name for c in components_of(model, root)] == ["RectTransform", "Canvas"]
    assert root.transform_id == 22400000


def test_adding_or_removing_a_component_in_the_unity5_layout_is_refused() -> None:
    model = _model()
    root = model.roots[0]
    with pytest.raises(UnityCliError) as added:
        add_component(model, root, "BoxCollider", None)
    assert added.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    with pytest.raises(UnityCliError) as removed:
        remove_component(model, root, 22300000, force=False)
    assert removed.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert model.file.to_bytes() == UNITY5_PREFAB.encode()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    from tests.fixturepaths import REPO_ROOT

    root = Path(shutil.copytree(REPO_ROOT / "examples" / "sample-project", tmp_path / "sample"))
    (root / "Assets/Prefabs/FramerateCounter.prefab").write_text(UNITY5_PREFAB, newline="\n")
    return root


def test_prefab_hierarchy_and_component_set_on_a_unity5_prefab(project: Path) -> None:
    file = "Assets/Prefabs/FramerateCounter.prefab"
    listed = run_tool(project, "prefab.hierarchy", {"file": file})
    assert listed.ok, listed.error
    assert [(i["path"], i["components"]) for i in listed.output["items"]] == [
        ("FramerateCounter", ["RectTransform", "Canvas"]), ("FramerateCounter/Text", ["RectTransform"])]
    moved = run_tool(project, "component.set", {"file": file, "gameObject": "FramerateCounter/Text",
                                                 "component": "RectTransform", "property": "m_AnchoredPosition",
                                                 "value": {"x": -90, "y": -30}})
    assert moved.ok, moved.error
    assert (project / file).read_text() == UNITY5_PREFAB.replace("m_AnchoredPosition: {x: -80, y: -30}",
                                                                 "m_AnchoredPosition: {x: -90, y: -30}")


# A Unity 5.x scene with an instance of the pre-2018.3 prefab system (Standard Assets
# `Effects/TessellationShaders/Scenes/TessellationSample.unity` in UniversalRenderingExamples): the instance's
# GameObject is written in full and points at the `Prefab` through m_PrefabInternal.
UNITY5_SCENE = """%YAML 1.1
%TAG !u! tag:unity3d.com,2011:
--- !u!1 &1248114742
GameObject:
  m_ObjectHideFlags: 0
  m_PrefabParentObject: {fileID: 100000, guid: 103612e5e1ff43a4e896c567a2cb3ae1, type: 3}
  m_PrefabInternal: {fileID: 184320516}
  serializedVersion: 4
  m_Component:
  - 4: {fileID: 1248114743}
  m_Layer: 0
  m_Name: LowPolySphere
  m_TagString: Untagged
  m_Icon: {fileID: 0}
  m_NavMeshLayer: 0
  m_StaticEditorFlags: 0
  m_IsActive: 1
--- !u!4 &1248114743
Transform:
  m_ObjectHideFlags: 0
  m_PrefabParentObject: {fileID: 400000, guid: 103612e5e1ff43a4e896c567a2cb3ae1, type: 3}
  m_PrefabInternal: {fileID: 184320516}
  m_GameObject: {fileID: 1248114742}
  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}
  m_LocalPosition: {x: -4.40180111, y: 0, z: 0}
  m_LocalScale: {x: 1, y: 1, z: 1}
  m_Children: []
  m_Father: {fileID: 0}
--- !u!1001 &184320516
Prefab:
  m_ObjectHideFlags: 0
  serializedVersion: 2
  m_Modification:
    m_TransformParent: {fileID: 0}
    m_Modifications:
    - target: {fileID: 400000, guid: 103612e5e1ff43a4e896c567a2cb3ae1, type: 3}
      propertyPath: m_LocalPosition.x
      value: -4.40180111
      objectReference: {fileID: 0}
    m_RemovedComponents: []
  m_ParentPrefab: {fileID: 100100000, guid: 103612e5e1ff43a4e896c567a2cb3ae1, type: 3}
  m_RootGameObject: {fileID: 1248114742}
  m_IsPrefabParent: 0
  m_IsExploded: 1
"""


def test_a_scene_with_a_pre_2018_3_prefab_instance_is_read_but_not_written(project: Path) -> None:
    file = "Assets/Scenes/Tessellation.unity"
    (project / file).write_text(UNITY5_SCENE, newline="\n")
    listed = run_tool(project, "scene.hierarchy", {"file": file})
    assert listed.ok, listed.error
    assert [(i["path"], i["kind"], i["components"]) for i in listed.output["items"]] == [
        ("LowPolySphere", "gameObject", ["Transform"])]
    refused = run_tool(project, "component.set", {"file": file, "gameObject": "LowPolySphere",
                                                   "component": "Transform", "property": "m_LocalPosition",
                                                   "value": {"x": 0, "y": 2, "z": 0}})
    assert refused.error is not None and refused.error["code"] == "E_FILE_FORMAT_UNSUPPORTED"
    assert refused.error["details"]["legacyPrefabInstances"] == [184320516]
    assert (project / file).read_text() == UNITY5_SCENE
