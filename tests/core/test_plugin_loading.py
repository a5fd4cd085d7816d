"""Extensions load through entry points like guests: failures are recorded, the rest keep working."""

from __future__ import annotations

import pytest

from tests.core.fake_dists import echo_tool, make_dist
from unitycli.host.plugin_loader import load_plugins
from unitycli.host.registry import build_registry


@pytest.fixture
def site(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    return site


def test_extension_tool_is_discovered_through_its_entry_point(site):
    make_dist(site, "unitycli-acme", "acme_ext", echo_tool("acme.echo"))
    registry = build_registry(load_plugins())
    tool = registry.get("acme.echo")
    assert tool is not None
    assert tool.owner.kind == "extension"
    assert tool.owner.distribution == "unitycli-acme"
    assert tool.owner.version == "1.0.0"
    assert tool.owner.entry_point == "acme = acme_ext"
    assert "project.info" in registry.tools  # built-ins still there


def test_broken_import_is_recorded_and_others_keep_working(site):
    make_dist(site, "unitycli-broken", "broken_ext", "import definitely_not_a_module_xyz\n")
    make_dist(site, "unitycli-acme", "acme_ext2", echo_tool("acme.echo"))
    loaded = load_plugins()
    registry = build_registry(loaded)
    assert "acme.echo" in registry.tools
    [failure] = [f for f in loaded.failures if f.distribution == "unitycli-broken"]
    assert failure.stage == "import"
    assert "definitely_not_a_module_xyz" in failure.error
    assert "ModuleNotFoundError" in failure.traceback
    assert [p.kind for p in registry.problems] == ["load-error"]


def test_hook_that_raises_is_recorded(site):
    make_dist(site, "unitycli-raiser", "raiser_ext", '''
        from unitycli.host.hookspecs import hookimpl

        @hookimpl
        def unitycli_register_tools(register):
            raise RuntimeError("boom in registration")
    ''')
    loaded = load_plugins()
    registry = build_registry(loaded)
    [failure] = loaded.failures
    assert failure.stage == "register-tools"
    assert "boom in registration" in failure.error
    assert "project.info" in registry.tools


def test_misspelled_hook_is_reported_and_plugin_refused(site):
    make_dist(site, "unitycli-typo", "typo_ext", '''
        from unitycli.host.hookspecs import hookimpl

        @hookimpl
        def unitycli_register_tool(register):
            pass
    ''')
    loaded = load_plugins()
    [failure] = loaded.failures
    assert failure.stage == "hooks"
    assert "unitycli_register_tool" in failure.error


def test_deny_list_applies_before_import(site, monkeypatch, tmp_path):
    canary = tmp_path / "imported.txt"
    make_dist(site, "unitycli-canary", "canary_ext", f"open({str(canary)!r}, 'w').write('imported')\n")
    monkeypatch.setenv("UNITYCLI_DISABLE_EXTENSIONS", "canary")
    loaded = load_plugins()
    assert not canary.exists()
    assert [o.extension_id for o in loaded.disabled] == ["canary"]
    monkeypatch.setenv("UNITYCLI_DISABLE_EXTENSIONS", "")
    load_plugins()
    assert canary.read_text() == "imported"


def test_duplicate_tool_names_name_both_providers_and_neither_runs(site):
    make_dist(site, "unitycli-one", "one_ext", echo_tool("shared.echo"))
    make_dist(site, "unitycli-two", "two_ext", echo_tool("shared.echo"))
    registry = build_registry(load_plugins())
    assert registry.get("shared.echo") is None
    [problem] = registry.problems
    assert problem.kind == "duplicate"
    assert problem.tool == "shared.echo"
    assert {p.distribution for p in problem.providers} == {"unitycli-one", "unitycli-two"}
    assert "unitycli-one 1.0.0" in problem.message and "unitycli-two 1.0.0" in problem.message


def test_malformed_spec_is_rejected_naming_its_plugin(site):
    make_dist(site, "unitycli-bad", "bad_ext", echo_tool("Bad Name!"))
    registry = build_registry(load_plugins())
    [problem] = registry.problems
    assert problem.kind == "malformed"
    assert "unitycli-bad" in problem.message
    assert "group.verb" in problem.message


def test_each_call_builds_a_fresh_manager(site):
    first = load_plugins()
    make_dist(site, "unitycli-late", "late_ext", echo_tool("late.echo"))
    second = load_plugins()
    assert first.manager is not second.manager
    assert "late.echo" in build_registry(second).tools
    assert "late.echo" not in build_registry(first).tools
