"""Shared pieces of the security canary tests: a sample project copy, a child venv wrapper, canary files."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "examples" / "sample-project"
TESTEXT = REPO / "tests" / "data" / "unitycli-testext"
NO_BUILD = ("--no-deps", "--no-build-isolation")


def sample_project(dest: Path) -> Path:
    root = dest / "sample-project"
    shutil.copytree(SAMPLE, root, symlinks=False, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def canary(marker: Path) -> str:
    """Python source that, if it ever runs, leaves `marker` behind."""
    return f"open({str(marker)!r}, 'a').write('ran\\n')\n"


class Venv:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.python = path / "bin" / "python"

    def pip(self, *args: str) -> subprocess.CompletedProcess:
        done = subprocess.run([str(self.python), "-m", "pip", *args], capture_output=True, text=True,
                              env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}, timeout=300, cwd="/")
        assert done.returncode == 0, done.stdout + done.stderr
        return done

    def unitycli(self, *args: str, cwd: Path | str = "/") -> tuple[int, dict]:
        done = subprocess.run([str(self.python), "-m", "unitycli", "--json", *args], capture_output=True, text=True,
                              timeout=300, cwd=cwd)
        assert done.stdout, done.stderr
        return done.returncode, json.loads(done.stdout)

    def site_packages(self) -> Path:
        return next((self.path / "lib").glob("python3*/site-packages"))
