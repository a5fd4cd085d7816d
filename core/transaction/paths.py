"""The path guard: every project-relative path a tool names is resolved here, and nothing resolves outside the root.

Paths are checked lexically first (no `..`, no absolute or drive paths, no NUL) and then physically: symlinks in
any component, including a final component that exists or dangles, are followed and the result must stay under
the physical project root. A path that cannot be resolved (a link loop) fails closed.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath

from unitycli.errors import UnityCliError

_DRIVE = re.compile(r"^[A-Za-z]:")


def _outside(relative: str, reason: str, root: Path, resolved: str | None = None) -> UnityCliError:
    details = {"path": relative, "projectRoot": str(root), "reason": reason}
    if resolved is not None:
        details["resolved"] = resolved
    return UnityCliError(
        "E_PATH_OUTSIDE_PROJECT",
        f"{relative!r} is not a path inside the project: {reason}",
        details=details,
        next_actions=[],  # a project-relative path such as Assets/Scenes/Main.unity; the runner adds asset.find
    )


def _lexical_parts(root: Path, relative: str) -> list[str]:
    """Split a project-relative path, refusing anything that could name a place outside the root by spelling."""
    if not isinstance(relative, str):
        raise TypeError(f"project-relative path must be str, not {type(relative).__name__}")
    if "\x00" in relative:
        raise _outside(relative, "the path contains a NUL byte", root)
    # Windows spellings are refused on every OS, so a path that is safe here is safe for every teammate.
    spelled = relative.replace("\\", "/")
    if spelled.startswith("/") or _DRIVE.match(spelled):
        raise _outside(relative, "absolute paths are not accepted", root)
    parts = [part for part in spelled.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise _outside(relative, "'..' components are not accepted", root)
    if "\\" in relative:  # a file-name character here, a separator on Windows: never address a guessed file
        raise UnityCliError("E_PATH_NOT_EXACT", f"{relative!r} holds a '\\', which names different files on Windows "
                            "and on Linux or macOS; nothing was read or written",
                            details={"path": relative, "exactSpelling": "/".join(parts), "reason": "backslash"})
    return parts


def resolve_inside(root: Path, relative: str) -> Path:
    """The physical path of `relative` under `root`, or `E_PATH_OUTSIDE_PROJECT`.

    `root` should already be resolved (Transaction does it once); it is resolved again here if it is not, so the
    function is safe on its own. The result has every existing symlink followed.
    """
    root = root if root.is_absolute() else root.resolve()
    parts = _lexical_parts(root, relative)
    physical_root = Path(os.path.realpath(root))
    candidate = physical_root.joinpath(*parts)
    try:
        resolved = candidate.resolve(strict=False)
    except (RuntimeError, OSError) as exc:  # RuntimeError: symlink loop on Python < 3.13
        raise _outside(relative, f"the path cannot be resolved ({exc})", root) from exc
    if resolved != physical_root and not resolved.is_relative_to(physical_root):
        raise _outside(relative, "a symlink leads outside the project", root, str(resolved))
    return resolved


def project_relative(root: Path, absolute: Path) -> str:
    """The canonical project-relative posix spelling of a physical path inside `root` (`.` for the root)."""
    physical_root = Path(os.path.realpath(root))
    try:
        rel = absolute.relative_to(physical_root)
    except ValueError:
        raise _outside(str(absolute), "the path is not under the project root", root) from None
    return PurePosixPath(*rel.parts).as_posix() if rel.parts else "."
