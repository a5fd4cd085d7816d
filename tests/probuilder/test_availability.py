"""The ProBuilder tools say before any call whether a project can run them, and why not."""

from __future__ import annotations

import json

from unitycli_probuilder import TOOL_MODULES

from tests.extensions.helpers import BITESIZE_CLIENT_DRIVEN, copy_project
from tests.probuilder.conftest import _require_extension
from unitycli.cli.main import run
from unitycli.session import Session

TOOLS = sorted(f"probuilder.{name.replace('_', '-')}" for name in TOOL_MODULES)
VERSIONS = ["5.2.2", "5.2.3", "5.2.4", "6.0.2", "6.0.3", "6.0.4"]


def _describe(root, tool):
    session = Session(project_arg=str(root), cwd=root)
    return session.descriptor(session.tool(tool))


def test_every_tool_is_available_on_both_fixture_versions(tmp_path):
    _require_extension()
    for name in ("chicken-defense", "minigolf"):
        root = copy_project(name, tmp_path / name)
        for tool in TOOLS:
            d = _describe(root, tool)
            assert (d.available, d.profile_verified) == (True, True), (name, tool)


def test_without_probuilder_every_tool_is_missing_with_the_exact_package_add(tmp_path):
    _require_extension()
    root = copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path)
    add = (f"unitycli tools run package.add --project {root} --input "
           """'{"name": "com.unity.probuilder", "version": "6.0.4"}'""")
    for tool in TOOLS:
        d = _describe(root, tool)
        assert (d.available, d.unavailable_code) == (False, "E_EXTENSION_DEPENDENCY_MISSING")
        assert [(r.name, r.versions, r.project_has) for r in d.requires_packages] == [
            ("com.unity.probuilder", VERSIONS, None)]
        assert d.next_actions[0] == add
    outcome = run(["tools", "run", "probuilder.list-meshes", "--project", str(root), "--json"])
    assert outcome.exit_code == 1
    assert outcome.envelope["error"]["code"] == "E_EXTENSION_DEPENDENCY_MISSING"
    assert outcome.envelope["error"]["nextActions"][0] == add


def test_an_unlisted_version_is_unsupported_naming_both_versions(tmp_path):
    _require_extension()
    root = copy_project("chicken-defense", tmp_path)
    for file in ("manifest.json", "packages-lock.json"):
        path = root / "Packages" / file
        data = json.loads(path.read_text())
        entry = data["dependencies"]["com.unity.probuilder"]
        if isinstance(entry, dict):
            entry["version"] = "5.1.0"
        else:
            data["dependencies"]["com.unity.probuilder"] = "5.1.0"
        path.write_text(json.dumps(data, indent=2))
    d = _describe(root, "probuilder.extrude-faces")
    assert (d.available, d.unavailable_code) == (False, "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED")
    assert "com.unity.probuilder@5.2.2|5.2.3|5.2.4|6.0.2|6.0.3|6.0.4" in d.unavailable_reason
    assert "com.unity.probuilder@5.1.0" in d.unavailable_reason
