"""Tool specs are validated at the door, so a bad one names its plugin instead of failing in a call."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec, ToolSpecError, mcp_name


class In(ToolInput):
    text: str


class Out(ToolOutput):
    text: str


def _spec(**overrides):
    fields = dict(name="demo.echo", title="Echo", summary="Echo text.", description="Echo text back.",
                  input_model=In, output_model=Out, handler=lambda ctx, req: Out(text=req.text))
    fields.update(overrides)
    return ToolSpec(**fields)


def test_valid_spec_derives_group_and_mcp_name():
    spec = _spec(name="probuilder.create-shape")
    assert spec.group == "probuilder"
    assert spec.mcp_name == "probuilder_create_shape"
    assert mcp_name("asset.find") == "asset_find"


@pytest.mark.parametrize("name", ["Demo.echo", "demo", "demo..x", "demo.x_y", "1demo.x", "demo.x!", "demo." + "a" * 60])
def test_bad_names_are_refused(name):
    with pytest.raises(ToolSpecError):
        _spec(name=name)


def test_summary_over_80_characters_is_refused():
    with pytest.raises(ToolSpecError, match="at most 80"):
        _spec(summary="x" * 81)


def test_missing_description_is_refused():
    with pytest.raises(ToolSpecError, match="description is required"):
        _spec(description="  ")


def test_model_without_schema_is_refused():
    class Opaque:
        pass

    class BadIn(BaseModel):
        model_config = {"arbitrary_types_allowed": True}
        thing: Opaque

    spec = _spec(input_model=BadIn)  # registering stays cheap: no schema is built on the run path
    with pytest.raises(ToolSpecError, match="tool demo.echo: input_model has no JSON Schema"):
        spec.check_schemas()


def test_every_registered_tool_has_both_schemas():
    """Schemas are no longer built at registration, so this walk is what keeps every one buildable."""
    from unitycli.host.session import Session

    registry = Session().registry
    assert registry.tools
    for tool in registry.tools.values():
        tool.spec.check_schemas()
        assert tool.spec.input_schema()["type"] == "object"


def test_writer_must_declare_write_permission():
    with pytest.raises(ToolSpecError, match="writes_project"):
        _spec(read_only=False)
    assert _spec(read_only=False, permissions=("reads_project", "writes_project")).read_only is False


def test_unknown_input_fields_are_refused_by_the_base_model():
    with pytest.raises(ValueError):
        In.model_validate({"text": "a", "txet": "b"})


def test_a_tool_whose_schema_cannot_be_built_is_reported_not_listed():
    from unitycli.errors import UnityCliError
    from unitycli.host.hookspecs import hookimpl
    from unitycli.host.owners import ToolOwner
    from unitycli.host.session import Session

    class Opaque:
        pass

    class BadIn(ToolInput):
        model_config = {"arbitrary_types_allowed": True}
        thing: Opaque

    class Plugin:
        @hookimpl
        def unitycli_register_tools(self, register):
            register(_spec(name="demo.opaque", input_model=BadIn))
            register(_spec(name="demo.echo"))

    owner = ToolOwner(kind="extension", plugin="test:demo", distribution="demo-ext")
    session = Session(include_entry_points=False, extra_plugins=[(Plugin(), owner)])
    names = [d.name for d in session.descriptors()]
    assert "demo.echo" in names and "demo.opaque" not in names
    [problem] = [p for p in session.registry.problems if p.tool == "demo.opaque"]
    assert problem.kind == "malformed" and "input_model has no JSON Schema" in problem.message
    with pytest.raises(UnityCliError) as info:
        session.descriptor(session.tool("demo.opaque"))
    assert info.value.code == "E_TOOL_REGISTRY_UNHEALTHY"


# --- handlers and models named by import path: registration imports nothing of the tool ------------------------

def test_a_reference_is_imported_on_first_use_and_kept():
    spec = _spec(input_model="tests.core.test_toolspec:In", handler="unitycli.toolspec:mcp_name")
    assert spec.__dict__["_input_model"] == "tests.core.test_toolspec:In"  # nothing imported at registration
    assert spec.input_model is In and spec.__dict__["_input_model"] is In
    assert spec.handler is mcp_name


@pytest.mark.parametrize("reference", ["In", "tests.core.test_toolspec", "tests/core/x.py:In", ":In", "a:"])
def test_a_malformed_reference_is_refused_at_registration(reference):
    with pytest.raises(ToolSpecError, match="is not an import path"):
        _spec(input_model=reference)


@pytest.mark.parametrize(("reference", "message"), [
    ("tests.core.no_such_module:In", "cannot be imported"),
    ("tests.core.test_toolspec:NoSuchModel", "does not exist"),
    ("tests.core.test_toolspec:_spec", "must be a pydantic model class"),
])
def test_a_reference_that_does_not_resolve_names_the_tool(reference, message):
    spec = _spec(input_model=reference)
    with pytest.raises(ToolSpecError, match=f"tool demo.echo: input_model .*{message}"):
        spec.resolve()


def test_preparing_a_tool_whose_reference_fails_is_a_registry_error(tmp_path):
    from unitycli.errors import UnityCliError
    from unitycli.host.hookspecs import hookimpl
    from unitycli.host.owners import ToolOwner
    from unitycli.host.session import Session

    class Plugin:
        @hookimpl
        def unitycli_register_tools(self, register):
            register(_spec(name="demo.gone", handler="tests.core.no_such_module:handler"))

    owner = ToolOwner(kind="builtin", plugin="test:demo", distribution="unitycli")  # passes its integrity check
    session = Session(include_entry_points=False, extra_plugins=[(Plugin(), owner)], cwd=tmp_path)
    with pytest.raises(UnityCliError) as info:
        session.prepare("demo.gone")
    assert info.value.code == "E_TOOL_REGISTRY_UNHEALTHY"
    assert "test:demo" in str(info.value.details["providers"])
    assert "tests.core.no_such_module:handler" in info.value.message


def test_every_builtin_reference_resolves():
    """The built-ins name their handlers and models by path; each one must exist and be the right kind."""
    from unitycli.host.session import Session

    for tool in Session(include_entry_points=False).registry.tools.values():
        tool.spec.resolve()


def test_running_one_scene_tool_imports_no_other_scene_tool(sample_copy):
    """The point of naming handlers by path: a call imports its own tool module, not its plugin's fifty."""
    import json
    import subprocess
    import sys

    code = ("import json, sys; from unitycli.cli.main import run; "
            f"out = run(['tools', 'run', 'scene.list', '--json', '--project', {str(sample_copy)!r}]); "
            "assert out.exit_code == 0, out.envelope; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('unitycli.plugins.scenes.'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout.strip().splitlines()[-1])
    assert "unitycli.plugins.scenes.scene_list" in loaded
    assert not {"unitycli.plugins.scenes.component_set", "unitycli.plugins.scenes.hierarchy",
                "unitycli.plugins.scenes.gameobjects", "unitycli.plugins.scenes.transform"} & set(loaded)
