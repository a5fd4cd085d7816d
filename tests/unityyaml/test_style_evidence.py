"""A file's style decided from the evidence kept per object (style.py, `Document.style_evidence`) is the style its
whole text shows, after edits too: on chicken-defense's Game scene, whose wrapped flow mappings sit in 18 objects."""

from __future__ import annotations

from tests.fixturepaths import UNITY
from unitycli.spliced import as_bytes
from unitycli.unityyaml import UnityYamlFile, detect_style
from unitycli.unityyaml.style import LONG_FLOW, PRIMARY, WRAPPED, file_evidence, style_evidence

GAME = UNITY / "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"


def _evidence(file: UnityYamlFile) -> int:
    return file_evidence(doc.style_evidence for doc in file.documents)


def test_the_style_read_object_by_object_with_kept_evidence_is_the_whole_text_style():
    data = GAME.read_bytes()
    file = UnityYamlFile.parse(data, "Game.unity")
    assert file.style == detect_style(data.decode("utf-8"))
    again = file.copy()  # shares the kept evidence: nothing is looked for twice
    assert again.style == file.style and _evidence(again) == _evidence(file)
    assert _evidence(file) & WRAPPED


def test_an_edit_that_removes_every_object_showing_a_habit_is_decided_from_what_is_left():
    data = GAME.read_bytes()
    file = UnityYamlFile.parse(data, "Game.unity")
    _ = file.style  # evidence kept for the objects looked at
    showing = [doc.file_id for doc in file.documents if style_evidence(doc.text, WRAPPED)]
    assert len(showing) == 18
    for file_id in showing:
        file.remove_document(file_id)
    written = as_bytes(file.verified_content())
    twin = file.as_written(written)
    text = written.decode("utf-8")
    assert not _evidence(twin) & WRAPPED and not style_evidence(text, PRIMARY) & WRAPPED
    assert bool(_evidence(twin) & LONG_FLOW) == bool(style_evidence(text, LONG_FLOW))
    assert twin.style == detect_style(text)
