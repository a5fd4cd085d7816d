"""The catalog is the one list of codes: everything raised is in it, and everything in it is raised and tested."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from unitycli.errors import (
    CATALOG,
    EXIT_FAILED,
    EXIT_INCOMPLETE,
    EXIT_USAGE,
    ErrorSpec,
    UnityCliError,
    register_error_specs,
)
from unitycli.host.session import Session

# Loading the plugins merges every installed extension's own codes into the catalog, so the meta-tests below
# hold extensions to the same promises as the core (used, catalogued, tested).
PLUGINS = Session(include_entry_points=True).plugins

ROOT = Path(__file__).resolve().parents[2]
CODE_RE = re.compile(r"""["'](E_[A-Z][A-Z0-9_]+|UNKNOWN_COMMAND)["']""")
SOURCE_DIRS = ("core", "plugins", "extensions")


def _codes_in(dirs: tuple[str, ...], exclude: Path | None = None, extra: tuple[Path, ...] = ()) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for folder in (*(ROOT / d for d in dirs), *extra):
        for path in folder.rglob("*.py"):
            if exclude is not None and path == exclude:
                continue
            for code in CODE_RE.findall(path.read_text(encoding="utf-8")):
                found.setdefault(code, []).append(str(path.relative_to(ROOT)))
    return found


def test_every_code_used_in_source_is_catalogued():
    used = _codes_in(SOURCE_DIRS, exclude=ROOT / "core" / "errors.py")
    missing = {code: files for code, files in used.items() if code not in CATALOG}
    assert not missing, f"codes used but in no catalog (core/errors.py or an extension's own): {missing}"


def test_every_catalogued_code_is_used_and_tested():
    used = _codes_in(SOURCE_DIRS, exclude=ROOT / "core" / "errors.py")
    tested = _codes_in(("tests",), extra=tuple((ROOT / "extensions").glob("*/tests")))
    dead = sorted(set(CATALOG) - set(used))
    untested = sorted(set(CATALOG) - set(tested))
    assert not dead, f"catalogued codes nothing raises: {dead}"
    assert not untested, f"catalogued codes no test mentions: {untested}"


def test_exit_codes_are_the_documented_ones():
    assert {spec.exit_code for spec in CATALOG.values()} <= {EXIT_FAILED, EXIT_USAGE, EXIT_INCOMPLETE}


def test_unknown_code_cannot_be_raised():
    with pytest.raises(KeyError):
        UnityCliError("E_NOT_A_REAL_CODE", "x")


def test_error_dict_has_the_documented_fields():
    error = UnityCliError("E_PROJECT_LOCKED", "held").to_dict()
    assert list(error) == ["code", "message", "details", "nextActions", "transient", "retryAfterMs"]
    assert error["transient"] is True and error["retryAfterMs"] == 500


def test_extensions_own_their_codes_and_a_clash_names_both_owners():
    assert CATALOG["E_PROBUILDER_MESH_NOT_FOUND"].owner == "unitycli-probuilder"
    assert CATALOG["E_ASSET_NOT_FOUND"].owner == "unitycli"
    problems = register_error_specs([ErrorSpec("E_ASSET_NOT_FOUND", "a rival meaning")], "unitycli-rival")
    assert problems == ["error code E_ASSET_NOT_FOUND is declared by both unitycli and unitycli-rival; "
                        "unitycli's meaning is kept"]
    assert CATALOG["E_ASSET_NOT_FOUND"].meaning != "a rival meaning"
    assert register_error_specs([ErrorSpec("lower_case", "x")], "unitycli-rival") == [
        "unitycli-rival: 'lower_case' needs an E_UPPER_CASE code and exit code 1, 2 or 3"]
    assert register_error_specs("nope", "unitycli-rival")[0].startswith("unitycli-rival: unitycli_error_codes must")


def test_docs_errors_names_each_codes_owner():
    from unitycli.cli.main import run

    errors = {e["code"]: e for e in run(["docs", "errors", "--json"]).envelope["result"]["errors"]}
    assert errors["E_PROBUILDER_FACES_INVALID"]["owner"] == "unitycli-probuilder"
    assert errors["E_SCHEMA_INVALID"]["owner"] == "unitycli"
