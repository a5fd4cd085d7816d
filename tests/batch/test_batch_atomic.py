"""`batch --atomic` on a copy of a real project: every step stages into one transaction, committed all or nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from unitycli.testing import copy_fixture_project

GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
RENAME = json.dumps({"file": GAME, "gameObject": "Lighting", "name": "Sun"})
RENAME_POST = json.dumps({"file": GAME, "gameObject": "Post", "name": "Post FX"})
MISSING = json.dumps({"file": GAME, "gameObject": "No Such Object", "name": "X"})


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _batch(root: Path, tmp_path: Path, lines: list[str], *flags: str, capsys) -> tuple[int, dict]:
    from unitycli.cli.main import main

    commands = tmp_path / "steps.txt"
    commands.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["batch", "--commands", str(commands), "--project", str(root), "--json", *flags])
    [line] = capsys.readouterr().out.splitlines()
    return exit_info.value.code, json.loads(line)


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return copy_fixture_project("minigolf", tmp_path / "copy")


def test_an_atomic_batch_whose_third_step_fails_leaves_every_file_byte_identical(minigolf, tmp_path, capsys):
    before = _snapshot(minigolf)
    code, summary = _batch(minigolf, tmp_path, [f"gameobject.rename {RENAME}", f"gameobject.rename {RENAME_POST}",
                                                f"gameobject.rename {MISSING}"], "--atomic", capsys=capsys)
    assert code == 1 and summary["ok"] is False
    assert summary["error"]["details"]["batch"] == {"step": 3, "line": 3, "tool": "gameobject.rename",
                                                    "completed": 2, "notRun": 0}
    assert [s["ok"] for s in summary["result"]["steps"]] == [True, True, False]
    assert _snapshot(minigolf) == before


def test_an_atomic_batch_that_succeeds_commits_both_edits_once(minigolf, tmp_path, capsys):
    before = (minigolf / GAME).read_text(encoding="utf-8")
    code, summary = _batch(minigolf, tmp_path, [f"gameobject.rename {RENAME}", f"gameobject.rename {RENAME_POST}"],
                           "--atomic", capsys=capsys)
    assert code == 0 and summary["result"]["atomic"] is True
    assert summary["result"]["appliedEffects"]["modified"] == [GAME]
    after = (minigolf / GAME).read_text(encoding="utf-8")
    removed = [line for line in before.splitlines() if line not in after.splitlines()]
    assert removed == ["  m_Name: Lighting", "  m_Name: Post"]
    assert "  m_Name: Sun" in after.splitlines() and "  m_Name: Post FX" in after.splitlines()


def test_without_atomic_the_steps_before_the_failure_stay_committed(minigolf, tmp_path, capsys):
    before = (minigolf / GAME).read_bytes()
    code, summary = _batch(minigolf, tmp_path, [f"gameobject.rename {RENAME}", f"gameobject.rename {MISSING}"],
                           capsys=capsys)
    assert code == 1 and summary["result"]["atomic"] is False
    assert (minigolf / GAME).read_bytes() != before
    assert "  m_Name: Sun" in (minigolf / GAME).read_text(encoding="utf-8").splitlines()
