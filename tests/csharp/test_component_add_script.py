"""`component.add` of a project script writes every serialized field at its default, in Unity's order, as the Editor
writes it: checked byte for byte against an Editor-written instance of the same script whose values are all defaults
(chicken-defense), and key for key plus every default-valued line against one where the designer changed a value
(minigolf, which has no all-default instance). Every write's dry run equals its commit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.csharp.corpus import cinemachine_project_with_input_system
from tests.fixturepaths import fixture_path
from unitycli.csharp.script_lookup import resolve_script
from unitycli.testing import assert_dry_run_matches_commit, copy_fixture_project, run_tool

CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
MINIGOLF_GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"


@pytest.fixture(scope="module")
def chicken_source(tmp_path_factory) -> Path:
    return copy_fixture_project("chicken-defense", tmp_path_factory.mktemp("source"))


@pytest.fixture
def chicken(chicken_source: Path, tmp_path: Path) -> Path:
    import shutil

    return Path(shutil.copytree(chicken_source, tmp_path / "chicken-defense", symlinks=True))


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return copy_fixture_project("minigolf", tmp_path)


def document(text: str, file_id: int) -> str:
    """One document's text, header line included."""
    match = re.search(rf"^--- !u!\d+ &{file_id}( stripped)?\n.*?(?=^--- |\Z)", text, re.M | re.S)
    assert match is not None, file_id
    return match.group(0)


def body_after_game_object(doc: str) -> str:
    """A MonoBehaviour's text after its `m_GameObject` line (the same for every instance of a script at the same
    values)."""
    return doc.split("  m_GameObject: ", 1)[1].split("\n", 1)[1]


def add(root: Path, file: str, game_object: str | int, script: str) -> dict:
    return assert_dry_run_matches_commit(root, "component.add", {"file": file, "gameObject": game_object,
                                                                 "script": script}).output


def test_player_input_handler_is_written_exactly_like_the_editors_default_instance(chicken: Path):
    editor = body_after_game_object(document((chicken / CHICKEN_GAME).read_text(), 1425407384))
    assert editor.endswith("  InputHandlers: []\n  DefaultTarget: 0\n")  # an empty List<> and an enum at 0
    out = add(chicken, CHICKEN_GAME, "Main Camera", "PlayerInputHandler")
    written = document((chicken / CHICKEN_GAME).read_text(), out["fileID"])
    assert body_after_game_object(written) == editor
    assert out["scriptFields"] == {
        "source": "Assets/LlamAcademy/ChickenDefense/Player/PlayerInputHandler.cs",
        "class": "LlamAcademy.ChickenDefense.Player.PlayerInputHandler",
        "fields": ["InputHandlers", "DefaultTarget"], "omittedFields": [], "unavailable": None}


def test_spit_in_a_prefab_is_written_exactly_like_the_editors_instance(chicken: Path):
    spit = "Assets/LlamAcademy/ChickenDefense/Units/Llama/Prefabs/Spit.prefab"
    editor = body_after_game_object(document((chicken / spit).read_text(), 7245620885542927071))
    assert editor.endswith("  MoveSpeed: 5\n  AutoDisableTime: 5\n")  # `= 5f` initializers
    egg = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"  # has a Collider and a Rigidbody
    out = add(chicken, egg, "Egg", "Spit")
    assert body_after_game_object(document((chicken / egg).read_text(), out["fileID"])) == editor


def test_mesh_combiner_matches_the_editors_keys_and_every_value_the_designer_left_at_its_default(minigolf: Path):
    editor = body_after_game_object(document((minigolf / MINIGOLF_GAME).read_text(), 387697266))
    out = add(minigolf, MINIGOLF_GAME, "Lighting", "MeshCombiner")
    written = body_after_game_object(document((minigolf / MINIGOLF_GAME).read_text(), out["fileID"]))
    changed = [(a, b) for a, b in zip(written.splitlines(), editor.splitlines(), strict=True) if a != b]
    # the scene's combiner was switched on in the Inspector; the C# says `= false`
    assert changed == [("  deactivateCombinedChildrenMeshRenderers: 0", "  deactivateCombinedChildrenMeshRenderers: 1")]
    assert out["scriptFields"]["fields"] == ["deactivateCombinedChildren", "deactivateCombinedChildrenMeshRenderers",
                                             "destroyCombinedChildren", "<CombineInactiveChildren>k__BackingField"]


def test_a_field_whose_default_the_source_does_not_prove_is_left_out_and_listed(chicken: Path):
    out = add(chicken, CHICKEN_GAME, "Main Camera", "AttackerBrain")
    fields = out["scriptFields"]
    # `DifficultyScaling = new List<DifficultyFactorScaling>() { new() {...}, ... }` fills the list
    assert [o["field"] for o in fields["omittedFields"]] == ["DifficultyScaling"]
    assert fields["omittedFields"][0]["reason"] == ("its initializer is not a literal "
                                                    "(Assets/LlamAcademy/ChickenDefense/AI/AttackerBrain.cs:38)")
    written = document((chicken / CHICKEN_GAME).read_text(), out["fileID"])
    assert "\n  DifficultyScaling:" not in written
    assert all(f"\n  {name}:" in written for name in fields["fields"])


def test_an_animation_curve_without_initializer_is_written_as_the_editors_empty_curve(minigolf: Path):
    out = add(minigolf, MINIGOLF_GAME, "Lighting", "LevelSpawner")
    written = document((minigolf / MINIGOLF_GAME).read_text(), out["fileID"])
    # minigolf Game.unity line 507 holds the same empty curve, written by the Editor
    assert written.endswith("  AnimateInCurve:\n    serializedVersion: 2\n    m_Curve: []\n    m_PreInfinity: 2\n"
                            "    m_PostInfinity: 2\n    m_RotationOrder: 4\n")
    assert out["scriptFields"]["omittedFields"] == []


def test_the_editors_add_component_rules_are_kept(minigolf: Path, chicken: Path):
    before = (minigolf / MINIGOLF_GAME).read_bytes()
    refusals = [
        (minigolf, MINIGOLF_GAME, "Grid", "MeshCombiner"),  # [DisallowMultipleComponent], already there
        (minigolf, MINIGOLF_GAME, "Lighting", "LevelSO"),  # a ScriptableObject
        (chicken, CHICKEN_GAME, "Main Camera", "ChickenCoop"),  # [RequireComponent(typeof(Collider))]
    ]
    for root, file, game_object, script in refusals:
        result = run_tool(root, "component.add", {"file": file, "gameObject": game_object, "script": script})
        assert result.error is not None and result.error["code"] == "E_COMPONENT_UNSUPPORTED", script
    assert (minigolf / MINIGOLF_GAME).read_bytes() == before
    coop_required = run_tool(chicken, "component.add", {"file": CHICKEN_GAME, "gameObject": "Main Camera",
                                                        "script": "ChickenCoop"}).error
    assert coop_required["details"]["requires"] == "Collider"


def test_a_script_whose_layout_cannot_be_proven_is_written_with_its_header_and_says_why(minigolf: Path):
    # MainMenu.cs names CinemachineCamera, whose package (3.1.2) is not on disk in the fixture
    out = add(minigolf, MINIGOLF_GAME, "Lighting", "MainMenu")
    assert out["scriptFields"]["fields"] == []
    assert out["scriptFields"]["unavailable"].startswith("E_SCRIPT_LAYOUT_UNPROVABLE: Assets/LlamAcademy/Minigolf/UI/"
                                                         "MainMenu.cs line 15: the type CinemachineCamera")
    written = document((minigolf / MINIGOLF_GAME).read_text(), out["fileID"])
    assert written.endswith("  m_EditorClassIdentifier: \n")


def test_a_script_of_a_file_package_is_found_by_class_name_or_guid_and_added_with_its_fields(tmp_path: Path):
    project = cinemachine_project_with_input_system(tmp_path)
    by_name = resolve_script(project, "CinemachineRecomposer", {})  # no extension's known scripts
    assert by_name.path == "Packages/com.unity.cinemachine/Runtime/Behaviours/CinemachineRecomposer.cs"
    assert resolve_script(project, by_name.guid, {}) == by_name
    (project / "Assets/Scenes").mkdir()
    (project / "Assets/Scenes/SampleScene.unity").write_bytes(
        fixture_path("com.unity.cinemachine/Projects/URP/Assets/Scenes/SampleScene.unity").read_bytes())
    out = add(project, "Assets/Scenes/SampleScene.unity", "Main Camera", "CinemachineRecomposer")
    assert out["scriptFields"]["source"] == by_name.path
    assert out["scriptFields"]["class"] == "Unity.Cinemachine.CinemachineRecomposer"


def test_a_package_script_is_looked_up_and_laid_out_with_one_csharp_project_per_request(tmp_path: Path,
                                                                                        monkeypatch) -> None:
    """component.add and scriptable.create read a `file:` package's sources once: the script lookup uses the C#
    project the request's model holds instead of building a second one (which reads every .cs.meta again)."""
    from unitycli.csharp.project import CSharpProject

    project = cinemachine_project_with_input_system(tmp_path)
    (project / "Assets/Scenes").mkdir()
    (project / "Assets/Scenes/SampleScene.unity").write_bytes(
        fixture_path("com.unity.cinemachine/Projects/URP/Assets/Scenes/SampleScene.unity").read_bytes())
    built: list[Path] = []
    original = CSharpProject.__init__

    def counted(self: CSharpProject, root: Path) -> None:
        built.append(Path(root))
        original(self, root)

    monkeypatch.setattr(CSharpProject, "__init__", counted)
    out = run_tool(project, "component.add", {"file": "Assets/Scenes/SampleScene.unity", "gameObject": "Main Camera",
                                              "script": "CinemachineRecomposer"}, dry_run=True)
    assert out.ok and out.output["scriptFields"]["class"] == "Unity.Cinemachine.CinemachineRecomposer"
    assert built == [project]
    built.clear()
    # NoiseSettings (a package ScriptableObject): found in the package, then refused for want of a template asset
    created = run_tool(project, "scriptable.create", {"file": "Assets/Noise.asset", "script": "NoiseSettings"})
    assert created.error is not None and created.error["code"] == "E_LAYOUT_UNAVAILABLE"
    assert built == [project]
