"""Reading a file or standard input named on the command line (`--input @FILE|-`, `batch --commands FILE|-`),
so that no value can hang the command or exhaust memory.

`@/dev/zero` never ends and a named pipe without a writer blocks `open()` forever. Here a file is opened
non-blocking (a pipe without a writer then reads as empty), a folder is refused, and at most `MAX_BYTES` are
read: more is a catalogued refusal, never an endless read. A pipe that has a writer (`--input @<(…)`, a pipe on
stdin) is read as it arrives, as any command line tool reads it.
"""

from __future__ import annotations

import errno
import os
import stat
import sys

from unitycli.errors import UnityCliError

MAX_BYTES = 16 * 1024 * 1024  # tool input and batch files are JSON lines; none comes near this
_CHUNK = 1024 * 1024


def _refusal(option: str, source: str, message: str, **details: object) -> UnityCliError:
    return UnityCliError("E_OPTION_VALUE_INVALID", message, details={"option": option, "file": source, **details})


def _read_fd(fd: int, option: str, source: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size <= MAX_BYTES:
        chunk = os.read(fd, min(_CHUNK, MAX_BYTES + 1 - size))
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)
        size += len(chunk)
    raise _too_large(option, source)


def _too_large(option: str, source: str) -> UnityCliError:
    return _refusal(option, source, f"{source} holds more than {MAX_BYTES} bytes; the limit keeps a runaway or "
                    "endless source (such as /dev/zero) from hanging the command", reason="too large",
                    maxBytes=MAX_BYTES)


def read_file(value: str, option: str) -> bytes:
    """The bytes of the file at `value`. OS errors, folders and files beyond `MAX_BYTES` are
    `E_OPTION_VALUE_INVALID` naming the option, the file and the errno."""
    try:
        fd = os.open(value, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        code = getattr(exc, "errno", None)
        raise _refusal(option, value, f"cannot read {value}: {getattr(exc, 'strerror', None) or exc}",
                       errno=errno.errorcode.get(code, None) if code else None) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise _refusal(option, value, f"{value} is a folder, not a file", errno="EISDIR")
        os.set_blocking(fd, True)  # opened non-blocking only so a FIFO without a writer cannot hang the open
        return _read_fd(fd, option, value)
    except OSError as exc:
        raise _refusal(option, value, f"cannot read {value}: {exc.strerror or exc}",
                       errno=errno.errorcode.get(exc.errno or 0)) from None
    finally:
        os.close(fd)


def read_stdin(option: str) -> bytes:
    """Standard input, bounded like a file; a closed one is refused instead of read as empty."""
    source = "standard input"
    stream = sys.stdin
    if stream is None:  # started with fd 0 closed
        raise _refusal(option, source, f"{option} - reads standard input, but it is closed", errno="EBADF")
    try:
        fd: int | None = stream.fileno()
    except (OSError, ValueError):  # a stream with no descriptor (an embedding program's, a test's)
        fd = None
    if fd is None:
        data = getattr(stream, "buffer", stream).read(MAX_BYTES + 1)
        data = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
        if len(data) > MAX_BYTES:
            raise _too_large(option, source)
        return data
    try:
        return _read_fd(fd, option, source)
    except OSError as exc:
        raise _refusal(option, source, f"cannot read standard input: {exc.strerror or exc}",
                       errno=errno.errorcode.get(exc.errno or 0)) from None
