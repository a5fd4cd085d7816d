"""The compact `tools/list`: smaller schemas that still say exactly what a call may contain.

Every registry tool's listed input schema is a valid JSON Schema that accepts the tool's own examples (with
`dryRun` for writers) and refuses what the tool refuses; read with the glossary the describe tool carries, it says
exactly what the tool's own schema says; and error next actions turn into calls a client can make as they are.
"""

from __future__ import annotations

import json
import shlex

import pytest
from jsonschema import Draft202012Validator

from tests.fixturepaths import fixture_project
from unitycli.host.descriptors import ToolDescriptor
from unitycli.host.owners import ToolOwner
from unitycli.host.session import Session
from unitycli.mcp.calls import next_calls
from unitycli.mcp.schemas import (
    DRY_RUN_DESCRIPTION,
    compact_schema,
    glossary_users,
    hoist_repeats,
    input_schema,
    normalized,
    shared_parameters,
)
from unitycli.mcp.surface import ToolSurface
from unitycli.mcp.toolsets import ListPolicy
from unitycli.next_actions import describe_command, render, search_command, tool_command


@pytest.fixture(scope="module")
def surface() -> ToolSurface:
    return ToolSurface.build(Session(project_arg=str(fixture_project("minigolf"))), ListPolicy(list_all=True))


def test_every_listed_schema_is_valid_and_accepts_the_tools_own_examples(surface):
    for descriptor in surface.heads:
        schema = input_schema(descriptor, surface.shared)
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        for example in descriptor.examples:
            errors = [e.message for e in validator.iter_errors(example)]
            assert errors == [], (descriptor.name, example, errors)
        if "dryRun" in schema["properties"]:
            assert not list(validator.iter_errors({**(descriptor.examples or [{}])[0], "dryRun": True}))


def test_the_compact_schema_refuses_what_the_full_one_refuses(surface):
    [create] = [d for d in surface.heads if d.name == "gameobject.create"]
    validator = Draft202012Validator(input_schema(create, surface.shared))
    assert not validator.is_valid({"name": "Tree"})  # `file` is still required
    assert not validator.is_valid({"file": "a.unity", "name": "", "layer": 3})  # minLength 1 kept
    assert not validator.is_valid({"file": "a.unity", "name": "T", "layer": 32})  # maximum 31 kept
    assert not validator.is_valid({"file": "a.unity", "name": "T", "position": {"x": 1, "w": 2}})  # closed $def
    assert validator.is_valid({"file": "a.unity", "name": "T", "parent": 42, "position": {"x": 1}})


def test_titles_go_unions_with_null_collapse_and_data_is_left_alone():
    schema = {
        "title": "In", "type": "object", "additionalProperties": False,
        "properties": {
            "title": {"title": "Title", "type": "string"},  # a property called title stays
            "parent": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}], "default": None,
                       "title": "Parent", "description": "where"},
            "guid": {"anyOf": [{"pattern": "^[0-9a-f]{32}$", "type": "string"}, {"type": "null"}],
                     "default": None},
            "pick": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": "x"},  # null is a real choice
            "shape": {"default": {"title": "kept"}, "type": "object"},
        },
    }
    assert compact_schema(schema) == {
        "type": "object", "additionalProperties": False,
        "properties": {
            "title": {"type": "string"},
            "parent": {"type": ["string", "integer"], "description": "where"},
            "guid": {"pattern": "^[0-9a-f]{32}$", "type": "string"},
            "pick": {"type": ["string", "null"], "default": "x"},
            "shape": {"default": {"title": "kept"}, "type": "object"},
        },
    }


def test_a_repeated_subschema_shape_is_written_once_each_place_keeping_its_own_words():
    platforms = {"enum": [f"Platform{i}" for i in range(20)], "type": "string"}
    schema = {"type": "object", "properties": {name: {"type": "object", "propertyNames": platforms,
                                                      "additionalProperties": {"type": "string"},
                                                      "description": f"per platform, {name}"}
                                               for name in ("a", "b", "c")}}
    hoisted = hoist_repeats(schema)
    shape = {"type": "object", "propertyNames": platforms, "additionalProperties": {"type": "string"}}
    assert hoisted["$defs"] == {"Shared0": shape}  # the inner enum, used once in it, stays inline
    assert hoisted["properties"]["b"] == {"$ref": "#/$defs/Shared0", "description": "per platform, b"}
    assert len(json.dumps(hoisted)) < len(json.dumps(schema))
    small = {"type": "object", "properties": {n: {"type": "number", "default": 0} for n in "xyz"}}
    assert hoist_repeats(small) == small  # a $ref would be longer than what it replaces


def _descriptor(name: str, properties: dict, *, writer: bool = False) -> ToolDescriptor:
    return ToolDescriptor(name=name, mcp_name=name.replace(".", "_"), title=name, group=name.split(".")[0],
                          summary="s", description="d", input_schema={"type": "object", "properties": properties},
                          output_schema={}, read_only_hint=not writer, destructive_hint=False,
                          idempotent_hint=True, supports_dry_run=writer, permissions=[], target="project",
                          available=True, owner=ToolOwner(kind="extension", plugin="x"))


def test_wordings_shared_by_two_tools_core_or_extension_go_to_the_glossary():
    rev = "Refuse (E_STALE_WRITE) unless the file is at this revision."
    other = "The revision read earlier; else E_STALE_WRITE"
    tools = [
        _descriptor("a.one", {"expectedRevision": {"type": "string", "description": rev},
                              "deep": {"type": "object", "properties": {"fileID": {
                                  "type": "integer", "description": "The object's fileID"}}}}),
        _descriptor("b.two", {"expectedRevision": {"type": "string", "description": "refuse (E_STALE_WRITE)  "
                                                   "unless the file is at this revision"},
                              "fileID": {"type": "integer", "description": "the object's fileID."}}),
        _descriptor("c.three", {"expectedRevision": {"type": "string", "description": other}}),
        _descriptor("d.four", {"expectedRevision": {"type": "string", "description": other}}),
    ]
    shared = shared_parameters(tools)
    assert shared["expectedRevision"] == rev  # case, spacing and a final period do not count
    assert shared["expectedRevision~2"] == other  # the second wording, by reference
    assert "fileID" in shared  # found at any depth
    assert shared == shared_parameters(tools[::-1])
    one, two, three = (input_schema(t, shared)["properties"] for t in tools[:3])
    assert one["expectedRevision"] == {"type": "string"} and two["expectedRevision"] == {"type": "string"}
    assert one["deep"]["properties"]["fileID"] == {"type": "integer"}
    assert three["expectedRevision"] == {"type": "string", "description": "=expectedRevision~2"}


def test_a_name_some_tool_leaves_undescribed_is_shared_by_reference_only():
    text = "Replace the present component with this class"
    tools = [_descriptor("a.one", {"type": {"type": "string", "description": text}}),
             _descriptor("b.two", {"type": {"type": "string", "description": text}}),
             _descriptor("c.ref", {"ref": {"type": "object", "properties": {"type": {"type": "integer"}}}})]
    shared = shared_parameters(tools)
    assert "type" not in shared and shared["type~1"] == text
    assert input_schema(tools[0], shared)["properties"]["type"]["description"] == "=type~1"
    assert input_schema(tools[2], shared)["properties"]["ref"]["properties"]["type"] == {"type": "integer"}
    # A glossary held from before (a rebuild) that names it plainly: the undescribed one says "none" instead.
    held = {"type": text}
    assert input_schema(tools[2], held)["properties"]["ref"]["properties"]["type"] == {"type": "integer",
                                                                                       "description": ""}


def _expand(schema: dict, shared: dict, hoisted: set[str]) -> dict:
    """What an agent reads: glossary meanings back in place, the server's hoisted shapes back inline."""
    defs = schema.get("$defs", {})

    def visit(node):
        if isinstance(node, list):
            return [visit(item) for item in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref", "")
        if isinstance(ref, str) and ref.removeprefix("#/$defs/") in hoisted:
            node = {**defs[ref.removeprefix("#/$defs/")], **{k: v for k, v in node.items() if k != "$ref"}}
        out = {}
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                props = {}
                for name, prop in value.items():
                    prop = visit(prop)
                    text = prop.get("description")
                    if text is None and name in shared:
                        prop = {**prop, "description": shared[name]}
                    elif isinstance(text, str) and text.startswith("="):
                        prop = {**prop, "description": shared[text[1:]]}
                    elif text == "":
                        prop = {k: v for k, v in prop.items() if k != "description"}
                    props[name] = prop
                out[key] = props
            elif key == "$defs":
                kept = {n: visit(d) for n, d in value.items() if n not in hoisted}
                if kept:
                    out[key] = kept
            else:
                out[key] = visit(value)
        return out

    return visit(schema)


def _normalized_descriptions(node):
    if isinstance(node, list):
        return [_normalized_descriptions(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {k: normalized(v) if k == "description" and isinstance(v, str) else _normalized_descriptions(v)
            for k, v in node.items()}


@pytest.mark.parametrize("name", ["minigolf", "vfx-samples"])
def test_a_listed_schema_read_with_the_glossary_says_exactly_what_the_tools_schema_says(name):
    surface = ToolSurface.build(Session(project_arg=str(fixture_project(name))), ListPolicy())
    assert surface.shared, "the glossary is in use"
    listed = {t.name: t.input_schema for t in surface.tools}
    for descriptor in surface.selection.listed:
        original = compact_schema(descriptor.input_schema)
        original.pop("additionalProperties", None)  # said once in the instructions
        if "dryRun" in listed[descriptor.mcp_name]["properties"]:
            original["properties"]["dryRun"] = {"type": "boolean", "description": DRY_RUN_DESCRIPTION}
        ours = set(listed[descriptor.mcp_name].get("$defs", {})) - set(original.get("$defs", {}))
        expanded = _expand(listed[descriptor.mcp_name], surface.shared, ours)
        assert _normalized_descriptions(expanded) == _normalized_descriptions(original), descriptor.name
    text = _describe_tool(surface).description
    used = set().union(*(glossary_users(d, surface.shared) for d in surface.selection.listed))
    assert set(surface.shared) == used  # the glossary carries no entry no listed tool needs
    assert all(f"\n- {key}: {meaning}" in text for key, meaning in surface.shared.items())


@pytest.mark.parametrize("payload", [None, {"path": "Assets/It's here.prefab"}, {"name": "ünï", "n": [1, {"a": None}]}])
def test_a_tool_call_renders_as_the_line_a_shell_runs(payload):
    call = tool_command("asset.info", payload, project="/tmp/my project")
    assert (call.tool, dict(call.arguments), call.project) == ("asset.info", payload or {}, "/tmp/my project")
    words = shlex.split(render(call))
    assert words[:6] == ["unitycli", "tools", "run", "asset.info", "--project", "/tmp/my project"]
    assert json.loads(words[7]) == payload if payload else len(words) == 6
    assert render(tool_command("scene.list")) == "unitycli tools run scene.list"
    assert render(describe_command("scene.list")) == "unitycli tools describe scene.list"
    assert render(search_command("scene|prefab")) == "unitycli tools search 'scene|prefab'"


def test_next_calls_use_the_listed_name_the_run_tool_or_nothing():
    actions = [
        tool_command("asset.info", {"path": "A"}, project="/p"),
        tool_command("probuilder.list-meshes"),
        tool_command("asset.find", project="/elsewhere"),
        describe_command("asset.info"),
        search_command("scene|prefab"),
        tool_command("nope.nothing"),
        "unitycli extensions doctor",
        "unitycli tools run asset.info",  # a plain line stays a line: nothing is parsed back
    ]
    known = {"asset.info", "asset.find", "probuilder.list-meshes"}
    calls = next_calls(actions, project_root="/p", known=known.__contains__, listed={"asset.info"}.__contains__)
    assert calls == [
        {"tool": "asset_info", "arguments": {"path": "A"}},
        {"tool": "unitycli_run_tool", "arguments": {"name": "probuilder.list-meshes", "input": {}}},
        {"tool": "unitycli_describe_tool", "arguments": {"name": "asset.info"}},
        {"tool": "unitycli_search_tools", "arguments": {"query": "scene|prefab"}},
    ]


def _describe_tool(surface):
    [describe] = [t for t in surface.tools if t.name == "unitycli_describe_tool"]
    return describe


def test_a_rebuild_given_a_glossary_keeps_it(surface):
    """A surface built against a glossary already given writes its schemas against exactly that one."""
    first = ToolSurface.build(surface.session, ListPolicy())
    held = {key: text for key, text in first.shared.items() if key != "file"}
    again = ToolSurface.build(surface.session, ListPolicy(), held)
    assert again.shared == held
    [hierarchy] = [t for t in again.tools if t.name == "scene_hierarchy"]
    assert hierarchy.input_schema["properties"]["file"]["description"] == first.shared["file"]


def test_a_rebuilt_list_carries_the_glossary_of_what_it_lists(sample_copy):
    """The glossary is part of the list (the describe tool's description), so a rebuild words it afresh."""
    from tests.mcp.harness import notes_options
    from unitycli.mcp.server import McpState

    state = McpState(notes_options(sample_copy, policy=ListPolicy(budget_bytes=10**6)))
    held = state.surface.shared
    assert "probuilder_create_shape" in [t.name for t in state.surface.tools]
    for name in ("manifest.json", "packages-lock.json"):  # the package goes: its tools can no longer run
        path = sample_copy / "Packages" / name
        packages = json.loads(path.read_text())
        del packages["dependencies"]["com.unity.probuilder"]
        path.write_text(json.dumps(packages, indent=2))
    assert state.refresh()
    assert "probuilder_create_shape" not in [t.name for t in state.surface.tools]
    assert state.surface.shared == ToolSurface.build(state.surface.session, state.options.policy).shared
    assert state.surface.shared != held  # the words only the probuilder tools shared are gone with them
    text = _describe_tool(state.surface).description
    assert all(f"\n- {key}: {meaning}" in text for key, meaning in state.surface.shared.items())
