"""The MCP server seen through the SDK's client, in both protocol eras, on our sample project.

Tools come from the registry, errors are the CLI's error objects, writers preview with dryRun, and the listing
holds what the project can run plus the three meta tools.
"""

from __future__ import annotations

import json

import anyio
import pytest

from tests.core.fake_dists import echo_tool, make_dist
from tests.fixturepaths import fixture_project
from tests.mcp import notes_plugin
from tests.mcp.harness import ERAS, client, error_of, names, notes_options, payload
from unitycli.cli.main import run as cli_run
from unitycli.mcp.names import META_TOOLS
from unitycli.mcp.toolsets import ListPolicy

NOTE = "Assets/notes.txt"


@pytest.fixture
def cinemachine_ext(tmp_path, monkeypatch):
    """An installed-looking `unitycli-cinemachine`: the catalog says its tools need com.unity.cinemachine."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    make_dist(site, "unitycli-cinemachine", "fake_cinemachine_mod", echo_tool("cinemachine.list-cameras"))
    return site


@pytest.mark.parametrize("mode", ERAS)
def test_list_holds_runnable_tools_and_the_meta_tools(sample_copy, cinemachine_ext, mode):
    async def check():
        async with client(notes_options(sample_copy), mode) as c:
            assert c.server_capabilities.tools.list_changed is True
            listed = await c.list_tools()
            by_name = {t.name: t for t in listed.tools}
            assert set(META_TOOLS) <= set(by_name)
            assert {"scene_list", "gameobject_create"} <= set(by_name)  # test-only `notes` group sorts last
            assert "cinemachine_list_cameras" not in by_name  # the project has no Cinemachine
            add = by_name["gameobject_create"]
            # Only the hints that differ from the MCP defaults (readOnly false, destructive true, idempotent false).
            assert add.annotations.read_only_hint is None and add.annotations.destructive_hint is False
            assert add.input_schema["properties"]["dryRun"]["type"] == "boolean"
            assert "dryRun" not in by_name["scene_list"].input_schema["properties"]
            assert by_name["scene_list"].annotations.read_only_hint is True
            # Compact entries: the summary only, no output schema (results are still structuredContent).
            assert add.description == "Create a GameObject with a Transform under a parent or at the root."
            assert add.output_schema is None and add.meta is None
            assert "title" not in add.input_schema["properties"]["name"]
            return add, by_name["unitycli_describe_tool"].description

    add, glossary = anyio.run(check)
    # The shared parameters keep type and default in the schema and their meaning in the describe tool's glossary.
    assert add.input_schema["properties"]["file"] == {"type": "string"}
    assert "\n- file: " in glossary
    assert add.input_schema["properties"]["parent"]["type"] == ["string", "integer"]


def test_the_list_carries_a_private_cache_hint_until_the_next_change_check(sample_copy):
    """2026-era caching hints: the list is this project's (private) and fresh for one watcher interval."""
    async def check():
        async with client(notes_options(sample_copy, poll=0.5), "auto") as c:
            return await c.list_tools()

    listed = anyio.run(check)
    assert (listed.ttl_ms, listed.cache_scope) == (500, "private")


@pytest.mark.parametrize("mode", ERAS)
def test_read_tool_returns_structured_content_and_a_compact_text_copy(sample_copy, mode):
    async def check():
        async with client(notes_options(sample_copy), mode) as c:
            return payload(await c.call_tool("scene_list", {}))

    result = anyio.run(check)
    assert result["tool"] == "scene.list"
    assert result["dryRun"] is False
    cli = cli_run(["tools", "run", "scene.list", "--project", str(sample_copy), "--json"]).envelope["result"]
    assert result["output"] == cli["output"]  # one implementation, two entries
    assert [s["path"] for s in result["output"]["scenes"]] == ["Assets/Scenes/Garden.unity",
                                                              "Assets/Scenes/Credits.unity"]


@pytest.mark.parametrize("mode", ERAS)
def test_writer_previews_with_dry_run_then_writes(sample_copy, mode):
    async def check():
        async with client(notes_options(sample_copy), mode) as c:
            preview = payload(await c.call_tool("notes_append", {"file": NOTE, "text": "hello", "dryRun": True}))
            assert not (sample_copy / NOTE).exists()
            done = payload(await c.call_tool("notes_append", {"file": NOTE, "text": "hello"}))
            return preview, done

    preview, done = anyio.run(check)
    assert preview["dryRun"] is True and preview["appliedEffects"] is None
    [diff] = preview["plannedEffects"]["diffs"]
    assert diff["diff"] == f"--- /dev/null\n+++ b/{NOTE}\n@@ -0,0 +1 @@\n+hello\n"
    assert done["appliedEffects"]["created"] == [NOTE]
    assert (sample_copy / NOTE).read_text() == "hello\n"


@pytest.mark.parametrize("mode", ERAS)
def test_package_add_dry_run_shows_the_manifest_diff(sample_copy, mode):
    manifest = sample_copy / "Packages" / "manifest.json"
    before = manifest.read_bytes()

    async def check():
        async with client(notes_options(sample_copy), mode) as c:
            return payload(await c.call_tool("unitycli_run_tool", {
                "name": "package.add", "input": {"name": "com.unity.cinemachine", "version": "3.1.2"},
                "dryRun": True}))

    result = anyio.run(check)
    assert manifest.read_bytes() == before
    [diff] = result["plannedEffects"]["diffs"]
    assert diff["path"] == "Packages/manifest.json"
    assert '+    "com.unity.cinemachine": "3.1.2",' in diff["diff"]


@pytest.mark.parametrize("mode", ERAS)
def test_bad_arguments_are_the_cli_error_as_is_error(sample_copy, mode):
    async def check():
        async with client(notes_options(sample_copy), mode) as c:
            bad = error_of(await c.call_tool("notes_append", {"file": NOTE, "text": 5}))
            extra = error_of(await c.call_tool("notes_append", {"file": NOTE, "text": "x", "colour": 1}))
            unknown = error_of(await c.call_tool("notes_apend", {}))
            meta_bad = error_of(await c.call_tool("unitycli_run_tool", {"input": {}}))
            return bad, extra, unknown, meta_bad

    bad, extra, unknown, meta_bad = anyio.run(check)
    from unitycli.cli import state as state_module
    from unitycli.host.session import Session

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(state_module, "Session", lambda **kw: Session(
            **kw, extra_plugins=[(notes_plugin, notes_plugin.OWNER)]))
        cli = cli_run(["tools", "run", "notes.append", "--input", json.dumps({"file": NOTE, "text": 5}),
                       "--project", str(sample_copy), "--json"])
    assert cli.exit_code == 2
    next_calls = bad.pop("nextCalls")
    assert bad == cli.envelope["error"]  # the very same error object, field for field, plus nextCalls
    assert set(bad) == {"code", "message", "details", "nextActions", "manualSteps", "transient", "retryAfterMs"}
    assert bad["nextActions"] == [f"unitycli tools describe notes.append --project {sample_copy}"]
    assert next_calls == [{"tool": "unitycli_describe_tool", "arguments": {"name": "notes.append"}}]
    assert extra["code"] == "E_SCHEMA_INVALID" and extra["details"]["errors"][0]["path"] == "colour"
    assert unknown["code"] == "E_TOOL_NOT_FOUND_FOR_TARGET"
    assert meta_bad["code"] == "E_SCHEMA_INVALID" and meta_bad["details"]["errors"][0]["path"] == "name"
    assert not (sample_copy / NOTE).exists()


@pytest.mark.parametrize("mode", ERAS)
def test_unavailable_extension_tool_says_why_and_what_next(sample_copy, cinemachine_ext, mode):
    async def check():
        async with client(notes_options(sample_copy), mode) as c:
            direct = error_of(await c.call_tool("cinemachine_list_cameras", {"text": "x"}))
            via_run = error_of(await c.call_tool("unitycli_run_tool",
                                                 {"name": "cinemachine.list-cameras", "input": {"text": "x"}}))
            found = payload(await c.call_tool("unitycli_search_tools", {"query": "cinemachine"}))
            described = payload(await c.call_tool("unitycli_describe_tool", {"name": "cinemachine_list_cameras"}))
            return direct, via_run, found, described

    direct, via_run, found, described = anyio.run(check)
    assert direct == via_run
    assert direct["code"] == "E_EXTENSION_DEPENDENCY_MISSING"
    assert "com.unity.cinemachine" in direct["message"]
    assert any("package.add" in action for action in direct["nextActions"])
    [add] = [call for call in direct["nextCalls"] if call["tool"] == "package_add"]
    assert add["arguments"]["name"] == "com.unity.cinemachine"
    [hit] = found["tools"]
    assert (hit["name"], hit["listed"], hit["available"]) == ("cinemachine.list-cameras", False, False)
    assert hit["unavailableCode"] == "E_EXTENSION_DEPENDENCY_MISSING"
    assert described["available"] is False and described["owner"]["distribution"] == "unitycli-cinemachine"


def test_toolsets_narrow_and_all_widens(sample_copy, cinemachine_ext):
    async def listing(policy):
        async with client(notes_options(sample_copy, policy=policy), "legacy") as c:
            return names(await c.list_tools())

    narrowed = anyio.run(listing, ListPolicy(toolsets=frozenset({"notes"})))
    assert narrowed == ["notes_append", "notes_read", "notes_slow", *META_TOOLS]
    everything = anyio.run(listing, ListPolicy(list_all=True))
    assert "cinemachine_list_cameras" in everything


def test_an_unknown_toolset_is_refused_with_the_valid_ones(sample_copy):
    from unitycli.errors import UnityCliError
    from unitycli.mcp.server import McpState

    with pytest.raises(UnityCliError) as info:
        McpState(notes_options(sample_copy, policy=ListPolicy(toolsets=frozenset({"notez"}))))
    assert info.value.code == "E_OPTION_VALUE_INVALID"
    assert "notes" in info.value.details["validToolsets"]


def test_without_a_project_only_the_meta_tools_are_listed(tmp_path):
    async def check():
        async with client(notes_options(None, cwd=tmp_path), "legacy") as c:
            listed = names(await c.list_tools())
            error = error_of(await c.call_tool("notes_read", {"file": NOTE}))
            return listed, error, c.instructions

    listed, error, instructions = anyio.run(check)
    assert listed == list(META_TOOLS)
    assert error["code"] == "E_INSTANCE_REQUIRED"


def test_project_and_scene_tools_are_listed_by_default():
    from unitycli.host.session import Session
    from unitycli.mcp.surface import ToolSurface

    surface = ToolSurface.build(Session(project_arg=str(fixture_project("minigolf"))), ListPolicy())
    listed = [t.name for t in surface.tools]
    assert {"project_info", "scene_hierarchy", "gameobject_find", "component_set"} <= set(listed)
