"""The JSON Schema of each CLI command's `--json` output, read from the command's result model.

A command's callback is annotated with the pydantic model it returns; that model, inside the envelope
(`schemaVersion`, `ok`, `command`, `requestId`, then `result` or `error`), is the command's output contract.
"""

from __future__ import annotations

import types
import typing
from typing import Any

import click
from pydantic import BaseModel

from unitycli.envelope import SCHEMA_VERSION

# Commands whose callbacks carry no return annotation yet; naming the model here keeps their schema known.
UNANNOTATED = {"tools run": "unitycli.runner:RunResult"}
# Commands that print no envelope: they own stdout for another protocol.
NO_ENVELOPE = {"mcp": "stdout carries MCP JSON-RPC messages only (see `unitycli mcp --help`)"}

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["code", "message", "details", "nextActions", "manualSteps", "transient", "retryAfterMs"],
    "properties": {
        "code": {"type": "string", "description": "a code from `unitycli docs errors`"},
        "message": {"type": "string"},
        "details": {"type": "object"},
        "nextActions": {"type": "array", "items": {"type": "string"},
                        "description": "commands an agent can run as they are (unitycli, git or pip lines)"},
        "manualSteps": {"type": "array", "items": {"type": "string"},
                        "description": "what only a person can do (in the Unity Editor, in a file), in words"},
        "transient": {"type": "boolean"},
        "retryAfterMs": {"type": ["integer", "null"]},
    },
}


def leaf_commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    """Every runnable command by its full name (`tools group list`); a group that runs alone counts too."""
    found: dict[str, click.Command] = {}
    for name, command in sorted(group.commands.items()):
        full = f"{prefix} {name}".strip()
        if isinstance(command, click.Group):
            if command.invoke_without_command:
                found[full] = command
            found.update(leaf_commands(command, full))
        else:
            found[full] = command
    return found


def _load(path: str) -> type[BaseModel]:
    import importlib

    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def result_model(name: str, command: click.Command) -> type[BaseModel] | None:
    """The model a command returns: its return annotation without `None`, else the UNANNOTATED entry."""
    if name in UNANNOTATED:
        return _load(UNANNOTATED[name])
    callback = command.callback
    if callback is None:
        return None
    target = getattr(callback, "__wrapped__", callback)
    try:
        hint = typing.get_type_hints(target).get("return")
    except Exception:  # an annotation that cannot be resolved is reported as unknown, not a crash
        return None
    candidates = typing.get_args(hint) if isinstance(hint, types.UnionType) or typing.get_origin(hint) is typing.Union \
        else (hint,)
    models = [c for c in candidates if isinstance(c, type) and issubclass(c, BaseModel)]
    return models[0] if len(models) == 1 else None


def envelope_schema(name: str, model: type[BaseModel]) -> dict[str, Any]:
    result = model.model_json_schema(by_alias=True, mode="serialization")
    defs = result.pop("$defs", {})
    head = {"schemaVersion": {"const": SCHEMA_VERSION}, "command": {"const": name},
            "requestId": {"type": "string", "pattern": "^req-"}}
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"unitycli {name} --json",
        "oneOf": [
            {"type": "object", "required": ["schemaVersion", "ok", "command", "requestId", "result"],
             "properties": {**head, "ok": {"const": True}, "result": result}},
            {"type": "object", "required": ["schemaVersion", "ok", "command", "requestId", "error"],
             "properties": {**head, "ok": {"const": False}, "error": ERROR_SCHEMA}},
        ],
    }
    if defs:
        schema["$defs"] = defs
    return schema


def cli_output_schemas(cli: click.Group) -> dict[str, dict[str, Any] | None]:
    """{command: envelope schema} of the command tree `cli` (the caller hands it over, so the contract never
    imports the CLI that uses it); None for a command whose result model is unknown (a test flags those)."""
    schemas: dict[str, dict[str, Any] | None] = {}
    for name, command in leaf_commands(cli).items():
        if name in NO_ENVELOPE:
            schemas[name] = {"description": NO_ENVELOPE[name]}
            continue
        model = result_model(name, command)
        schemas[name] = envelope_schema(name, model) if model is not None else None
    return schemas
