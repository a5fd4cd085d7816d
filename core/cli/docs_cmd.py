"""`unitycli docs …`: documentation rendered from the registry and the error catalog."""

from __future__ import annotations

from typing import Any

import click
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.cli.state import state
from unitycli.cli.strict import StrictGroup
from unitycli.errors import UnityCliError
from unitycli.host.descriptors import ToolDescriptor
from unitycli.next_actions import render


class ErrorDoc(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    code: str
    meaning: str
    exit_code: int
    transient: bool
    retry_after_ms: int | None
    next_actions: list[str]
    owner: str = Field(description="Who declares the code: unitycli, or the extension distribution that owns it")


class ErrorsDoc(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    errors: list[ErrorDoc]


@click.group("docs", cls=StrictGroup)
def docs_group() -> None:
    """Documentation generated from the registry and the error catalog."""


@docs_group.command("errors")
def errors_cmd() -> ErrorsDoc:
    """Every error code unitycli and its installed extensions can return, with meaning, exit code, default next
    actions and owner."""
    catalog = state().session.error_catalog(everything=True)  # the core's codes and each plugin's declared ones
    return ErrorsDoc(errors=[
        ErrorDoc(code=s.code, meaning=s.meaning, exit_code=s.exit_code, transient=s.transient,
                 retry_after_ms=s.retry_after_ms, next_actions=[render(a) for a in s.next_actions], owner=s.owner)
        for s in sorted(catalog.values(), key=lambda s: s.code)
    ])


class ToolPage(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    name: str
    page: str
    descriptor: ToolDescriptor


class CommandSchema(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    command: str
    json_schema: dict[str, Any]


class ContractReport(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    file: str | None
    digest: str
    written: bool = False
    checked: bool = False
    unverified_sections: list[str] = []
    snapshot: dict[str, Any] | None = None


@docs_group.command("tool")
@click.argument("name")
def tool_cmd(name: str) -> ToolPage:
    """A tool's page: description, hints, examples, input and output schemas (from its descriptor)."""
    from unitycli.cli.state import state
    from unitycli.contract.tool_page import render_tool_page

    session = state().session
    descriptor = session.descriptor(session.tool(name))
    return ToolPage(name=descriptor.name, page=render_tool_page(descriptor), descriptor=descriptor)


@docs_group.command("schema")
@click.argument("command", nargs=-1, required=True)
def schema_cmd(command: tuple[str, ...]) -> CommandSchema:
    """The JSON Schema of a CLI command's --json output (`unitycli docs schema tools run`)."""
    from unitycli.contract.cli_schemas import cli_output_schemas

    name = " ".join(command)
    schemas = cli_output_schemas(click.get_current_context().find_root().command)
    if name not in schemas:
        import difflib

        close = difflib.get_close_matches(name, list(schemas), n=3)
        raise UnityCliError("E_OPTION_VALUE_INVALID", f"no unitycli command {name!r}",
                            details={"command": name, "validCommands": sorted(schemas)},
                            next_actions=[f"unitycli docs schema {c}" for c in close] or ["unitycli --help"])
    schema = schemas[name]
    if schema is None:
        raise UnityCliError("E_OPTION_VALUE_INVALID",
                            f"{name} declares no result model, so its --json output has no published schema",
                            details={"command": name}, next_actions=[f"unitycli {name} --help"],
                            manual_steps=[f"Annotate the `{name}` command's return type with its result model"])
    return CommandSchema(command=name, json_schema=schema)


@docs_group.command("contract")
@click.option("--write", is_flag=True, help="Regenerate the snapshot file from the registry and the CLI.")
@click.option("--check", "check_only", is_flag=True, help="Fail (E_CONTRACT_DRIFT) when the file differs.")
@click.option("--file", "file", metavar="PATH", help="Snapshot file (default: contract/snapshot.json of the checkout).")
def contract_cmd(write: bool, check_only: bool, file: str | None) -> ContractReport:
    """The contract snapshot: every descriptor and CLI output schema, with a SHA-256 digest."""
    from pathlib import Path

    from unitycli.contract import snapshot as contract

    path = Path(file) if file else contract.default_path()
    if (write or check_only) and path is None:
        raise UnityCliError("E_OPTION_VALUE_REQUIRED", "not running from a checkout: pass --file PATH",
                            details={"option": "--file"})
    if check_only:
        report = contract.check(path, click.get_current_context().find_root().command)
        return ContractReport(file=report["file"], digest=report["digest"], checked=True,
                              unverified_sections=report["unverifiedSections"])
    stored = contract.read_snapshot(path) if path is not None else None
    current, carried = contract.build_snapshot(click.get_current_context().find_root().command, stored)
    if write:
        contract.write_snapshot(path, current)
        return ContractReport(file=str(path), digest=current["digest"], written=True, unverified_sections=carried)
    return ContractReport(file=str(path) if path else None, digest=current["digest"], unverified_sections=carried,
                          snapshot=current)
