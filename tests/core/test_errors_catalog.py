"""The catalog is the one list of codes: everything raised is in it, and everything in it is raised and tested.

The catalog is assembled from the registry (the core's codes and each loaded plugin's declared `ErrorSpec`
values), so the meta-tests hold installed extensions to the same promises as the core (used, catalogued, tested).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from unitycli.errors import (
    CORE,
    EXIT_FAILED,
    EXIT_INCOMPLETE,
    EXIT_USAGE,
    ErrorSpec,
    UnityCliError,
    add_specs,
    assemble_catalog,
    declared_specs,
)
from unitycli.host.plugin_loader import error_catalog
from unitycli.host.session import Session
from unitycli.next_actions import tool_command

PLUGINS = Session(include_entry_points=True).plugins
CATALOG = error_catalog(PLUGINS)

ROOT = Path(__file__).resolve().parents[2]
CODE_RE = re.compile(r"^(E_[A-Z][A-Z0-9_]+|UNKNOWN_COMMAND)$")
SOURCE_DIRS = ("core", "plugins", "extensions")


def _declarations(tree: ast.AST) -> set[int]:
    """The ids of the nodes that declare a code rather than use it: `E_X = ErrorSpec("E_X", …)`, `_spec("E_X", …)`."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            skip.update(id(t) for t in node.targets)
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("ErrorSpec", "_spec") and node.args:
            skip.add(id(node.args[0]))
    return skip


def _codes_in(paths: list[Path]) -> dict[str, list[str]]:
    """Every code a source names, as a string or as its spec's name (declarations left out)."""
    found: dict[str, list[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = _declarations(tree)
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            name = node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else \
                node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
            if name is not None and CODE_RE.match(name):
                found.setdefault(name, []).append(str(path.relative_to(ROOT)))
    return found


def _sources(*dirs: str) -> list[Path]:
    return [p for d in dirs for p in (ROOT / d).rglob("*.py") if "/tests/" not in str(p)]


def _tests() -> list[Path]:
    return [*(ROOT / "tests").rglob("*.py"), *(p for d in (ROOT / "extensions").glob("*/tests") for p in d.rglob("*.py"))]


def test_every_code_used_in_source_is_catalogued():
    used = _codes_in(_sources(*SOURCE_DIRS))
    missing = {code: files for code, files in used.items() if code not in CATALOG}
    assert not missing, f"codes used but declared nowhere (core/errors.py or a plugin's errors module): {missing}"


def test_every_catalogued_code_is_used_and_tested():
    used = _codes_in(_sources(*SOURCE_DIRS))
    tested = _codes_in(_tests())
    dead = sorted(set(CATALOG) - set(used))
    untested = sorted(set(CATALOG) - set(tested))
    assert not dead, f"catalogued codes nothing raises: {dead}"
    assert not untested, f"catalogued codes no test mentions: {untested}"


def test_the_use_check_sees_a_declaration_apart_from_a_use(tmp_path):
    """The meta-test can fail: a declared code nothing raises is not counted as used."""
    source = tmp_path / "errors.py"
    source.write_text('E_ACME_ONLY_DECLARED = ErrorSpec("E_ACME_ONLY_DECLARED", "x")\n'
                      'def f():\n    raise UnityCliError(E_ACME_RAISED, "y")\n', encoding="utf-8")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    skip = _declarations(tree)
    named = {n.id if isinstance(n, ast.Name) else n.value for n in ast.walk(tree) if id(n) not in skip
             and isinstance(n, ast.Name | ast.Constant) and CODE_RE.match(str(getattr(n, "id", getattr(n, "value", ""))))}
    assert named == {"E_ACME_RAISED"}


def test_exit_codes_are_the_documented_ones():
    assert {spec.exit_code for spec in CATALOG.values()} <= {EXIT_FAILED, EXIT_USAGE, EXIT_INCOMPLETE}


def test_a_code_that_cannot_be_a_code_fails_at_once_and_an_undeclared_one_when_rendered():
    with pytest.raises(KeyError):
        UnityCliError("not a code", "x")
    stray = UnityCliError("E_NOT_A_REAL_CODE", "x")
    assert not stray.resolved and not stray.resolve(CATALOG).resolved
    with pytest.raises(KeyError, match="E_NOT_A_REAL_CODE"):
        stray.to_dict()


def test_constructing_with_a_spec_needs_no_plugin_loaded():
    """The value carries its meaning: no catalog, no load order, no registry is asked."""
    spec = ErrorSpec("E_ACME_WIDGET_NOT_FOUND", "No widget has that name.", EXIT_USAGE,
                     next_actions=(tool_command("acme.list"),))
    error = UnityCliError(spec, "no widget 'w'")
    assert error.code == "E_ACME_WIDGET_NOT_FOUND" and error.resolved and error.exit_code == EXIT_USAGE
    assert error.to_dict()["nextActions"] == ["unitycli tools run acme.list"]


def test_a_plugins_code_string_resolves_against_the_plugins_that_ran():
    error = UnityCliError("E_PROBUILDER_MESH_NOT_FOUND", "no mesh")
    assert not error.resolved  # nothing global knows it
    assert error.resolve(CATALOG).exit_code == EXIT_FAILED
    assert error.spec.owner == "unitycli-probuilder"


def test_an_error_pickles_with_its_spec_and_next_actions():
    import pickle

    spec = ErrorSpec("E_ACME_WIDGET_NOT_FOUND", "No widget has that name.", EXIT_USAGE)
    error = UnityCliError(spec, "no widget", details={"w": 1}, next_actions=[tool_command("acme.list", {"a": 1})])
    back = pickle.loads(pickle.dumps(error))
    assert (back.spec, back.message, back.details, back.next_actions) == (spec, "no widget", {"w": 1},
                                                                          error.next_actions)
    assert pickle.loads(pickle.dumps(UnityCliError("E_PROJECT_LOCKED", "held"))).to_dict()["transient"] is True


def test_error_dict_has_the_documented_fields():
    error = UnityCliError("E_PROJECT_LOCKED", "held").to_dict()
    assert list(error) == ["code", "message", "details", "nextActions", "manualSteps", "transient", "retryAfterMs"]
    assert error["transient"] is True and error["retryAfterMs"] == 500


def test_extensions_own_their_codes_and_a_clash_names_both_owners():
    assert CATALOG["E_PROBUILDER_MESH_NOT_FOUND"].owner == "unitycli-probuilder"
    assert CATALOG["E_ASSET_NOT_FOUND"].owner == "unitycli"
    catalog, problems = assemble_catalog([("unitycli-rival", [ErrorSpec("E_ASSET_NOT_FOUND", "a rival meaning")])])
    assert problems == ["error code E_ASSET_NOT_FOUND is declared by both unitycli and unitycli-rival; "
                        "unitycli's meaning is kept"]
    assert catalog["E_ASSET_NOT_FOUND"].meaning != "a rival meaning"
    assert CORE["E_ASSET_NOT_FOUND"].meaning == catalog["E_ASSET_NOT_FOUND"].meaning  # nothing global changed
    assert add_specs(dict(CORE), "unitycli-rival", [ErrorSpec("lower_case", "x")]) == [
        "unitycli-rival: 'lower_case' needs an E_UPPER_CASE code and exit code 1, 2 or 3"]
    assert add_specs(dict(CORE), "unitycli-rival", "nope")[0].startswith("unitycli-rival: unitycli_error_codes must")


def test_a_clash_between_plugins_is_a_load_failure_of_the_second():
    rival = type("Rival", (), {})()
    from unitycli.host.hookspecs import hookimpl
    from unitycli.host.owners import ToolOwner

    @hookimpl
    def unitycli_error_codes():
        return [ErrorSpec("E_PROBUILDER_MESH_NOT_FOUND", "a rival meaning")]

    rival.unitycli_error_codes = unitycli_error_codes
    loaded = Session(extra_plugins=[(rival, ToolOwner(kind="extension", plugin="ext:rival",
                                                      distribution="unitycli-rival"))]).plugins
    [failure] = [f for f in loaded.failures if f.stage == "error-codes"]
    assert failure.distribution == "unitycli-rival" and "unitycli-probuilder and unitycli-rival" in failure.error
    assert error_catalog(loaded)["E_PROBUILDER_MESH_NOT_FOUND"].owner == "unitycli-probuilder"


def test_a_plugin_module_declares_its_specs_once():
    """`ERROR_CODES = declared_specs(globals())`: each spec is the module constant of its own name."""
    import unitycli.plugins.settings.errors as settings

    assert declared_specs(vars(settings)) == settings.ERROR_CODES
    assert all(getattr(settings, spec.code) is spec for spec in settings.ERROR_CODES)


def test_docs_errors_names_each_codes_owner():
    from unitycli.cli.main import run

    errors = {e["code"]: e for e in run(["docs", "errors", "--json"]).envelope["result"]["errors"]}
    assert errors["E_PROBUILDER_FACES_INVALID"]["owner"] == "unitycli-probuilder"
    assert errors["E_SCHEMA_INVALID"]["owner"] == "unitycli"
    assert errors["E_PREFAB_NOT_FOUND"]["nextActions"] == ["unitycli tools run prefab.list"]
