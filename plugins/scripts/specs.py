"""The descriptors of the script tools (filled in as the tools land)."""

from __future__ import annotations

from unitycli.toolspec import ToolSpec

SCRIPT_TOOLS: tuple[ToolSpec, ...] = ()
