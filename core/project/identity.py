"""A project's identity: its canonical physical path and the instance id derived from it.

The same folder reached through a symlink, a relative path or `..` must get one identity, so known projects,
aliases and approvals keyed by it cannot be split or spoofed. A path that cannot be resolved (missing, broken
link, link loop) fails closed instead of falling back to the literal path.

The instance id is `"unity-" + sha256(canonical path as UTF-8)` in full (64 hex digits): no prefix collisions to
reason about, and at 70 characters it can never be mistaken for an alias (at most 64 characters).
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError

INSTANCE_ID_PREFIX = "unity-"
INSTANCE_ID_RE = re.compile(r"^unity-[0-9a-f]{64}$")


def instance_id_for(canonical: Path) -> str:
    """The instance id of an already canonical path (see `canonical_path`)."""
    return INSTANCE_ID_PREFIX + hashlib.sha256(str(canonical).encode("utf-8")).hexdigest()


def is_instance_id(value: str) -> bool:
    return bool(INSTANCE_ID_RE.match(value))


def canonical_path(path: str | os.PathLike[str], base: Path | None = None) -> Path:
    """The fully resolved physical path of `path` (relative paths are taken from `base`, default the cwd).

    Raises E_INSTANCE_PATH_UNAVAILABLE with `reason` one of missing, broken-symlink, symlink-loop,
    not-a-directory, permission-denied, os-error.
    """
    given = Path(os.fspath(path)).expanduser()
    absolute = given if given.is_absolute() else (base if base is not None else Path.cwd()) / given
    try:
        return absolute.resolve(strict=True)
    except RuntimeError as exc:  # Python < 3.13 reports a symlink loop this way
        raise path_unavailable(given, "symlink-loop", exc) from exc
    except OSError as exc:
        raise path_unavailable(given, *_diagnose(absolute, exc)) from exc


def path_unavailable(path: Path, reason: str, exc: BaseException | None = None, at: Path | None = None,
                     next_actions: list[str] | None = None) -> UnityCliError:
    details: dict[str, Any] = {"path": str(path), "reason": reason}
    if at is not None:
        details["at"] = str(at)
    if exc is not None:
        details["error"] = str(exc)
    return UnityCliError("E_INSTANCE_PATH_UNAVAILABLE", f"cannot resolve {path}: {reason.replace('-', ' ')}",
                         details=details, next_actions=next_actions)


def _diagnose(absolute: Path, exc: OSError) -> tuple[str, OSError, Path | None]:
    """Name the reason and the first path component where resolution failed, so the message is actionable."""
    if exc.errno == errno.ELOOP:
        return "symlink-loop", exc, None
    if isinstance(exc, PermissionError):
        return "permission-denied", exc, None
    if isinstance(exc, NotADirectoryError):
        return "not-a-directory", exc, None
    if not isinstance(exc, FileNotFoundError):
        return "os-error", exc, None
    current = Path(absolute.anchor)
    for part in absolute.parts[1:]:
        current = current / part
        if os.path.islink(current) and not os.path.exists(current):
            return "broken-symlink", exc, current
        if not os.path.lexists(current):
            return "missing", exc, current
    return "missing", exc, None
