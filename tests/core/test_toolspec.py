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

    with pytest.raises(ToolSpecError, match="no JSON Schema"):
        _spec(input_model=BadIn)


def test_writer_must_declare_write_permission():
    with pytest.raises(ToolSpecError, match="writes_project"):
        _spec(read_only=False)
    assert _spec(read_only=False, permissions=("reads_project", "writes_project")).read_only is False


def test_unknown_input_fields_are_refused_by_the_base_model():
    with pytest.raises(ValueError):
        In.model_validate({"text": "a", "txet": "b"})
