"""The tool surface one MCP connection sees at a moment: the listed tools, the meta tools, and how to call them.

It is rebuilt from a fresh Session whenever the files the tool set depends on change (see `watch.py`), and its
`digest` says whether the list a client holds is still current. Calls are plain synchronous functions run in a
worker thread; every tool runs through `run_tool`, the one path the CLI and batch use too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types
from pydantic import BaseModel

from unitycli.context import ProgressCallback
from unitycli.errors import UnityCliError
from unitycli.host.descriptors import ToolHead
from unitycli.host.session import Session
from unitycli.mcp import wording
from unitycli.mcp.calls import NEXT_CALLS, next_calls
from unitycli.mcp.meta import (
    DescribeInput,
    RunInput,
    SearchHit,
    SearchInput,
    SearchOutput,
    meta_tools,
)
from unitycli.mcp.names import DESCRIBE_TOOL, RUN_TOOL, SEARCH_TOOL, NameTable, build_name_table
from unitycli.mcp.schemas import (
    DRY_RUN_ARG,
    glossary_users,
    mcp_tool,
    shared_parameters,
    wire_size,
)
from unitycli.mcp.toolsets import ListPolicy, Selection, listable, select_tools
from unitycli.next_actions import describe_command, search_command
from unitycli.runner import RunOptions, error_path, incomplete, run_tool
from unitycli.search import rank, search_catalog, split_keywords
from unitycli.toolspec import mcp_name

_GLOSSARY_ROUNDS = 3  # fitting the glossary to the listed tools settles in one or two rounds


@dataclass
class ToolSurface:
    session: Session
    policy: ListPolicy
    heads: list[ToolHead]  # every tool that can be described (the listed ones with their input schemas built)
    names: NameTable
    selection: Selection
    shared: dict[str, str] = field(default_factory=dict)
    tools: list[types.Tool] = field(default_factory=list)

    @classmethod
    def build(cls, session: Session, policy: ListPolicy, glossary: Mapping[str, str] | None = None) -> ToolSurface:
        """The surface for `session` now. `glossary` keeps a shared-parameter text already given (a rebuild
        keeps the words the client's list used); by default it is derived from the tools that get listed."""
        heads = session.heads()
        names = build_name_table(d.name for d in heads)
        may_list = listable(heads, names, policy)
        # Input schemas only where an entry may be written (a list entry has no output schema); a tool whose schema
        # cannot be built is left out, as from every listing of descriptors.
        built = set(session.with_schemas(may_list, output=False))  # heads hash by identity (eq=False)
        dropped = set(may_list) - built
        heads = [d for d in heads if d not in dropped]
        candidates = [d for d in may_list if d in built]
        shared = dict(glossary) if glossary is not None else shared_parameters(candidates)
        every_group = sorted({d.group for d in candidates})
        for _attempt in range(_GLOSSARY_ROUNDS):
            written = shared  # the wording this round's entries are written against
            entries = {d.name: mcp_tool(d, mcp_name(d.name), written) for d in candidates}
            sizes = {name: wire_size(entry) for name, entry in entries.items()}
            # The meta tools at their largest: every group named as left out, the whole glossary described.
            reserved = sum(wire_size(t) for t in meta_tools(every_group, len(heads), written))
            selection = select_tools(heads, names, policy, size=lambda d, sizes=sizes: sizes[d.name],
                                     reserved=reserved)
            # Worded for what is listed: a wording shared only by tools the budget left out saves nothing.
            shared = written if glossary is not None else shared_parameters(selection.listed)
            if shared == written:
                break
        # Only the texts a listed tool leaves out are said (in the describe tool's description).
        used = set().union(*(glossary_users(d, written) for d in selection.listed))
        described = {name: text for name, text in written.items() if name in used}
        surface = cls(session, policy, heads, names, selection, written if glossary is not None else described)
        surface.tools = [entries[d.name] for d in selection.listed] + meta_tools(
            selection.collapsed_groups, selection.unavailable, described)
        return surface

    @property
    def wire_bytes(self) -> int:
        """The size of the `tools/list` answer's tool entries, as the budget counts them."""
        return sum(wire_size(t) for t in self.tools)

    @property
    def digest(self) -> str:
        """Changes exactly when what `tools/list` returns changes."""
        dumped = [t.model_dump(by_alias=True, mode="json", exclude_none=True) for t in self.tools]
        return hashlib.sha256(json.dumps(dumped, sort_keys=True).encode()).hexdigest()

    def instructions(self) -> str:
        """The `initialize` instructions: fixed words (`wording.py`), the same the fast handshake sends."""
        project = self.session.optional_project()
        return wording.instructions(str(project.root) if project else None)

    def error_payload(self, error: UnityCliError) -> dict[str, Any]:
        """The CLI's error object plus `nextCalls`, the next actions this server can run (see `calls.py`)."""
        project = self.session.optional_project()
        listed = set(self.selection.names)
        tools = self.session.registry.tools
        calls = next_calls(error.actions(), project_root=str(project.root) if project else None,
                           known=tools.__contains__, listed=listed.__contains__)
        return {**error.to_dict(), NEXT_CALLS: calls}

    # --- calls --------------------------------------------------------------------------------------------

    def call(self, name: str, arguments: dict[str, Any] | None, *, progress: ProgressCallback | None = None,
             is_cancelled: Callable[[], bool] | None = None) -> dict[str, Any]:
        """The structured result of one call, or raise the catalogued error (the caller makes it `isError`)."""
        return self.call_checked(name, arguments, progress=progress, is_cancelled=is_cancelled)[0]

    def call_checked(self, name: str, arguments: dict[str, Any] | None, *, progress: ProgressCallback | None = None,
                     is_cancelled: Callable[[], bool] | None = None) -> tuple[dict[str, Any], UnityCliError | None]:
        """`call`, with the `E_READ_INCOMPLETE` of a read that could not read every file (the CLI's exit 3):
        the server sends that answer whole, as an error beside it."""
        arguments = dict(arguments or {})
        if name == SEARCH_TOOL:
            found = self._search(_validate(SearchInput, SEARCH_TOOL, arguments))
            return found.model_dump(by_alias=True, mode="json"), None
        if name == DESCRIBE_TOOL:
            request = _validate(DescribeInput, DESCRIBE_TOOL, arguments)
            tool = self.session.tool(self._registry_name(request.name))
            return self.session.descriptor(tool).model_dump(by_alias=True, mode="json"), None
        if name == RUN_TOOL:
            run = _validate(RunInput, RUN_TOOL, arguments)
            call = self.session.prepare(self._registry_name(run.name))
            raw, dry_run = run.input, run.dry_run
        else:
            registry_name = self._registry_name(name)
            call = self.session.prepare(registry_name)
            dry_run = False
            if DRY_RUN_ARG in arguments and DRY_RUN_ARG not in _wire_fields(call.spec.input_model):
                dry_run = arguments.pop(DRY_RUN_ARG)
                if not isinstance(dry_run, bool):
                    raise UnityCliError(
                        "E_SCHEMA_INVALID", f"input for {registry_name} is invalid at dryRun: must be a boolean",
                        details={"tool": registry_name, "errors": [
                            {"path": DRY_RUN_ARG, "message": "Input should be a valid boolean", "type": "bool_type"}]},
                        next_actions=[describe_command(registry_name)])
            raw = arguments
        result = run_tool(call, raw, RunOptions(dry_run=dry_run, progress=progress, is_cancelled=is_cancelled))
        return result.answer(), incomplete(result)

    def _registry_name(self, name: str) -> str:
        """A dotted name as is; an MCP name through the table; otherwise the name, so `session.tool` says why."""
        if name in self.session.registry.tools:
            return name
        return self.names.registry_name(name) or name

    def _search(self, request: SearchInput) -> SearchOutput:
        keywords = split_keywords(request.query)
        if not keywords:
            raise UnityCliError("E_SCHEMA_INVALID", f"input for {SEARCH_TOOL} is invalid at query: no keywords",
                                details={"tool": SEARCH_TOOL, "errors": [
                                    {"path": "query", "message": "no keywords", "type": "value_error"}]},
                                next_actions=[search_command("scene|prefab")])
        by_name = {d.name: d for d in self.heads}
        entries = [{"name": d.name, "title": d.title, "summary": d.summary, "description": d.description}
                   for d in self.heads]
        listed = set(self.selection.names)
        hits = []
        for score, entry in rank(entries, request.query):
            d = by_name[entry["name"]]
            if d.available is False and not request.include_unavailable:
                continue
            hits.append(SearchHit(name=d.name, mcp_name=mcp_name(d.name), title=d.title, summary=d.summary,
                                  read_only=d.read_only_hint, listed=d.name in listed, available=d.available,
                                  unavailable_code=d.unavailable_code, unavailable_reason=d.unavailable_reason,
                                  score=score))
        return SearchOutput(query=request.query, tools=hits,
                            extensions=search_catalog(request.query, self.session.optional_project()))


def _wire_fields(model: type[BaseModel]) -> set[str]:
    return {f.alias or n for n, f in model.model_fields.items()}


def _validate(model: type[BaseModel], tool: str, arguments: dict[str, Any]) -> Any:
    """A meta tool's own input, failing with the same `E_SCHEMA_INVALID` shape as every tool's input."""
    from pydantic import ValidationError

    try:
        return model.model_validate(arguments)
    except ValidationError as exc:
        errors = [{"path": error_path(tuple(e["loc"])), "message": e["msg"], "type": e["type"]}
                  for e in exc.errors(include_url=False)]
        raise UnityCliError("E_SCHEMA_INVALID", f"input for {tool} is invalid at {errors[0]['path']}: "
                            f"{errors[0]['message']}", details={"tool": tool, "errors": errors},
                            next_actions=[]) from None  # the meta tool's inputSchema in tools/list says it
