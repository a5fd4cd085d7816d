"""A lazily loaded session (second CLI call, registry index cached) knows every code
the called tool can raise, not only the owner plugin's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.scenes_tools.projects import GARDEN, copy_project


def _cli(root: Path, tool: str, data: dict) -> dict:
    done = subprocess.run([sys.executable, "-m", "unitycli", "tools", "run", tool, "--project", str(root),
                           "--input", json.dumps(data), "--json"], capture_output=True, text=True,
                          env=os.environ.copy(), check=False)
    return json.loads(done.stdout)


def test_a_cycle_and_an_unknown_tag_are_catalogued_on_a_lazy_second_call(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "sample")
    cycle = {"file": GARDEN, "gameObject": "Player", "parent": "Player/Hat"}
    for _ in range(2):  # the first call builds the registry index, the second loads only the owner plugin
        assert _cli(root, "gameobject.reparent", cycle)["error"]["code"] == "E_HIERARCHY_CYCLE"
    tag = {"file": GARDEN, "gameObject": "Player", "tag": "NoSuchTag"}
    assert _cli(root, "gameobject.set-tag", tag)["error"]["code"] == "E_TAG_UNKNOWN"
