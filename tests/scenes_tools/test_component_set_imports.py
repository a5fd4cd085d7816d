"""component.set loads the C# model (and with it tree-sitter) only for a script's field: a Transform's field is
checked against the file's own value, and a call that edits one should not pay for parsing C#."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, copy_project


def _modules_loaded(root: Path, data: dict) -> set[str]:
    """The modules a fresh process has loaded after one dry-run component.set (it must succeed)."""
    code = ("import json, sys; from unitycli.cli.main import run; "
            f"out = run(['tools', 'run', 'component.set', '--dry-run', '--json', '--project', {str(root)!r}, "
            f"'--input', {json.dumps(data)!r}]); "
            "assert out.exit_code == 0, out.envelope; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('tree_sitter', 'unitycli.csharp')))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_a_native_field_loads_no_csharp_model(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "sample")
    loaded = _modules_loaded(root, {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                    "property": "m_LocalPosition.x", "value": 2.5})
    assert not {"tree_sitter", "unitycli.csharp.model", "unitycli.csharp.syntax"} & loaded, loaded


def test_a_script_field_loads_the_csharp_model(tmp_path: Path) -> None:
    root = copy_project("chicken-defense", tmp_path / "chicken")
    loaded = _modules_loaded(root, {"file": CHICKEN_GAME, "gameObject": "Enemy Brain", "component": "AttackerBrain",
                                    "property": "DifficultyFactor", "value": 2})
    assert {"tree_sitter", "unitycli.csharp.model"} <= loaded, loaded
