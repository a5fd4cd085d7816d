"""Package components by class name: their `.cs` is not in the project, so the extension says which GUID is which
class (`unitycli_known_scripts`), and Unity 6's `m_EditorClassIdentifier` names the class where a file has it."""

from __future__ import annotations

from pathlib import Path

from tests.extensions.helpers import copy_project
from unitycli.knownscripts import class_from_identifier
from unitycli.scene.components import describe
from unitycli.testing import fixture_project, run_tool
from unitycli.unityyaml import UnityYamlFile

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"


def test_gameobject_find_by_a_package_class_name(tmp_path: Path):
    root = copy_project("chicken-defense", tmp_path, extra=(GAME,))
    found = run_tool(root, "gameobject.find", {"file": GAME, "component": "ProBuilderMesh"})
    assert found.ok, found.error
    assert sorted(o["path"] for o in found.output["matches"]) == [
        "World/Camera Clip", "World/Coop", "World/Coop/Coop Range", "World/Fence", "World/Floor"]


def test_component_get_by_a_package_class_name_names_the_script(tmp_path: Path):
    root = copy_project("chicken-defense", tmp_path, extra=(GAME,))
    got = run_tool(root, "component.get", {"file": GAME, "gameObject": "World/Floor", "component": "ProBuilderShape"})
    assert got.ok, got.error
    assert got.output["component"]["script"] == "ProBuilderShape"


def test_the_editor_class_identifier_names_a_class_without_any_extension():
    assert class_from_identifier("Unity.Cinemachine::Unity.Cinemachine.CinemachineCamera") == "CinemachineCamera"
    assert class_from_identifier("Assembly-CSharp::Player") == "Player"
    assert class_from_identifier("") is None and class_from_identifier(None) is None
    profile = fixture_project("physics-samples") / "Assets" / "DefaultVolumeProfile.asset"
    yaml = UnityYamlFile.read(profile)
    names = {describe(doc).package_class for doc in yaml.of_class(114)}
    assert {"Vignette", "Tonemapping", "WhiteBalance"} <= names
