"""project.get-quality-settings on real files, and the settings tools' descriptors and registration."""

from __future__ import annotations

from tests.settings.conftest import CLIENT_DRIVEN, QUALITY, TAGS, U6, U2022, failure, output, settings_copy
from unitycli.host.session import Session
from unitycli.plugins.settings.specs import SETTINGS_TOOLS


def test_quality_levels_of_chicken_defense(tmp_path):
    out = output(settings_copy(U2022, tmp_path), "project.get-quality-settings")
    assert out["serializedVersion"] == 5 and out["currentLevel"] == 2
    assert [(lv["name"], lv["serializedVersion"], lv["current"]) for lv in out["levels"]] == [
        ("Performant", 3, False), ("Balanced", 3, False), ("High Fidelity", 3, True)]
    assert out["levels"][2]["renderPipeline"]["type"] == 2
    assert "Standalone" in out["levels"][2]["defaultForPlatforms"]
    assert out["warnings"] == []


def test_quality_levels_of_minigolf_unity6(tmp_path):
    out = output(settings_copy(U6, tmp_path), "project.get-quality-settings")
    names = [lv["name"] for lv in out["levels"]]
    assert names == ["Very Low", "Low", "Medium", "High", "Very High", "Ultra"] and out["currentLevel"] == 5
    very_low = out["levels"][0]
    assert very_low["renderPipeline"] is None and very_low["serializedVersion"] == 4
    assert very_low["settings"]["shadowCascade4Split"] == {"x": 0.06666667, "y": 0.2, "z": 0.46666667}
    assert out["perPlatformDefault"] == {"Android": 5, "Standalone": 5, "WebGL": 5}


def test_one_quality_level_by_the_name_or_index_the_setter_takes(tmp_path):
    root = settings_copy(U2022, tmp_path)
    assert [lv["name"] for lv in output(root, "project.get-quality-settings", {"level": "Balanced"})["levels"]] == [
        "Balanced"]
    assert [lv["index"] for lv in output(root, "project.get-quality-settings", {"level": 2})["levels"]] == [2]
    error = failure(root, "project.get-quality-settings", {"level": "Hi"})
    assert error.code == "E_PROPERTY_NOT_FOUND" and error.details["levels"] == ["Performant", "Balanced",
                                                                               "High Fidelity"]


def test_an_unverified_quality_level_is_read_with_a_warning(tmp_path):
    root = settings_copy(CLIENT_DRIVEN, tmp_path)
    path = root / QUALITY
    path.write_text(path.read_text().replace("  - serializedVersion: 2\n", "  - serializedVersion: 9\n", 1))
    out = output(root, "project.get-quality-settings")
    assert out["levels"][0]["serializedVersion"] == 9 and len(out["warnings"]) == 1


def test_every_settings_tool_is_registered_with_hints_that_match_its_role(tmp_path):
    registry = Session(project_arg=str(settings_copy(U6, tmp_path))).registry
    names = {spec.name for spec in SETTINGS_TOOLS}
    assert names == {"project.get-player-settings", "project.set-player-settings", "project.get-tags-layers",
                     "project.add-tag", "project.remove-tag", "project.set-layer", "project.get-build-scenes",
                     "project.set-build-scenes", "project.add-build-scene", "project.remove-build-scene",
                     "project.get-input-settings", "project.set-input-axis", "project.get-quality-settings",
                     "project.set-quality-settings"}
    for spec in SETTINGS_TOOLS:
        assert registry.get(spec.name).spec is spec
        writer = ".get-" not in spec.name
        assert spec.read_only is not writer and spec.supports_dry_run
        assert ("writes_project" in spec.permissions) is writer
        for example in spec.examples:
            spec.input_model.model_validate(example)


def test_a_writer_refuses_an_lfs_pointer_and_a_missing_file_is_refused(tmp_path):
    root = settings_copy(U2022, tmp_path)
    (root / TAGS).write_text("version https://git-lfs.github.com/spec/v1\n"
                             f"oid sha256:{'a' * 64}\nsize 1234\n")
    refused = failure(root, "project.add-tag", {"tag": "X"})
    assert refused.code == "E_ASSET_LFS_POINTER"
    assert refused.details["file"] == TAGS
    assert refused.next_actions == [f'git lfs pull --include "{TAGS}"']
    (root / QUALITY).unlink()
    assert failure(root, "project.get-quality-settings", {}).code == "E_ASSET_NOT_FOUND"
