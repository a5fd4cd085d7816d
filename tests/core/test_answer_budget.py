"""Every answer fits the 64 KiB budget; what does not fit is in an owner-only file the answer names, never cut
silently."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from tests.fixturepaths import fixture_project
from tests.indexes.projectcopies import writable_copy
from unitycli.budget import ANSWER_BUDGET, answer_size, fit
from unitycli.host.session import Session
from unitycli.runner import RunOptions, run_tool

GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"  # 1.17 MB


def _run(root: Path, tool: str, data: dict, **options) -> dict:
    result = run_tool(Session(project_arg=str(root)).prepare(tool), data, RunOptions(**options))
    return result.model_dump(by_alias=True, mode="json")


def test_deleting_a_1_mb_scene_answers_within_budget_and_names_the_whole_patch(tmp_path: Path) -> None:
    root = writable_copy("chicken-defense", tmp_path / "chicken")
    whole = _run(root, "asset.delete", {"file": GAME, "force": True}, dry_run=True, fit_budget=False)
    answer = _run(root, "asset.delete", {"file": GAME, "force": True}, dry_run=True)
    assert answer_size(whole) > 1_000_000 and answer_size(answer) <= ANSWER_BUDGET
    overflow = answer["overflow"]
    assert (overflow["bytes"], overflow["budget"]) == (answer_size({k: v for k, v in whole.items()
                                                                    if k != "overflow"}), ANSWER_BUDGET)
    assert overflow["omitted"] == ["plannedEffects.diffs[0].diff"]  # the scene's diff; its .meta's still fits
    scene, meta = answer["plannedEffects"]["diffs"]
    assert (scene["path"], scene["diff"], scene["note"]) == (
        GAME, None, "left out to fit the answer budget: see overflow.patch")
    assert meta["diff"] == whole["plannedEffects"]["diffs"][1]["diff"]
    assert answer["output"] == whole["output"]
    # The handles: the whole answer as JSON and every diff as one patch, readable by this user only.
    saved = json.loads(Path(overflow["file"]).read_text(encoding="utf-8"))
    assert saved == {k: v for k, v in whole.items() if k != "overflow"}
    patch = Path(overflow["patch"]).read_text(encoding="utf-8")
    assert patch == "".join(d["diff"] for d in whole["plannedEffects"]["diffs"])
    assert patch.startswith(f"--- a/{GAME}\n+++ /dev/null\n@@ -1,32824 +0,0 @@\n-%YAML 1.1\n")
    for handle in (overflow["file"], overflow["patch"]):
        assert stat.S_IMODE(Path(handle).stat().st_mode) == 0o600
    assert stat.S_IMODE(Path(overflow["file"]).parent.stat().st_mode) == 0o700
    assert (root / GAME).exists()  # a dry run: the handles are outside the project


def test_a_committed_delete_reports_the_same_way(tmp_path: Path) -> None:
    root = writable_copy("chicken-defense", tmp_path / "chicken")
    answer = _run(root, "asset.delete", {"file": GAME, "force": True})
    assert not (root / GAME).exists()
    assert answer_size(answer) <= ANSWER_BUDGET
    assert answer["appliedEffects"]["deleted"] == [GAME, GAME + ".meta"]
    assert answer["overflow"]["omitted"] == ["appliedEffects.diffs[0].diff"]


def test_an_answer_within_budget_is_returned_as_it_is() -> None:
    answer = {"tool": "t", "output": {"items": list(range(100))}, "plannedEffects": None}
    assert fit("t", answer) is answer


def test_reading_minigolfs_ball_material_prints_the_very_document_the_budget_measured() -> None:
    result = run_tool(Session(project_arg=str(fixture_project("minigolf"))).prepare("material.get"),
                      {"file": "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"}, RunOptions())
    assert result.answer() is result.answer()  # dumped once, by the budget check
    assert result.answer() == result.model_dump(by_alias=True, mode="json")
    assert list(result.answer())[-1] == "overflow" and result.answer()["overflow"] is None


def test_long_lists_are_shortened_from_the_end_and_say_by_how_much() -> None:
    # Hand-written: no tool's output passes the budget without its own paging, but a future one could.
    items = [{"path": f"Assets/Folder/File {i:05}.prefab", "guid": f"{i:032x}"} for i in range(5000)]
    answer = fit("asset.example", {"tool": "asset.example", "output": {"moved": items, "count": 5000}})
    kept = answer["output"]["moved"]
    assert answer_size(answer) <= ANSWER_BUDGET
    assert kept == items[:len(kept)] and 0 < len(kept) < 5000
    assert len(items) == 5000  # the caller's answer is left whole: the cut list is a copy
    assert answer["overflow"]["omitted"] == [f"output.moved: {len(kept)} of 5000 items shown"]
    assert answer["overflow"]["patch"] is None
    saved = json.loads(Path(answer["overflow"]["file"]).read_text(encoding="utf-8"))
    assert saved["output"]["moved"] == items


def test_an_unusable_answers_folder_still_answers_within_budget(tmp_path: Path, monkeypatch) -> None:
    # Hand-made: the temp folder holds a file where the answers folder should be (another user's, a full disk …).
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    from unitycli.budget import answers_dir

    blocked = answers_dir()
    blocked.rmdir()
    blocked.write_text("not a folder")
    big = {"tool": "t", "output": {"items": ["x" * 100] * 2000}}
    answer = fit("t", big)
    assert answer_size(answer) <= ANSWER_BUDGET
    assert answer["overflow"]["file"] is None
    assert answer["overflow"]["omitted"][0].startswith("the whole answer could not be saved: ")


def test_one_value_over_the_budget_leaves_the_output_to_the_file() -> None:
    # Hand-written: no tool answers one 100 KB string, but nothing may pass the budget even then.
    answer = fit("t", {"tool": "t", "output": {"text": "x" * 100_000}})
    assert answer_size(answer) <= ANSWER_BUDGET
    assert answer["output"] == {} and answer["overflow"]["omitted"] == [
        "output: all of it (one value alone is over the budget)"]
    assert json.loads(Path(answer["overflow"]["file"]).read_text())["output"]["text"] == "x" * 100_000


def test_a_thousand_left_out_diffs_still_fit() -> None:
    diffs = [{"path": f"Assets/F{i}.asset", "diff": "+" + "y" * 400 + "\n", "note": None} for i in range(1000)]
    answer = fit("t", {"tool": "t", "output": {}, "plannedEffects": {"diffs": diffs}})
    assert answer_size(answer) <= ANSWER_BUDGET
    kept = answer["plannedEffects"]["diffs"]
    assert kept == [{**d, "diff": None, "note": "left out to fit the answer budget: see overflow.patch"}
                    for d in diffs[:len(kept)]]
    dropped, shortened = answer["overflow"]["omitted"]
    assert dropped.startswith("plannedEffects.diffs[].diff: 9") and dropped.endswith(" diffs (their entries say which)")
    assert shortened == f"plannedEffects.diffs: {len(kept)} of 1000 items shown"
