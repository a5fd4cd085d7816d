"""No asset tool reads, lists or writes outside the project: every way of spelling a path that leaves it is
`E_PATH_OUTSIDE_PROJECT`, for readers as well as writers, and nothing on either side changes."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.assets.conftest import LANTERN, failure, snapshot
from unitycli.plugins.assets.specs import ASSET_TOOLS

Payload = Callable[[str, str], dict[str, Any]]

# Each tool with the field that names a path; `file` names a file beyond the project, `folder` a folder there.
CASES: list[tuple[str, Payload]] = [
    ("asset.find", lambda file, folder: {"folder": folder}),
    ("asset.info", lambda file, folder: {"file": file}),
    ("asset.references", lambda file, folder: {"file": file}),
    ("asset.dependencies", lambda file, folder: {"file": file}),
    ("asset.move", lambda file, folder: {"file": file, "destination": "Assets/Secret.prefab"}),
    ("asset.move", lambda file, folder: {"file": LANTERN, "destination": file}),
    ("asset.rename", lambda file, folder: {"file": file, "name": "Stolen"}),
    ("asset.delete", lambda file, folder: {"file": file, "force": True}),
    ("asset.delete", lambda file, folder: {"file": folder, "force": True}),
    ("asset.validate", lambda file, folder: {"path": folder}),
    ("project.format-check", lambda file, folder: {"path": folder}),
]

# How a path can leave the project: `..` after Assets/, a leading `..`, Windows separators, an absolute path, and
# a symlink inside Assets/ that leads out (`Assets/Escape` -> the victim folder beside the project).
FORMS: dict[str, Callable[[Path], tuple[str, str]]] = {
    "dotdot-after-assets": lambda victim: ("Assets/../../victim/Secret.prefab", "Assets/../../victim"),
    "leading-dotdot": lambda victim: ("../victim/Secret.prefab", "../victim"),
    "backslashes": lambda victim: ("Assets\\..\\..\\victim\\Secret.prefab", "Assets\\..\\..\\victim"),
    "absolute": lambda victim: (str(victim / "Secret.prefab"), str(victim)),
    "symlink": lambda victim: ("Assets/Escape/Secret.prefab", "Assets/Escape"),
}


@pytest.fixture
def beside(sample: Path) -> Path:
    """A Unity-looking folder next to the sample project, with a prefab and its meta, linked from Assets/Escape."""
    victim = sample.parent / "victim"
    victim.mkdir()
    shutil.copy(sample / LANTERN, victim / "Secret.prefab")
    (victim / "Secret.prefab.meta").write_text("fileFormatVersion: 2\nguid: " + "c" * 32 + "\n")
    (sample / "Assets/Escape").symlink_to(victim, target_is_directory=True)
    return victim


def test_the_cases_cover_every_asset_tool() -> None:
    assert {tool for tool, _ in CASES} == {spec.name for spec in ASSET_TOOLS}


@pytest.mark.parametrize("form", sorted(FORMS))
@pytest.mark.parametrize(("tool", "payload"), CASES, ids=[f"{tool}-{i}" for i, (tool, _) in enumerate(CASES)])
def test_a_path_leaving_the_project_is_refused(sample: Path, beside: Path, tool: str, payload: Payload,
                                               form: str) -> None:
    project_before, victim_before = snapshot(sample), snapshot(beside)
    file, folder = FORMS[form](beside)
    error = failure(sample, tool, payload(file, folder))
    assert error.code == "E_PATH_OUTSIDE_PROJECT", (error.code, error.message)
    assert (snapshot(sample), snapshot(beside)) == (project_before, victim_before)


def test_asset_info_does_not_hash_a_system_file(sample: Path) -> None:
    error = failure(sample, "asset.info", {"file": "Assets/../../../../etc/passwd"})
    assert error.code == "E_PATH_OUTSIDE_PROJECT"
    assert "size" not in error.details and "revision" not in error.details
