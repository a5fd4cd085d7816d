"""MCP tool names: the mechanical mapping from registry names, and the reverse lookup a call needs.

`probuilder.create-shape` becomes `probuilder_create_shape` (`toolspec.mcp_name`). The mapping is not
injective (`a.b-c` and `a.b.c` both give `a_b_c`), so clashes are detected here and reported instead of one
tool silently shadowing the other; the meta tools' names are reserved for the same reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from unitycli.toolspec import mcp_name

SEARCH_TOOL = "unitycli_search_tools"
DESCRIBE_TOOL = "unitycli_describe_tool"
RUN_TOOL = "unitycli_run_tool"
META_TOOLS = (SEARCH_TOOL, DESCRIBE_TOOL, RUN_TOOL)


@dataclass
class NameTable:
    """MCP name → registry name for every tool that can be listed under its own MCP name."""

    by_mcp: dict[str, str] = field(default_factory=dict)
    clashes: dict[str, list[str]] = field(default_factory=dict)  # MCP name → registry names sharing it

    def registry_name(self, name: str) -> str | None:
        """The registry name for an MCP name (or a registry name passed as is), None when unknown."""
        if name in self.by_mcp:
            return self.by_mcp[name]
        if name in self.by_mcp.values():
            return name
        return None


def build_name_table(registry_names: Iterable[str]) -> NameTable:
    """Map every registry name; names that collide (with each other or a meta tool) are kept out of `by_mcp`."""
    groups: dict[str, list[str]] = {}
    for name in sorted(registry_names):
        groups.setdefault(mcp_name(name), []).append(name)
    table = NameTable()
    for short, names in groups.items():
        if len(names) == 1 and short not in META_TOOLS:
            table.by_mcp[short] = names[0]
        else:
            table.clashes[short] = names
    return table
