"""One straight pipeline: typed run options, and recovery and the Editor check once per write, in the transaction."""

from __future__ import annotations

import dataclasses

import pytest

from tests.mcp.entries import notes_session
from unitycli.context import ToolContext
from unitycli.runner import RunOptions, run_tool

NOTE = "Assets/notes.txt"


@pytest.fixture
def counted(monkeypatch):
    """Count the transaction's recovery and Editor check calls (the only callers left)."""
    import unitycli.transaction.transaction as txn_module

    calls = {"recover": 0, "editor": 0}
    recover, editor = txn_module.recover, txn_module.ensure_editor_closed

    def counting_recover(*args, **kwargs):
        calls["recover"] += 1
        return recover(*args, **kwargs)

    def counting_editor(*args, **kwargs):
        calls["editor"] += 1
        return editor(*args, **kwargs)

    monkeypatch.setattr(txn_module, "recover", counting_recover)
    monkeypatch.setattr(txn_module, "ensure_editor_closed", counting_editor)
    return calls


def test_a_write_recovers_once_and_checks_the_editor_once(sample_copy, counted):
    result = run_tool(notes_session(sample_copy).prepare("notes.append"), {"file": NOTE, "text": "one"})
    assert result.applied_effects["created"] == [NOTE]
    assert counted == {"recover": 1, "editor": 1}


def test_a_dry_run_recovers_once_and_never_asks_about_the_editor(sample_copy, counted):
    result = run_tool(notes_session(sample_copy).prepare("notes.append"), {"file": NOTE, "text": "one"},
                      RunOptions(dry_run=True))
    assert result.planned_effects["created"] == [NOTE] and not (sample_copy / NOTE).exists()
    assert counted == {"recover": 1, "editor": 0}


def test_a_batch_of_three_writes_counts_three_of_each(sample_copy, counted):
    from unitycli.batch.lines import parse_commands
    from unitycli.batch.runner import run_batch

    steps = parse_commands("\n".join(f'notes.append {{"file": "{NOTE}", "text": "{n}"}}' for n in range(3)))
    assert run_batch(notes_session(sample_copy), steps).failure is None
    assert counted == {"recover": 3, "editor": 3}


def test_an_atomic_batch_recovers_and_checks_once_for_the_whole_sequence(sample_copy, counted):
    from unitycli.batch.lines import parse_commands
    from unitycli.batch.runner import run_batch

    steps = parse_commands("\n".join(f'notes.append {{"file": "{NOTE}", "text": "{n}"}}' for n in range(3)))
    assert run_batch(notes_session(sample_copy), steps, atomic=True).failure is None
    assert counted == {"recover": 1, "editor": 1}
    assert (sample_copy / NOTE).read_text() == "0\n1\n2\n"


def test_options_are_typed():
    with pytest.raises(TypeError):
        RunOptions(dry_runn=True)  # type: ignore[call-arg]
    assert RunOptions().dry_run is False


def test_the_context_carries_only_what_handlers_read():
    """Dry-run and the Editor override belong to the transaction; handlers read `ctx.transaction.dry_run`."""
    names = {f.name for f in dataclasses.fields(ToolContext)}
    assert names == {"project", "transaction", "known_scripts", "progress_callback", "is_cancelled"}


# --- the prepared call: resolved once, validated once -----------------------------------------------------------

@pytest.fixture
def validations(monkeypatch):
    """Count pydantic validations of any tool input (from text or from data) and JSON dumps of inputs."""
    import unitycli.runner as runner_module

    calls = {"json": 0, "dumps": 0}
    real_dumps = runner_module.json.dumps

    class CountingJson:
        @staticmethod
        def dumps(*args, **kwargs):
            calls["dumps"] += 1
            return real_dumps(*args, **kwargs)

    monkeypatch.setattr(runner_module, "json", CountingJson)
    from pydantic import BaseModel

    real = BaseModel.model_validate_json.__func__

    def counting(cls, *args, **kwargs):
        calls["json"] += 1
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(BaseModel, "model_validate_json", classmethod(counting))
    return calls


def test_cli_input_is_validated_from_its_text_without_a_dump(sample_copy, validations):
    from unitycli.cli.main import run

    out = run(["tools", "run", "asset.info", "--input", '{"path": "Assets/Scenes/Garden.unity"}', "--json",
               "--project", str(sample_copy)])
    assert out.exit_code == 0, out.envelope
    assert validations == {"json": 1, "dumps": 0}


def test_a_batch_validates_each_step_once(sample_copy, validations):
    from unitycli.batch.lines import parse_commands
    from unitycli.batch.runner import run_batch

    steps = parse_commands("\n".join(f'notes.append {{"file": "{NOTE}", "text": "{n}"}}' for n in range(3)))
    assert run_batch(notes_session(sample_copy), steps).failure is None
    assert validations["json"] == 3  # the precheck's; each step runs with the request it validated


def test_prepare_resolves_the_call_once(sample_copy):
    session = notes_session(sample_copy)
    call = session.prepare("notes.append")
    assert call.spec.name == "notes.append" and call.project.root == sample_copy.resolve()
    assert call.refusal is None and call.tool is session.tool("notes.append")
    first = run_tool(call, {"file": NOTE, "text": "one"})
    second = run_tool(call, {"file": NOTE, "text": "two"})  # the same prepared call runs again
    assert first.applied_effects and second.applied_effects
    assert (sample_copy / NOTE).read_text() == "one\ntwo\n"


def test_a_bad_input_is_reported_before_the_calls_refusal(tmp_path):
    """No project selected: the selection error is the refusal, kept until the input has been validated."""
    from unitycli.errors import UnityCliError
    from unitycli.host.session import Session

    call = Session(cwd=tmp_path).prepare("asset.info")
    assert call.project is None and call.refusal is not None and call.refusal.code == "E_INSTANCE_REQUIRED"
    with pytest.raises(UnityCliError) as bad:
        run_tool(call, {"pth": "x"})
    assert bad.value.code == "E_SCHEMA_INVALID"
    with pytest.raises(UnityCliError) as refused:
        run_tool(call, {"path": "Assets/x.mat"})
    assert refused.value.code == "E_INSTANCE_REQUIRED"


def test_an_unknown_tool_fails_at_prepare_naming_the_project(sample_copy):
    from unitycli.errors import UnityCliError

    with pytest.raises(UnityCliError) as info:
        notes_session(sample_copy).prepare("notes.apend")
    assert info.value.code == "E_TOOL_NOT_FOUND_FOR_TARGET"
    assert "notes.append" in info.value.details["closest"]
    assert str(sample_copy.resolve()) in str(info.value.next_actions)  # the next actions name the project
