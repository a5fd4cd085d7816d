"""The doctor's Git LFS check: pointer files in ProjectSettings/ and Assets/ (a clone without `git lfs pull`),
which reads skip and writers refuse."""

from __future__ import annotations

import os
from pathlib import Path

from unitycli.doctor_report import DoctorReport
from unitycli.next_actions import lfs_pull_command
from unitycli.safefs import read_bytes
from unitycli.unityfiles.lfs import MAX_POINTER_SIZE, is_lfs_pointer

LFS_SCANNED = ("ProjectSettings", "Assets")
LFS_LISTED = 20  # pointer paths named in the doctor entry; the count covers all of them


def lfs_pointer_files(root: Path) -> list[str]:
    """Project-relative paths of the Git LFS pointers in ProjectSettings/ and Assets/, sorted.

    A pointer is under 1 KiB (spec v1), so only small files are opened. Symlinked folders are not followed, as
    Unity does not follow them under Assets/.
    """
    found: list[str] = []
    for top in LFS_SCANNED:
        for dirpath, dirnames, filenames in os.walk(root / top):
            dirnames.sort()
            for name in filenames:
                file = Path(dirpath, name)
                try:
                    if file.is_symlink() or file.stat().st_size >= MAX_POINTER_SIZE:
                        continue
                    data = read_bytes(file)
                except OSError:
                    continue
                if is_lfs_pointer(data):
                    found.append(file.relative_to(root).as_posix())
    return sorted(found)


def _pull_commands(paths: list[str]) -> list[str]:
    """One `git lfs pull --include` for the listed paths (comma-separated, as git-lfs takes them), then all."""
    listed = paths[:LFS_LISTED]
    if any("," in path for path in listed):  # a comma would split the pattern: name the first files one by one
        listed = listed[:5]
        commands = [lfs_pull_command(include=path) for path in listed]
    else:
        commands = [lfs_pull_command(include=",".join(listed))]
    return commands if len(listed) == len(paths) else [*commands, lfs_pull_command()]


def lfs_check(report: DoctorReport) -> None:
    """Git LFS pointers where settings or assets should be: reads skip them, writers refuse them."""
    if not report.project:
        return
    pointers = lfs_pointer_files(Path(report.project))
    if not pointers:
        report.add("project:lfs-pointers", "pass", "no Git LFS pointer files in ProjectSettings/ or Assets/")
        return
    shown = ", ".join(pointers[:3]) + (f" and {len(pointers) - 3} more" if len(pointers) > 3 else "")
    report.add("project:lfs-pointers", "warn",
               f"{len(pointers)} file(s) in ProjectSettings/ or Assets/ are Git LFS pointers, not their "
               f"content ({shown}); tools cannot read them and writers refuse them",
               _pull_commands(pointers),
               {"count": len(pointers), "files": pointers[:LFS_LISTED], "listed": min(len(pointers), LFS_LISTED)})
