"""Shared pieces of the security canary tests: a sample project copy, a child venv wrapper, canary files."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "examples" / "sample-project"
TESTEXT = REPO / "tests" / "data" / "unitycli-testext"
NO_BUILD = ("--no-deps", "--no-build-isolation")
TESTEXT_INFO = "unitycli_testext-0.1.0.dist-info"


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


def record_digest(data: bytes) -> str:
    """A file's digest as a wheel's RECORD writes it."""
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


@contextmanager
def restoring_testext(venv: Venv) -> Iterator[tuple[Path, Path]]:
    """The installed testext package and dist-info, put back as they were whatever the test did."""
    site = venv.site_packages()
    package, info = site / "unitycli_testext", site / TESTEXT_INFO
    backup = Path(tempfile.mkdtemp(prefix="unitycli-backup-"))
    for original in (package, info):
        shutil.copytree(original, backup / original.name, symlinks=True)
    try:
        yield package, info
    finally:
        for original in (package, info):
            shutil.rmtree(original, ignore_errors=True)
            shutil.copytree(backup / original.name, original, symlinks=True)
        shutil.rmtree(backup, ignore_errors=True)
