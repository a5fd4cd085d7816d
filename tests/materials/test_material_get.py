"""`material.get`: the shader, properties, keywords and queue of real materials of three Unity generations."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.assets.conftest import GRASS, failure, output
from tests.fixturepaths import fixture_project

EGG = "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat"
BALL = "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"
SPACE_SKY = "Assets/11. Planet Gravity/Materials/SpaceSky.mat"
URP_LIT = {"fileID": 4800000, "guid": "933532a4fcc9baf4fa0491de14d08ed7", "type": 3}


def test_a_chicken_defense_urp_lit_material_reads_as_data() -> None:
    got = output(fixture_project("chicken-defense"), "material.get", {"file": EGG})
    assert (got["name"], got["serializedVersion"], got["renderQueue"], got["keywordStyle"]) == ("Egg", 8, -1, "lists")
    assert got["shader"] == {**URP_LIT, "path": None, "builtin": False, "name": None}  # URP's Lit is in a package
    assert (got["validKeywords"], got["invalidKeywords"], got["ints"]) == ([], [], {})
    assert got["floats"]["_Smoothness"] == 0.369 and len(got["floats"]) == 30
    assert got["colors"]["_SpecColor"] == {"r": 0.19999996, "g": 0.19999996, "b": 0.19999996, "a": 1}
    assert got["textures"][0] == {"name": "_BaseMap", "texture": {"fileID": 0, "guid": None, "type": None,
                                                                  "path": None, "builtin": False},
                                  "scale": {"x": 1, "y": 1}, "offset": {"x": 0, "y": 0}}
    assert got["revision"].startswith("sha256:")


def test_a_minigolf_shader_graph_material_comes_after_its_urp_version_object() -> None:
    got = output(fixture_project("minigolf"), "material.get", {"file": BALL})
    assert got["shader"]["fileID"] == -6465566751694194690 and got["shader"]["guid"] == "2cab6172fbe22e94d9c034e027273236"
    assert [t["name"] for t in got["textures"]] == ["unity_Lightmaps", "unity_LightmapsInd", "unity_ShadowMasks"]
    assert got["colors"] == {"_Color": {"r": 0, "g": 0, "b": 0, "a": 0},
                             "_GlowColor": {"r": 0, "g": 7.9622154, "b": 10.680628, "a": 1}}


def test_an_older_material_keeps_its_keywords_in_one_string(sample: Path) -> None:
    # A real Editor-written serializedVersion 6 material (PhysicsSamples), copied into the sample project.
    source = fixture_project("physics-samples") / SPACE_SKY
    shutil.copy(source, sample / "Assets/Materials/SpaceSky.mat")
    shutil.copy(str(source) + ".meta", sample / "Assets/Materials/SpaceSky.mat.meta")
    got = output(sample, "material.get", {"file": "Assets/Materials/SpaceSky.mat"})
    assert (got["serializedVersion"], got["keywordStyle"], got["validKeywords"]) == (6, "string", [])
    assert got["shader"] == {"fileID": 104, "guid": "0000000000000000f000000000000000", "type": 0, "path": None,
                             "builtin": True, "name": None}
    assert got["textures"][0]["name"] == "_BackTex" and got["textures"][0]["texture"]["fileID"] == 2800000


def test_a_project_shader_file_names_its_shader(sample: Path) -> None:
    # Hand-written edge case: no fixture project keeps a .shader source file.
    (sample / "Assets/Materials/Moss.shader").write_text('// moss\nShader "Custom/Moss"\n{\n    SubShader { Pass {} }\n}\n')
    (sample / "Assets/Materials/Moss.shader.meta").write_text(
        "fileFormatVersion: 2\nguid: 5d0e1f2a3b4c4d5e8f9a0b1c2d3e4f50\nShaderImporter:\n  externalObjects: {}\n"
        "  defaultTextures: []\n  nonModifiableTextures: []\n  userData: \n  assetBundleName: \n"
        "  assetBundleVariant: \n")
    text = (sample / GRASS).read_text().replace("guid: 933532a4fcc9baf4fa0491de14d08ed7",
                                                "guid: 5d0e1f2a3b4c4d5e8f9a0b1c2d3e4f50")
    (sample / GRASS).write_text(text)
    shader = output(sample, "material.get", {"file": GRASS})["shader"]
    assert (shader["path"], shader["name"]) == ("Assets/Materials/Moss.shader", "Custom/Moss")


def test_what_is_not_a_material_is_refused(sample: Path) -> None:
    assert failure(sample, "material.get", {"file": "Assets/Scenes/Garden.unity"}).code == "E_ASSET_PATH_INVALID"
    assert failure(sample, "material.get", {"file": "Assets/Materials/Gras.mat"}).code == "E_ASSET_NOT_FOUND"
    assert failure(sample, "material.get", {"file": "../x.mat"}).code == "E_PATH_OUTSIDE_PROJECT"
    (sample / "Assets/Materials/Empty.mat").write_text("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n")
    assert failure(sample, "material.get", {"file": "Assets/Materials/Empty.mat"}).code == "E_FILE_FORMAT_UNSUPPORTED"


def test_a_material_is_named_by_its_asset_name_as_scenes_and_prefabs_are() -> None:
    # minigolf also has Ball.prefab and Ball.physicMaterial: only .mat files are candidates.
    minigolf = fixture_project("minigolf")
    assert output(minigolf, "material.get", {"file": "Ball"})["file"] == BALL
    assert output(minigolf, "material.get", {"file": "Ball.mat"})["file"] == BALL
    missing = failure(minigolf, "material.get", {"file": "Bal"})
    assert missing.code == "E_ASSET_NOT_FOUND" and BALL in missing.details["closeMatches"]
    assert failure(minigolf, "material.get", {"file": "Ball.prefab"}).code == "E_ASSET_PATH_INVALID"


def test_a_name_two_materials_share_lists_both() -> None:
    error = failure(fixture_project("chicken-defense"), "material.get", {"file": "Snake"})
    assert error.code == "E_MATERIAL_AMBIGUOUS"
    assert error.details["candidates"] == ["Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Model/Snake.mat",
                                           "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.mat"]
