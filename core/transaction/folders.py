"""Folders in a transaction: which ones a commit creates, which it may remove, and removing them durably.

Creation and removal sit on opposite sides of the commit point on purpose. A folder is created before it (files
are renamed into it, and an empty one is harmless to undo); a folder is removed only after the commit is decided
and the backups of the files deleted from it are gone, because until then those backups live inside it and
recovery may still need them. So a crash can leave a created folder that rollback removes, or a folder the
commit meant to remove that roll-forward removes; never a folder missing whose files came back.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.transaction.crashpoints import crash_point
from unitycli.transaction.durable import fsync_dir

# The project root, Unity's root folders and unitycli's own state folder are never removed (compared without
# case: on macOS and Windows `assets` is `Assets`).
_PROTECTED = frozenset({".", "assets", "packages", "projectsettings", ".unitycli"})
_SHOWN = 20


def is_protected(rel: str) -> bool:
    return rel.lower() in _PROTECTED or rel.lower().startswith(".unitycli/")


def protected_folder(rel: str) -> UnityCliError:
    return UnityCliError(
        "E_FOLDER_PROTECTED",
        f"{rel} is the project root, a Unity root folder or unitycli's state folder and is never removed",
        details={"path": rel},
        next_actions=[tool_command("asset.find", {"folder": rel})],  # the assets inside it, to remove instead
    )


def folder_not_empty(contents: dict[str, list[str]]) -> UnityCliError:
    """The folders a transaction meant to remove that would still hold something; `contents` names what."""
    first = next(iter(contents))
    shown = {rel: names[:_SHOWN] for rel, names in contents.items()}
    return UnityCliError(
        "E_FOLDER_NOT_EMPTY",
        f"{first} would still contain {', '.join(contents[first][:5])}"
        f"{' ...' if len(contents[first]) > 5 else ''} after this change, so it is not removed; nothing was written",
        details={"paths": list(contents), "contents": shown},
        next_actions=[tool_command("asset.find", {"folder": first})],  # what is left, to move or delete first
    )


def _ancestors(rel: str) -> list[str]:
    parents = PurePosixPath(rel).parents
    return [p.as_posix() for p in parents if p.as_posix() != "."]


def missing_folders(root: Path, files: Iterable[str], folders: Iterable[str]) -> list[str]:
    """Folders that do not exist on disk and must: the parents of `files`, `folders` and theirs; parents first."""
    wanted: set[str] = set()
    for rel in files:
        wanted.update(_ancestors(rel))
    for rel in folders:
        wanted.add(rel)
        wanted.update(_ancestors(rel))
    return sorted((rel for rel in wanted if not (root / rel).is_dir()), key=lambda rel: (rel.count("/"), rel))


def leftover_contents(root: Path, rel: str, going: set[str]) -> list[str]:
    """Names in folder `rel` that are not in `going` (this transaction's deletes and folder removals).

    Read under the project lock during verification, so nothing a program added since the tool ran is lost.
    A folder that vanished reports nothing; the snapshot check already calls that a change.
    """
    try:
        with os.scandir(root / rel) as entries:
            names = sorted(entry.name for entry in entries)
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [name for name in names if f"{rel}/{name}" not in going]


def remove_folders(root: Path, folders: Sequence[str], anomalies: list[str]) -> None:
    """Remove decided folders, deepest first. Absent is done; one that cannot go is reported and left.

    This runs after the commit point, where refusing is no longer possible: a folder that another program filled
    in the meantime is kept (with what it now holds) rather than failing a commit that is already durable.
    """
    parents: set[Path] = set()
    for index, rel in enumerate(sorted(folders, key=lambda r: (-r.count("/"), r))):
        try:
            os.rmdir(root / rel)
            parents.add((root / rel).parent)
        except FileNotFoundError:
            pass
        except OSError as exc:
            anomalies.append(f"{rel} was not removed: {exc.strerror or exc}")
        crash_point(f"rmdir:{index}")
    for parent in parents:
        if parent.is_dir():
            fsync_dir(parent)
