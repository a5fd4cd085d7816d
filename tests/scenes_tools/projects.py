"""Writable copies of the projects the scene tests edit, and exact-text helpers the tests read files with.

The helpers split files on document headers with a regex of their own, so the tests do not trust the model
they test to tell them what the file should look like.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path
from typing import Any

from tests.fixturepaths import REPO_ROOT, fixture_project
from unitycli.host.session import Session
from unitycli.runner import RunOptions, RunResult, run_tool

SAMPLE = REPO_ROOT / "examples" / "sample-project"
GARDEN = "Assets/Scenes/Garden.unity"
MINIGOLF_GAME = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CHICKEN_SAMPLE = "Assets/Scenes/SampleScene.unity"
_HEADER = re.compile(r"^--- !u!(\d+) &(-?\d+)( stripped)?$", re.M)


def copy_project(name: str, dest: Path) -> Path:
    """A writable copy of a fixture project (`minigolf`, `chicken-defense`) or of `sample`."""
    source = SAMPLE if name == "sample" else fixture_project(name)
    # The sample's project tool is left out: unapproved, it would change what unknown tool names answer.
    shutil.copytree(source, dest, ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))
    for dirpath, dirnames, filenames in os.walk(dest):
        for entry in [dirpath, *(os.path.join(dirpath, n) for n in dirnames + filenames)]:
            os.chmod(entry, os.stat(entry).st_mode | stat.S_IWUSR)
    return dest


def run(project: Path, tool: str, data: dict[str, Any], **kw: Any) -> RunResult:
    return run_tool(Session(project_arg=str(project)).prepare(tool), data, RunOptions(**kw))


def documents(text: str) -> dict[int, str]:
    """fileID -> the document's text (header line included)."""
    starts = [m.start() for m in _HEADER.finditer(text)] + [len(text)]
    out = {}
    for start, end in zip(starts, starts[1:], strict=False):
        out[int(_HEADER.match(text, start).group(2))] = text[start:end]
    return out


def replace_in_object(text: str, file_id: int, old: str, new: str) -> str:
    """`text` with the one line `old` of object `&file_id` replaced by `new` (asserting it is there once)."""
    doc = documents(text)[file_id]
    assert doc.count(old + "\n") == 1, (file_id, old)
    changed = doc.replace(old + "\n", new + "\n")
    assert text.count(doc) == 1
    return text.replace(doc, changed)


def line_diff(before: str, after: str) -> list[tuple[str, str]]:
    """(old line, new line) pairs for a same-length edit: which lines changed."""
    a, b = before.split("\n"), after.split("\n")
    assert len(a) == len(b)
    return [(x, y) for x, y in zip(a, b, strict=True) if x != y]
