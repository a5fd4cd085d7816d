"""Does a freshly installed extension load? Asked of a separate interpreter, never of the installing process.

`extensions install`/`sync` must not import what they just installed into themselves to "check" it:
`python -I -m unitycli.host.load_check <distribution>` loads every plugin as a normal unitycli
run would (integrity before import) and prints one JSON line: the distribution's entry-point ids, its load
failures and its integrity status.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

_MARK = "unitycli-load-check:"


def _report(name: str) -> dict[str, Any]:
    from unitycli.host.checks import HostChecks
    from unitycli.host.installed import installed_extensions, same_name
    from unitycli.host.plugin_loader import load_plugins

    ids = [e.id for e in installed_extensions() if same_name(e.distribution, name)]
    loaded = load_plugins()
    failures = [f.to_dict() for f in loaded.failures if same_name(f.distribution, name)]
    owner = next((o for o in loaded.owners.values() if o.extension_id in ids), None)
    result = HostChecks().integrity(loaded.manager, owner) if owner is not None and not failures else None
    results = [result] if result is not None else []
    return {"ids": ids, "failures": failures,
            "integrity": [r.model_dump(by_alias=True, mode="json") for r in results]}


def check_in_child(name: str, timeout: float = 300) -> dict[str, Any]:
    """The report of a child interpreter; `{"error": ...}` when it gave none."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    try:
        done = subprocess.run([sys.executable, "-I", "-m", "unitycli.host.load_check", name],
                              capture_output=True, text=True, timeout=timeout, env=env, cwd="/", check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return {"error": f"the load check did not finish: {exc}"}
    line = next((text for text in reversed(done.stdout.splitlines()) if text.startswith(_MARK)), None)
    if line is None:
        tail = (done.stdout + done.stderr).strip().splitlines()[-5:]
        return {"error": f"the load check gave no answer (exit {done.returncode}): {' / '.join(tail)}"}
    try:
        answer = json.loads(line[len(_MARK):])
    except ValueError:
        return {"error": "the load check's answer is not JSON"}
    return answer if isinstance(answer, dict) else {"error": "the load check's answer is not a JSON object"}


if __name__ == "__main__":  # pragma: no cover - run in the child interpreter
    print(_MARK + json.dumps(_report(sys.argv[1])), flush=True)
