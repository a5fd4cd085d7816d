"""Where unitycli keeps per-user state, and how its small JSON files are written without losing updates.

Known projects and aliases belong to the user, never to a repository, so they live in the user data directory.
Several unitycli processes (an agent running commands in parallel) may write them at once: every write takes an
exclusive lock on a sibling `.lock` file, re-reads, changes and replaces the file atomically, so readers never
see half a file and no writer's update is lost.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from unitycli.errors import UnityCliError
from unitycli.filelock import exclusive

ENV_HOME = "UNITYCLI_HOME"
STORE_VERSION = 1
LOCK_TIMEOUT_S = 10.0

T = TypeVar("T")


def user_data_dir() -> Path:
    """`UNITYCLI_HOME` when set (tests, CI, portable setups), else the platform's user data directory."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser().absolute()
    import platformdirs  # here: with UNITYCLI_HOME set, a call never needs it

    return Path(platformdirs.user_data_dir("unitycli", appauthor=False))


def user_cache_dir() -> Path:
    """Disposable per-user data; under `UNITYCLI_HOME/cache` when that is set so one variable isolates all."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser().absolute() / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("unitycli", appauthor=False))


def _unavailable(path: Path, problem: str, exc: BaseException | None = None, **kw: Any) -> UnityCliError:
    details: dict[str, Any] = {"path": str(path), "problem": problem}
    if exc is not None:
        details["error"] = str(exc)
    return UnityCliError("E_USER_DATA_UNAVAILABLE", f"{path}: {problem}", details=details, **kw)


class JsonStore:
    """One small JSON document `{"version": 1, <key>: {...}}` in the user data directory.

    The directory is looked up on every call, so a changed `UNITYCLI_HOME` (each test has its own) is honoured.
    """

    def __init__(self, filename: str, key: str) -> None:
        self.filename = filename
        self.key = key

    @property
    def path(self) -> Path:
        return user_data_dir() / self.filename

    def read(self) -> dict[str, Any]:
        """The mapping under `key`; empty when the file does not exist yet. A corrupt file fails closed."""
        path = self.path
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return {}
        except OSError as exc:
            raise _unavailable(path, "cannot be read", exc) from exc
        try:
            doc = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            error = _unavailable(path, "is not valid JSON", exc, next_actions=[])
            error.manual_steps = [f"Move it aside (mv '{path}' '{path}.corrupt'), then select your projects "
                                  "again"]
            raise error from exc
        if not isinstance(doc, dict) or doc.get("version") != STORE_VERSION or not isinstance(doc.get(self.key), dict):
            raise _unavailable(path, f"is not a version {STORE_VERSION} unitycli '{self.key}' file")
        return doc[self.key]

    def update(self, change: Callable[[dict[str, Any]], T]) -> T:
        """Apply `change` to the current mapping under the lock and write the result if it differs."""
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _unavailable(path.parent, "cannot be created", exc) from exc
        with _exclusive(path.with_name(path.name + ".lock")):
            data = self.read()
            before = json.dumps(data, sort_keys=True)
            result = change(data)
            if json.dumps(data, sort_keys=True) != before or not path.exists():
                doc = {"version": STORE_VERSION, self.key: data}
                text = json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
                try:
                    write_atomic(path, text.encode("utf-8"))
                except OSError as exc:
                    raise _unavailable(path, "cannot be written", exc) from exc
            return result


def write_atomic(path: Path, data: bytes) -> None:
    """Temp sibling + fsync + rename + directory fsync: after a crash the file is the old or the new one."""
    import tempfile  # here: most calls only read the user's stores

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    if sys.platform != "win32":
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


@contextmanager
def _exclusive(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `lock_path`; closing the descriptor releases it, even if the process dies."""

    def still_locked() -> UnityCliError:
        return _unavailable(lock_path, f"still locked by another unitycli process after {LOCK_TIMEOUT_S:g} s",
                            transient=True, retry_after_ms=1000)

    locked = False
    try:
        with exclusive(lock_path, LOCK_TIMEOUT_S, still_locked):
            locked = True
            yield
    except OSError as exc:
        if locked:  # raised by the caller's code while holding the lock: not a lock problem
            raise
        raise _unavailable(lock_path, "lock file cannot be opened or locked", exc) from exc


