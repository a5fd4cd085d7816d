"""A running MCP server keeps the project index resident: reference queries see an edit made just before them.

The server opens the index in the background at connection start and serves every tool's index query from it
(`indexes.resident`); the stories below edit the project between two calls, with no pause, through the server
itself and behind its back, and the next call must answer from the files as they are now.
"""

from __future__ import annotations

import shutil
import time

import anyio

from tests.mcp.harness import client, notes_options, payload
from unitycli.indexes.resident import resident_for
from unitycli.project.identity import canonical_path

GRASS = "Assets/Materials/Grass.mat"
LANTERN = "Assets/Prefabs/Lantern.prefab"
GARDEN = "Assets/Scenes/Garden.unity"


def _wait_for_resident(root) -> None:
    deadline = time.monotonic() + 30
    while resident_for(canonical_path(root)) is None:
        assert time.monotonic() < deadline, "the resident index did not start"
        time.sleep(0.02)


def test_reference_queries_follow_edits_made_between_calls(sample_copy):
    async def referrers(c) -> list[str]:
        result = payload(await c.call_tool("asset_references", {"path": GRASS, "includeProperties": False}))
        return [r["path"] for r in result["output"]["referrers"]]

    async def check():
        async with client(notes_options(sample_copy), "legacy") as c:
            await anyio.to_thread.run_sync(_wait_for_resident, sample_copy)
            before = await referrers(c)
            shutil.copyfile(sample_copy / LANTERN, sample_copy / "Assets/Prefabs/Lamp.prefab")  # behind its back
            copied = await referrers(c)
            await c.call_tool("asset_delete", {"path": LANTERN, "force": True})  # through the server
            deleted = await referrers(c)
            running = resident_for(canonical_path(sample_copy))
            return before, copied, deleted, running.mode

    before, copied, deleted, mode = anyio.run(check)
    assert before == [LANTERN, GARDEN]
    assert copied == ["Assets/Prefabs/Lamp.prefab", LANTERN, GARDEN]
    assert deleted == ["Assets/Prefabs/Lamp.prefab", GARDEN]
    assert mode in ("watch", "stat-walk")
    assert resident_for(canonical_path(sample_copy)) is None  # stopped with the connection
