"""What a path looked like when a transaction first touched it, and the errors for a path of the wrong kind.

The snapshot is the unit of optimistic validation: commit re-takes it under the lock and compares.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.safefs import SpecialFileError, open_regular, read_fd
from unitycli.spliced import Content, same_bytes
from unitycli.transaction.revision import revision_and_states


@dataclass(frozen=True)
class Snapshot:
    """A path's on-disk state when the transaction first touched it."""

    present: bool
    is_dir: bool = False
    data: bytes | None = None  # None: only existence was observed

    @cached_property
    def revision(self) -> str | None:
        """The content's revision, hashed once (the snapshot is immutable), with the hash's states on the way
        (`hash_states`)."""
        if self.data is None:
            return None
        revision, self.__dict__["_states"] = revision_and_states(self.data)
        return revision

    def hash_states(self) -> tuple[tuple[int, Any], ...]:
        """The hash states kept when the revision was hashed (`revision.revision_and_states`); none when it was not
        hashed here (taken from a content known to be the same, or not asked yet: never hashed for this)."""
        return self.__dict__.get("_states", ())

    def same_content_as(self, data: Content, revision: str) -> bool:
        """Whether this snapshot holds exactly `data`, whose revision is `revision`; if so that is its revision too
        (a comparison costs a fraction of hashing: a batch reads each file its previous step wrote)."""
        if self.data is None or not same_bytes(self.data, data):
            return False
        self.__dict__["revision"] = revision  # the cached_property's slot
        return True

    def same_as(self, other: Snapshot) -> bool:
        if (self.present, self.is_dir) != (other.present, other.is_dir):
            return False
        return self.data is None or self.data == other.data

    def still_same(self, path: Path, rel: str) -> bool:
        """`same_as(take_snapshot(...))` of the path now, with content compared piece by piece: a commit checks a
        64 MB scene without holding a second copy of it."""
        if self.data is None or not self.present or self.is_dir:
            return self.same_as(take_snapshot(path, rel, self.data is not None))
        try:
            fd = open_regular(path)
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return False
        except OSError as exc:
            raise _unreadable(rel, exc) from exc
        try:
            return _same_content(fd, self.data)
        except OSError as exc:
            raise _unreadable(rel, exc) from exc
        finally:
            os.close(fd)


_PIECE = 1 << 20


def _same_content(fd: int, data: bytes) -> bool:
    if os.fstat(fd).st_size != len(data):
        return False
    pos = 0
    while chunk := os.read(fd, _PIECE):
        if not data.startswith(chunk, pos):  # compared where it lies: no slice of `data` (a memoryview compares
            return False                     # element by element, ten times slower)
        pos += len(chunk)
    return pos == len(data)


def take_snapshot(path: Path, rel: str, content: bool) -> Snapshot:
    """Existence and kind; with `content`, the bytes of a regular file (anything else but a folder is refused)."""
    try:
        if not content:
            info = os.stat(path)
            return Snapshot(True, stat.S_ISDIR(info.st_mode))
        fd = open_regular(path)  # never blocks: a FIFO planted in a project is refused, not waited on
    except (FileNotFoundError, NotADirectoryError):
        return Snapshot(False)
    except IsADirectoryError:
        return Snapshot(True, is_dir=True)
    except OSError as exc:  # SpecialFileError too: readers that skip unreadable files skip a FIFO the same way
        raise _unreadable(rel, exc) from exc
    try:
        return Snapshot(True, data=read_fd(fd))
    except OSError as exc:
        raise _unreadable(rel, exc) from exc
    finally:
        os.close(fd)


def _unreadable(rel: str, exc: OSError) -> UnityCliError:
    details = {"path": rel, "errno": errno.errorcode.get(exc.errno or 0), "errnoNumber": exc.errno}
    if isinstance(exc, SpecialFileError):
        details["kind"] = exc.kind
    return UnityCliError("E_PROJECT_FILE_UNREADABLE", f"{rel} cannot be read: {exc.strerror}", details=details)


def not_a_file(rel: str, reason: str) -> UnityCliError:
    return UnityCliError("E_PATH_NOT_A_FILE", f"{rel} cannot be used as a file: {reason}",
                         details={"path": rel, "reason": reason})


def not_a_folder(rel: str, reason: str) -> UnityCliError:
    return UnityCliError("E_PATH_NOT_A_FILE", f"{rel} cannot be used as a folder: {reason}",
                         details={"path": rel, "reason": reason})


def not_found(rel: str) -> UnityCliError:
    return UnityCliError("E_ASSET_NOT_FOUND", f"{rel} does not exist in the project", details={"path": rel})
