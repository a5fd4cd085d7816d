"""Registering the ProBuilder tools imports no handler code, and running one tool imports that tool's module only.

The specs name handlers and models by import path (`unitycli_probuilder/specs/`), so a `tools run` pays for the
module it runs, not for the forty others. Each check runs in a fresh interpreter: in this one other tests have
imported the tool modules long ago.
"""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from probuilder_testutil import GAME

# Prints the unitycli_probuilder modules loaded after the hook ran with a recording register.
HOOK_ONLY = """
import json, sys
import unitycli_probuilder
names = []
unitycli_probuilder.unitycli_register_tools(lambda spec: names.append(spec.name))
loaded = sorted(m for m in sys.modules if m.startswith("unitycli_probuilder"))
print(json.dumps({"names": names, "loaded": loaded}))
"""

# Builds the registry as a session does (entry points, RECORD checks), then runs one tool.
REGISTRY_THEN_RUN = """
import json, sys
from pathlib import Path
from unitycli.testing import registered_specs, run_tool

def tool_modules():
    return sorted(m for m in sys.modules if m.startswith("unitycli_probuilder.tools."))

names = sorted(registered_specs("probuilder."))
after_registry = tool_modules()
run = run_tool(Path(sys.argv[1]), "probuilder.list-meshes", {"file": sys.argv[2]})
print(json.dumps({"names": names, "afterRegistry": after_registry, "afterRun": tool_modules(), "ok": run.ok,
                  "meshes": len(run.output["meshes"]) if run.ok else run.error}))
"""


def _fresh_python(script: str, *args: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def _spec_names() -> list[str]:
    from unitycli_probuilder.specs import SPECS

    return [spec.name for spec in SPECS]


def test_the_registration_hook_imports_only_the_spec_modules():
    out = _fresh_python(HOOK_ONLY)
    light = {"unitycli_probuilder", "unitycli_probuilder.descriptions", "unitycli_probuilder.specs"}
    heavy = [m for m in out["loaded"] if m not in light and not m.startswith("unitycli_probuilder.specs.")]
    assert heavy == []
    assert out["names"] == _spec_names() and len(set(out["names"])) == len(out["names"])


def test_listing_meshes_imports_the_list_meshes_module_and_no_other_tool(chicken):
    out = _fresh_python(REGISTRY_THEN_RUN, str(chicken.root), GAME)
    assert out["afterRegistry"] == []
    assert out["names"] == sorted(_spec_names())
    assert (out["ok"], out["meshes"]) == (True, 5)
    assert out["afterRun"] == ["unitycli_probuilder.tools.list_meshes"]
