"""`unitycli batch`: steps in order, each seeing the last one's writes; first failure stops; dry-run writes nothing."""

from __future__ import annotations

import json
from functools import partial

import pytest

from tests.mcp import notes_plugin
from tests.mcp.entries import notes_session
from unitycli.batch.lines import parse_commands
from unitycli.batch.runner import run_batch
from unitycli.errors import UnityCliError
from unitycli.host.session import Session

NOTE = "Assets/notes.txt"


def sequence(step2: str) -> str:
    return "\n".join([
        "# a comment, then a blank line",
        "",
        f'notes.append {{"file": "{NOTE}", "text": "first"}}',
        step2,
        f'{{"tool": "notes.read", "input": {{"file": "{NOTE}"}}}}',
    ])


def test_step_three_reads_what_step_two_wrote(sample_copy):
    steps = parse_commands(sequence(f'notes.append {{"file": "{NOTE}", "text": "second"}}'))
    assert [(s.index, s.line, s.tool) for s in steps] == [(1, 3, "notes.append"), (2, 4, "notes.append"),
                                                           (3, 5, "notes.read")]
    run = run_batch(notes_session(sample_copy), steps)
    assert run.failure is None
    assert run.result.succeeded == 3
    assert run.reports[2].result.output == {"file": NOTE, "text": "first\nsecond\n"}
    assert (sample_copy / NOTE).read_text() == "first\nsecond\n"


def test_dry_run_previews_the_whole_sequence_and_writes_nothing(sample_copy):
    steps = parse_commands(sequence(f'notes.append {{"file": "{NOTE}", "text": "second"}}'))
    run = run_batch(notes_session(sample_copy), steps, dry_run=True)
    assert run.failure is None
    assert run.reports[2].result.output["text"] == "first\nsecond\n"  # step 3 saw both staged writes
    assert not (sample_copy / NOTE).exists()
    effects = run.result.planned_effects
    assert effects["created"] == [NOTE]
    [diff] = effects["diffs"]
    assert diff["diff"] == f"--- /dev/null\n+++ b/{NOTE}\n@@ -0,0 +1,2 @@\n+first\n+second\n"


def test_a_failing_step_two_stops_before_step_three(sample_copy):
    steps = parse_commands(sequence('notes.read {"file": "Assets/missing.txt"}'))
    seen = []
    run = run_batch(notes_session(sample_copy), steps, on_step=seen.append)
    assert [r.step.index for r in seen] == [1, 2]
    assert run.failure.code == "E_ASSET_NOT_FOUND"
    assert run.failure.exit_code == 1
    assert run.failure.details["batch"] == {"step": 2, "line": 4, "tool": "notes.read", "completed": 1, "notRun": 1}
    assert [(o.index, o.ok, o.code) for o in run.result.steps] == [(1, True, None), (2, False, "E_ASSET_NOT_FOUND")]
    assert (sample_copy / NOTE).read_text() == "first\n"  # step 1 committed before the failure


def test_a_bad_input_anywhere_fails_before_any_step_runs(sample_copy):
    steps = parse_commands(sequence('notes.append {"file": "x.txt", "colour": 1}'))
    run = run_batch(notes_session(sample_copy), steps)
    assert run.failure.code == "E_SCHEMA_INVALID"
    assert run.failure.exit_code == 2
    assert run.failure.details["batch"]["completed"] == 0
    assert not (sample_copy / NOTE).exists()


@pytest.mark.parametrize(("text", "reason"), [
    ('notes.append {"file": ', "the JSON is invalid"),
    ('{"tool": "notes.read", "inputs": {}}', "unknown key(s) inputs"),
    ('[1, 2]', "is not a tool name"),
    ('{"input": {}}', 'needs a "tool" name'),
    ("# only a comment", "no commands"),
])
def test_unparsable_lines_are_catalogued(text, reason):
    with pytest.raises(UnityCliError) as info:
        parse_commands(text if text.startswith("#") else "notes.read {}\n" + text)
    assert info.value.code == "E_BATCH_LINE_INVALID"
    assert reason in info.value.message or reason in info.value.details.get("reason", "")


def test_a_huge_bad_line_is_echoed_shortened_not_whole():
    line = '{"tool": "notes.read", "input": {"limit": ' + "9" * 5000 + "}}"
    with pytest.raises(UnityCliError) as info:
        parse_commands(line)
    text = info.value.details["text"]
    assert info.value.code == "E_BATCH_LINE_INVALID"
    assert text.startswith(line[:200]) and text.endswith(f"({len(line)} characters)") and len(text) < 300


def test_cli_json_lines_and_exit_code(sample_copy, tmp_path, capsys, monkeypatch):
    """Through the CLI with --jsonl: one envelope per step on stdout, the summary last, the failing step's exit
    code."""
    from unitycli.cli import state as state_module
    from unitycli.cli.main import main

    monkeypatch.setattr(state_module, "Session", partial(Session, extra_plugins=[(notes_plugin, notes_plugin.OWNER)]))
    commands = tmp_path / "steps.txt"
    commands.write_text(sequence('notes.read {"file": "Assets/missing.txt"}'))
    with pytest.raises(SystemExit) as exit_info:
        main(["batch", "--commands", str(commands), "--project", str(sample_copy), "--jsonl"])
    assert exit_info.value.code == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(d["ok"], d.get("step", {}).get("index")) for d in lines] == [(True, 1), (False, 2), (False, None)]
    assert lines[0]["command"] == "tools run" and lines[0]["result"]["tool"] == "notes.append"
    assert lines[1]["error"]["code"] == "E_ASSET_NOT_FOUND"
    summary = lines[2]
    assert summary["command"] == "batch"
    assert summary["error"]["code"] == "E_ASSET_NOT_FOUND"
    assert summary["error"]["details"]["batch"]["notRun"] == 1

    commands.write_text(sequence(f'notes.append {{"file": "{NOTE}", "text": "second"}}'))
    with pytest.raises(SystemExit) as exit_info:
        main(["batch", "--commands", str(commands), "--project", str(sample_copy), "--jsonl", "--dry-run"])
    assert exit_info.value.code == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 4 and lines[-1]["result"]["plannedEffects"]["modified"] == [NOTE]
    assert (sample_copy / NOTE).read_text() == "first\n"  # unchanged by the dry run


def test_cli_json_is_exactly_one_summary_document(sample_copy, tmp_path, capsys, monkeypatch):
    """--json prints one document, as README says of every command; the steps' results live inside it."""
    from unitycli.cli import state as state_module
    from unitycli.cli.main import main

    monkeypatch.setattr(state_module, "Session", partial(Session, extra_plugins=[(notes_plugin, notes_plugin.OWNER)]))
    commands = tmp_path / "steps.txt"
    commands.write_text(sequence('notes.read {"file": "Assets/missing.txt"}'))
    with pytest.raises(SystemExit) as exit_info:
        main(["batch", "--commands", str(commands), "--project", str(sample_copy), "--json"])
    assert exit_info.value.code == 1
    [line] = capsys.readouterr().out.splitlines()
    summary = json.loads(line)
    assert (summary["ok"], summary["command"], summary["error"]["code"]) == (False, "batch", "E_ASSET_NOT_FOUND")
    steps = summary["result"]["steps"]
    assert [(s["index"], s["ok"], s["code"]) for s in steps] == [(1, True, None), (2, False, "E_ASSET_NOT_FOUND")]
    assert steps[0]["result"]["output"] == {"file": NOTE, "lines": 1}
    assert steps[1]["error"]["code"] == "E_ASSET_NOT_FOUND" and steps[1]["result"] is None


def test_atomic_batch_commits_every_step_at_once(sample_copy):
    steps = parse_commands(sequence(f'notes.append {{"file": "{NOTE}", "text": "second"}}'))
    run = run_batch(notes_session(sample_copy), steps, atomic=True)
    assert run.failure is None and run.result.atomic
    assert run.reports[2].result.output["text"] == "first\nsecond\n"  # step 3 read the staged writes
    assert run.reports[0].result.applied_effects is None  # nothing is applied until the one commit
    assert run.result.applied_effects["created"] == [NOTE]
    assert (sample_copy / NOTE).read_text() == "first\nsecond\n"


def test_atomic_batch_whose_last_step_fails_writes_nothing(sample_copy):
    steps = parse_commands(sequence(f'notes.append {{"file": "{NOTE}", "text": "second"}}')
                           + '\nnotes.read {"file": "Assets/missing.txt"}')
    run = run_batch(notes_session(sample_copy), steps, atomic=True)
    assert run.failure.code == "E_ASSET_NOT_FOUND"
    assert run.result.succeeded == 3 and run.result.applied_effects is None
    assert not (sample_copy / NOTE).exists()


def test_a_step_failing_with_a_plugins_own_code_keeps_that_code_and_its_meaning(unity_project):
    """A plugin raises its own code as a string; the batch's located error must keep the spec `run_tool` resolved
    (it used to be rebuilt from the bare code, which no catalog knew: E_INTERNAL)."""
    steps = parse_commands('project.remove-tag {"tag": "MainCamera"}')
    run = run_batch(Session(project_arg=str(unity_project.root), cwd=unity_project.root), steps)
    error = run.failure.to_dict()
    assert (error["code"], run.failure.exit_code) == ("E_PROJECT_TAG_BUILTIN", 1)
    assert error["details"]["batch"] == {"step": 1, "line": 1, "tool": "project.remove-tag", "completed": 0,
                                         "notRun": 0}
    assert error["message"].startswith("step 1 (line 1, project.remove-tag): ")
