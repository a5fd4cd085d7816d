"""The working directory never shadows unitycli's imports.

A project folder holding `pip/__main__.py` and `pluggy.py` that leave a marker: running unitycli from inside it
(`python -m unitycli`, and `extensions install`, which starts `python -m pip`) must never run them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.security.helpers import NO_BUILD, TESTEXT, Venv, canary, sample_project
from unitycli.testing import child_venv


def _plant(folder: Path, marker: Path) -> None:
    (folder / "pip").mkdir(exist_ok=True)
    (folder / "pip" / "__init__.py").write_text(canary(marker))
    (folder / "pip" / "__main__.py").write_text(canary(marker))
    (folder / "pluggy.py").write_text(canary(marker))
    (folder / "pydantic.py").write_text(canary(marker))


def test_strip_working_directory_removes_empty_dot_and_cwd(tmp_path, monkeypatch):
    from unitycli.cli.entry import strip_working_directory

    monkeypatch.chdir(tmp_path)
    path = ["", ".", str(tmp_path), str(tmp_path) + "/", "/usr/lib/python3"]
    strip_working_directory(path)
    assert path == ["/usr/lib/python3"]


def test_python_m_unitycli_inside_a_project_never_imports_its_modules(tmp_path):
    root = sample_project(tmp_path)
    marker = tmp_path / "marker"
    _plant(root, marker)
    done = subprocess.run([sys.executable, "-m", "unitycli", "--json", "tools", "search", "project"],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert not marker.exists(), done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr


def test_pip_child_is_isolated_from_the_working_directory(tmp_path, monkeypatch):
    from unitycli.extension_manager import pip

    marker = tmp_path / "marker"
    _plant(tmp_path, marker)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))  # even an inherited PYTHONPATH naming the folder
    result = pip.run_pip(["--version"])
    assert not marker.exists(), result.output
    assert result.ok, result.output
    assert result.command[1] == "-I"


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Venv:
    path = tmp_path_factory.mktemp("venv") / "env"
    child_venv(path)
    return Venv(path)


def test_extensions_install_from_inside_a_project_runs_only_the_real_pip(venv, tmp_path):
    """Real pip under `-I` in a child venv: it installs, and the project's `pip/__main__.py` never runs."""
    root = sample_project(tmp_path)
    marker = tmp_path / "marker"
    _plant(root, marker)
    try:
        code, env = venv.unitycli("extensions", "install", str(TESTEXT), "--project", str(root),
                                  *(f"--pip-arg={a}" for a in NO_BUILD), cwd=root)
        assert not marker.exists()
        assert code == 0, env
        assert env["result"]["integrity"] == "verified"
        assert env["result"]["pipCommand"][1] == "-I"
    finally:
        venv.pip("uninstall", "-y", "unitycli-testext")
