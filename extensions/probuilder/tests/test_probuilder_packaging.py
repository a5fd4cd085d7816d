"""unitycli-probuilder as a real distribution: the wheel carries the manifest (also when built from the sdist
elsewhere), installs, loads, and is integrity-checked.

A throwaway venv layered over the running interpreter's packages (`unitycli.testing.child_venv`) gets the wheel
through `unitycli extensions install <wheel>`; then one installed file is tampered with and the tools refuse to run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from probuilder_testutil import EXTENSION, GAME, REPO_ROOT

from unitycli.testing import child_venv, copy_fixture_project

MANIFEST = REPO_ROOT / "manifests" / "probuilder.toml"


def _run(*args: str, timeout: int = 300, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout, cwd=cwd,
                          env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), str(EXTENSION))
    assert done.returncode == 0, done.stdout + done.stderr
    return next(out.glob("unitycli_probuilder-*.whl"))


def test_the_wheel_carries_the_manifest_bytes(wheel):
    packaged = EXTENSION / "unitycli_probuilder" / "manifest.toml"
    assert not packaged.is_symlink() and packaged.read_bytes() == MANIFEST.read_bytes()
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert archive.read("unitycli_probuilder/manifest.toml") == MANIFEST.read_bytes()
        entry_points = archive.read(next(n for n in names if n.endswith("entry_points.txt"))).decode()
    assert "[unitycli.extensions]\nprobuilder = unitycli_probuilder" in entry_points
    assert {"unitycli_probuilder/tools/create_shape.py", "unitycli_probuilder/meshdata.py",
            "unitycli_probuilder/errors.py"} <= set(names)


def test_a_wheel_built_from_the_sdist_outside_this_repository_still_carries_the_manifest(tmp_path):
    """What PyPI users get: the sdist unpacked somewhere else, with no manifests/ folder beside it."""
    sdist_dir = tmp_path / "sdist"
    done = _run(sys.executable, "-c", f"from setuptools import build_meta; build_meta.build_sdist({str(sdist_dir)!r})",
                cwd=EXTENSION)
    assert done.returncode == 0, done.stdout + done.stderr
    [sdist] = sdist_dir.glob("*.tar.gz")
    elsewhere = tmp_path / "elsewhere"
    with tarfile.open(sdist) as archive:
        archive.extractall(elsewhere, filter="data")
    [source] = elsewhere.iterdir()
    wheels = tmp_path / "wheels"
    done = _run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(wheels),
                str(source))
    assert done.returncode == 0, done.stdout + done.stderr
    [wheel] = wheels.glob("unitycli_probuilder-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("unitycli_probuilder/manifest.toml") == MANIFEST.read_bytes()


def test_install_from_a_local_wheel_then_tampering_blocks_the_tools(wheel, tmp_path):
    env_dir = tmp_path / "env"
    python = str(child_venv(env_dir))
    root = copy_fixture_project("chicken-defense", tmp_path / "p")

    def cli(*args: str) -> tuple[int, dict]:
        done = _run(python, "-m", "unitycli", "--json", *args, timeout=300)
        assert done.stdout, done.stderr
        return done.returncode, json.loads(done.stdout)

    code, env = cli("extensions", "install", str(wheel), "--project", str(root),
                    "--pip-arg=--no-deps", "--pip-arg=--ignore-installed")
    assert code == 0, env
    assert (env["result"]["ids"], env["result"]["integrity"]) == (["probuilder"], "verified")
    code, env = cli("tools", "run", "probuilder.list-meshes", "--project", str(root), "--input",
                    json.dumps({"file": GAME}))
    assert code == 0, env
    assert len(env["result"]["output"]["meshes"]) == 5
    site = next((env_dir / "lib").glob("python3*/site-packages"))
    target = site / "unitycli_probuilder" / "obj.py"
    target.write_text(target.read_text() + "\n# tampered\n")
    code, env = cli("tools", "run", "probuilder.list-meshes", "--project", str(root), "--input",
                    json.dumps({"file": GAME}))
    assert (code, env["error"]["code"]) == (1, "E_EXTENSION_INTEGRITY_MISMATCH")
