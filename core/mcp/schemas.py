"""MCP `Tool` entries built from descriptors: compact enough to send on every session, complete enough to call.

Every listed tool carries its full input schema (every property, type, constraint, default and description),
written compactly: pydantic's `title` annotations are dropped (they repeat the property name), and an optional
field's `anyOf [X, null]` with `default: null` becomes plain `X` (leaving the key out means null; the server
still accepts an explicit null). Writers that can be previewed gain a `dryRun` flag, taken out again before the
input is validated, so the tool never sees it. The description is the tool's one-line summary; the full text,
examples and output schema come from `unitycli_describe_tool`.

Parameters that mean the same across tools (`file`, `gameObject`, `expectedRevision`, `limit`, `dryRun` …) are
explained once, in the server instructions (the glossary), and listed in each schema with their type, constraints
and default but without the repeated description. Which ones is derived from the tools that may be listed (a
property, at any depth, whose description recurs in at least `SHARED_MIN_TOOLS` tools, core or extension), so it
needs no list; wordings that differ only in case, spacing or a final period count as one. Per name, the wording
that saves the most bytes is the plain entry (left out of the schema); the others, when worth it, are entries
`name~2` … that the schema names by the short description `=name~2`. A name some tool leaves undescribed gets
references only, so a missing description never reads as someone else's meaning. The glossary a client got at
the start holds for the connection (see `surface.py`). A subschema shape that recurs within one tool's schema is
written once under `$defs` when that is shorter, each place keeping its own description and default beside the
`$ref`.

Every tool's input is closed (a key its schema does not list is refused with `E_SCHEMA_INVALID`); the server
instructions say so once instead of `additionalProperties: false` on every top-level schema (nested objects keep
theirs). Annotations carry only the hints that differ from the MCP defaults (readOnly false, destructive true,
idempotent false), and destructive/idempotent only for writers, where the spec gives them meaning; openWorld is
left out (no tool reaches past the project's files, and no client we know reads it).

No listed tool declares an `outputSchema`: clients mostly ignore it, it cost more than the input schemas, and
the MCP spec lets a tool return `structuredContent` without one (when one is declared, every result must
conform, and our error results, `{"error": …}`, would not). The run result's shape is documented once, in the
server instructions and in `unitycli_describe_tool`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import mcp_types as types

from unitycli.host.descriptors import ToolHead

DRY_RUN_ARG = "dryRun"
DRY_RUN_DESCRIPTION = "Preview: return plannedEffects (unified diffs) and write nothing (default false)."
DRY_RUN_SCHEMA = {"type": "boolean", "description": DRY_RUN_DESCRIPTION}
SHARED_MIN_TOOLS = 2
VARIANT_MARK = "~"  # `gameObject~2`: a property name's second glossary wording
_MIN_REF_SAVING = 20  # a second wording is worth a glossary entry when its reference is this much shorter

# JSON Schema keywords whose value is a map of names to schemas, a schema, or a list of schemas; every other
# keyword's value (default, enum, const, examples …) is data and is left exactly as it is.
_SCHEMA_MAPS = frozenset({"properties", "$defs", "definitions", "patternProperties", "dependentSchemas"})
_SCHEMA_VALUES = frozenset({"items", "additionalProperties", "not", "if", "then", "else", "contains",
                            "propertyNames", "unevaluatedItems", "unevaluatedProperties"})
_SCHEMA_LISTS = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})


def compact_schema(schema: Any) -> Any:
    """The same schema without `title` annotations and with optional-null unions collapsed (see module doc)."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and isinstance(value, str):
            continue
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: compact_schema(sub) for name, sub in value.items()}
        elif key in _SCHEMA_VALUES:
            out[key] = compact_schema(value)
        elif key in _SCHEMA_LISTS and isinstance(value, list):
            out[key] = [compact_schema(sub) for sub in value]
        else:
            out[key] = value
    return _collapse_union(out)


_ANNOTATIONS = ("description", "default", "examples")  # a subschema's own words, kept beside its `$ref`
_DEF_PREFIX = "Shared"


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _shape(node: dict[str, Any]) -> dict[str, Any]:
    """A subschema without its annotations: what two properties with different descriptions can share."""
    return {key: value for key, value in node.items() if key not in _ANNOTATIONS}


def _hoisting_saves(text: str, count: int) -> bool:
    """Whether writing a subschema once under `$defs` and `$ref`-ing it `count` times is shorter than inline."""
    ref = len(_dumps({"$ref": f"#/$defs/{_DEF_PREFIX}00"}))
    return count * len(text) > len(text) + len(f'"{_DEF_PREFIX}00":,') + count * ref


def _subschemas(node: Any, visit: Callable[[Any, bool], Any], top: bool = False) -> dict[str, Any]:
    """`node` with `visit(sub, False)` applied to each direct subschema (data keywords left as they are)."""
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: visit(sub, False) for name, sub in value.items()}
        elif key in _SCHEMA_VALUES:
            out[key] = visit(value, False)
        elif key in _SCHEMA_LISTS and isinstance(value, list):
            out[key] = [visit(sub, False) for sub in value]
        else:
            out[key] = value
    return out


def hoist_repeats(schema: dict[str, Any]) -> dict[str, Any]:
    """Write a subschema shape that recurs in a tool's schema (an enum of platforms used by three maps, a
    number-or-list-or-map axis value used by eight properties) once, under `$defs`, and `$ref` it where it was,
    each place keeping its own description and default beside the `$ref`; only when that is shorter."""
    seen: Counter[str] = Counter()

    def count(node: Any, top: bool) -> Any:
        if isinstance(node, dict):
            shape = _shape(node)
            if not top and shape and "$ref" not in shape:
                seen[_dumps(shape)] += 1
            _subschemas(node, count)
        return node

    count(schema, True)
    repeated = sorted((text for text, n in seen.items() if n > 1 and _hoisting_saves(text, n)), key=len,
                      reverse=True)
    if not repeated:
        return schema
    defs = dict(schema.get("$defs", {}))
    names: dict[str, str] = {}
    for index, text in enumerate(repeated):
        name = f"{_DEF_PREFIX}{index}"
        while name in defs:
            name += "_"
        names[text] = name

    def replace(node: Any, top: bool) -> Any:
        if not isinstance(node, dict):
            return node
        name = None if top else names.get(_dumps(_shape(node)))
        if name is not None:
            return {"$ref": f"#/$defs/{name}", **{k: node[k] for k in _ANNOTATIONS if k in node}}
        return _subschemas(node, replace)

    result = replace(schema, True)
    # A hoisted shape may itself hold a shorter repeat: the defs are written with their inner repeats replaced.
    result["$defs"] = {**result.get("$defs", {}), **{name: replace(json.loads(text), True)
                                                      for text, name in names.items()}}
    return _inline_single_uses(result, set(names.values()))


def _inline_single_uses(schema: dict[str, Any], hoisted: set[str]) -> dict[str, Any]:
    """Put back inline a hoisted shape that ended up referenced once (its repeats sat inside a larger one)."""
    uses: Counter[str] = Counter()
    for match in re.finditer(r'"\$ref":"#/\$defs/([^"]+)"', _dumps(schema)):
        uses[match.group(1)] += 1
    single = {name for name in hoisted if uses[name] <= 1}
    if not single:
        return schema
    defs = schema["$defs"]

    def inline(node: Any, top: bool) -> Any:
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref", "")
        name = ref.removeprefix("#/$defs/") if isinstance(ref, str) else ""
        if name in single:
            return inline({**defs[name], **{k: v for k, v in node.items() if k != "$ref"}}, False)
        return _subschemas(node, inline)

    result = inline({k: v for k, v in schema.items() if k != "$defs"}, True)
    kept = {name: inline(sub, True) for name, sub in defs.items() if name not in single}
    if kept:
        result["$defs"] = kept
    return result


def _collapse_union(schema: dict[str, Any]) -> dict[str, Any]:
    branches = schema.get("anyOf")
    if not isinstance(branches, list):
        return schema
    if "default" in schema and schema["default"] is None and {"type": "null"} in branches:
        branches = [b for b in branches if b != {"type": "null"}]
        schema = {k: v for k, v in schema.items() if k != "default"}
    if len(branches) == 1 and isinstance(branches[0], dict) and not set(branches[0]) & set(schema) - {"anyOf"}:
        rest = {k: v for k, v in schema.items() if k != "anyOf"}
        return {**branches[0], **rest}
    if len(branches) > 1 and all(isinstance(b, dict) and set(b) == {"type"} and isinstance(b["type"], str)
                                 for b in branches):
        rest = {k: v for k, v in schema.items() if k != "anyOf"}
        return {"type": [b["type"] for b in branches], **rest}
    return {**schema, "anyOf": branches}


def normalized(text: str) -> str:
    """A description's wording for comparison: case, runs of spaces and a final period do not count."""
    return " ".join(text.split()).rstrip(".").casefold()


def _described_properties(schema: Any) -> Iterable[tuple[str, dict[str, Any]]]:
    """Every (name, property schema) pair with a string description, at any depth ($defs and nested objects)."""
    if isinstance(schema, list):
        for item in schema:
            yield from _described_properties(item)
        return
    if not isinstance(schema, dict):
        return
    for key, value in schema.items():
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            for name, sub in value.items():
                if key == "properties" and isinstance(sub, dict) and isinstance(sub.get("description"), str):
                    yield name, sub
                yield from _described_properties(sub)
        elif key in _SCHEMA_VALUES or key in _SCHEMA_LISTS:
            yield from _described_properties(value)


def glossary_ref(key: str) -> str:
    """The description a property carries when its wording is a name's second (third …) glossary entry."""
    return f"={key}"


def _entry_name(key: str) -> str:
    return key.split(VARIANT_MARK, 1)[0]


def _undescribed_names(schema: Any) -> set[str]:
    """Names of properties, at any depth, that have no description."""
    found: set[str] = set()

    def visit(node: Any, top: bool) -> Any:
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                if isinstance(sub, dict) and "description" not in sub:
                    found.add(name)
            _subschemas(node, visit)
        elif isinstance(node, list):
            for item in node:
                visit(item, False)
        return node

    visit(schema, True)
    return found


def shared_parameters(descriptors: Iterable[ToolHead]) -> dict[str, str]:
    """Glossary key → the description at least `SHARED_MIN_TOOLS` of the given tools share for a property.

    Per property name, its wordings are ranked by the bytes they save: the first is keyed by the name itself
    (listed schemas leave the description out), the others by `name~2`, `name~3` … (listed schemas carry the
    short reference `=name~2`), kept only where the reference is much shorter than the text. Deterministic
    whatever the tools' order."""
    users: dict[tuple[str, str], set[str]] = {}
    spelling: dict[tuple[str, str], Counter[str]] = {}
    undescribed: set[str] = set()
    writers = False
    for descriptor in descriptors:
        writers = writers or (descriptor.supports_dry_run and not descriptor.read_only_hint)
        undescribed |= _undescribed_names(descriptor.input_schema)
        for name, prop in _described_properties(descriptor.input_schema):
            key = (name, normalized(prop["description"]))
            users.setdefault(key, set()).add(descriptor.name)
            spelling.setdefault(key, Counter())[prop["description"]] += 1
    ranked = sorted(((len(tools) * len(key[1]), key) for key, tools in users.items()
                     if len(tools) >= SHARED_MIN_TOOLS), key=lambda item: (-item[0], item[1]))
    shared: dict[str, str] = {}
    variants: Counter[str] = Counter()
    for _saving, (name, text) in ranked:
        variants[name] += 1
        # A name some tool leaves undescribed gets references only: its omission must keep meaning "none".
        plain = variants[name] == 1 and name not in undescribed
        key = name if plain else f"{name}{VARIANT_MARK}{variants[name]}"
        if key != name and len(text) < len(glossary_ref(key)) + _MIN_REF_SAVING:
            variants[name] -= 1
            continue
        shared[key] = min(spelling[name, text].items(), key=lambda item: (-item[1], item[0]))[0]
    if writers:
        shared[DRY_RUN_ARG] = DRY_RUN_DESCRIPTION
    return shared


def _lookup(shared: Mapping[str, str]) -> dict[tuple[str, str], str]:
    return {(_entry_name(key), normalized(text)): key for key, text in shared.items()}


def glossary_users(descriptor: ToolHead, shared: Mapping[str, str]) -> set[str]:
    """The glossary keys this tool's listed schema refers to (by leaving a description out, or by `=key`)."""
    lookup = _lookup(shared)
    found = {lookup[name, normalized(prop["description"])] for name, prop in
             _described_properties(descriptor.input_schema) if (name, normalized(prop["description"])) in lookup}
    if DRY_RUN_ARG in shared and descriptor.supports_dry_run and not descriptor.read_only_hint:
        found.add(DRY_RUN_ARG)
    return found


def _mark_undescribed(schema: dict[str, Any], plain: set[str]) -> None:
    """A property without a description whose name is a plain glossary entry (possible only when a rebuild
    keeps the glossary the client holds) gets an empty one, so it is not read as the glossary's."""

    def visit(node: Any, top: bool) -> Any:
        if isinstance(node, dict):
            for name, sub in (node.get("properties") or {}).items():
                if isinstance(sub, dict) and "description" not in sub and name in plain:
                    sub["description"] = ""
            _subschemas(node, visit)
        return node

    visit(schema, True)


def input_schema(descriptor: ToolHead, shared: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The tool's input schema, compact, with `dryRun` added for tools that can be previewed, and the
    glossary's wordings (at any depth, compared `normalized`) left out or replaced by their reference."""
    schema = compact_schema(descriptor.input_schema)
    if schema.get("additionalProperties") is False:
        del schema["additionalProperties"]  # stated once in the server instructions (wording.CLOSED_INPUTS)
    schema.setdefault("type", "object")
    properties = schema.setdefault("properties", {})
    if descriptor.supports_dry_run and not descriptor.read_only_hint:
        properties[DRY_RUN_ARG] = dict(DRY_RUN_SCHEMA)
    if shared:
        lookup = _lookup(shared)
        _mark_undescribed(schema, set(shared) - {DRY_RUN_ARG})
        for name, prop in list(_described_properties(schema)):
            key = lookup.get((name, normalized(prop["description"])))
            if key == name:
                del prop["description"]
            elif key is not None:
                prop["description"] = glossary_ref(key)
    return hoist_repeats(schema)


def description(descriptor: ToolHead) -> str:
    """The summary, plus what an agent must know before calling: why it cannot run, or that it cannot preview."""
    text = descriptor.summary
    if descriptor.available is False:
        text += f" Unavailable ({descriptor.unavailable_code}): {descriptor.unavailable_reason}"
    elif descriptor.verified_by and descriptor.profile_verified is False:  # runs unverified here: on what proof
        text += f" Here: {descriptor.operation}, on {descriptor.verified_by}."
    if not descriptor.read_only_hint and not descriptor.supports_dry_run:
        text += " Writes without a preview."
    return text


def annotations(descriptor: ToolHead) -> types.ToolAnnotations:
    """The descriptor's risk hints that differ from the MCP defaults (clients decide; the server never gates)."""
    if descriptor.read_only_hint:
        return types.ToolAnnotations(read_only_hint=True)
    return types.ToolAnnotations(destructive_hint=False if not descriptor.destructive_hint else None,
                                 idempotent_hint=True if descriptor.idempotent_hint else None)


def mcp_tool(descriptor: ToolHead, name: str, shared: Mapping[str, str] | None = None) -> types.Tool:
    """Name, summary, input schema and risk hints: the display title, the registry name and the output schema
    are one `unitycli_describe_tool` call away and are not paid for on every session."""
    return types.Tool(
        name=name,
        description=description(descriptor),
        input_schema=input_schema(descriptor, shared),
        annotations=annotations(descriptor),
    )


def wire_size(tool: types.Tool) -> int:
    """Bytes this entry adds to a `tools/list` answer (compact JSON, as the stdio transport sends it)."""
    return len(json.dumps(tool.model_dump(by_alias=True, mode="json", exclude_none=True),
                          ensure_ascii=False, separators=(",", ":")).encode())
