"""Discovery covers the catalog: a search finds extensions that are not installed, from core/catalog/*.toml, with
the exact command that installs them (`unitycli.search.search_catalog`, the `extensions` list beside `tools`)."""

from __future__ import annotations

import shlex

import pytest

from tests.extensions.helpers import copy_project
from tests.fixturepaths import REPO_ROOT
from unitycli.host import installed as installed_module
from unitycli.project.root import Project
from unitycli.search import ExtensionHit, search_catalog

pytestmark = pytest.mark.usefixtures("nothing_installed")


@pytest.fixture
def nothing_installed(monkeypatch):
    """As on a machine where no extension is installed yet (this environment has some, editable)."""
    monkeypatch.setattr(installed_module, "installed_extensions", lambda: [])


def _project(root) -> Project:
    return Project(root=root, instance_id="test", unity_version="2022.3.17f1")


def test_an_extension_that_is_not_installed_is_found_with_its_install_command(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    [hit] = search_catalog("cinemachine", _project(root))
    assert isinstance(hit, ExtensionHit)
    assert (hit.id, hit.distribution, hit.status) == ("cinemachine", "unitycli-cinemachine", "not-installed")
    assert hit.install_command == f"unitycli extensions install cinemachine --project {shlex.quote(str(root))}"
    assert hit.packages[0].startswith("com.unity.cinemachine@") and hit.tools == ["cinemachine.*"]
    dumped = hit.model_dump(by_alias=True, mode="json")
    assert {"installCommand", "installable", "source", "notInstallableReason", "score"} <= set(dumped)
    if (REPO_ROOT / "extensions" / "cinemachine" / "pyproject.toml").is_file():
        assert (hit.installable, hit.source) == (True, "repo:extensions/cinemachine")


def test_without_a_project_the_command_names_none(tmp_path):
    [hit] = search_catalog("unitycli-cinemachine")
    assert hit.install_command == "unitycli extensions install cinemachine"


def test_keywords_match_summaries_packages_and_tool_globs():
    assert [h.id for h in search_catalog("camera")] == ["cinemachine"]
    assert [h.id for h in search_catalog("com.unity.render-pipelines.universal")] == ["urp"]
    assert "vfx" in [h.id for h in search_catalog("particlesystem|visualeffectgraph")]
    assert [h.id for h in search_catalog("mesh|nothing-like-this")][0] == "probuilder"
    assert search_catalog("zzz-no-such-thing") == []
    # Best first: the exact id outranks a summary mention.
    hits = search_catalog("probuilder|camera")
    assert hits[0].id in ("probuilder", "cinemachine") and hits[0].score >= hits[-1].score


def test_an_extension_no_source_has_says_so(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (tmp_path / "empty").mkdir()
    (root / ".unitycli" / "config.toml").write_text('[sources]\nextensions = "../empty"\nindex = false\n')
    [hit] = search_catalog("hdrp", _project(root))
    assert (hit.installable, hit.source) == (False, None)
    assert "wheelhouse: none configured" in hit.not_installable_reason
    assert "pypi: disabled" in hit.not_installable_reason


def test_a_malformed_config_does_not_break_discovery(tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    (root / ".unitycli").mkdir()
    (root / ".unitycli" / "config.toml").write_text("[sources]\nindex = 3\n")
    assert [h.id for h in search_catalog("urp", _project(root))] == ["urp"]


def test_an_installed_extension_says_so(monkeypatch):
    from importlib.metadata import distribution

    from unitycli.host.installed import InstalledExtension

    try:
        dist = distribution("unitycli-probuilder")
    except Exception:  # pragma: no cover - the repo's environment always has it
        pytest.skip("unitycli-probuilder is not installed")
    ext = InstalledExtension("probuilder", "unitycli-probuilder", dist.version, "probuilder = unitycli_probuilder",
                             dist)
    monkeypatch.setattr(installed_module, "installed_extensions", lambda: [ext])
    [hit] = search_catalog("probuilder")
    assert (hit.status, hit.installed_version) == ("installed", dist.version)


@pytest.fixture
def cinemachine_not_installed(monkeypatch):
    """CI installs every extension this repository ships; the user story is a machine without Cinemachine."""
    everything = installed_module.installed_extensions
    monkeypatch.setattr(installed_module, "installed_extensions",
                        lambda: [e for e in everything() if e.id != "cinemachine"])
    monkeypatch.setenv("UNITYCLI_DISABLE_EXTENSIONS", "cinemachine")


def test_cli_tools_search_lists_the_catalog_entry(tmp_path, cinemachine_not_installed):
    from unitycli.cli.main import run

    root = copy_project("chicken-defense", tmp_path)
    outcome = run(["tools", "search", "cinemachine", "--project", str(root), "--json"])
    assert outcome.exit_code == 0, outcome.envelope
    [hit] = outcome.envelope["result"]["extensions"]
    assert (hit["id"], hit["status"]) == ("cinemachine", "not-installed")
    assert hit["installCommand"].startswith("unitycli extensions install cinemachine --project ")


def test_mcp_search_tool_lists_the_catalog_entry(tmp_path, cinemachine_not_installed):
    import anyio

    from tests.mcp.harness import client, notes_options, payload

    root = copy_project("chicken-defense", tmp_path)

    async def check():
        async with client(notes_options(root), "legacy") as c:
            return payload(await c.call_tool("unitycli_search_tools", {"query": "cinemachine"}))

    found = anyio.run(check)
    assert [e["id"] for e in found["extensions"]] == ["cinemachine"]
    assert found["extensions"][0]["installCommand"].startswith("unitycli extensions install cinemachine")
