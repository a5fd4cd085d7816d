"""A `Packages/manifest.json` that spells a lone UTF-16 surrogate as an escape (`"\\ud800"`, valid JSON) is edited
losslessly: it once made every package.add/remove end in E_INTERNAL (UTF-8 cannot encode the
parsed code point). The escape is written back as it was; a spelling we cannot reproduce is a catalogued refusal.
The manifests are minigolf's, with the escape added by the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.assets.conftest import failure, output
from tests.indexes.projectcopies import writable_copy
from unitycli.unityfiles.jsonfiles import JsonFile

MANIFEST = "Packages/manifest.json"
TAIL = '\n  }\n}\n'
WITH_ESCAPE = '\n  },\n  "testables": [\n    "com.example.tests\\ud800"\n  ]\n}\n'
INPUTSYSTEM = '    "com.unity.inputsystem": "1.11.2",\n'
MATHEMATICS = '    "com.unity.mathematics": "1.3.2",\n'


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return writable_copy("minigolf", tmp_path / "minigolf")


def _escaped(root: Path, escape: str = "\\ud800") -> str:
    manifest = root / MANIFEST
    text = manifest.read_text()
    assert text.endswith(TAIL) and INPUTSYSTEM in text
    text = text[: -len(TAIL)] + WITH_ESCAPE.replace("\\ud800", escape)
    manifest.write_text(text)
    return text


def test_adding_a_package_keeps_the_escaped_surrogate_and_adds_one_line(minigolf: Path) -> None:
    before = _escaped(minigolf)
    result = output(minigolf, "package.add", {"name": "com.unity.mathematics", "version": "1.3.2"})
    assert result["changed"] is True
    assert (minigolf / MANIFEST).read_text() == before.replace(INPUTSYSTEM, INPUTSYSTEM + MATHEMATICS)


def test_removing_a_package_keeps_the_escaped_surrogate(minigolf: Path) -> None:
    before = _escaped(minigolf)
    output(minigolf, "package.remove", {"name": "com.unity.inputsystem"})
    assert (minigolf / MANIFEST).read_text() == before.replace(INPUTSYSTEM, "")


def test_an_escape_spelled_in_upper_case_is_refused_not_reformatted(minigolf: Path) -> None:
    before = _escaped(minigolf, "\\uD800")
    error = failure(minigolf, "package.add", {"name": "com.unity.mathematics", "version": "1.3.2"})
    assert error.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert (minigolf / MANIFEST).read_text() == before


def test_a_json_settings_file_with_an_escaped_surrogate_round_trips_and_edits() -> None:
    raw = b'{\n    "name": "caf\xc3\xa9\\udc80",\n    "count": 1\n}'  # non-ASCII text too: ensure_ascii=False layout
    loaded = JsonFile.parse(raw, "ProjectSettings/Example.json")
    assert loaded.round_trips and loaded.to_bytes() == raw
    assert loaded.to_bytes({**loaded.data, "count": 2}) == raw.replace(b'"count": 1', b'"count": 2')
