"""The entry point's stand-in for pydantic's plugin loader answers exactly what pydantic's does: no plugins while
`PYDANTIC_DISABLE_PLUGINS` disables them (without pydantic's metadata scan), pydantic's own answer otherwise."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = """
import json, sys
from unitycli.cli import pydantic_plugins
pydantic_plugins.skip_scan_while_disabled()
from pydantic import BaseModel

class Probe(BaseModel):
    x: int

Probe.model_validate_json('{"x": 1}')
from pydantic.plugin._loader import get_plugins
print(json.dumps({"standIn": sys.modules["pydantic.plugin._loader"] is pydantic_plugins._STAND_IN,
                  "plugins": len(list(get_plugins())), "metadataRead": "importlib.metadata" in sys.modules}))
"""


def _probe(**env: str) -> dict:
    base = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True,
                          env={**base, **env})
    return json.loads(done.stdout)


def test_with_plugins_disabled_the_stand_in_answers_none_and_nothing_scans_the_metadata() -> None:
    for value in ("__all__", "1", "true"):
        assert _probe(PYDANTIC_DISABLE_PLUGINS=value) == {"standIn": True, "plugins": 0, "metadataRead": False}


def test_otherwise_pydantic_s_own_loader_answers_and_takes_the_stand_in_s_place() -> None:
    assert _probe() == {"standIn": False, "plugins": 0, "metadataRead": True}
    assert _probe(PYDANTIC_DISABLE_PLUGINS="some-plugin")["standIn"] is False


def test_a_name_the_stand_in_does_not_define_comes_from_pydantic_s_own_loader() -> None:
    """A later pydantic importing another name from its loader still works (it then pays the scan)."""
    probe = """
import json, sys
from unitycli.cli import pydantic_plugins
pydantic_plugins.skip_scan_while_disabled()
from pydantic.plugin._loader import _plugins
print(json.dumps({"standIn": sys.modules["pydantic.plugin._loader"] is pydantic_plugins._STAND_IN,
                  "same": isinstance(_plugins, (dict, type(None)))}))
"""
    env = {**os.environ, "PYDANTIC_DISABLE_PLUGINS": "__all__"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
    assert json.loads(done.stdout) == {"standIn": False, "same": True}
