"""The server tells clients when the tool set changes (both protocol eras), reports progress, and stops a
cancelled tool before it commits."""

from __future__ import annotations

import textwrap

import anyio
import mcp_types as types
import pytest

from tests.core.fake_dists import echo_tool, make_dist
from tests.mcp import notes_plugin
from tests.mcp.harness import client, names, notes_options

HELLO = textwrap.dedent('''
    from unitycli.host.hookspecs import hookimpl
    from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec


    class HelloInput(ToolInput):
        who: str = "world"


    class HelloOutput(ToolOutput):
        greeting: str


    def hello(ctx, request):
        return HelloOutput(greeting="hello " + request.who)


    @hookimpl
    def unitycli_register_tools(register):
        register(ToolSpec(name="team.hello", title="Hello", summary="Say hello.", description="A project tool.",
                          input_model=HelloInput, output_model=HelloOutput, handler=hello))
''')


async def _wait_for(predicate, timeout: float = 10.0) -> None:
    with anyio.fail_after(timeout):
        while not predicate():
            await anyio.sleep(0.05)


def _approve(project) -> None:
    """A person approves the file, exactly as they would at a terminal."""
    from unitycli.cli.main import run

    outcome = run(["tools", "approve", ".unitycli/tools/hello.py", "--project", str(project), "--json"])
    assert outcome.exit_code == 0, outcome.envelope


def test_list_changed_after_approving_a_project_tool_handshake_era(sample_copy):
    tools_dir = sample_copy / ".unitycli" / "tools"
    tools_dir.mkdir(parents=True, exist_ok=True)
    (tools_dir / "hello.py").write_text(HELLO)
    changed = anyio.Event()

    async def on_message(message) -> None:
        if isinstance(message, types.ToolListChangedNotification):
            changed.set()

    async def check():
        async with client(notes_options(sample_copy), "legacy", message_handler=on_message) as c:
            before = names(await c.list_tools())
            blocked = (await c.call_tool("team_hello", {})).structured_content["error"]
            await anyio.to_thread.run_sync(_approve, sample_copy)
            with anyio.fail_after(10):
                await changed.wait()
            after = names(await c.list_tools())
            greeting = (await c.call_tool("team_hello", {"who": "unity"})).structured_content
            return before, blocked, after, greeting

    before, blocked, after, greeting = anyio.run(check)
    assert "team_hello" not in before
    assert blocked["code"] in ("E_PROJECT_TOOL_UNTRUSTED", "E_TOOL_NOT_FOUND_FOR_TARGET")
    assert "team_hello" in after
    assert greeting["output"] == {"greeting": "hello unity"}


def test_list_changed_on_a_listen_stream_in_the_2026_era(sample_copy, tmp_path, monkeypatch):
    """At 2026-07-28 a change reaches the client on its subscriptions/listen stream (here: a new extension)."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))

    async def check():
        from unitycli.mcp.toolsets import ListPolicy

        roomy = ListPolicy(budget_bytes=10**6)  # so the new extension's group is listed, not only announced
        async with client(notes_options(sample_copy, policy=roomy), "auto") as c:
            assert c.protocol_version == "2026-07-28"
            before = names(await c.list_tools())
            async with c.listen(tools_list_changed=True) as subscription:
                await anyio.to_thread.run_sync(
                    lambda: make_dist(site, "unitycli-greet", "fake_greet_mod", echo_tool("greet.say")))
                with anyio.fail_after(10):
                    event = await subscription.__anext__()
            after = names(await c.list_tools(cache_mode="refresh"))
            return before, event, after

    before, event, after = anyio.run(check)
    assert "greet_say" not in before
    assert type(event).__name__ == "ToolsListChanged"
    assert "greet_say" in after


def test_progress_is_reported_when_asked(sample_copy):
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(done, total, message) -> None:
        seen.append((done, total, message))

    async def check():
        async with client(notes_options(sample_copy), "legacy") as c:
            return await c.call_tool("notes_slow", {"file": "Assets/slow.txt", "steps": 3},
                                     progress_callback=on_progress)

    result = anyio.run(check)
    assert not result.is_error
    assert seen == [(0, 3, "step 0"), (1, 3, "step 1"), (2, 3, "step 2")]
    assert (sample_copy / "Assets" / "slow.txt").read_text() == "slow\n"


def test_cancellation_stops_the_tool_before_its_commit(sample_copy):
    notes_plugin.SLOW_STARTED.clear()
    notes_plugin.SLOW_STOPPED.clear()

    async def on_progress(done, total, message) -> None:
        return None

    async def check():
        async with client(notes_options(sample_copy), "legacy") as c:
            with anyio.move_on_after(0.5):
                await c.call_tool("notes_slow", {"file": "Assets/slow.txt", "steps": 400},
                                  progress_callback=on_progress)
            await anyio.to_thread.run_sync(notes_plugin.SLOW_STOPPED.wait, 10)

    anyio.run(check)
    assert notes_plugin.SLOW_STARTED.is_set() and notes_plugin.SLOW_STOPPED.is_set()
    assert not (sample_copy / "Assets" / "slow.txt").exists()


def test_clashing_mcp_names_are_reported_not_shadowed():
    from unitycli.mcp.names import build_name_table

    table = build_name_table(["a.b-c", "a.b.c", "x.y", "unitycli.run-tool"])
    assert table.by_mcp == {"x_y": "x.y"}
    assert table.clashes == {"a_b_c": ["a.b-c", "a.b.c"], "unitycli_run_tool": ["unitycli.run-tool"]}


def test_a_cancelled_run_is_e_cancelled_and_writes_nothing(sample_copy):
    """What the worker thread does once the client cancelled: the runner discards the staged write."""
    from unitycli.errors import UnityCliError
    from unitycli.mcp.server import McpState

    state = McpState(notes_options(sample_copy))
    with pytest.raises(UnityCliError) as info:
        state.surface.call("notes_slow", {"file": "Assets/slow.txt", "steps": 2}, is_cancelled=lambda: True)
    assert info.value.code == "E_CANCELLED"
    assert not (sample_copy / "Assets" / "slow.txt").exists()


def test_an_unexpected_exception_is_e_internal_with_a_log_not_a_traceback(sample_copy, monkeypatch):
    def broken(ctx, request):
        raise ZeroDivisionError("kaboom")

    monkeypatch.setattr(notes_plugin, "read", broken)

    async def check():
        async with client(notes_options(sample_copy), "legacy") as c:
            return await c.call_tool("notes_read", {"file": "Assets/x.txt"})

    result = anyio.run(check)
    assert result.is_error
    error = result.structured_content["error"]
    assert (error["code"], error["message"]) == ("E_INTERNAL", "unexpected ZeroDivisionError: kaboom")
    assert "Traceback" not in result.content[0].text
    with open(error["details"]["log"]) as log:
        assert "ZeroDivisionError" in log.read()
