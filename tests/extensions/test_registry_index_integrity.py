"""The compiled tool map never skips the RECORD check: an extension found through it is verified before import."""

from __future__ import annotations

import os

from tests.core.fake_dists import echo_tool, make_dist
from tests.extensions.helpers import copy_project
from unitycli.cli.main import run


def test_a_tampered_extension_found_through_the_map_is_refused_before_import(site, tmp_path):
    make_dist(site, "unitycli-acme", "acme_indexed", echo_tool("acme.echo"))
    root = copy_project("chicken-defense", tmp_path)
    argv = ["tools", "run", "acme.echo", "--input", '{"text": "x"}', "--project", str(root), "--json"]
    assert run(argv).exit_code == 0  # a full build: the map now names acme.echo's plugin
    again = run(argv)
    assert again.exit_code == 0 and again.envelope["result"]["output"] == {"echoed": "x"}
    # Same size and mtime, so the map still looks fresh: only the RECORD check can catch it.
    canary = tmp_path / "imported.txt"
    target = site / "acme_indexed.py"
    before = target.stat()
    text = target.read_text()
    payload = f"\nopen({str(canary)!r}, 'w').write('ran')\n"
    target.write_text(text[: len(text) - len(payload)] + payload)
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert target.stat().st_size == before.st_size
    blocked = run(argv)
    assert blocked.exit_code == 1
    assert blocked.envelope["error"]["code"] == "E_EXTENSION_INTEGRITY_MISMATCH"
    assert not canary.exists()


CHECKER = '''
from unitycli.host.hookspecs import hookimpl
from unitycli.host.availability import Availability


@hookimpl
def unitycli_tool_availability(tool, owner, project):
    return Availability.unavailable("E_EXTENSION_DEPENDENCY_UNVERIFIABLE", "acme says no")
'''


def test_availability_is_the_hosts_answer_not_a_hook(site, tmp_path):
    """A plugin cannot veto other plugins' tools: `unitycli_tool_availability` is no hook, so a plugin that
    implements it is refused at load (an unknown hook name), and the built-in tool runs, fully or through the map."""
    make_dist(site, "unitycli-acme", "acme_checker", CHECKER)
    root = copy_project("chicken-defense", tmp_path)
    argv = ["tools", "run", "project.info", "--project", str(root), "--json"]
    for _ in range(2):  # the first run builds the full registry and the map; the second goes through the map
        assert run(argv).exit_code == 0
    doctor = run(["extensions", "doctor", "--project", str(root), "--json"])
    [failure] = [c for c in doctor.envelope["result"]["checks"] if c["name"].startswith("load:")]
    assert "unitycli_tool_availability" in failure["message"]
