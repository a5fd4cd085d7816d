"""The three meta tools that reach every registry tool, listed or not: search, describe, run by name.

They are how an agent finds a tool the default list left out (unavailable for this project, outside the chosen
toolsets, or in a group the budget collapsed) and learns why it cannot run, before calling it.
"""

from __future__ import annotations

from typing import Any

import mcp_types as types
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.mcp.names import DESCRIBE_TOOL, RUN_TOOL, SEARCH_TOOL
from unitycli.mcp.schemas import compact_schema
from unitycli.search import ExtensionHit
from unitycli.toolspec import ToolInput


class SearchInput(ToolInput):
    query: str = Field(description="Keywords separated by | (`mesh|camera`), matched against name, title, "
                                   "summary and description; case-insensitive.")
    include_unavailable: bool = Field(True, description="Also return tools this project cannot run, with the reason.")


class DescribeInput(ToolInput):
    name: str = Field(description="Tool name, dotted (`package.add`) or as listed over MCP (`package_add`).")


class RunInput(ToolInput):
    name: str = Field(description="Tool name, dotted (`package.add`) or as listed over MCP (`package_add`).")
    input: dict[str, Any] = Field(default_factory=dict, description="The tool's input; see unitycli_describe_tool.")
    dry_run: bool = Field(False, description="Run against staged state, return plannedEffects with unified diffs, "
                                             "write nothing.")


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class SearchHit(_Camel):
    name: str
    mcp_name: str
    title: str
    summary: str
    read_only: bool
    listed: bool = Field(description="Whether tools/list shows it directly; if not, call it through unitycli_run_tool.")
    available: bool | None = None
    unavailable_code: str | None = None
    unavailable_reason: str | None = None
    score: int


class SearchOutput(_Camel):
    query: str
    tools: list[SearchHit]
    extensions: list[ExtensionHit] = Field(default_factory=list, description="catalog extensions matching the "
                                           "query, installed or not, each with its exact install command")


def search_description(collapsed_groups: list[str], hidden: int) -> str:
    text = ("Find unitycli tools by keyword, including those not listed here (unavailable for this project, "
            "outside the selected toolsets). Each hit says whether it is listed and, if unavailable, why.")
    if collapsed_groups:
        text += (f" Not listed to keep the list short, but runnable through unitycli_run_tool: the groups "
                 f"{', '.join(collapsed_groups)}.")
    if hidden:
        text += f" {hidden} tool(s) are not listed because they cannot run on this project now."
    return text


def _schema(model: type[BaseModel], mode: str) -> dict[str, Any]:
    return compact_schema(model.model_json_schema(by_alias=True, mode=mode))  # type: ignore[arg-type]


def glossary_text(shared: dict[str, str]) -> str:
    """The shared-parameter meanings the listed schemas leave out (`schemas.py`), as the describe tool says them."""
    if not shared:
        return ""
    return ("\nA parameter of a listed tool without a description, at any depth, means the entry of its name "
            "below, a description `=name~N` that entry, an empty one none:") + "".join(
        f"\n- {key}: {meaning}" for key, meaning in shared.items())


def meta_tools(collapsed_groups: list[str], hidden: int, shared: dict[str, str] | None = None) -> list[types.Tool]:
    """No outputSchema here either (see `schemas.py`): the run result's shape is given in words
    (`wording.RESULT_SHAPE`), the search hits and the descriptor are self-describing JSON. The glossary of the listed
    tools (`shared`) is in the describe tool's description: it is part of the list, so it changes with it and
    reaches clients that never read server instructions."""
    read_only = types.ToolAnnotations(read_only_hint=True)
    return [
        types.Tool(
            name=SEARCH_TOOL, title="Search unitycli tools", description=search_description(collapsed_groups, hidden),
            input_schema=_schema(SearchInput, "validation"), annotations=read_only,
        ),
        types.Tool(
            name=DESCRIBE_TOOL, title="Describe a unitycli tool",
            description="The full descriptor of one tool: description, examples, input and output JSON Schemas, "
                        "risk hints, owner, and whether it is available here (with the reason and next actions "
                        "if not)." + glossary_text(shared or {}),
            input_schema=_schema(DescribeInput, "validation"), annotations=read_only,
        ),
        types.Tool(
            name=RUN_TOOL, title="Run a unitycli tool by name",
            description="Run any unitycli tool by name with its JSON input, listed or not; dryRun: true previews "
                        "a write and writes nothing. An error's nextCalls are {tool, arguments} to call as they are.",
            input_schema=_schema(RunInput, "validation"),  # no hints: it may run a writer (the MCP defaults)
        ),
    ]
