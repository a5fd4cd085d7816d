"""project.get-build-scenes / project.set-build-scenes on real EditorBuildSettings.asset files."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.fixturepaths import fixture_project
from tests.settings.conftest import (
    BUILD,
    CINEMACHINE_URP,
    PHYSICS,
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

CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CHICKEN_SAMPLE = "Assets/Scenes/SampleScene.unity"
GOLF_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
GOLF_GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"


def with_scenes(name, tmp_path, *scenes):
    return settings_copy(name, tmp_path, extra=tuple(p for s in scenes for p in (s, s + ".meta")))


def build_paths(name):
    """The scene paths of a fixture's build settings, read with the test's own (unfolding) regex."""
    text = original(name, BUILD)
    return [re.sub(r"\n +", " ", m) for m in re.findall(r"    path: (.*?)\n    guid:", text, flags=re.S)]


def test_get_reports_build_indexes_and_existence(tmp_path):
    root = with_scenes(U6, tmp_path, GOLF_MENU, GOLF_GAME)
    out = output(root, "project.get-build-scenes")
    assert [(s["index"], s["buildIndex"], s["path"], s["enabled"], s["status"]) for s in out["scenes"]] == [
        (0, 0, GOLF_MENU, True, "ok"), (1, 1, GOLF_GAME, True, "ok")]
    assert out["scenes"][0]["guid"] == "6817956fab772a14392489164d61994c"


def test_get_finds_where_a_moved_scene_went(tmp_path):
    root = with_scenes(U2022, tmp_path, CHICKEN_GAME)
    (root / "Assets/Moved").mkdir()
    for suffix in ("", ".meta"):
        shutil.move(root / (CHICKEN_GAME + suffix), root / ("Assets/Moved/Game.unity" + suffix))
    [scene] = output(root, "project.get-build-scenes")["scenes"]
    assert (scene["status"], scene["currentPath"]) == ("moved", "Assets/Moved/Game.unity")


def test_set_reorders_adds_and_disables_in_2022(tmp_path):
    root = with_scenes(U2022, tmp_path, CHICKEN_GAME, CHICKEN_SAMPLE)
    out = output(root, "project.set-build-scenes", {"scenes": [
        {"path": CHICKEN_SAMPLE, "enabled": False}, {"path": CHICKEN_GAME}]})
    sample_guid = (root / (CHICKEN_SAMPLE + ".meta")).read_text().split("guid: ")[1][:32]
    assert (root / BUILD).read_text() == replaced(
        original(U2022, BUILD),
        ("  m_Scenes:", f"  m_Scenes:\n  - enabled: 0\n    path: {CHICKEN_SAMPLE}\n    guid: {sample_guid}"))
    assert [(s["path"], s["buildIndex"]) for s in out["scenes"]] == [(CHICKEN_SAMPLE, None), (CHICKEN_GAME, 0)]
    assert out["changed"] is True and out["verified"] is True


def test_set_scene_with_spaces_in_unity6_and_clear_to_empty_list(tmp_path):
    root = with_scenes(U6, tmp_path, GOLF_MENU, GOLF_GAME)
    run(root, "project.set-build-scenes", {"scenes": [{"path": GOLF_MENU}]})
    assert (root / BUILD).read_text() == replaced(
        original(U6, BUILD), ("  - enabled: 1\n    path: Assets/LlamAcademy/Minigolf/Scenes/Game.unity\n"
                              "    guid: 909ad368489bdda4c84d7da04e1d720a", None))
    run(root, "project.set-build-scenes", {"scenes": []})
    text = original(U6, BUILD)
    start, end = text.index("  m_Scenes:\n"), text.index("  m_configObjects:")
    assert (root / BUILD).read_text() == text[:start] + "  m_Scenes: []\n" + text[end:]


def test_first_scene_into_an_empty_list(tmp_path):
    source = fixture_project(U6)
    root = settings_copy(CINEMACHINE_URP, tmp_path)  # `m_Scenes: []`
    for relative in (GOLF_MENU, GOLF_MENU + ".meta"):
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / relative, root / relative)
    run(root, "project.set-build-scenes", {"scenes": [{"path": GOLF_MENU}]})
    assert (root / BUILD).read_text() == replaced(original(CINEMACHINE_URP, BUILD), (
        "  m_Scenes: []", f"  m_Scenes:\n  - enabled: 1\n    path: {GOLF_MENU}\n    guid: 6817956fab772a14392489164d61994c"))


def test_disabling_one_of_142_scenes_with_wrapped_paths_changes_one_line(tmp_path):
    paths = build_paths(PHYSICS)
    assert len(paths) == 142 and any(len(p) > 70 and " " in p for p in paths)
    source = fixture_project(PHYSICS)
    present = [p for p in paths if (source / p).exists()]
    root = settings_copy(PHYSICS, tmp_path, extra=(*present, *(p + ".meta" for p in paths)))
    # The fixture copy lacks 3 of the scene files (their metas are there); the tool reads only a scene's
    # existence and its meta, so those three get an empty Unity YAML scene.
    for missing in sorted(set(paths) - set(present)):
        (root / missing).write_text("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n")
    assert {s["status"] for s in output(root, "project.get-build-scenes")["scenes"]} == {"ok"}
    scenes = [{"path": p, "enabled": i != 5} for i, p in enumerate(paths)]
    result = run(root, "project.set-build-scenes", {"scenes": scenes}, dry_run=True)
    [diff] = result.planned_effects["diffs"]
    changed = [line for line in diff["diff"].splitlines() if line[:1] in "+-" and line[1:3] != "++"
               and line[1:3] != "--"]
    assert changed == ["-  - enabled: 1", "+  - enabled: 0"]
    run(root, "project.set-build-scenes", {"scenes": scenes})
    lines = original(PHYSICS, BUILD).split("\n")
    assert sum(a != b for a, b in zip(lines, (root / BUILD).read_text().split("\n"), strict=True)) == 1


def test_dry_run_writes_nothing_and_stale_revision_is_refused(tmp_path):
    root = with_scenes(U6, tmp_path, GOLF_MENU, GOLF_GAME)
    before = snapshot(root)
    result = run(root, "project.set-build-scenes", {"scenes": [{"path": GOLF_GAME}, {"path": GOLF_MENU}]},
                 dry_run=True)
    assert snapshot(root) == before and result.planned_effects["modified"] == [BUILD]
    revision = output(root, "project.get-build-scenes")["revision"]
    run(root, "project.set-build-scenes", {"scenes": [{"path": GOLF_GAME}]})
    error = failure(root, "project.set-build-scenes", {"scenes": [], "expectedRevision": revision})
    assert error.code == "E_STALE_WRITE"


@pytest.mark.parametrize(("scene", "code"), [
    ("Assets/Nope.unity", "E_SCENE_NOT_FOUND"),
    ("Assets/LlamAcademy/Minigolf/Scenes/Game.unity.meta", "E_ASSET_PATH_INVALID"),
    ("../outside.unity", "E_PATH_OUTSIDE_PROJECT"),  # the path guard judges first, as for every path
    ("Assets/../../outside.unity", "E_PATH_OUTSIDE_PROJECT"),
])
def test_bad_scene_paths_are_refused(tmp_path, scene, code):
    root = with_scenes(U6, tmp_path, GOLF_MENU, GOLF_GAME)
    before = snapshot(root)
    assert failure(root, "project.set-build-scenes", {"scenes": [{"path": scene}]}).code == code
    assert snapshot(root) == before


def test_duplicate_scenes_are_refused(tmp_path):
    root = with_scenes(U6, tmp_path, GOLF_MENU, GOLF_GAME)
    error = failure(root, "project.set-build-scenes", {"scenes": [{"path": GOLF_MENU}, {"path": GOLF_MENU}]})
    assert error.code == "E_SCHEMA_INVALID"
