"""`unitycli tools …`: discover tools (group, search, describe) and run one.

A listing (`group`, `group list`, `search`) reads tool heads (`Session.heads`: names, words, hints, availability)
and never builds a JSON Schema or imports a tool's module; only `describe` builds one tool's descriptor.
"""

from __future__ import annotations

from typing import Any

import click
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.cli.input_arg import read_input
from unitycli.cli.lazy import LazyGroup
from unitycli.cli.state import state
from unitycli.cli.strict import StrictGroup
from unitycli.errors import UnityCliError
from unitycli.host.descriptors import ToolDescriptor, ToolHead
from unitycli.next_actions import describe_command, search_command
from unitycli.search import ExtensionHit, rank, search_catalog, split_keywords


class _Model(BaseModel):
    """Discovery answers: built on first use, so `tools run` never pays for them."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, defer_build=True)


class RegistryHealth(_Model):
    healthy: bool
    code: str | None = None
    problems: list[dict[str, Any]] = Field(default_factory=list)


class ToolBrief(_Model):
    name: str
    title: str
    summary: str
    read_only: bool
    available: bool | None = None
    unavailable_reason: str | None = None
    score: int | None = None


class GroupInfo(_Model):
    group: str
    tools: int
    available: int | None = None


class GroupsResult(_Model):
    project: str | None
    groups: list[GroupInfo]
    registry: RegistryHealth


class GroupToolsResult(_Model):
    project: str | None
    group: str
    tools: list[ToolBrief]
    registry: RegistryHealth


class SearchResult(_Model):
    project: str | None
    query: str
    keywords: list[str]
    tools: list[ToolBrief]
    extensions: list[ExtensionHit] = Field(default_factory=list, description="catalog extensions matching the "
                                           "query, installed or not, each with its exact install command")
    registry: RegistryHealth


def registry_health() -> RegistryHealth:
    registry = state().session.registry
    if registry.healthy:
        return RegistryHealth(healthy=True)
    return RegistryHealth(
        healthy=False, code="E_TOOL_REGISTRY_UNHEALTHY", problems=[p.to_dict() for p in registry.problems]
    )


def _project_label() -> str | None:
    project = state().session.optional_project()
    return str(project.root) if project else None


def _brief(d: ToolHead, score: int | None = None) -> ToolBrief:
    return ToolBrief(
        name=d.name, title=d.title, summary=d.summary, read_only=d.read_only_hint,
        available=d.available, unavailable_reason=d.unavailable_reason, score=score,
    )


# The approval commands live in their own module and load only when one of them is invoked.
APPROVALS = "unitycli.cli.approvals_cmd"


@click.group("tools", cls=LazyGroup, lazy={"approve": (APPROVALS, "approve_cmd", ()),
                                           "deny": (APPROVALS, "deny_cmd", ()),
                                           "approvals": (APPROVALS, "approvals_cmd", ())})
def tools_group() -> None:
    """Discover tools and run them."""


@tools_group.group("group", cls=StrictGroup, invoke_without_command=True)
@click.pass_context
def group_cmd(ctx: click.Context) -> GroupsResult | None:
    """List tool groups with their tool counts (`tools group list <group>` lists one group)."""
    if ctx.invoked_subcommand is not None:
        return None
    groups: dict[str, GroupInfo] = {}
    for d in state().session.heads():
        info = groups.setdefault(d.group, GroupInfo(group=d.group, tools=0))
        info.tools += 1
        if d.available is not None:
            info.available = (info.available or 0) + int(d.available)
    return GroupsResult(project=_project_label(), groups=sorted(groups.values(), key=lambda g: g.group),
                        registry=registry_health())


@group_cmd.command("list")
@click.argument("group")
def group_list_cmd(group: str) -> GroupToolsResult:
    """List the tools of one group."""
    heads = state().session.heads()
    listed = [d for d in heads if d.group == group]
    if not listed:
        known = sorted({d.group for d in heads})
        raise UnityCliError(
            "E_OPTION_VALUE_INVALID", f"no tool group named {group!r}",
            details={"group": group, "validGroups": known}, next_actions=["unitycli tools group"],
        )
    return GroupToolsResult(project=_project_label(), group=group, tools=[_brief(d) for d in listed],
                            registry=registry_health())


@tools_group.command("search")
@click.argument("query")
def search_cmd(query: str) -> SearchResult:
    """Search tools by keywords (`mesh|camera`), over name, title, summary and description."""
    keywords = split_keywords(query)
    if not keywords:
        raise UnityCliError("E_OPTION_VALUE_INVALID", "the search query has no keywords",
                            details={"query": query}, next_actions=[search_command("scene|prefab")])
    heads = {d.name: d for d in state().session.heads()}
    entries = [{"name": d.name, "title": d.title, "summary": d.summary, "description": d.description}
               for d in heads.values()]
    hits = rank(entries, query)
    return SearchResult(project=_project_label(), query=query, keywords=keywords,
                        tools=[_brief(heads[e["name"]], s) for s, e in hits],
                        extensions=search_catalog(query, state().session.optional_project()),
                        registry=registry_health())


@tools_group.command("describe")
@click.argument("name")
def describe_cmd(name: str) -> ToolDescriptor:
    """Show a tool's full descriptor: schemas, hints, availability and owner."""
    session = state().session
    return session.descriptor(session.tool(name))


@tools_group.command("run")
@click.argument("name")
@click.option("--input", "input_value", metavar="JSON|@FILE|-", help="Tool input: inline JSON, @file, or - for stdin.")
@click.option("--dry-run", is_flag=True, help="Run against staged state, report planned file changes, write nothing.")
@click.option("--expect-revision", metavar="REV", help="Refuse (E_STALE_WRITE) unless the target file is at REV.")
@click.option("--allow-editor-open", is_flag=True, help="Write even though a Unity Editor holds the project.")
def run_cmd(name: str, input_value: str | None, dry_run: bool, expect_revision: str | None,
            allow_editor_open: bool):
    """Run a tool with a JSON input."""
    from unitycli.cli.results import CommandResult
    from unitycli.runner import RunOptions, incomplete, run_tool
    from unitycli.strict_json import JsonText

    raw = read_input(input_value, name)
    call = state().session.prepare(name)
    if expect_revision is not None:
        data = raw.data if isinstance(raw, JsonText) else raw
        if "expected_revision" not in call.spec.input_model.model_fields or not isinstance(data, dict):
            raise UnityCliError(
                "E_OPTION_VALUE_INVALID", f"{name} takes no expectedRevision",
                details={"option": "--expect-revision", "tool": name},
                next_actions=[describe_command(name)],
            )
        raw = {**data, "expectedRevision": expect_revision}
    result = run_tool(call, raw, RunOptions(dry_run=dry_run, allow_editor_open=allow_editor_open,
                                            progress=_stderr_progress()))
    error = incomplete(result)  # a read that could not read everything: exit 3, the answer kept under result
    return CommandResult(result.answer(), error) if error is not None else result.answer()


def _stderr_progress():
    """Progress lines on stderr when it is a terminal; stdout stays the result alone."""
    import sys

    if not sys.stderr.isatty():
        return None

    def report(done: float, total: float | None, message: str | None) -> None:
        share = f"{done:.0f}/{total:.0f}" if total else f"{done:.0f}"
        sys.stderr.write(f"\r{share} {message or ''}"[:120])
        sys.stderr.flush()

    return report
