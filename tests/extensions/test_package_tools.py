"""package.list / add / remove on real manifests: one-line diffs in Unity's own format, dry-run first."""

from __future__ import annotations

import pytest

from tests.extensions.helpers import BITESIZE_CLIENT_DRIVEN, copy_project
from unitycli.cli.main import run

MANIFEST = "Packages/manifest.json"


def cli(root, *args):
    outcome = run([*args, "--project", str(root), "--json"])
    return outcome.exit_code, outcome.envelope


@pytest.fixture
def project(tmp_path):
    return copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path)


def test_package_add_adds_exactly_one_line_in_unity_order(project):
    before = (project / MANIFEST).read_text()
    code, env = cli(project, "tools", "run", "package.add", "--input",
                    '{"name": "com.unity.probuilder", "version": "6.0.4"}')
    assert code == 0, env
    after = (project / MANIFEST).read_text()
    added = [line for line in after.splitlines() if line not in before.splitlines()]
    assert added == ['    "com.unity.probuilder": "6.0.4",']
    assert len(after.splitlines()) == len(before.splitlines()) + 1
    # Unity's order: non-module names sorted, the probuilder line right after the last `com.unity.n...`/before `r`.
    lines = after.splitlines()
    index = lines.index('    "com.unity.probuilder": "6.0.4",')
    assert lines[index - 1] < lines[index] < lines[index + 1]
    assert env["result"]["output"]["previous"] is None
    assert env["result"]["appliedEffects"]["modified"] == [MANIFEST]


def test_package_add_dry_run_shows_the_diff_and_writes_nothing(project):
    before = (project / MANIFEST).read_bytes()
    code, env = cli(project, "tools", "run", "package.add", "--dry-run", "--input",
                    '{"name": "com.unity.probuilder", "version": "5.2.2"}')
    assert code == 0, env
    assert (project / MANIFEST).read_bytes() == before
    [diff] = env["result"]["plannedEffects"]["diffs"]
    assert '+    "com.unity.probuilder": "5.2.2",' in diff["diff"].splitlines()


def test_package_add_same_version_changes_nothing(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    before = (root / MANIFEST).read_bytes()
    code, env = cli(root, "tools", "run", "package.add", "--input", '{"name":"com.unity.probuilder","version":"5.2.2"}')
    assert env["result"]["output"]["changed"] is False
    assert (root / MANIFEST).read_bytes() == before


def test_package_remove_and_not_found(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    code, env = cli(root, "tools", "run", "package.remove", "--input", '{"name": "com.unity.probuilder"}')
    assert code == 0, env
    assert env["result"]["output"]["previous"] == "5.2.2"
    assert '"com.unity.probuilder"' not in (root / MANIFEST).read_text()
    code, env = cli(root, "tools", "run", "package.remove", "--input", '{"name": "com.unity.probuilder"}')
    assert env["error"]["code"] == "E_PACKAGE_NOT_FOUND"


def test_package_add_refuses_a_bad_version(project):
    code, env = cli(project, "tools", "run", "package.add", "--input", '{"name": "com.unity.probuilder", "version": "latest"}')
    assert code == 2
    assert env["error"]["code"] == "E_PACKAGE_SPEC_INVALID"


def test_package_add_refuses_a_manifest_not_in_unity_layout(project):
    path = project / MANIFEST
    path.write_text(path.read_text().replace("  ", "    "))
    code, env = cli(project, "tools", "run", "package.add", "--input", '{"name": "com.unity.probuilder", "version": "6.0.4"}')
    assert env["error"]["code"] == "E_FILE_FORMAT_UNSUPPORTED"


def test_package_list_reads_the_lock(tmp_path):
    root = copy_project("minigolf", tmp_path)
    code, env = cli(root, "tools", "run", "package.list")
    packages = {p["name"]: p for p in env["result"]["output"]["packages"]}
    assert env["result"]["output"]["certainty"] == "lock"
    assert packages["com.unity.probuilder"]["version"] == "6.0.4"
    assert all(p["direct"] for p in packages.values())


def test_the_next_action_of_a_missing_dependency_runs_as_given(project, site):
    """The package.add command in nextActions is a real, working call."""
    import shlex

    from tests.extensions.helpers import PROBUILDER_5_2_2, fake_extension

    fake_extension(site, "fakepb", ["fakepb.mesh-count"], PROBUILDER_5_2_2)
    code, env = cli(project, "tools", "run", "fakepb.mesh-count")
    command = env["error"]["nextActions"][0]
    argv = shlex.split(command)[1:]
    outcome = run([*argv, "--json"])
    assert outcome.exit_code == 0, outcome.envelope
    assert '"com.unity.probuilder": "5.2.2"' in (project / MANIFEST).read_text()
