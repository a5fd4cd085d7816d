"""OS errors of the transaction layer as catalogued errors: every one names its errno and the path it hit.

The commit, the state folder and its lock, the journal and recovery all touch the disk; an EIO, a read-only file
system or a planted link at any of those steps is an answer the caller can act on, never E_INTERNAL.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.safefs import LinkRefusedError, SpecialFileError

# Out of space (or quota) can pass once space is freed, so a caller may retry; the rest need a person.
_TRANSIENT = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
_HINTS = {errno.ENOSPC: "free disk space", errno.EROFS: "the file system is mounted read-only",
          errno.EACCES: "write permission", errno.EPERM: "write permission (or an immutable file)",
          errno.EIO: "the disk reported an I/O error"}


def _shown(exc: OSError, path: Path | str | None) -> str | None:
    named = exc.filename if isinstance(exc.filename, str | os.PathLike) else path
    return os.fspath(named) if named is not None else None


def write_failed(exc: OSError, *, rolled_back: bool, path: Path | str | None = None) -> UnityCliError:
    """E_WRITE_FAILED naming the errno and the path being written; transient for a full disk."""
    shown = _shown(exc, path)
    code = errno.errorcode.get(exc.errno or 0)
    message = f"Writing project files failed: {exc.strerror or exc}"
    message += f" ({code}{', ' + shown if shown else ''})"
    message += "; nothing was changed" if rolled_back else "; the next unitycli run on this project completes it"
    transient = exc.errno in _TRANSIENT
    hint = _HINTS.get(exc.errno or 0, "free disk space and write permission")
    return UnityCliError(
        "E_WRITE_FAILED", message,
        details={"path": shown, "errno": code, "errnoNumber": exc.errno, "rolledBack": rolled_back},
        next_actions=[],
        transient=transient, retry_after_ms=30000 if transient else None,
        manual_steps=[f"Check {hint} on the project folder, then run it again"],
    )


def refused(exc: LinkRefusedError | SpecialFileError | NotADirectoryError | IsADirectoryError,
            path: Path | str | None = None) -> UnityCliError:
    """E_PATH_NOT_A_FILE for a link, FIFO, device or file where unitycli keeps its own file or folder."""
    shown = _shown(exc, path) or "?"
    if isinstance(exc, LinkRefusedError):
        reason = f"it is a symbolic link{f' to {exc.target}' if exc.target else ''}; unitycli never writes through one"
    elif isinstance(exc, SpecialFileError):
        reason = f"it is {exc.kind}, not a regular file"
    elif isinstance(exc, IsADirectoryError):
        reason = "it is a folder, not a file"
    else:
        reason = "it is not a folder"
    return UnityCliError(
        "E_PATH_NOT_A_FILE", f"{shown} cannot be used for unitycli's own state: {reason}; nothing was written",
        details={"path": shown, "reason": reason},
        next_actions=[],
        manual_steps=[f"Remove {shown} (a repository should never ship it; unitycli recreates what it "
                      "needs), then run the command again"],
    )


def unreadable(exc: OSError, path: Path | str | None = None) -> UnityCliError:
    """E_PROJECT_FILE_UNREADABLE naming the errno and the file."""
    shown = _shown(exc, path)
    code = errno.errorcode.get(exc.errno or 0)
    return UnityCliError(
        "E_PROJECT_FILE_UNREADABLE", f"{shown} cannot be read: {exc.strerror or exc} ({code})",
        details={"file": shown, "errno": code, "errnoNumber": exc.errno},
        next_actions=[],
        manual_steps=[f"Check that {shown} can be read (permissions, the disk), then run the command again"],
    )


def state_error(exc: OSError, path: Path | str | None = None, *, writing: bool = True) -> UnityCliError:
    """The catalogued error for an OS error while the state folder, its lock or its journal is set up or read."""
    if isinstance(exc, LinkRefusedError | SpecialFileError | NotADirectoryError | IsADirectoryError):
        return refused(exc, path)
    return write_failed(exc, rolled_back=True, path=path) if writing else unreadable(exc, path)
