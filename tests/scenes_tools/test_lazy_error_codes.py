"""A lazily loaded session (second CLI call, registry index cached) knows every code the called tool can raise:
the core's, and its owner plugin's own, raised as a string and resolved against the plugins that ran."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.scenes_tools.projects import GARDEN, copy_project


def _cli(root: Path, tool: str, data: dict, exit_code: int | None = None) -> dict:
    done = subprocess.run([sys.executable, "-m", "unitycli", "tools", "run", tool, "--project", str(root),
                           "--input", json.dumps(data), "--json"], capture_output=True, text=True,
                          env=os.environ.copy(), check=False)
    assert exit_code is None or done.returncode == exit_code, done.stdout
    return json.loads(done.stdout)


def test_a_cycle_and_an_unknown_tag_are_catalogued_on_a_lazy_second_call(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "sample")
    cycle = {"file": GARDEN, "gameObject": "Player", "parent": "Player/Hat"}
    for _ in range(2):  # the first call builds the registry index, the second loads only the owner plugin
        assert _cli(root, "gameobject.reparent", cycle)["error"]["code"] == "E_HIERARCHY_CYCLE"
    tag = {"file": GARDEN, "gameObject": "Player", "tag": "NoSuchTag"}
    assert _cli(root, "gameobject.set-tag", tag)["error"]["code"] == "E_TAG_UNKNOWN"


def test_a_plugins_own_code_is_resolved_on_the_first_and_a_lazy_second_call(tmp_path: Path) -> None:
    root = copy_project("chicken-defense", tmp_path / "chicken")
    camera = {"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "gameObject": "Main Camera"}
    for _ in range(2):  # an extension's code (cinemachine), then a built-in plugin's (settings)
        error = _cli(root, "cinemachine.get-camera", camera, exit_code=1)["error"]
        assert error["code"] == "E_CAMERA_NOT_FOUND", error
        assert error["nextActions"][0].startswith("unitycli tools run cinemachine.list-cameras")
        error = _cli(root, "project.remove-tag", {"tag": "Player"}, exit_code=1)["error"]
        assert error["code"] == "E_PROJECT_TAG_BUILTIN", error
