"""Promises every tool keeps: a valid descriptor, examples that pass their own schema, dry-run for writers,
and a test that runs it."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import pytest

from unitycli.host.session import Session

ROOT = Path(__file__).resolve().parents[2]
SESSION = Session(cwd=ROOT)
TOOLS = sorted(SESSION.registry.tools.values(), key=lambda t: t.spec.name)
# The core's tests and every extension's own tests (extensions/<id>/tests/).
TEST_FILES = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "extensions").glob("*/tests/**/*.py")]
TEST_TEXT = "\n".join(p.read_text(encoding="utf-8") for p in TEST_FILES if p.name != Path(__file__).name)


def test_registry_is_healthy():
    assert SESSION.registry.healthy, [p.to_dict() for p in SESSION.registry.problems]


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.spec.name)
def test_descriptor_schemas_are_valid_json_schema(tool):
    descriptor = SESSION.descriptor(tool)
    jsonschema.Draft202012Validator.check_schema(descriptor.input_schema)
    jsonschema.Draft202012Validator.check_schema(descriptor.output_schema)
    assert len(descriptor.summary) <= 80


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.spec.name)
def test_examples_pass_their_own_schema(tool):
    assert tool.spec.examples, f"{tool.spec.name} has no example input"
    schema = SESSION.descriptor(tool).input_schema
    for example in tool.spec.examples:
        jsonschema.validate(example, schema)
        tool.spec.input_model.model_validate(example)


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.spec.name)
def test_writers_support_dry_run(tool):
    if not tool.spec.read_only:
        assert tool.spec.supports_dry_run, f"{tool.spec.name} writes but cannot be previewed"


@pytest.mark.parametrize("tool", TOOLS, ids=lambda t: t.spec.name)
def test_every_tool_is_run_by_some_test(tool):
    assert f'"{tool.spec.name}"' in TEST_TEXT or f"'{tool.spec.name}'" in TEST_TEXT, (
        f"no test names {tool.spec.name}")
