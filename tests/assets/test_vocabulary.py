"""One vocabulary: `file` names the addressed file (the asset tools' old `path` still works for one release, and
giving both is refused), and a fileID is `fileID` (or `<thing>FileID`) in every schema, never `fileId`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.assets.conftest import GRASS, LANTERN, failure, output
from unitycli.testing import registered_specs

# Extensions whose models are not renamed yet (none now; an entry names one that is still to do).
NOT_YET: tuple[str, ...] = ()
ADDRESSED = ("asset.info", "asset.references", "asset.dependencies", "asset.move", "asset.rename", "asset.delete")


def _keys(schema: object) -> set[str]:
    """Every property name anywhere in a JSON schema (nested models and $defs included)."""
    found: set[str] = set()
    if isinstance(schema, dict):
        found |= set(schema.get("properties", {}))
        for value in schema.values():
            found |= _keys(value)
    elif isinstance(schema, list):
        for value in schema:
            found |= _keys(value)
    return found


def test_no_schema_spells_file_id_any_other_way():
    wrong = {}
    for name, spec in registered_specs().items():
        if name.startswith(NOT_YET):
            continue
        for model in (spec.input_model, spec.output_model):
            bad = sorted(k for k in _keys(model.model_json_schema(by_alias=True)) if re.search(r"[fF]ileIds?$", k))
            if bad:
                wrong[name] = bad
    assert wrong == {}


@pytest.mark.parametrize("tool", ADDRESSED)
def test_asset_tools_take_file_and_document_path_as_its_old_name(tool):
    schema = registered_specs()[tool].input_model.model_json_schema(by_alias=True)
    assert "file" in schema["properties"]
    assert schema["properties"]["path"]["deprecated"] is True
    assert "old name of `file`" in schema["properties"]["path"]["description"]


def test_the_old_key_path_gives_the_same_answer_as_file(sample: Path):
    new = output(sample, "asset.references", {"file": GRASS})
    assert output(sample, "asset.references", {"path": GRASS}) == new
    assert new["file"] == GRASS and new["referrers"][0]["objects"][0]["fileID"]


def test_giving_file_and_path_is_a_schema_error(sample: Path):
    error = failure(sample, "asset.info", {"file": LANTERN, "path": LANTERN})
    assert error.code == "E_SCHEMA_INVALID"
    assert "not also its old name `path`" in error.message


def test_a_move_by_the_old_key_still_moves(sample: Path):
    moved = output(sample, "asset.move", {"path": LANTERN, "destination": "Assets/Props/Lantern.prefab"})
    assert (moved["file"], moved["destination"]) == (LANTERN, "Assets/Props/Lantern.prefab")
    assert (sample / "Assets/Props/Lantern.prefab").is_file() and not (sample / LANTERN).exists()
