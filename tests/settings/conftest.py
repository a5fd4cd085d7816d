"""Settings tests run the real tools through the runner on small writable copies of real fixture projects.

A copy holds only what the settings tools read: ProjectVersion.txt, the settings files, an empty Assets/ and,
when asked, some scenes with their metas. The shared fixtures are never written.
"""

from __future__ import annotations

import shutil
import stat
from pathlib import Path
from typing import Any

import pytest

from tests.fixturepaths import fixture_project
from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.runner import RunOptions, RunResult, run_tool

U2022 = "chicken-defense"  # 2022.3.17f1: PlayerSettings 26, TagManager 2
U6 = "minigolf"  # 6000.0.25f1: PlayerSettings 28, TagManager 3
CLIENT_DRIVEN = "com.unity.multiplayer.samples.bitesize/Basic/ClientDriven"  # 6000.0.28f1, PlayerSettings 26
CINEMACHINE_URP = "com.unity.cinemachine/Projects/URP"  # 2022.3.62f1: `m_Scenes: []`, `scriptingDefineSymbols: {}`
VFX = "vfx-samples"  # 6000.0.23f1: the empty-string key in scriptingDefineSymbols
PHYSICS = "physics-samples"  # 6000.2.10f1: PlayerSettings 28, 146 build scenes

SETTINGS = ("ProjectVersion.txt", "ProjectSettings.asset", "TagManager.asset", "InputManager.asset",
            "EditorBuildSettings.asset", "QualitySettings.asset")

PLAYER = "ProjectSettings/ProjectSettings.asset"
TAGS = "ProjectSettings/TagManager.asset"
INPUT = "ProjectSettings/InputManager.asset"
BUILD = "ProjectSettings/EditorBuildSettings.asset"
QUALITY = "ProjectSettings/QualitySettings.asset"


def settings_copy(name: str, dest: Path, extra: tuple[str, ...] = ()) -> Path:
    """A minimal writable Unity project with fixture `name`'s settings files and the `extra` files."""
    source = fixture_project(name)
    root = dest / Path(name).name
    (root / "Assets").mkdir(parents=True)
    (root / "ProjectSettings").mkdir()
    for relative in [f"ProjectSettings/{f}" for f in SETTINGS] + list(extra):
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source / relative, target)
        target.chmod(target.stat().st_mode | stat.S_IWUSR)
    return root


def original(name: str, relative: str) -> str:
    """The fixture file's text, read from the shared (read-only) fixture."""
    return (fixture_project(name) / relative).read_text(encoding="utf-8")


def run(project: Path, tool: str, payload: dict[str, Any], *, dry_run: bool = False) -> RunResult:
    return run_tool(Session(project_arg=str(project)).prepare(tool), payload, RunOptions(dry_run=dry_run))


def output(project: Path, tool: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    return run(project, tool, payload or {}).output


def failure(project: Path, tool: str, payload: dict[str, Any], *, dry_run: bool = False) -> UnityCliError:
    with pytest.raises(UnityCliError) as info:
        run(project, tool, payload, dry_run=dry_run)
    return info.value


def replaced(text: str, *pairs: tuple[str, str]) -> str:
    """`text` with each (old line, new line) replaced exactly once: the expected whole file after an edit."""
    for old, new in pairs:
        assert text.count(old + "\n") == 1, old
        text = text.replace(old + "\n", new + "\n" if new is not None else "")
    return text


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file of a project copy except unitycli's own state, to prove a tool wrote nothing."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.relative_to(root).as_posix().startswith(("Library/", ".unitycli/"))}
