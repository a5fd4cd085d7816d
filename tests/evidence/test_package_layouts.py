"""`scripts/package_layouts.py`, the script behind the Cinemachine versions listed in manifests/cinemachine.toml,
run on the fixture's Cinemachine package (3.1.8-pre.1) made into a mirror like needle-mirror's: one commit per
version, tagged with it. A version whose sources are the reference's is reported the same; one with a serialized
field added, or a field initializer changed, names exactly that class in the column that says which."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.fixturepaths import REPO_ROOT, fixture_path

PACKAGE = "com.unity.cinemachine/com.unity.cinemachine"
BRAIN = "Runtime/Behaviours/CinemachineBrain.cs"
PERLIN = "Runtime/Components/CinemachineBasicMultiChannelPerlin.cs"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.invalid",
                           "-c", "commit.gpgsign=false", *args], check=True, capture_output=True, text=True).stdout


def _release(repo: Path, tag: str) -> str:
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", tag)
    _git(repo, "tag", tag)
    return _git(repo, "rev-parse", "HEAD").strip()


def _edit(repo: Path, file: str, old: str, new: str) -> None:
    path = repo / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_package_layouts_names_the_class_whose_layout_or_default_changed(tmp_path: Path) -> None:
    repo = tmp_path / "mirror"
    source = fixture_path(PACKAGE)
    repo.mkdir()
    for name in ("Runtime", "package.json"):
        (shutil.copytree if (source / name).is_dir() else shutil.copy)(source / name, repo / name)
    _git(repo, "init", "-q")
    commits = {"3.1.8": _release(repo, "3.1.8")}
    _edit(repo, BRAIN, "        public bool ShowDebugText = false;\n",
          "        public bool ShowDebugText = false;\n        public int AddedField;\n")
    commits["3.1.9"] = _release(repo, "3.1.9")
    _edit(repo, BRAIN, "        public int AddedField;\n", "")
    _edit(repo, PERLIN, "        public float AmplitudeGain = 1f;\n", "        public float AmplitudeGain = 2f;\n")
    commits["3.1.10"] = _release(repo, "3.1.10")  # ordered by number, after 3.1.9
    _edit(repo, BRAIN, "        public bool ShowDebugText = false;\n", "        public float ShowDebugText;\n")
    _release(repo, "3.2.0-pre.1")  # not a stable tag: never compared
    out = subprocess.run([sys.executable, str(REPO_ROOT / "scripts/package_layouts.py"), str(repo),
                          "--extension", "cinemachine", "--reference", "3.1.8", "--editor", "6000.0.25f1"],
                         check=True, capture_output=True, text=True).stdout
    assert out.splitlines() == [
        "| version | tag commit | package.json `unity` | verdict | layout differs | defaults differ | menu differs |",
        "|---|---|---|---|---|---|---|",
        f"| 3.1.8 | `{commits['3.1.8'][:8]}` | 2022.3 | same as 3.1.8 | — | — | — |",
        f"| 3.1.9 | `{commits['3.1.9'][:8]}` | 2022.3 | differs | CinemachineBrain | — | — |",
        f"| 3.1.10 | `{commits['3.1.10'][:8]}` | 2022.3 | differs | — | CinemachineBasicMultiChannelPerlin | — |",
    ]
