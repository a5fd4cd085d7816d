"""What `component.add` writes for a field, measured on every field the Editor wrote at the C# default: in every
fixture document that matches its script's layout, each top-level field whose Editor-written value equals the
model's proven default must be written with exactly the Editor's text (float digits, `{fileID: 0}`, `[]`, enums as
integers, `0`/`1` bools, vectors, LayerMask, empty curves and UnityEvents, nested classes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.csharp.corpus import CINEMACHINE, cinemachine_project_with_input_system, script_documents
from tests.fixturepaths import fixture_path
from unitycli.csharp.agreement import compare
from unitycli.csharp.defaults import default_values
from unitycli.unityyaml import Ref
from unitycli.unityyaml.emit import Verbatim, emit_entry
from unitycli.unityyaml.style import detect_style


def _plain(value: Any) -> Any:
    """A written value as the document parser gives it back (for deciding "the Editor wrote the default")."""
    if isinstance(value, Verbatim):
        return float(value)
    if isinstance(value, Ref):
        return (value.file_id, value.guid)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _entry_text(document_text: str, key: str) -> str:
    lines = document_text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"  {key}:"))
    end = start + 1
    while end < len(lines) and (lines[end].startswith("   ") or lines[end].startswith("  - ")):
        end += 1
    return "\n".join(lines[start:end])


def measure_formats(project: Path, documents: Path) -> tuple[int, list[str]]:
    compared, mismatches = 0, []
    for item in script_documents(project, documents):
        if isinstance(item, str) or item.layout is None:
            continue
        body = item.document.to_python()
        if not compare(item.layout, body).exact:  # type: ignore[arg-type]
            continue
        style = detect_style(item.file_text)
        values, _ = default_values(item.layout)
        for key, value in values.items():
            if _plain(value) != _plain(body[key]):
                continue  # the designer changed it: not a default-valued line
            compared += 1
            ours = emit_entry(key, value, col=2, style=style)
            theirs = _entry_text(item.document.text, key)
            if ours != theirs:
                mismatches.append(f"{item.key} {key}: ours {ours!r} editor {theirs!r}")
    return compared, mismatches


@pytest.mark.parametrize(("name", "expected"), [("chicken-defense", 73), ("minigolf", 5)])
def test_every_default_valued_field_is_written_with_the_editors_text(name: str, expected: int):
    compared, mismatches = measure_formats(fixture_path(name), fixture_path(f"{name}/Assets"))
    print(f"{name}: {compared - len(mismatches)}/{compared} default-valued fields written with the Editor's text")
    assert mismatches == []
    assert compared == expected


def test_every_default_valued_cinemachine_field_is_written_with_the_editors_text(tmp_path: Path):
    compared, mismatches = measure_formats(cinemachine_project_with_input_system(tmp_path),
                                           fixture_path(f"{CINEMACHINE}/Samples~"))
    print(f"Cinemachine samples: {compared - len(mismatches)}/{compared} default-valued fields written with the "
          "Editor's text")
    assert mismatches == []
    assert compared == 59
