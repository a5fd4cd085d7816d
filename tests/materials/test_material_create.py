"""`material.create`: a new material in the layout of the project's own materials, with a NativeFormat .meta."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.assets.conftest import GRASS, failure, output, snapshot
from tests.fixturepaths import fixture_project
from tests.indexes.projectcopies import writable_copy
from unitycli.testing import assert_dry_run_matches_commit, changed_lines

URP_LIT_GUID = "933532a4fcc9baf4fa0491de14d08ed7"
# every fixture .mat.meta (chicken-defense Tree.mat.meta, minigolf Win Particle.mat.meta)
MAT_META = re.compile(r"fileFormatVersion: 2\nguid: ([0-9a-f]{32})\nNativeFormatImporter:\n  externalObjects: \{\}\n"
                      r"  mainObjectFileID: 2100000\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
BALL = "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"
BALL_SHADER = "2cab6172fbe22e94d9c034e027273236"
CUTOUT = "Assets/LlamAcademy/Minigolf/Materials/Cutout.mat"


def test_a_chicken_defense_urp_lit_material_starts_as_the_first_lit_material_of_the_project(tmp_path: Path) -> None:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    counts = output(project, "asset.validate", {"limit": 5000})["counts"]
    result = assert_dry_run_matches_commit(project, "material.create", {
        "file": "Assets/Materials/Bark.mat", "shader": URP_LIT_GUID}).output
    template = result["template"]
    assert result["copiedValues"] and result["createdFolders"] == ["Assets/Materials"]
    assert result["shader"] == {"fileID": 4800000, "guid": URP_LIT_GUID, "type": 3}
    name = Path(template).stem
    assert changed_lines((project / template).read_text(), (project / "Assets/Materials/Bark.mat").read_text()) == [
        (f"  m_Name: {name}", "  m_Name: Bark")]
    assert MAT_META.fullmatch((project / "Assets/Materials/Bark.mat.meta").read_text()).group(1) == result["guid"]
    assert output(project, "material.get", {"file": "Assets/Materials/Bark.mat"})["name"] == "Bark"
    assert output(project, "asset.validate", {"limit": 5000})["counts"] == counts


def test_a_minigolf_material_for_another_shader_keeps_only_the_layout(tmp_path: Path) -> None:
    project = writable_copy("minigolf", tmp_path / "minigolf")
    result = assert_dry_run_matches_commit(project, "material.create", {
        "file": "Assets/Glow.mat", "shader": BALL_SHADER, "like": CUTOUT}).output
    assert (result["template"], result["copiedValues"]) == (CUTOUT, False)
    # The fileID a Shader Graph's material uses comes from the project's own materials (the graph is absent).
    assert result["shader"] == {"fileID": -6465566751694194690, "guid": BALL_SHADER, "type": 3}
    got = output(project, "material.get", {"file": "Assets/Glow.mat"})
    assert (got["textures"], got["floats"], got["colors"], got["ints"]) == ([], {}, {}, {})
    assert (got["validKeywords"], got["renderQueue"], got["serializedVersion"]) == ([], -1, 8)
    text = (project / "Assets/Glow.mat").read_text()
    assert text.count("--- !u!") == 1 and "  stringTagMap: {}\n  disabledShaderPasses: []\n" in text
    assert "    m_TexEnvs: []\n    m_Ints: []\n    m_Floats: []\n    m_Colors: []\n" in text
    # The same shader with `like` a material of it copies that material's values.
    same = output(project, "material.create", {"file": "Assets/Ball 2.mat", "shader": BALL_SHADER, "like": BALL})
    assert same["copiedValues"]
    assert changed_lines((project / BALL).read_text(), (project / "Assets/Ball 2.mat").read_text()) == [
        ("  m_Name: Ball", "  m_Name: Ball 2")]


def test_a_project_shader_file_is_named_by_path(sample: Path) -> None:
    # Hand-written edge case: no fixture project keeps a .shader source file.
    guid = "5d0e1f2a3b4c4d5e8f9a0b1c2d3e4f50"
    (sample / "Assets/Materials/Moss.shader").write_text('Shader "Custom/Moss"\n{\n    SubShader { Pass {} }\n}\n')
    (sample / "Assets/Materials/Moss.shader.meta").write_text(
        f"fileFormatVersion: 2\nguid: {guid}\nShaderImporter:\n  externalObjects: {{}}\n  defaultTextures: []\n"
        "  nonModifiableTextures: []\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n")
    result = output(sample, "material.create", {"file": "Assets/Materials/Moss.mat",
                                                "shader": "Assets/Materials/Moss.shader"})
    assert result["shader"] == {"fileID": 4800000, "guid": guid, "type": 3} and not result["copiedValues"]
    got = output(sample, "material.get", {"file": "Assets/Materials/Moss.mat"})
    assert (got["shader"]["name"], got["name"]) == ("Custom/Moss", "Moss")
    # Without any material to copy the layout from, nothing is guessed.
    for path in ("Assets/Materials/Grass.mat", "Assets/Materials/Moss.mat"):
        (sample / path).unlink()
        (sample / f"{path}.meta").unlink()
    error = failure(sample, "material.create", {"file": "Assets/Materials/Moss.mat",
                                                "shader": "Assets/Materials/Moss.shader"})
    assert error.code == "E_LAYOUT_UNAVAILABLE"


BUILTIN_GUID = "0000000000000000f000000000000000"
DIRT = "Assets/LlamAcademy/ChickenDefense/Materials/Ground/Dirt/Dirt.mat"
WIN_PARTICLE = "Assets/LlamAcademy/Minigolf/Materials/Win Particle.mat"


def test_a_built_in_shader_guid_is_only_taken_when_the_project_uses_one_built_in_shader(tmp_path: Path) -> None:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    dirt_shader = output(project, "material.get", {"file": DIRT})["shader"]
    assert dirt_shader["builtin"]
    result = output(project, "material.create", {"file": "Assets/Mud.mat", "shader": BUILTIN_GUID})
    assert result["shader"] == {k: dirt_shader[k] for k in ("fileID", "guid", "type")}
    # With minigolf's Win Particle.mat beside it, the built-in GUID names two shaders: refused unless `like` says.
    for suffix in ("", ".meta"):
        (project / f"Assets/Win Particle.mat{suffix}").write_bytes(
            (fixture_project("minigolf") / f"{WIN_PARTICLE}{suffix}").read_bytes())
    particle_shader = output(project, "material.get", {"file": "Assets/Win Particle.mat"})["shader"]
    assert particle_shader["guid"] == BUILTIN_GUID and particle_shader["fileID"] != dirt_shader["fileID"]
    before = snapshot(project)
    error = failure(project, "material.create", {"file": "Assets/Sparks.mat", "shader": BUILTIN_GUID})
    assert error.code == "E_SHADER_AMBIGUOUS"
    assert sorted(c["fileID"] for c in error.details["candidates"]) == sorted(
        [dirt_shader["fileID"], particle_shader["fileID"]])
    assert snapshot(project) == before
    result = output(project, "material.create", {"file": "Assets/Sparks.mat", "shader": BUILTIN_GUID,
                                                  "like": "Assets/Win Particle.mat"})
    assert result["shader"]["fileID"] == particle_shader["fileID"] and result["copiedValues"]


@pytest.mark.parametrize(("payload", "code"), [
    ({"file": GRASS, "shader": URP_LIT_GUID}, "E_ASSET_OUTPUT_EXISTS"),
    ({"file": "Assets/Materials/grass.mat", "shader": URP_LIT_GUID}, "E_ASSET_OUTPUT_EXISTS"),
    ({"file": "Assets/Materials/Moss.asset", "shader": URP_LIT_GUID}, "E_ASSET_PATH_INVALID"),
    ({"file": "ProjectSettings/Moss.mat", "shader": URP_LIT_GUID}, "E_ASSET_PATH_INVALID"),
    ({"file": "../Moss.mat", "shader": URP_LIT_GUID}, "E_PATH_OUTSIDE_PROJECT"),
    ({"file": "Assets/Materials/Moss.mat", "shader": "0123456789abcdef0123456789abcdef"}, "E_ASSET_NOT_FOUND"),
    ({"file": "Assets/Materials/Moss.mat", "shader": "Assets/Shaders/Nope.shader"}, "E_ASSET_NOT_FOUND"),
    ({"file": "Assets/Materials/Moss.mat", "shader": GRASS}, "E_ASSET_PATH_INVALID"),  # not a shader
    ({"file": "Assets/Materials/Moss.mat", "shader": URP_LIT_GUID, "like": "Assets/Scenes/Garden.unity"},
     "E_ASSET_PATH_INVALID"),
])
def test_bad_materials_are_refused_with_a_catalogued_code_and_nothing_written(sample: Path, payload: dict,
                                                                            code: str) -> None:
    before = snapshot(sample)
    assert failure(sample, "material.create", payload).code == code
    assert snapshot(sample) == before
