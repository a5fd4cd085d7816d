"""A call to a built-in tool imports what it uses, and not the modules only another path needs: the distribution
metadata reader (`importlib.metadata`, with its `email` parser: ~20 ms of every call) that only installed
extensions and the registry build read, the tarball reader of `.tgz` packages, the known-projects listing.

Each call runs through the console entry point in a fresh interpreter. The first builds the tool map (the full
registry, which reads entry points); the calls after it are the ones an agent makes over and over.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.scenes_tools.projects import GARDEN, copy_project

PROBE = """
import gc, json, sys
from unitycli.cli import entry
sys.argv = ["unitycli", *json.loads(sys.argv[1])]
try:
    entry.main()
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules), "collecting": gc.isenabled()}), file=sys.stderr)
"""

# Never imported by a built-in tool's call on the warm path (a module of ours, or a stdlib one costing a millisecond
# or more that only another path needs).
NOT_ON_A_CALL = frozenset({
    "importlib.metadata", "email", "email.message", "zipfile", "csv", "tarfile",
    "unitycli.project.instances", "unitycli.extension_manager", "unitycli.host.record",
    "unitycli.host.verified_import", "unitycli.host.discovery_deps"
})

# Nor does a scene read or a property edit import the half of the scene model that creates objects (`unitycli.scene`
# exports lazily).
EDITING = frozenset({"unitycli.scene.edits", "unitycli.typetree.new_objects"})

CALLS = {
    "project.info": ("project.info", None, NOT_ON_A_CALL),
    "scene.hierarchy": ("scene.hierarchy", {"file": GARDEN}, NOT_ON_A_CALL | EDITING),
    "gameobject.find": ("gameobject.find", {"file": GARDEN, "name": "Player"}, NOT_ON_A_CALL | EDITING),
    "component.set --dry-run": ("component.set", {"file": GARDEN, "gameObject": "Player", "component": "Transform",
                                                  "property": "m_LocalPosition.x", "value": 2.5}, NOT_ON_A_CALL | EDITING),
}


def _call(argv: list[str]) -> tuple[int, set[str]]:
    """The exit code and the modules loaded; the cyclic collector, held off during start-up, must be back on."""
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps(argv)], capture_output=True, text=True,
                          check=True)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["collecting"] is True
    return report["code"], set(report["modules"])


def test_built_in_tool_calls_import_no_metadata_reader(tmp_path: Path) -> None:
    root = copy_project("sample", tmp_path / "sample")
    first, cold = _call(["tools", "run", "project.info", "--json", "--project", str(root)])
    assert first == 0
    assert "importlib.metadata" in cold  # the registry build reads the entry points: the probe can see it
    for label, (tool, data, unwanted) in CALLS.items():
        argv = ["tools", "run", tool, "--json", "--project", str(root)]
        argv += ["--input", json.dumps(data)] if data is not None else []
        argv += ["--dry-run"] if label.endswith("--dry-run") else []
        code, loaded = _call(argv)
        assert code == 0, label
        assert not unwanted & loaded, (label, sorted(unwanted & loaded))
