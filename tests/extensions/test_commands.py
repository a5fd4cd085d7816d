"""`init`, `extensions list|install|remove|sync|doctor` and `doctor` in-process (pip itself is mocked here;
tests/extensions/test_real_pip.py runs the real thing)."""

from __future__ import annotations

from importlib.metadata import distribution

import pytest

from tests.extensions.helpers import (
    PROBUILDER_5_2_2,
    TESTEXT,
    copy_project,
    fake_extension,
    installed_ids,
    status_if_installed,
)
from unitycli.cli.main import run
from unitycli.extension_manager import pip
from unitycli.extension_manager.lock import LOCK, LockEntry, read_lock, render_lock
from unitycli.host.record import direct_url


def cli(root, *args):
    outcome = run([*args, "--project", str(root), "--json"] if root else [*args, "--json"])
    return outcome.exit_code, outcome.envelope


def test_init_maps_chicken_defense_packages_to_extensions(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    code, env = cli(root, "init", "--check")
    assert code == 0, env
    result = env["result"]
    assert [(e["id"], e["status"], e["packages"][0]["projectHas"], e["packages"][0]["state"])
            for e in result["extensions"]] == [
        ("cinemachine", status_if_installed("cinemachine"), "2.9.7", "verified"),
        ("probuilder", "active", "5.2.2", "verified"),  # extensions/probuilder is installed with the repo
        ("urp", status_if_installed("urp"), "14.0.9", "verified"),
    ]
    assert result["notApplicable"] == ["hdrp", "vfx"]
    assert not (root / ".unitycli").exists()  # --check writes nothing
    assert sorted(result["effects"]["effects"]["created"]) == [
        ".unitycli/config.toml", ".unitycli/extensions.toml", ".unitycli/tools/README.md"]
    assert result["nextActions"][0] == f"unitycli init --project {root}"
    # urp and cinemachine apply but have no released version yet: nothing to advise installing.
    assert not any("extensions install" in action for action in result["nextActions"])


def test_init_writes_unitycli_folder_lock_and_skill_file(tmp_path):
    root = copy_project("minigolf", tmp_path)
    (root / ".claude").mkdir()
    code, env = cli(root, "init")
    assert code == 0, env
    assert (root / ".unitycli" / "config.toml").is_file()
    lock = (root / LOCK).read_text()
    assert '[extensions.probuilder]\ndistribution = "unitycli-probuilder"' in lock
    # Only installed extensions are recorded: an entry nobody can install would fail every doctor run.
    for ext_id in ("cinemachine", "urp"):
        assert (f"[extensions.{ext_id}]" in lock) == (ext_id in installed_ids()), ext_id
    assert "hdrp" not in lock  # minigolf has no HDRP
    skill = (root / ".claude" / "skills" / "unitycli" / "SKILL.md").read_text()
    assert skill.startswith("---\nname: unitycli\n")
    assert "- `package.add`: Add a Unity package to Packages/manifest.json, or change its version." in skill
    assert env["result"]["skillFiles"] == [".claude/skills/unitycli/SKILL.md"]
    # A second init changes nothing.
    code, env = cli(root, "init")
    assert env["result"]["effects"]["effects"]["created"] == []
    assert env["result"]["effects"]["effects"]["modified"] == []


def test_init_maps_hdrp_cinemachine_and_vfx_in_the_vfx_samples(tmp_path):
    root = copy_project("vfx-samples", tmp_path)
    code, env = cli(root, "init", "--check", "--agent", "agents")
    assert [e["id"] for e in env["result"]["extensions"]] == ["cinemachine", "hdrp", "vfx"]  # VFX Graph via HDRP
    assert env["result"]["skillFiles"] == [".agents/skills/unitycli/SKILL.md"]
    code, env = cli(root, "init", "--check", "--agent", "nobody")
    assert env["error"]["code"] == "E_OPTION_VALUE_INVALID"


def test_extensions_list_joins_catalog_installed_and_project(site, tmp_path):
    fake_extension(site, "fakepb", ["fakepb.mesh-count", "fakepb.ping"], PROBUILDER_5_2_2)
    root = copy_project("minigolf", tmp_path)
    code, env = cli(root, "extensions", "list")
    assert code == 0, env
    by_id = {e["id"]: e for e in env["result"]["extensions"]}
    assert by_id["fakepb"]["status"] == "active"
    assert by_id["fakepb"]["tools"] == 2 and by_id["fakepb"]["availableTools"] == 1
    assert by_id["fakepb"]["integrity"] == "verified"
    assert by_id["fakepb"]["packages"] == [{"profile": "com.unity.probuilder@5.2.2", "name": "com.unity.probuilder",
                                           "versions": ["5.2.2"], "projectHas": "6.0.4", "verified": False}]
    assert by_id["probuilder"]["status"] == "active"
    assert by_id["probuilder"]["packages"][0]["verified"] is True
    assert by_id["urp"]["status"] == status_if_installed("urp")


def test_extensions_list_reports_load_errors_and_disabled(site, monkeypatch):
    from tests.core.fake_dists import make_dist

    make_dist(site, "unitycli-broken", "broken_list_mod", "import not_a_module_abc\n")
    fake_extension(site, "fakepb", ["fakepb.ping"], PROBUILDER_5_2_2)
    monkeypatch.setenv("UNITYCLI_DISABLE_EXTENSIONS", "fakepb")
    code, env = cli(None, "extensions", "list")
    by_id = {e["id"]: e for e in env["result"]["extensions"]}
    assert by_id["broken"]["status"] == "load-error"
    assert "not_a_module_abc" in by_id["broken"]["problems"][0]
    assert by_id["fakepb"]["status"] == "disabled"


def test_install_with_no_network_fails_clearly_and_leaves_the_lock(tmp_path, monkeypatch):
    root = copy_project("chicken-defense", tmp_path)
    cli(root, "init")
    lock_before = (root / LOCK).read_bytes()
    calls = []

    def offline(args, timeout=900):
        calls.append(args)
        return pip.PipResult(["python", "-m", "pip", *args], 1,
                             "WARNING: Retrying (Retry(total=0...)) after connection broken by 'NewConnectionError'\n"
                             "ERROR: Could not find a version that satisfies the requirement setuptools>=68\n"
                             "ERROR: No matching distribution found for setuptools>=68\n")

    monkeypatch.setattr(pip, "run_pip", offline)
    code, env = cli(root, "extensions", "install", str(TESTEXT))
    assert code == 1
    error = env["error"]
    assert error["code"] == "E_EXTENSION_INSTALL_FAILED"
    assert error["message"].endswith("ERROR: No matching distribution found for setuptools>=68")
    assert error["details"]["pipOutput"][-1] == "ERROR: No matching distribution found for setuptools>=68"
    assert error["transient"] is True  # the network was down: trying again later can work
    # The next actions name real things (the scratch folder pip built in is gone by now).
    assert [a.split(" --project ")[0] for a in error["nextActions"]] == [
        f"unitycli extensions install {TESTEXT}", "unitycli extensions doctor"]
    # Its own build backend is not setuptools, so pip builds the wheel (from a private copy of the folder).
    assert len(calls) == 1 and calls[0][:2] == ["wheel", "--no-deps"] and calls[0][-1].endswith("unitycli-testext")
    assert (root / LOCK).read_bytes() == lock_before


def test_a_missing_distribution_is_not_transient(monkeypatch):
    result = pip.PipResult(["python", "-m", "pip", "install", "unitycli-x==1.0"], 1,
                           "ERROR: Could not find a version that satisfies the requirement unitycli-x==1.0\n"
                           "ERROR: No matching distribution found for unitycli-x==1.0\n")
    error = pip.pip_failed(result, "pip install unitycli-x==1.0").to_dict()
    assert (error["transient"], error["details"]["distributionMissing"]) == (False, True)


def test_an_unreleased_catalog_extension_is_not_installed_by_name(tmp_path, monkeypatch):
    monkeypatch.setattr(pip, "run_pip", lambda *a, **k: pytest.fail("pip must not run"))
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (tmp_path / "no-extensions").mkdir()
    (root / ".unitycli" / "config.toml").write_text('[sources]\nextensions = "../no-extensions"\n')
    code, env = cli(root, "extensions", "install", "cinemachine")
    assert (code, env["error"]["code"]) == (1, "E_EXTENSION_NOT_FOUND")
    details = env["error"]["details"]
    assert {k: details[k] for k in ("id", "distribution", "published")} == {
        "id": "cinemachine", "distribution": "unitycli-cinemachine", "published": False}
    assert [s.split(":")[0] for s in details["searched"]] == ["wheelhouse", "repo", "pypi"]
    assert not any("./extensions/" in action for action in env["error"]["nextActions"])


def test_install_unknown_id_and_missing_path(tmp_path):
    code, env = cli(None, "extensions", "install", "nope")
    assert env["error"]["code"] == "E_EXTENSION_NOT_FOUND"
    code, env = cli(None, "extensions", "install", str(tmp_path / "no-such-dir"))
    assert env["error"]["code"] == "E_EXTENSION_NOT_FOUND"


def want(root, *ext_ids: str) -> None:
    """Record extensions in the project lock by hand, as a team does when it commits the lock."""
    entries = read_lock(root)
    entries.update({ext_id: LockEntry(distribution=f"unitycli-{ext_id}") for ext_id in ext_ids})
    (root / LOCK).write_bytes(render_lock(entries))


def test_remove_takes_an_extension_out_of_the_lock(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    cli(root, "init")
    want(root, "urp")
    code, env = cli(root, "extensions", "remove", "urp")
    assert code == 0, env
    assert env["result"]["removedFromLock"] is True
    assert "[extensions.urp]" not in (root / LOCK).read_text()
    code, env = cli(root, "extensions", "remove", "urp")
    assert env["error"]["code"] == "E_EXTENSION_NOT_FOUND"


def test_sync_dry_run_reports_drift(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    cli(root, "init")
    want(root, "acme", "zeta")  # a team's own extensions, not installed here
    code, env = cli(root, "extensions", "sync", "--dry-run")
    assert code == 0, env
    items = {i["id"]: (i["drift"], i["action"]) for i in env["result"]["items"]}
    assert (items["acme"], items["probuilder"], items["zeta"]) == (
        (["not installed"], "planned"), ([], "none"), (["not installed"], "planned"))


def test_sync_failure_keeps_the_lock(tmp_path, monkeypatch):
    root = copy_project("chicken-defense", tmp_path)
    cli(root, "init")
    want(root, "acme")
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    (wheels / "unitycli_acme-0.1.0-py3-none-any.whl").write_bytes(b"")  # pip is mocked: never opened
    with (root / ".unitycli" / "config.toml").open("a") as config:
        config.write('\n[sources]\nwheelhouse = "../wheels"\n')
    before = (root / LOCK).read_bytes()
    calls = []

    def failing(args, timeout=900):
        calls.append(args)
        return pip.PipResult(["pip", *args], 1, "ERROR: offline")

    monkeypatch.setattr(pip, "run_pip", failing)
    code, env = cli(root, "extensions", "sync")  # acme is no catalog extension, from the project's wheelhouse
    assert env["error"]["code"] == "E_EXTENSION_SOURCE_UNAPPROVED"
    assert calls == []
    code, env = cli(root, "extensions", "approve", "acme")
    assert code == 0, env
    code, env = cli(root, "extensions", "sync")
    assert env["error"]["code"] == "E_EXTENSION_INSTALL_FAILED"
    assert calls[0][:3] == ["install", "--no-index", "--find-links"]
    assert calls[0][3] != str(wheels)  # a private copy of exactly the approved wheel
    assert calls[0][-1] == "unitycli-acme==0.1.0"
    assert (root / LOCK).read_bytes() == before


def test_malformed_lock_is_reported(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (root / LOCK).write_text("version = 1\n[extensions.x]\ndistribution = 3\n")
    code, env = cli(root, "extensions", "sync", "--dry-run")
    assert env["error"]["code"] == "E_MANIFEST_INVALID"
    assert env["error"]["details"]["field"] == "extensions.x.distribution"


@pytest.mark.parametrize("project,expected_code,expected_status", [
    ("chicken-defense", 0, "pass"),                 # 5.2.2: verified
    ("minigolf", 0, "warn"),                        # 6.0.4: unverified, reported per operation
    ("vfx-samples", 3, "unverifiable"),             # no lock: cannot say
])
def test_extensions_doctor_exit_codes(site, tmp_path, project, expected_code, expected_status):
    fake_extension(site, "fakepb", ["fakepb.mesh-count"], PROBUILDER_5_2_2)
    root = copy_project(project, tmp_path)
    code, env = cli(root, "extensions", "doctor")
    assert code == expected_code, env
    [check] = [c for c in env["result"]["checks"] if c["name"] == "package:fakepb:com.unity.probuilder"]
    assert check["status"] == expected_status


def test_doctor_reports_broken_and_clashing_extensions_and_plugin_checks(site, tmp_path):
    from tests.core.fake_dists import make_dist

    make_dist(site, "unitycli-broken", "broken_doc_mod", "import not_a_module_xyz\n")
    fake_extension(site, "one", ["shared.tool"], None)
    fake_extension(site, "two", ["shared.tool"], None)
    make_dist(site, "unitycli-checker", "checker_mod", '''
        from unitycli.host.hookspecs import hookimpl

        @hookimpl
        def unitycli_doctor_checks(report):
            report.add("checker.ok", "pass", "fine")
            raise RuntimeError("doctor hook bug")
    ''')
    root = copy_project("chicken-defense", tmp_path)
    code, env = cli(root, "extensions", "doctor")
    assert code == 1
    checks = {c["name"]: c for c in env["result"]["checks"]}
    assert checks["load:broken"]["status"] == "fail"
    assert "not_a_module_xyz" in checks["load:broken"]["message"]
    assert "ModuleNotFoundError" in checks["load:broken"]["details"]["traceback"]
    clash = checks["registry:duplicate:shared.tool"]
    assert "unitycli-one 1.0.0" in clash["message"] and "unitycli-two 1.0.0" in clash["message"]
    assert checks["checker.ok"]["source"].startswith("unitycli-checker")
    assert checks["doctor-hook:ext:checker"]["status"] == "fail"
    # Other tools keep working.
    assert cli(root, "tools", "run", "package.list")[0] == 0


def test_top_level_doctor_checks_core_then_extensions(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    code, env = cli(root, "doctor")
    names = [c["name"] for c in env["result"]["checks"]]
    assert names[:5] == ["python", "install", "user-data", "user-cache", "project"]
    assert "registry" in names and "packages" in names
    assert code == 0, env
    code, env = cli(tmp_path / "not-a-project", "doctor")
    assert code == 1
    assert env["result"]["checks"][-1]["name"] == "project"


def test_remove_with_uninstall_calls_pip_uninstall(site, tmp_path, monkeypatch):
    fake_extension(site, "fakepb", ["fakepb.ping"], PROBUILDER_5_2_2)
    calls = []
    monkeypatch.setattr(pip, "run_pip", lambda args, timeout=900: calls.append(args) or pip.PipResult(
        ["python", "-m", "pip", *args], 0, "Successfully uninstalled unitycli-fakepb-1.0.0\n"))
    code, env = cli(None, "extensions", "remove", "fakepb", "--uninstall")
    assert code == 0, env
    assert calls == [["uninstall", "-y", "unitycli-fakepb"]]
    assert env["result"]["uninstalled"] is True and env["result"]["removedFromLock"] is False


def test_project_config_disables_an_extension_before_import(site, tmp_path):
    from tests.core.fake_dists import make_dist

    canary = tmp_path / "imported.txt"
    make_dist(site, "unitycli-noisy", "noisy_mod", f"open({str(canary)!r}, 'w').write('x')\n")
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (root / ".unitycli" / "config.toml").write_text('[extensions]\ndisabled = ["noisy"]\n')
    code, env = cli(root, "extensions", "doctor")
    assert not canary.exists()
    assert {c["name"]: c["status"] for c in env["result"]["checks"]}["load:noisy"] == "warn"


def test_init_records_where_a_local_extension_came_from(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    cli(root, "init")
    entry = read_lock(root)["probuilder"]
    url = direct_url(distribution("unitycli-probuilder")).get("url")
    if url is None:
        assert entry.source == "pypi"
    else:  # installed from this repository (CI: editable): said portably, never as this machine's path
        assert url.endswith("extensions/probuilder")
        assert entry.source == "repo:extensions/probuilder"
    assert "file://" not in (root / LOCK).read_text() and str(root) not in (root / LOCK).read_text()


OPAQUE_OUTPUT = '''
from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec


class Opaque:
    pass


class In(ToolInput):
    text: str


class Out(ToolOutput):
    model_config = {"arbitrary_types_allowed": True}
    thing: Opaque


def handle(ctx, request):
    return Out(thing=Opaque())


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(
        name="opaque.out", title="Opaque", summary="Returns a thing no JSON Schema describes.",
        description="Its output model has a field of a plain Python class.",
        input_model=In, output_model=Out, handler=handle, read_only=True, examples=({"text": "hi"},),
    ))
'''


def test_doctor_builds_every_schema_and_fails_a_tool_whose_output_has_none(site, tmp_path):
    from tests.core.fake_dists import make_dist
    from unitycli.errors import CORE

    make_dist(site, "unitycli-opaque", "opaque_out_ext", OPAQUE_OUTPUT)
    root = copy_project("chicken-defense", tmp_path)
    code, env = cli(root, "tools", "group")  # listings read tool heads and build no schema: it is listed
    assert code == 0, env
    code, env = cli(root, "extensions", "doctor")
    assert code == 1, env
    checks = {c["name"]: c for c in env["result"]["checks"]}
    assert "registry" not in checks  # no "no malformed specs" pass beside the failure
    check = checks["registry:malformed:opaque.out"]
    assert check["status"] == "fail" and "output_model has no JSON Schema" in check["message"], check
    assert check["details"]["code"] == "E_TOOL_REGISTRY_UNHEALTHY" and check["details"]["code"] in CORE
    assert check["nextActions"][0] == f"unitycli tools describe opaque.out --project {root}"
    assert run(check["nextActions"][0].split()[1:] + ["--json"]).envelope["error"]["code"] == check["details"]["code"]
    assert f"UNITYCLI_DISABLE_EXTENSIONS=opaque unitycli tools group --project {root}" in check["nextActions"]
