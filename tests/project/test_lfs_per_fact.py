"""A clone without `git lfs pull`: minigolf with its settings and main scene as Git LFS pointers.

Each read answers what the other files tell and names every pointer it could not read with the command that
fetches it; `doctor` lists the pointers; writers still refuse them. The pointers are what git-lfs writes for the
real files (spec v1: version, `oid sha256:` of the content, `size` in bytes).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from unitycli.cli.main import run
from unitycli.doctor_report import DoctorReport
from unitycli.extension_manager.lfs_doctor import lfs_check, lfs_pointer_files
from unitycli.testing import copy_fixture_project, run_tool

QUALITY = "ProjectSettings/QualitySettings.asset"
BUILD = "ProjectSettings/EditorBuildSettings.asset"
TAGS = "ProjectSettings/TagManager.asset"
GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
URP_ASSET = "Assets/LlamAcademy/Minigolf/Renderers/URP.asset"
POINTERS = sorted([QUALITY, BUILD, TAGS, GAME])


def to_pointer(root: Path, relative: str) -> None:
    """Replace the file by the pointer git-lfs would check out for it."""
    file = root / relative
    data = file.read_bytes()
    file.write_bytes(b"version https://git-lfs.github.com/spec/v1\n"
                     + f"oid sha256:{hashlib.sha256(data).hexdigest()}\nsize {len(data)}\n".encode())


def unreadable(path: str) -> dict:
    return {"path": path, "reason": "lfs-pointer", "nextActions": [f'git lfs pull --include "{path}"']}


@pytest.fixture
def pointers(tmp_path) -> Path:
    root = copy_fixture_project("minigolf", tmp_path)
    for relative in POINTERS:
        to_pointer(root, relative)
    return root


def output(root: Path, tool: str, data: dict | None = None) -> dict:
    ran = run_tool(root, tool, data or {})
    assert ran.ok, ran.error
    return ran.output


def test_project_info_answers_without_the_quality_settings_and_names_them(pointers):
    info = output(pointers, "project.info")
    assert info["unityVersion"] == "6000.0.25f1"
    assert info["packages"]["items"]  # manifest and lock are real files
    assert info["counts"]["scenes"] == 2
    assert info["renderPipeline"]["pipeline"] == "unknown"
    assert info["renderPipeline"]["reason"].startswith(f"{QUALITY} is a Git LFS pointer")
    assert info["unreadable"] == [unreadable(QUALITY)]


def test_project_info_names_a_render_pipeline_asset_that_is_a_pointer(tmp_path):
    root = copy_fixture_project("minigolf", tmp_path)
    to_pointer(root, URP_ASSET)
    info = output(root, "project.info")
    assert info["renderPipeline"]["pipeline"] == "unknown"
    assert info["renderPipeline"]["assetPath"] == URP_ASSET
    assert info["unreadable"] == [unreadable(URP_ASSET)]
    assert "<bytes>" not in str(info)


def test_scene_list_lists_the_scenes_with_build_membership_unknown(pointers):
    listed = output(pointers, "scene.list")
    assert [(s["path"], s["inBuild"], s["buildIndex"], s["exists"]) for s in listed["scenes"]] == [
        (GAME, None, None, True), (MENU, None, None, True)]
    assert listed["scenes"][0]["guid"] == "909ad368489bdda4c84d7da04e1d720a"  # from the real .meta
    assert listed["unreadable"] == [unreadable(BUILD)]


def test_settings_readers_name_their_pointer_and_answer_what_holds_without_it(pointers):
    tags = output(pointers, "project.get-tags-layers")
    assert (tags["revision"], tags["tags"], tags["unreadable"]) == (None, [], [unreadable(TAGS)])
    assert "Player" in tags["builtinTags"]
    assert [(layer["index"], layer["name"]) for layer in tags["layers"]] == [
        (0, "Default"), (1, "TransparentFX"), (2, "Ignore Raycast"), (4, "Water"), (5, "UI")]
    build = output(pointers, "project.get-build-scenes")
    assert (build["scenes"], build["unreadable"]) == ([], [unreadable(BUILD)])
    quality = output(pointers, "project.get-quality-settings")
    assert (quality["levels"], quality["currentLevel"], quality["unreadable"]) == ([], None, [unreadable(QUALITY)])
    player = output(pointers, "project.get-player-settings")  # a real file: read as usual
    assert (player["settings"]["productName"], player["unreadable"]) == ("minigolf", [])
    axes = output(pointers, "project.get-input-settings", {"limit": 1})
    assert axes["total"] > 0 and axes["unreadable"] == []


@pytest.mark.parametrize(("tool", "data", "file"), [
    ("project.add-tag", {"tag": "Enemy"}, TAGS),
    ("project.set-build-scenes", {"scenes": [{"path": MENU}]}, BUILD),
    ("gameobject.create", {"file": GAME, "name": "Probe"}, GAME),
])
def test_writers_refuse_a_pointer_and_name_the_real_file(pointers, tool, data, file):
    before = (pointers / file).read_bytes()
    ran = run_tool(pointers, tool, data)
    assert not ran.ok
    assert ran.error["code"] == "E_ASSET_LFS_POINTER"
    assert ran.error["details"]["file"] == file
    assert ran.error["message"].startswith(f"{file} is a Git LFS pointer")
    assert ran.error["nextActions"] == [f'git lfs pull --include "{file}"']
    assert (pointers / file).read_bytes() == before


def test_doctor_lists_the_pointers_with_the_command_that_fetches_them(pointers):
    assert lfs_pointer_files(pointers) == POINTERS
    outcome = run(["doctor", "--project", str(pointers), "--json"])
    check = next(c for c in outcome.envelope["result"]["checks"] if c["name"] == "project:lfs-pointers")
    assert check["status"] == "warn"
    assert check["message"].startswith("4 file(s) in ProjectSettings/ or Assets/ are Git LFS pointers")
    assert check["details"] == {"count": 4, "files": POINTERS, "listed": 4}
    assert check["nextActions"] == [f'git lfs pull --include "{",".join(POINTERS)}"']


def test_doctor_bounds_the_list_and_passes_a_project_without_pointers(tmp_path, pointers):
    folder = pointers / "Assets" / "Many"
    folder.mkdir()
    oid = "sha256:" + "ab" * 32
    for k in range(30):
        (folder / f"T{k:02}.png").write_text(f"version https://git-lfs.github.com/spec/v1\noid {oid}\nsize 9\n")
    report = DoctorReport(project=str(pointers))
    lfs_check(report)
    [check] = report.checks
    assert (check.details["count"], check.details["listed"], len(check.details["files"])) == (34, 20, 20)
    assert check.next_actions[-1] == "git lfs pull"
    clean = DoctorReport(project=str(copy_fixture_project("chicken-defense", tmp_path)))
    lfs_check(clean)
    assert [(c.name, c.status) for c in clean.checks] == [("project:lfs-pointers", "pass")]


def test_graphics_settings_as_a_pointer_matters_only_when_the_quality_level_sets_no_pipeline(tmp_path):
    root = copy_fixture_project("minigolf", tmp_path)
    graphics = "ProjectSettings/GraphicsSettings.asset"
    to_pointer(root, graphics)
    info = output(root, "project.info")  # level Ultra sets its own URP asset: GraphicsSettings is not needed
    assert (info["renderPipeline"]["pipeline"], info["unreadable"]) == ("urp", [])
    quality = root / QUALITY
    quality.write_text(quality.read_text().replace("m_CurrentQuality: 5", "m_CurrentQuality: 0"))  # Very Low: none
    info = output(root, "project.info")
    assert info["renderPipeline"]["pipeline"] == "unknown"
    assert info["renderPipeline"]["reason"].startswith(f"{graphics} is a Git LFS pointer")
    assert info["unreadable"] == [unreadable(graphics)]
