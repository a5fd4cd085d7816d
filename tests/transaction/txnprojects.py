"""Project folders for transaction tests and a snapshot of everything in one (shared by tests and the soak)."""

from __future__ import annotations

from pathlib import Path


def make_project(root: Path) -> Path:
    """The smallest folder project selection accepts as a Unity project."""
    (root / "Assets").mkdir(parents=True)
    (root / "ProjectSettings").mkdir()
    (root / "ProjectSettings" / "ProjectVersion.txt").write_text("m_EditorVersion: 6000.0.25f1\n")
    return root


def tree(root: Path) -> dict[str, tuple[int, bytes | None]]:
    """Every path under root with its mode and content: the whole observable state of a project."""
    state = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        state[path.relative_to(root).as_posix()] = (info.st_mode, path.read_bytes() if path.is_file() else None)
    return state
