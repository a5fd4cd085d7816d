"""The contract snapshot and the docs generated from the registry: a schema change is always deliberate."""

from __future__ import annotations

import json
import os
import shutil

import jsonschema
import pytest

from tests.fixturepaths import REPO_ROOT
from unitycli.cli.main import cli
from unitycli.cli.main import run as cli_run
from unitycli.contract import snapshot as contract
from unitycli.errors import UnityCliError

SNAPSHOT = REPO_ROOT / "contract" / "snapshot.json"


def test_the_checked_in_snapshot_matches_the_code():
    report = contract.check(SNAPSHOT, cli)
    assert report["digest"] == json.loads(SNAPSHOT.read_text())["digest"]
    if report["unverifiedSections"] and os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"extensions in the snapshot are not installed, so their contract is unchecked: "
                    f"{report['unverifiedSections']}")


def test_a_changed_input_schema_fails_the_check_until_regenerated(tmp_path):
    copy = tmp_path / "snapshot.json"
    shutil.copy(SNAPSHOT, copy)
    stored = json.loads(copy.read_text())
    stored["tools"]["unitycli"]["package.add"]["inputSchema"]["properties"]["name"]["type"] = "integer"
    stored["digest"] = contract.digest_of(stored)
    contract.write_snapshot(copy, stored)
    with pytest.raises(UnityCliError) as info:
        contract.check(copy, cli)
    assert info.value.code == "E_CONTRACT_DRIFT"
    assert info.value.details["differences"] == [
        {"kind": "tool", "name": "package.add", "change": "changed: inputSchema", "section": "unitycli"}]
    outcome = cli_run(["docs", "contract", "--write", "--file", str(copy), "--json"])
    assert outcome.exit_code == 0
    assert contract.check(copy, cli)["digest"] == outcome.envelope["result"]["digest"]


def test_a_hand_edited_snapshot_is_caught_by_its_digest(tmp_path):
    copy = tmp_path / "snapshot.json"
    stored = json.loads(SNAPSHOT.read_text())
    stored["digest"] = "sha256:" + "0" * 64
    contract.write_snapshot(copy, stored)
    outcome = cli_run(["docs", "contract", "--check", "--file", str(copy), "--json"])
    assert outcome.exit_code == 1
    assert outcome.envelope["error"]["code"] == "E_CONTRACT_DRIFT"
    assert outcome.envelope["error"]["details"]["differences"][0]["name"] == "digest"


def test_docs_schema_describes_the_real_tools_run_output(tmp_path):
    schema = cli_run(["docs", "schema", "tools", "run", "--json"]).envelope["result"]["jsonSchema"]
    sample = REPO_ROOT / "examples" / "sample-project"
    ok = cli_run(["tools", "run", "package.list", "--project", str(sample), "--json"]).envelope
    failed = cli_run(["tools", "run", "package.list", "--input", '{"bogus": 1}', "--project", str(sample),
                      "--json"]).envelope
    jsonschema.validate(ok, schema)
    jsonschema.validate(failed, schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**ok, "requestId": 7}, schema)
    unknown = cli_run(["docs", "schema", "tools", "rnu", "--json"])
    assert (unknown.exit_code, unknown.envelope["error"]["code"]) == (2, "E_OPTION_VALUE_INVALID")
    assert unknown.envelope["error"]["nextActions"][0] == "unitycli docs schema tools run"


def test_every_discovery_and_entry_command_publishes_its_output_schema():
    from unitycli.contract.cli_schemas import cli_output_schemas

    schemas = cli_output_schemas(cli)
    for command in ("tools group", "tools search", "tools describe", "tools run", "batch", "docs errors",
                    "docs tool", "docs schema", "docs contract"):
        assert schemas[command] is not None, command
    missing = sorted(name for name, schema in schemas.items() if schema is None)
    if missing:
        pytest.skip(f"commands without a result model annotation (no published --json schema): {missing}")


def test_docs_tool_page_is_rendered_from_the_descriptor():
    outcome = cli_run(["docs", "tool", "package.add", "--json"])
    assert outcome.exit_code == 0
    result = outcome.envelope["result"]
    page = result["page"]
    assert page.startswith("# package.add — ")
    for heading in ("## Facts", "## Examples", "## Input schema", "## Output schema"):
        assert heading in page
    assert "- MCP name: `package_add` (group `package`)" in page
    assert "--dry-run" in page
    for example in result["descriptor"]["examples"]:
        jsonschema.validate(example, result["descriptor"]["inputSchema"])
    human = cli_run(["docs", "tool", "package.add"])
    assert human.human == page
