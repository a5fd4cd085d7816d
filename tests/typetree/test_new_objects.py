"""A new GameObject and Transform in the type-tree layout of the project's Editor (`unitycli.typetree.new_objects`)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from unitycli.errors import UnityCliError
from unitycli.scene import SceneModel, create_gameobject
from unitycli.testing import tool_output
from unitycli.typetree import pick_version
from unitycli.typetree.new_objects import picked_from_file
from unitycli.unityyaml import UnityYamlFile

MENU = "Assets/Scenes/Main Menu.unity"
_STRESS = "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/StreamingStressTest/StreamingStressTest.unity"
_HEAD = ("  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {{fileID: 0}}\n  m_PrefabInstance: {{fileID: 0}}\n"
         "  m_PrefabAsset: {{fileID: 0}}\n")


@pytest.fixture
def menu(tmp_path: Path) -> Path:
    root = tmp_path / "menu"
    (root / "Assets/Scenes").mkdir(parents=True)
    (root / "ProjectSettings").mkdir()
    shutil.copyfile(fixture_path("minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"), root / MENU)
    return root


def _doc(root: Path, file_id: int) -> str:
    return next(d.text for d in UnityYamlFile.read(root / MENU).documents if d.file_id == file_id)


def test_a_unity_2020_3_project_gets_m_root_order_and_no_serialized_version(menu: Path):
    # no 2020.3 fixture project: minigolf's scene under a rewritten ProjectVersion.txt stands in for one
    (menu / "ProjectSettings/ProjectVersion.txt").write_text("m_EditorVersion: 2020.3.48f1\n", encoding="utf-8")
    out = tool_output(menu, "gameobject.create", {"file": MENU, "name": "Probe", "layer": 5, "tag": "Player",
                                                  "position": {"x": 1, "y": 2, "z": 3}})
    [scene_roots] = UnityYamlFile.read(menu / MENU).of_class("SceneRoots")
    roots = scene_roots.get("m_Roots")
    assert roots[-1].file_id == out["transformFileID"]
    roots = len(roots) - 1  # its sibling index among the roots (prefab instances included)
    assert _doc(menu, out["fileID"]) == (
        f"--- !u!1 &{out['fileID']}\nGameObject:\n" + _HEAD.format() + "  serializedVersion: 6\n  m_Component:\n"
        f"  - component: {{fileID: {out['transformFileID']}}}\n  m_Layer: 5\n  m_Name: Probe\n  m_TagString: Player\n"
        "  m_Icon: {fileID: 0}\n  m_NavMeshLayer: 0\n  m_StaticEditorFlags: 0\n  m_IsActive: 1\n")
    assert _doc(menu, out["transformFileID"]) == (
        f"--- !u!4 &{out['transformFileID']}\nTransform:\n" + _HEAD.format()
        + f"  m_GameObject: {{fileID: {out['fileID']}}}\n  m_LocalRotation: {{x: 0, y: 0, z: 0, w: 1}}\n"
          "  m_LocalPosition: {x: 1, y: 2, z: 3}\n  m_LocalScale: {x: 1, y: 1, z: 1}\n  m_Children: []\n"
          f"  m_Father: {{fileID: 0}}\n  m_RootOrder: {roots}\n  m_LocalEulerAnglesHint: {{x: 0, y: 0, z: 0}}\n")


def test_a_unity_6_project_gets_the_serialized_version_2_transform(menu: Path):
    shutil.copyfile(fixture_path("minigolf/ProjectSettings/ProjectVersion.txt"),
                    menu / "ProjectSettings/ProjectVersion.txt")
    out = tool_output(menu, "gameobject.create", {"file": MENU, "name": "Probe", "parent": "Cube"})
    assert _doc(menu, out["transformFileID"]) == (
        f"--- !u!4 &{out['transformFileID']}\nTransform:\n" + _HEAD.format()
        + f"  m_GameObject: {{fileID: {out['fileID']}}}\n  serializedVersion: 2\n"
          "  m_LocalRotation: {x: 0, y: 0, z: 0, w: 1}\n  m_LocalPosition: {x: 0, y: 0, z: 0}\n"
          "  m_LocalScale: {x: 1, y: 1, z: 1}\n  m_ConstrainProportionsScale: 0\n  m_Children: []\n"
          "  m_Father: {fileID: 19897477}\n  m_LocalEulerAnglesHint: {x: 0, y: 0, z: 0}\n")


def test_without_a_project_version_the_files_own_transforms_name_the_editor():
    menu = UnityYamlFile.parse(fixture_path("minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity")
                               .read_bytes(), "Main Menu.unity")
    picked = picked_from_file(menu)
    assert picked is not None and picked.index >= pick_version("6000.0.25f1").index
    stress = UnityYamlFile.parse(fixture_path(_STRESS).read_bytes(), "Stress.unity")
    old = picked_from_file(stress)
    assert old is not None and old.index < pick_version("2022.3.17f1").index  # a Transform with m_RootOrder
    model = SceneModel(stress)
    created = create_gameobject(model, "Marker", None)
    assert "  m_RootOrder: " in stress.get(created.transform).text
    empty = UnityYamlFile.parse(b"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n", "Empty.unity")
    with pytest.raises(UnityCliError) as err:
        create_gameobject(SceneModel(empty), "First", None)
    assert err.value.code == "E_LAYOUT_VERSION_UNKNOWN"
