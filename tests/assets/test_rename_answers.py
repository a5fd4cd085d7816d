"""Renames, moves and copies answer with what changed, not the file twice: git's `rename from/to` and
`copy from/to`, then only the changed lines; and the main object takes the new file name, as the Editor keeps it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path, PurePosixPath

import pytest

from tests.assets.conftest import LANTERN, run, snapshot
from tests.fixturepaths import fixture_project
from tests.indexes.projectcopies import writable_copy
from unitycli.cli.main import render_json
from unitycli.cli.main import run as cli_run
from unitycli.host.session import Session
from unitycli.mcp.surface import ToolSurface
from unitycli.mcp.toolsets import ListPolicy
from unitycli.testing import SHORT_NAMES, assert_dry_run_matches_commit, changed_lines
from unitycli.toolspec import mcp_name

TILES = "Assets/LlamAcademy/Minigolf/Resources/Tiles"
HOLE_CUBE = f"{TILES}/Hole Cube.prefab"  # 543 KB, the largest prefab in the fixtures
SMALL = f"{TILES}/Wall Left Long Variant.prefab"  # 2.2 KB, a variant in the same folder
ROOT_ID = 9027310858209044835  # Hole Cube's root GameObject
VARIANT_INSTANCE = 2262942551271257342  # the variant's PrefabInstance, which holds its m_Name override


def _cli(root: Path, tool: str, data: dict, *, dry_run: bool = True) -> str:
    argv = ["tools", "run", tool, "--project", str(root), "--input", json.dumps(data), "--json"]
    return render_json(cli_run(argv + (["--dry-run"] if dry_run else [])).envelope)  # what --json prints


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return writable_copy("minigolf", tmp_path / "minigolf")


def test_renaming_the_largest_prefab_answers_with_a_rename_and_the_one_changed_line(minigolf: Path) -> None:
    text = _cli(minigolf, "asset.rename", {"file": HOLE_CUBE, "name": "Hole Box"})
    answer = json.loads(text)["result"]
    box = f"{TILES}/Hole Box.prefab"
    revisions = [d["newRevision"] for d in answer["plannedEffects"]["diffs"]]
    assert answer["output"] == {"file": HOLE_CUBE, "destination": box, "guid": "b10cb0dac62c6c54c83a3b86bab023cc",
                                "isFolder": False, "movedFiles": 2,  # no folders to list, nothing replaced
                                "renamedObject": {"fileID": ROOT_ID}}
    assert answer["plannedEffects"] == {
        "created": [], "modified": [], "deleted": [],  # a rename is its diffs entry, as git's status says R
        "diffs": [{"path": box, "newRevision": revisions[0], "diff":
                   f"diff --git a/{HOLE_CUBE} b/{box}\nsimilarity index 99%\nrename from {HOLE_CUBE}\n"
                   f"rename to {box}\n"
                   "@@ -19409,3 +19409,3 @@\n"
                   "   m_Layer: 0\n"
                   "-  m_Name: Hole Cube\n"
                   "+  m_Name: Hole Box\n"
                   "   m_TagString: Untagged\n"},
                  {"path": box + ".meta", "newRevision": revisions[1], "diff":
                   f"diff --git a/{HOLE_CUBE}.meta b/{box}.meta\nsimilarity index 100%\n"
                   f"rename from {HOLE_CUBE}.meta\nrename to {box}.meta\n"}],
        "createdDirs": [], "deletedDirs": [], "requiresReimport": True}
    # Each path is said once in the output and twice in each git header (which `git apply` needs); the new one also
    # as each entry's path. Nothing grows with the file's 543 KB. (Was 2.6 MB; then 3.3 KB with every path
    # 13 times; then 2.3 KB with renamedFrom and reimportPaths naming both paths again.)
    assert (text.count(f'"{HOLE_CUBE}"'), text.count(HOLE_CUBE), text.count(f"{HOLE_CUBE}.meta")) == (1, 5, 2)
    assert (text.count(f'"{box}"'), text.count(box), text.count(f"{box}.meta")) == (2, 7, 3)
    assert len(text.encode()) < 2_000
    small = _cli(minigolf, "asset.rename", {"file": SMALL, "name": "Wall Box"})
    assert abs(len(text) - len(small)) < 500


def _largest_asset(root: Path) -> str:
    """The project's biggest file under Assets/ that has a .meta (the answers that once held files whole)."""
    sized = [(path.stat().st_size, path.relative_to(root).as_posix()) for path in (root / "Assets").rglob("*")
             if path.suffix != ".meta" and path.is_file() and path.with_name(path.name + ".meta").is_file()]
    return max(sized)[1]


def _mcp_text(surface: ToolSurface, tool: str, data: dict) -> str:
    """The text an MCP client receives for a call (server.py sends this JSON, compact, and the same as
    structuredContent)."""
    payload = surface.call(mcp_name(tool), {**data, "dryRun": True})
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.layout_unchecked("a move or copy stages each file as it is, and PhysicsSamples' scenes were last saved "
                               "by an older Editor than the project's")
@pytest.mark.parametrize("project", sorted(SHORT_NAMES))
def test_moving_and_copying_each_fixtures_largest_asset_answers_in_under_2_kb(project: str) -> None:
    # Dry runs: what a commit answers differs only in `dryRun` and the effects' key (tested below on a copy).
    # The size depends on the paths (each said about 12 times in git's headers), never on the file's size.
    root = fixture_project(project)
    largest = _largest_asset(root)
    stem, suffix = PurePosixPath(largest).stem, PurePosixPath(largest).suffix
    calls = [("asset.rename", {"file": largest, "name": "Renamed"}),
             ("asset.move", {"file": largest, "destination": f"Assets/{stem} Moved{suffix}"}),
             ("asset.duplicate", {"file": largest})]
    surface = ToolSurface.build(Session(project_arg=str(root)), ListPolicy())
    sizes = {(tool, entry): len(text.encode()) for tool, data in calls
             for entry, text in (("cli", _cli(root, tool, data)), ("mcp", _mcp_text(surface, tool, data)))}
    assert max(sizes.values()) < 2_000, (largest, sizes)


def _longest_path(root: Path) -> str:
    """The project's asset under Assets/ with the longest path (a file with a .meta)."""
    return max((path.relative_to(root).as_posix() for path in (root / "Assets").rglob("*")
                if path.suffix != ".meta" and path.is_file() and path.with_name(path.name + ".meta").is_file()),
               key=lambda p: (len(p.encode()), p))


@pytest.mark.layout_unchecked("a move or copy stages each file as it is, and PhysicsSamples' scenes were last saved "
                               "by an older Editor than the project's")
def test_a_long_path_is_said_twelve_times_and_nothing_else_grows() -> None:
    # PhysicsSamples' longest path (171 characters) cannot fit 2,000 B: git's headers alone say it 8 times (`diff
    # --git a/ b/`, `rename from/to`, for the asset and its .meta). The answer is a fixed ~1 KB plus the old path 5
    # times (output.file, twice per diff) and the new one 7 times (output.destination, each diff's path and twice in
    # its header); a new repeat of either would fail here.
    root = fixture_project("physics-samples")
    longest = _longest_path(root)
    stem, suffix = PurePosixPath(longest).stem, PurePosixPath(longest).suffix
    calls = [("asset.rename", {"file": longest, "name": "Renamed"}),
             ("asset.move", {"file": longest, "destination": f"Assets/{stem} Moved{suffix}"}),
             ("asset.duplicate", {"file": longest})]
    surface = ToolSurface.build(Session(project_arg=str(root)), ListPolicy())
    for tool, data in calls:
        for text in (_cli(root, tool, data), _mcp_text(surface, tool, data)):
            new = json.loads(text).get("result", json.loads(text))["output"]["destination"]
            counts = (text.count(longest), text.count(new))
            rest = len(text.encode()) - counts[0] * len(longest.encode()) - counts[1] * len(new.encode())
            assert (counts, rest < 1_000) == ((5, 7), True), (tool, counts, rest)


@pytest.mark.parametrize("tool", ["asset.rename", "asset.move", "asset.duplicate"])
def test_moving_and_copying_the_largest_prefab_answers_in_under_2_kb_dry_run_or_not(minigolf: Path,
                                                                                      tool: str) -> None:
    data = {"asset.rename": {"file": HOLE_CUBE, "name": "Hole Box"},
            "asset.move": {"file": HOLE_CUBE, "destination": "Assets/Hole Cube.prefab"},
            "asset.duplicate": {"file": HOLE_CUBE}}[tool]
    mcp = _mcp_text(ToolSurface.build(Session(project_arg=str(minigolf)), ListPolicy()), tool, data)
    dry, real = _cli(minigolf, tool, data), _cli(minigolf, tool, data, dry_run=False)
    assert json.loads(real)["result"]["appliedEffects"]["diffs"][0]["path"] != HOLE_CUBE  # it ran
    assert [len(text.encode()) < 2_000 for text in (mcp, dry, real)] == [True] * 3, (len(mcp), len(dry), len(real))


def test_renaming_the_largest_asset_answers_in_under_2_kb() -> None:
    # ARRadar.vfx is the largest asset of the fixtures (1.25 MiB); a dry run needs no copy of the project.
    vfx, radar = "Assets/Samples/ARRadar/ARRadar.vfx", "Assets/Samples/ARRadar/Radar.vfx"
    root = fixture_project("vfx-samples")
    text = _cli(root, "asset.rename", {"file": vfx, "name": "Radar"})
    effects = json.loads(text)["result"]["plannedEffects"]
    assert [(d["path"], d["diff"]) for d in effects["diffs"]] == [
        (radar + ext, f"diff --git a/{vfx}{ext} b/{radar}{ext}\nsimilarity index 100%\n"
                      f"rename from {vfx}{ext}\nrename to {radar}{ext}\n") for ext in ("", ".meta")]
    assert len(text.encode()) < 2_000


def test_a_real_rename_renames_the_root_and_changes_nothing_else(minigolf: Path) -> None:
    before = (minigolf / HOLE_CUBE).read_text()
    result = assert_dry_run_matches_commit(minigolf, "asset.rename", {"file": HOLE_CUBE, "name": "Hole Box"})
    assert result.output["renamedObject"] == {"fileID": ROOT_ID}
    after = (minigolf / TILES / "Hole Box.prefab").read_text()
    assert changed_lines(before, after) == [("  m_Name: Hole Cube", "  m_Name: Hole Box")]


def test_moving_without_a_new_name_is_a_pure_rename(minigolf: Path) -> None:
    moved = "Assets/Hole Cube.prefab"
    result = run(minigolf, "asset.move", {"file": HOLE_CUBE, "destination": moved}, dry_run=True)
    assert "renamedObject" not in result.output
    assert [d["diff"] for d in result.planned_effects["diffs"]] == [
        f"diff --git a/{HOLE_CUBE} b/{moved}\nsimilarity index 100%\nrename from {HOLE_CUBE}\nrename to {moved}\n",
        f"diff --git a/{HOLE_CUBE}.meta b/{moved}.meta\nsimilarity index 100%\n"
        f"rename from {HOLE_CUBE}.meta\nrename to {moved}.meta\n"]


def test_a_variant_is_renamed_through_its_name_override(minigolf: Path) -> None:
    before = (minigolf / SMALL).read_text()
    result = run(minigolf, "asset.rename", {"file": SMALL, "name": "Wall Box"})
    assert result.output["renamedObject"] == {"fileID": VARIANT_INSTANCE}
    assert changed_lines(before, (minigolf / TILES / "Wall Box.prefab").read_text()) == [
        ("      value: Wall Left Long Variant", "      value: Wall Box")]


def test_a_duplicate_says_copy_from_and_shows_the_name_and_guid_lines(minigolf: Path) -> None:
    result = run(minigolf, "asset.duplicate", {"file": HOLE_CUBE}, dry_run=True)
    copy, guid = f"{TILES}/Hole Cube 1.prefab", result.output["guid"]
    diffs = result.planned_effects["diffs"]
    assert [d["path"] for d in diffs] == [copy, copy + ".meta"]
    assert diffs[0]["diff"].startswith(
        f"diff --git a/{HOLE_CUBE} b/{copy}\nsimilarity index 99%\ncopy from {HOLE_CUBE}\ncopy to {copy}\n"
        "@@ -19409,3 +19409,3 @@\n")
    assert [line for line in diffs[0]["diff"].splitlines() if line[:1] in "+-"] == [
        "-  m_Name: Hole Cube", "+  m_Name: Hole Cube 1"]
    assert [line for line in diffs[1]["diff"].splitlines() if line[:1] in "+-"] == [
        "-guid: b10cb0dac62c6c54c83a3b86bab023cc", f"+guid: {guid}"]
    assert (result.planned_effects["created"], "copied" in result.output) == ([], False)  # said once: the diffs
    assert len(json.dumps(result.model_dump(by_alias=True))) < 2_000  # was 1.3 MB


def test_a_scene_copy_keeps_every_byte_and_says_so(minigolf: Path) -> None:
    scene = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
    result = run(minigolf, "asset.duplicate", {"file": scene, "destination": "Assets/Game Copy.unity"}, dry_run=True)
    assert "renamedObject" not in result.output  # a scene has no main object name
    assert result.planned_effects["diffs"][0]["diff"] == (
        f"diff --git a/{scene} b/Assets/Game Copy.unity\nsimilarity index 100%\ncopy from {scene}\n"
        "copy to Assets/Game Copy.unity\n")


def _git(root: Path, *args: str, data: bytes | None = None) -> None:
    subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", *args], input=data,
                   check=True, capture_output=True)


def _files(root: Path) -> dict[str, bytes]:
    return {k: v for k, v in snapshot(root).items() if not k.startswith(".git/")}


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize(("tool", "data"), [("asset.rename", {"file": LANTERN, "name": "Lamp"}),
                                            ("asset.duplicate", {"file": "Assets/Materials/Grass.mat"})])
def test_git_applies_a_dry_run_patch_to_exactly_what_the_commit_writes(sample: Path, tool: str, data: dict) -> None:
    _git(sample, "init", "-q")
    _git(sample, "add", "-A")
    _git(sample, "commit", "-qm", "before")
    patch = "".join(d["diff"] for d in run(sample, tool, data, dry_run=True).planned_effects["diffs"])
    _git(sample, "apply", "-", data=patch.encode())
    patched = _files(sample)
    _git(sample, "reset", "-q", "--hard")
    _git(sample, "clean", "-qfd")
    run(sample, tool, data)
    assert _files(sample) == patched
