"""The ProBuilder tools say before any call whether a project can run them, and why not."""

from __future__ import annotations

import json

from probuilder_testutil import BITESIZE_CLIENT_DRIVEN, cli, describe, describe_all, require_extension

from unitycli.testing import copy_fixture_project, registered_specs

TOOLS = sorted(registered_specs("probuilder."))
VERSIONS = ["5.2.2", "5.2.3", "5.2.4", "6.0.2", "6.0.3", "6.0.4"]


def test_every_tool_is_available_on_both_fixture_versions(tmp_path):
    require_extension()
    for name in ("chicken-defense", "minigolf"):
        root = copy_fixture_project(name, tmp_path / name)
        for tool, d in describe_all(TOOLS, root).items():
            assert (d["available"], d["profileVerified"]) == (True, True), (name, tool)


def test_without_probuilder_every_tool_is_missing_with_the_exact_package_add(tmp_path):
    require_extension()
    root = copy_fixture_project(BITESIZE_CLIENT_DRIVEN, tmp_path)
    add = (f"unitycli tools run package.add --project {root} --input "
           """'{"name": "com.unity.probuilder", "version": "6.0.4"}'""")
    for d in describe_all(TOOLS, root).values():
        assert (d["available"], d["unavailableCode"]) == (False, "E_EXTENSION_DEPENDENCY_MISSING")
        assert [(r["name"], r["versions"], r["projectHas"]) for r in d["requiresPackages"]] == [
            ("com.unity.probuilder", VERSIONS, None)]
        assert d["nextActions"][0] == add
    code, envelope = cli("tools", "run", "probuilder.list-meshes", "--project", str(root), cwd=root)
    assert code == 1
    assert envelope["error"]["code"] == "E_EXTENSION_DEPENDENCY_MISSING"
    assert envelope["error"]["nextActions"][0] == add


def test_an_unlisted_version_is_unsupported_naming_both_versions(tmp_path):
    require_extension()
    root = copy_fixture_project("chicken-defense", tmp_path)
    for file in ("manifest.json", "packages-lock.json"):
        path = root / "Packages" / file
        data = json.loads(path.read_text())
        entry = data["dependencies"]["com.unity.probuilder"]
        if isinstance(entry, dict):
            entry["version"] = "5.1.0"
        else:
            data["dependencies"]["com.unity.probuilder"] = "5.1.0"
        path.write_text(json.dumps(data, indent=2))
    edit = describe("probuilder.extrude-faces", root)  # edits fields the meshes already hold: runs unverified
    assert (edit["available"], edit["profileVerified"], edit["operation"]) == (True, False, "edit")
    d = describe("probuilder.create-shape", root)
    assert (d["available"], d["unavailableCode"]) == (False, "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED")
    assert "com.unity.probuilder@5.2.2|5.2.3|5.2.4|6.0.2|6.0.3|6.0.4" in d["unavailableReason"]
    assert "com.unity.probuilder@5.1.0" in d["unavailableReason"]
