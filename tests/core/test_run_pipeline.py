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
