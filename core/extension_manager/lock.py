"""The project's extension lock, `.unitycli/extensions.toml`: which extensions this project uses, at what version.

Written with tomli-w through a Transaction (atomic, crash-safe), committed with the project so a team and CI
get the same extensions with `extensions sync`. `init` records wanted extensions (id + distribution);
`extensions install` adds the installed version, the digest of its RECORD and where it came from. Nothing in it
names this machine: the source is a kind of place that `sync` looks up in the configured sources
(`[sources]` in `.unitycli/config.toml`, and the unitycli checkout's `extensions/` folder).

```toml
version = 1

[extensions.probuilder]
distribution = "unitycli-probuilder"
version = "0.1.0"
digest = "sha256:…"      # sha256 of the installed distribution's RECORD (none for an editable install)
source = "repo:extensions/probuilder"   # or "wheelhouse", "pypi", "local" (a folder elsewhere: any source)
```

Locks written before sources were portable may hold `index` (read as `pypi`) or a path / `file://` URL; `sync`
still honours them and rewrites them portably when it fills in a version or digest.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import tomli_w
from pydantic import BaseModel, ConfigDict, ValidationError

from unitycli.errors import UnityCliError
from unitycli.extension_manager import tomlfile
from unitycli.safefs import read_bytes

LOCK = ".unitycli/extensions.toml"
LOCK_VERSION = 1

REPO_PREFIX = "repo:extensions/"  # + the extension's folder name in the repository's extensions/
WHEELHOUSE_SOURCE = "wheelhouse"  # a built wheel, found in a configured wheelhouse folder
INDEX_SOURCE = "pypi"             # pip's index, by exact version
LEGACY_INDEX_SOURCE = "index"     # what older locks wrote for the index
LOCAL_SOURCE = "local"            # a folder outside the repository: sync finds the version in any source


def is_portable_source(source: str | None) -> bool:
    """Whether a lock source names no machine-local place (no absolute path, no file URL)."""
    if source is None or source in (WHEELHOUSE_SOURCE, INDEX_SOURCE, LEGACY_INDEX_SOURCE, LOCAL_SOURCE):
        return True
    rest = source[len(REPO_PREFIX):] if source.startswith(REPO_PREFIX) else None
    return bool(rest) and not rest.startswith("/") and ".." not in rest.split("/")


class LockEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    distribution: str
    version: str | None = None
    digest: str | None = None
    source: str | None = None


def _invalid(field: str, problem: str) -> UnityCliError:
    return UnityCliError("E_MANIFEST_INVALID", f"{LOCK}: {field}: {problem}",
                         details={"file": LOCK, "field": field, "problem": problem},
                         next_actions=[f"git checkout -- {LOCK}", "unitycli init"])


def parse_lock(raw: bytes) -> dict[str, LockEntry]:
    try:
        data = tomlfile.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise _invalid("(toml)", str(exc)) from None
    if data.get("version") != LOCK_VERSION:
        raise _invalid("version", f"must be {LOCK_VERSION}")
    table = data.get("extensions", {})
    if not isinstance(table, dict):
        raise _invalid("extensions", "must be a table")
    entries: dict[str, LockEntry] = {}
    for ext_id, value in table.items():
        try:
            entries[ext_id] = LockEntry.model_validate(value)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            raise _invalid(f"extensions.{ext_id}.{'.'.join(map(str, first['loc']))}", first["msg"]) from None
    return entries


def read_lock(root: Path) -> dict[str, LockEntry]:
    """The lock's entries by extension id; {} when the project has no lock yet."""
    try:
        raw = read_bytes(root / LOCK)
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise _invalid("(file)", f"cannot be read: {exc}") from exc
    return parse_lock(raw)


def render_lock(entries: dict[str, LockEntry]) -> bytes:
    doc: dict[str, Any] = {"version": LOCK_VERSION, "extensions": {
        ext_id: entries[ext_id].model_dump(exclude_none=True) for ext_id in sorted(entries)}}
    header = "# unitycli extension lock: written by `unitycli init` / `extensions install`; `extensions sync` reads it.\n"
    return (header + tomli_w.dumps(doc)).encode("utf-8")


def stage_lock(transaction: Any, entries: dict[str, LockEntry]) -> None:
    """Stage the lock in a Transaction (unitycli.transaction.Transaction); unchanged content stages nothing."""
    data = render_lock(entries)
    if transaction.exists(LOCK) and transaction.read_bytes(LOCK) == data:
        return
    transaction.write_bytes(LOCK, data)


def write_lock(root: Path, entries: dict[str, LockEntry]) -> dict[str, Any]:
    """Commit the lock; `.unitycli/` is not a Unity file, so an open Editor does not block this write."""
    from unitycli.transaction import Transaction

    transaction = Transaction(root, dry_run=False, allow_editor_open=True)
    stage_lock(transaction, entries)
    return transaction.commit().model_dump(by_alias=True, mode="json")
