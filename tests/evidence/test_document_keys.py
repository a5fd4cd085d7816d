"""`scripts/document_keys.py`, the script behind the VFX versions listed on Editor-written files, run on minigolf's
level assets (LevelSO, Unity 6000.0.25f1): the same class written by two files is reported the same with the count
of its key paths, a field missing from the candidate's files is named, and a class only one side holds is said to
be only there (no evidence either way)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.fixturepaths import REPO_ROOT, fixture_path

LEVELS = "minigolf/Assets/LlamAcademy/Minigolf/Resources/Levels"
LEVEL_SO = "114:afbed47f9c7c45baaa77d26003e9c325"  # LevelSO.cs.meta's GUID
MATERIAL = "minigolf/Assets/LlamAcademy/Minigolf/Materials/Ball Outline.mat"  # a Material (21) and URP's version
URP_MATERIAL_VERSION = "114:d0353a89b1f911e48b9e16bdc9f2e058"  # the material file's hidden MonoBehaviour (`version: 9`)


def _keys(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(REPO_ROOT / "scripts/document_keys.py"), *args], capture_output=True,
                          text=True)


def test_two_levels_written_by_one_editor_have_the_same_keys() -> None:
    """28 key paths: the 12 object keys (m_ObjectHideFlags .. Par), 14 under WorldObjectPositions[] (the resource
    path, and Position, Rotation and Scale with their components) and Par[]'s Rating and Strokes."""
    done = _keys("--a", str(fixture_path(f"{LEVELS}/3.asset")), "--b", str(fixture_path(f"{LEVELS}/1.asset")))
    assert (done.returncode, done.stdout) == (0, f"{LEVEL_SO}: same (28 key paths)\n")


def test_a_field_the_candidate_lacks_is_named_and_read_from_a_commit(tmp_path: Path) -> None:
    level = fixture_path(f"{LEVELS}/3.asset")
    text = level.read_text(encoding="utf-8")
    without_scale = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("    Scale:"))
    assert without_scale != text
    repo = tmp_path / "candidate"
    repo.mkdir()
    (repo / "3.asset").write_text(without_scale, encoding="utf-8")
    shutil.copy(fixture_path(MATERIAL), repo / "Ball Outline.mat")
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid",
           "-c", "commit.gpgsign=false"]
    for step in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "candidate"]):
        subprocess.run([*git, *step], check=True, capture_output=True)
    (repo / "3.asset").write_text(text, encoding="utf-8")  # the work tree is not what is read: the commit is
    done = _keys("--a", str(level), "--b", "3.asset", "Ball Outline.mat", "--git-dir", str(repo / ".git"),
                 "--commit", "HEAD")
    scale = [f"WorldObjectPositions[].Scale{axis}" for axis in ("", ".x", ".y", ".z")]
    assert done.returncode == 1
    assert done.stdout.splitlines() == [f"{LEVEL_SO}: differs; only a: {scale}; only b: []",
                                        f"{URP_MATERIAL_VERSION}: only in b", "21: only in b"]
