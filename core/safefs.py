"""The one file-system rule for project files: reads never block, state writes never follow a link.

A repository is hostile input. A named pipe (FIFO) where a file is expected makes a plain `open()` wait forever
for a writer; a device or socket is no better. So every project-file read opens with `O_NONBLOCK` and checks the
descriptor is a regular file before reading a byte: anything else raises `SpecialFileError`, an `OSError`, so
callers that already turn an unreadable file into a catalogued error (or skip it and report it) do the same here.

unitycli's own files inside a project (the transaction lock, journal and `.gitignore`, the index cache) are opened
relative to a directory descriptor that was itself opened without following links, with `O_NOFOLLOW` on the last
step: a symbolic link planted anywhere on that path is refused (`LinkRefusedError`), never written through, and no
rename between the check and the open can redirect it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from pathlib import Path

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISLNK, "a symbolic link"), (stat.S_ISDIR, "a folder"))


def kind_of(mode: int) -> str:
    """What a file is, in words, for an error message."""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


class SpecialFileError(OSError):
    """A path that should be a regular file is a FIFO, socket or device: it is never opened for reading."""

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        super().__init__(errno.EINVAL, f"not a regular file: it is {kind}", os.fspath(path))
        self.kind = kind


class LinkRefusedError(OSError):
    """A symbolic link stands where unitycli opens one of its own files or folders; it is never followed."""

    def __init__(self, path: str | os.PathLike[str], target: str | None) -> None:
        super().__init__(errno.ELOOP, "a symbolic link stands here and is never followed", os.fspath(path))
        self.target = target


# --- reads ---------------------------------------------------------------------------------------------------


def open_regular(path: str | os.PathLike[str], *, nofollow: bool = False, dir_fd: int | None = None,
                 shown: str | os.PathLike[str] | None = None) -> int:
    """A read-only descriptor of a regular file; never blocks. FIFOs, sockets and devices raise SpecialFileError,
    a folder IsADirectoryError, and with `nofollow` a symbolic link at the last step LinkRefusedError; errors name
    `shown` (default `path`)."""
    flags = os.O_RDONLY | _NONBLOCK | _CLOEXEC | _NOCTTY | (_NOFOLLOW if nofollow else 0)
    shown = shown or path
    try:
        fd = os.open(path, flags) if dir_fd is None else os.open(path, flags, dir_fd=dir_fd)
    except OSError as exc:
        if nofollow and exc.errno in (errno.ELOOP, errno.EMLINK):
            _refuse_if_link(path, dir_fd, shown)
        if exc.errno == errno.ENXIO:  # a socket (or a device with nothing behind it) cannot be opened
            mode = 0
            with contextlib.suppress(OSError):
                mode = os.stat(path, dir_fd=dir_fd).st_mode
            if mode and not stat.S_ISREG(mode):
                raise SpecialFileError(shown, kind_of(mode)) from None
        raise type(exc)(exc.errno, exc.strerror, os.fspath(shown)) from None
    try:
        mode = os.fstat(fd).st_mode
    except BaseException:
        os.close(fd)
        raise
    if stat.S_ISREG(mode):
        return fd
    os.close(fd)
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder", os.fspath(shown))
    raise SpecialFileError(shown, kind_of(mode))


def read_fd(fd: int) -> bytes:
    """Everything left in an open regular file (streams, so a file that grows is read to its end). The size the
    file has now is asked for in one read, so a big file is not held twice (in pieces and joined)."""
    chunks = [os.read(fd, max(os.fstat(fd).st_size, 0) + 1)]
    if chunks[0]:
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def read_bytes(path: str | os.PathLike[str], *, nofollow: bool = False) -> bytes:
    """The content of a regular file, like `Path.read_bytes` but refusing special files instead of hanging."""
    fd = open_regular(path, nofollow=nofollow)
    try:
        return read_fd(fd)
    finally:
        os.close(fd)


def read_text(path: str | os.PathLike[str], encoding: str = "utf-8") -> str:
    return read_bytes(path).decode(encoding)


def is_regular(path: str | os.PathLike[str]) -> bool:
    """True for a regular file (links followed); False for anything else, absent or unreadable."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


# --- unitycli's own files: no link is ever followed ----------------------------------------------------------


def _refuse_if_link(path: str | os.PathLike[str], dir_fd: int | None,
                    shown: str | os.PathLike[str] | None = None) -> None:
    """Raise LinkRefusedError, naming `shown` (default `path`), when `path` (relative to `dir_fd`) is itself a
    symbolic link: the one place an open that failed with ELOOP learns it met a link."""
    try:
        if stat.S_ISLNK(os.lstat(path, dir_fd=dir_fd).st_mode):
            try:
                target = os.readlink(path, dir_fd=dir_fd)
            except OSError:
                target = None
            raise LinkRefusedError(shown or path, target) from None
    except (FileNotFoundError, NotADirectoryError):
        return


def open_dir(parent_fd: int | None, name: str | os.PathLike[str], *, create: bool = False,
             shown: str | os.PathLike[str] | None = None) -> tuple[int, bool]:
    """Open folder `name` under `parent_fd` (an absolute path when None) without following a link.

    With `create` a missing folder is made first. Returns (descriptor, created). A link raises LinkRefusedError
    and a file of another kind NotADirectoryError, both naming `shown` (default `name`).
    """
    created = False
    if create:
        try:
            os.mkdir(name, 0o777, dir_fd=parent_fd)
            created = True
        except FileExistsError:
            pass
    try:
        fd = os.open(name, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=parent_fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK, errno.ENOTDIR):
            _refuse_if_link(name, parent_fd, shown)
            if exc.errno == errno.ENOTDIR:
                raise NotADirectoryError(errno.ENOTDIR, "is not a folder", os.fspath(shown or name)) from None
        raise type(exc)(exc.errno, exc.strerror, os.fspath(shown or name)) from None
    return fd, created


def open_dir_path(root: Path, parts: tuple[str, ...], *, create: bool = False,
                  on_create: Callable[[int], None] | None = None) -> tuple[int, list[str]]:
    """Open `root/parts...` one component at a time, none of them a link (created when `create`).

    `root` itself is opened as given (the caller resolved it); returns the descriptor of the last folder and the
    project-relative names of the folders that were created, parents first. `on_create(parent_fd)` runs after
    each folder is made (the transaction layer fsyncs the parent there, so the new entry is durable).
    """
    fd = os.open(root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
    made: list[str] = []
    try:
        for depth, name in enumerate(parts):
            shown = root.joinpath(*parts[:depth + 1])
            child, created = open_dir(fd, name, create=create, shown=shown)
            if created and on_create is not None:
                try:
                    on_create(fd)
                except BaseException:
                    os.close(child)
                    raise
            os.close(fd)
            fd = child
            if created:
                made.append("/".join(parts[:depth + 1]))
    except BaseException:
        os.close(fd)
        raise
    return fd, made


def open_own_file(dir_fd: int | None, name: str, flags: int, mode: int = 0o644, *,
                  shown: str | os.PathLike[str] | None = None) -> int:
    """Open (or create, with O_CREAT in `flags`) one of unitycli's own files in a verified folder (`dir_fd`; None
    when `name` is a path whose folders the caller trusts).

    Never follows a link and never blocks; anything but a regular file is refused, named by `shown`.
    """
    try:
        fd = os.open(name, flags | _NOFOLLOW | _NONBLOCK | _CLOEXEC, mode, dir_fd=dir_fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EMLINK, errno.ENXIO):
            _refuse_if_link(name, dir_fd, shown)
            if exc.errno == errno.ENXIO:  # a FIFO opened for writing with no reader
                raise SpecialFileError(shown or name, "a named pipe (FIFO)") from None
        raise type(exc)(exc.errno, exc.strerror, os.fspath(shown or name)) from None
    try:
        info = os.fstat(fd)
    except BaseException:
        os.close(fd)
        raise
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise SpecialFileError(shown or name, kind_of(info.st_mode))
    return fd
