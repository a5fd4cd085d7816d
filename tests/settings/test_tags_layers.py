"""project.get-tags-layers / project.add-tag / project.set-layer on real TagManager.asset files (2 and 3)."""

from __future__ import annotations

import pytest

from tests.settings.conftest import (
    TAGS,
    U6,
    U2022,
    failure,
    original,
    output,
    replaced,
    run,
    settings_copy,
    snapshot,
)


def test_get_lists_32_layers_tags_and_rendering_layers(tmp_path):
    old = output(settings_copy(U2022, tmp_path / "a"), "project.get-tags-layers")
    assert old["serializedVersion"] == 2 and old["tags"] == [] and old["renderingLayers"] is None
    assert len(old["layers"]) == 32
    assert old["layers"][3] == {"index": 3, "name": "", "builtin": False}
    assert old["layers"][8] == {"index": 8, "name": "Chickens", "builtin": False}
    assert [layer["index"] for layer in old["layers"] if layer["builtin"]] == [0, 1, 2, 4, 5]
    new = output(settings_copy(U6, tmp_path / "b"), "project.get-tags-layers")
    assert new["serializedVersion"] == 3 and new["tags"] == ["CinemachineTarget", "Ball", "ExcludeFromCombine"]
    assert new["layers"][6]["name"] == "Ball" and new["renderingLayers"][:2] == ["Default", "Light Layer 1"]
    assert new["sortingLayers"] == [{"name": "Default", "uniqueID": 0, "locked": False}]
    assert "Player" in new["builtinTags"]


def test_add_tag_to_an_empty_list_in_2022(tmp_path):
    root = settings_copy(U2022, tmp_path)
    out = output(root, "project.add-tag", {"tag": "Enemy"})
    assert (root / TAGS).read_text() == replaced(original(U2022, TAGS), ("  tags: []", "  tags:\n  - Enemy"))
    assert out["changed"] is True and out["tags"] == ["Enemy"] and out["verified"] is True


def test_add_tag_appends_in_unity6(tmp_path):
    root = settings_copy(U6, tmp_path)
    run(root, "project.add-tag", {"tag": "Hazard Zone"})
    assert (root / TAGS).read_text() == replaced(
        original(U6, TAGS), ("  - ExcludeFromCombine", "  - ExcludeFromCombine\n  - Hazard Zone"))


@pytest.mark.parametrize(("tag", "existing"), [("Ball", "project"), ("Player", "builtin")])
def test_add_existing_tag_changes_nothing(tmp_path, tag, existing):
    root = settings_copy(U6, tmp_path)
    before = snapshot(root)
    out = output(root, "project.add-tag", {"tag": tag})
    assert (out["changed"], out["existing"]) == (False, existing) and snapshot(root) == before


def test_set_layer_fills_an_empty_entry_keeping_the_others_trailing_spaces(tmp_path):
    root = settings_copy(U2022, tmp_path)
    out = output(root, "project.set-layer", {"index": 31, "name": "Water Surface"})
    lines = original(U2022, TAGS).split("\n")
    layers_at = lines.index("  layers:")
    assert lines[layers_at + 32] == "  - "
    lines[layers_at + 32] = "  - Water Surface"
    assert (root / TAGS).read_text() == "\n".join(lines)
    assert (out["previous"], out["changed"]) == ("", True)


def test_rename_and_clear_a_layer_in_unity6(tmp_path):
    root = settings_copy(U6, tmp_path)
    run(root, "project.set-layer", {"index": 6, "name": "Golf Ball"})
    assert (root / TAGS).read_text() == original(U6, TAGS).replace("  - UI\n  - Ball\n", "  - UI\n  - Golf Ball\n")
    run(root, "project.set-layer", {"index": 6, "name": ""})
    assert (root / TAGS).read_text() == original(U6, TAGS).replace("  - UI\n  - Ball\n", "  - UI\n  - \n")


def test_set_layer_dry_run_and_stale_revision(tmp_path):
    root = settings_copy(U6, tmp_path)
    before = snapshot(root)
    result = run(root, "project.add-tag", {"tag": "Flag"}, dry_run=True)
    assert snapshot(root) == before and result.output["changed"] is True
    assert "+  - Flag" in result.planned_effects["diffs"][0]["diff"].splitlines()
    result = run(root, "project.set-layer", {"index": 7, "name": "Flags"}, dry_run=True)
    assert snapshot(root) == before
    assert "+  - Flags" in result.planned_effects["diffs"][0]["diff"].splitlines()
    revision = output(root, "project.get-tags-layers")["revision"]
    run(root, "project.add-tag", {"tag": "Flag"})
    error = failure(root, "project.set-layer", {"index": 7, "name": "Flags", "expectedRevision": revision})
    assert error.code == "E_STALE_WRITE"
    error = failure(root, "project.add-tag", {"tag": "Other", "expectedRevision": revision})
    assert error.code == "E_STALE_WRITE"


@pytest.mark.parametrize("index", [0, 1, 2, 4, 5])
def test_builtin_layers_are_reserved(tmp_path, index):
    root = settings_copy(U2022, tmp_path)
    error = failure(root, "project.set-layer", {"index": index, "name": "Mine"})
    assert (error.code, error.details["userLayers"]) == ("E_PROJECT_LAYER_RESERVED", "3, 6-31")


def test_a_layer_name_in_use_is_refused(tmp_path):
    root = settings_copy(U2022, tmp_path)
    before = snapshot(root)
    error = failure(root, "project.set-layer", {"index": 20, "name": "Chickens"})
    assert (error.code, error.details["index"]) == ("E_PROJECT_LAYER_NAME_TAKEN", 8)
    assert snapshot(root) == before


@pytest.mark.parametrize("payload", [{"index": 32, "name": "X"}, {"index": 8, "name": " padded"},
                                     {"index": 8, "name": "two\nlines"}, {"tag": ""}])
def test_bad_layer_and_tag_input(tmp_path, payload):
    root = settings_copy(U6, tmp_path)
    tool = "project.add-tag" if "tag" in payload else "project.set-layer"
    assert failure(root, tool, payload).code == "E_SCHEMA_INVALID"


def test_tag_manager_with_the_wrong_layer_count_is_not_edited(tmp_path):
    root = settings_copy(U6, tmp_path)
    path = root / TAGS
    path.write_text(path.read_text().replace("  layers:\n  - Default\n", "  layers:\n", 1))
    assert failure(root, "project.set-layer", {"index": 8, "name": "X"}).code == "E_FILE_FORMAT_UNSUPPORTED"
