"""The CLI contract: one JSON document with --json anywhere, catalogued usage errors, exit codes 0/1/2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.core.fake_dists import echo_tool, make_dist
from tests.fixturepaths import REPO_ROOT
from unitycli.cli.main import run

SAMPLE = str(REPO_ROOT / "examples" / "sample-project")


def invoke(*args: str) -> tuple[int, dict]:
    if "run" in args:
        args = (*args, "--project", SAMPLE)
    outcome = run(list(args))
    return outcome.exit_code, outcome.envelope


@pytest.fixture
def echo_ext(tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    make_dist(site, "unitycli-echo", "echo_ext_mod", echo_tool("echo.say"))
    make_dist(site, "unitycli-nodry", "nodry_ext_mod", echo_tool("echo.no-dry-run", supports_dry_run=False))
    monkeypatch.chdir(tmp_path)
    return site


def test_json_flag_anywhere_gives_one_envelope(echo_ext):
    for argv in (["--json", "tools", "describe", "echo.say"], ["tools", "describe", "echo.say", "--json"],
                 ["tools", "--json", "describe", "echo.say"]):
        code, envelope = invoke(*argv)
        assert code == 0
        assert envelope["ok"] is True
        assert envelope["schemaVersion"] == 1
        assert envelope["command"] == "tools describe"
        assert envelope["requestId"].startswith("req-")
        assert envelope["result"]["name"] == "echo.say"
        assert envelope["result"]["owner"]["distribution"] == "unitycli-echo"
        assert envelope["result"]["available"] is None  # no project selected


def test_run_validates_input_against_the_schema(echo_ext):
    code, envelope = invoke("tools", "run", "echo.say", "--input", '{"text": 5}', "--json")
    assert code == 2
    error = envelope["error"]
    assert error["code"] == "E_SCHEMA_INVALID"
    assert error["details"]["errors"][0]["path"] == "text"
    assert error["nextActions"] == [f"unitycli tools describe echo.say --project {SAMPLE}"]


def test_unknown_input_field_is_a_schema_error(echo_ext):
    code, envelope = invoke("tools", "run", "echo.say", "--input", '{"text": "a", "colour": 1}', "--json")
    assert (code, envelope["error"]["code"]) == (2, "E_SCHEMA_INVALID")
    assert envelope["error"]["details"]["errors"][0]["path"] == "colour"


def test_malformed_json_input(echo_ext):
    code, envelope = invoke("tools", "run", "echo.say", "--input", '{"text": ', "--json")
    assert (code, envelope["error"]["code"]) == (2, "E_INPUT_JSON_INVALID")
    assert envelope["error"]["details"]["line"] == 1


def test_input_from_file_and_missing_file(echo_ext, tmp_path):
    (tmp_path / "in.json").write_text('{"text": "from file"}')
    code, envelope = invoke("tools", "run", "echo.say", "--input", f"@{tmp_path / 'in.json'}", "--json")
    assert code == 0, envelope
    code, envelope = invoke("tools", "run", "echo.say", "--input", "@/nonexistent/in.json", "--json")
    assert (code, envelope["error"]["code"]) == (2, "E_OPTION_VALUE_INVALID")


def test_unknown_tool_suggests_the_closest_names(echo_ext):
    code, envelope = invoke("tools", "describe", "echo.sya", "--json")
    assert code == 2
    assert envelope["error"]["code"] == "E_TOOL_NOT_FOUND_FOR_TARGET"
    assert envelope["error"]["details"]["closest"][0] == "echo.say"
    assert envelope["error"]["nextActions"][0] == "unitycli tools describe echo.say"


def test_dry_run_unsupported(echo_ext):
    code, envelope = invoke("tools", "run", "echo.no-dry-run", "--input", '{"text": "x"}', "--dry-run", "--json")
    assert (code, envelope["error"]["code"]) == (2, "E_DRY_RUN_UNSUPPORTED")


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["tols", "group"], "UNKNOWN_COMMAND"),
        (["tools", "frobnicate"], "UNKNOWN_COMMAND"),
        (["tools", "search", "--bogus", "x"], "E_UNKNOWN_OPTION"),
        (["tools", "run", "echo.say", "--input"], "E_OPTION_VALUE_REQUIRED"),
        (["tools", "run", "echo.say", "--input", "--dry-run"], "E_OPTION_VALUE_REQUIRED"),
        (["--project", "tools", "group"], "E_OPTION_VALUE_REQUIRED"),
        (["tools", "group", "--project"], "E_OPTION_VALUE_REQUIRED"),
        (["tools", "describe"], "E_OPTION_VALUE_REQUIRED"),
        (["tools", "search", "|"], "E_OPTION_VALUE_INVALID"),
    ],
)
def test_usage_errors_are_catalogued_with_exit_2(echo_ext, argv, code):
    exit_code, envelope = invoke(*argv, "--json")
    assert exit_code == 2
    assert envelope["ok"] is False
    assert envelope["error"]["code"] == code
    assert envelope["error"]["nextActions"] or code in ("E_OPTION_VALUE_REQUIRED",)


def test_search_ranks_name_matches_first(echo_ext):
    code, envelope = invoke("tools", "search", "SAY|info", "--json")
    assert code == 0
    tools = envelope["result"]["tools"]
    names = [t["name"] for t in tools]
    assert set(names[:3]) == {"echo.say", "asset.info", "project.info"}  # name-part matches outrank text
    assert tools[0]["score"] >= tools[-1]["score"]
    assert envelope["result"]["keywords"] == ["say", "info"]


def test_search_words_separated_by_spaces_are_keywords_too():
    code, envelope = invoke("tools", "search", "copy gameobject", "--json")
    assert code == 0 and envelope["result"]["keywords"] == ["copy", "gameobject"]
    assert envelope["result"]["tools"][0]["name"] == "gameobject.duplicate"


def test_registry_problems_show_in_discovery(echo_ext):
    make_dist(echo_ext, "unitycli-echo-two", "echo_two_mod", echo_tool("echo.say"))
    code, envelope = invoke("tools", "group", "--json")
    assert code == 0
    registry = envelope["result"]["registry"]
    assert registry["healthy"] is False
    assert registry["code"] == "E_TOOL_REGISTRY_UNHEALTHY"
    [problem] = registry["problems"]
    assert {p["distribution"] for p in problem["providers"]} == {"unitycli-echo", "unitycli-echo-two"}
    code, envelope = invoke("tools", "run", "echo.say", "--input", '{"text": "x"}', "--json")
    assert (code, envelope["error"]["code"]) == (1, "E_TOOL_REGISTRY_UNHEALTHY")


def test_internal_errors_never_print_a_traceback(tmp_path):
    env_home = tmp_path / "home"
    script = (
        "import unitycli.cli.tools_cmd as t\n"
        "def boom(*a, **k): raise ZeroDivisionError('kaboom')\n"
        "t.rank = boom\n"
        "from unitycli.cli.main import main\n"
        "main(['tools', 'search', 'x'])\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path,
                          env={"UNITYCLI_HOME": str(env_home), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "error E_INTERNAL: unexpected ZeroDivisionError: kaboom" in proc.stderr
    log = proc.stderr.split("log: ")[1].split("\n")[0]
    assert "ZeroDivisionError" in Path(log).read_text()


def test_human_output_and_json_output_have_the_same_exit_code(echo_ext, capsys):
    from unitycli.cli.main import main

    with pytest.raises(SystemExit) as exit_info:
        main(["tools", "describe", "nope.nothing"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error E_TOOL_NOT_FOUND_FOR_TARGET: no tool named 'nope.nothing'")
    with pytest.raises(SystemExit) as exit_info:
        main(["tools", "describe", "nope.nothing", "--json"])
    assert exit_info.value.code == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "E_TOOL_NOT_FOUND_FOR_TARGET"


@pytest.mark.parametrize("text", ['{"text": "a", "text": "b"}', '{"text": NaN}', '{"n": 1e400}', '{"n": -Infinity}'])
def test_input_that_is_not_strict_json_is_refused(echo_ext, text):
    code, envelope = invoke("tools", "run", "echo.say", "--input", text, "--json")
    assert (code, envelope["error"]["code"]) == (2, "E_INPUT_JSON_INVALID")
    assert "not strict JSON" in envelope["error"]["message"]


def test_json_with_a_value_that_is_not_a_boolean_is_refused_in_json():
    outcome = run(["tools", "group", "--json=maybe"])
    assert outcome.json_mode and outcome.exit_code == 2
    assert outcome.envelope["error"]["code"] == "E_OPTION_VALUE_INVALID"
    assert outcome.envelope["error"]["nextActions"] == ["unitycli tools group --json"]


@pytest.mark.parametrize(("spelling", "json_mode"), [("--json=true", True), ("--json=1", True),
                                                     ("--json=false", False), ("--json=OFF", False)])
def test_json_takes_a_boolean_as_agents_write_it(spelling, json_mode):
    outcome = run(["tools", "group", spelling])
    assert (outcome.exit_code, outcome.json_mode) == (0, json_mode)


def test_a_misspelled_global_option_gets_a_suggestion():
    outcome = run(["tools", "group", "--jsn"])
    error = outcome.envelope["error"]
    assert (outcome.exit_code, error["code"]) == (2, "E_UNKNOWN_OPTION")
    assert "did you mean --json?" in error["message"]
