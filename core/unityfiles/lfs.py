"""Git LFS pointer files: recognise them so nothing parses a pointer as YAML/JSON or writes over it.

A repository cloned without `git lfs pull` holds small text pointers where the real files should be. Reading one
as a scene or a manifest would give a confusing parse error, and writing it back would destroy the link to the
real content, so every reader of project files checks first and fails with `E_ASSET_LFS_POINTER`.
"""

from __future__ import annotations

import re
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.next_actions import lfs_pull_command

# Pointer spec v1 (git-lfs docs/spec.md): `version` first, then keys in alphabetical order, each line
# `key value\n`, whole file under 1024 bytes. `hawser` is the pre-1.0 spelling git-lfs still accepts.
MAX_POINTER_SIZE = 1024
_VERSIONS = ("https://git-lfs.github.com/spec/v1", "https://hawser.github.com/spec/v1")
_OID = re.compile(r"sha256:[0-9a-f]{64}")
_SIZE = re.compile(r"[0-9]+")
_KEY = re.compile(r"[a-z0-9.-]+")


def _pointer_fields(data: bytes) -> dict[str, str] | None:
    """The pointer's key/value pairs when `data` follows the spec, else None."""
    if len(data) >= MAX_POINTER_SIZE or not data.startswith(b"version "):
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    pairs: list[tuple[str, str]] = []
    for line in text.replace("\r\n", "\n").rstrip("\n").split("\n"):
        key, sep, value = line.partition(" ")
        if not sep or not _KEY.fullmatch(key) or not value:
            return None
        pairs.append((key, value))
    if pairs[0][0] != "version" or pairs[0][1] not in _VERSIONS:
        return None
    keys = [key for key, _ in pairs[1:]]
    if keys != sorted(set(keys)):
        return None
    fields = dict(pairs)
    if not _OID.fullmatch(fields.get("oid", "")) or not _SIZE.fullmatch(fields.get("size", "")):
        return None
    return fields


def is_lfs_pointer(data: bytes) -> bool:
    """True when `data` is a Git LFS pointer (spec v1): version line, `oid sha256:<64 hex>` and `size <n>`."""
    return _pointer_fields(data) is not None


def ensure_not_lfs(path: str | Path | None, data: bytes) -> None:
    """Raise `E_ASSET_LFS_POINTER` naming `path` when `data` is an LFS pointer instead of the file's content.

    Callers should always know the path; None (bytes of unknown origin) still fails, without a made-up name.
    """
    fields = _pointer_fields(data)
    if fields is None:
        return
    if path is None:
        raise UnityCliError("E_ASSET_LFS_POINTER", "the file is a Git LFS pointer, not the file's content",
                            details={"oid": fields["oid"], "size": int(fields["size"])},
                            next_actions=[lfs_pull_command()])
    raise UnityCliError(
        "E_ASSET_LFS_POINTER",
        f"{Path(path).as_posix()} is a Git LFS pointer, not the file's content",
        details={"file": Path(path).as_posix(), "oid": fields["oid"], "size": int(fields["size"])},
        next_actions=[lfs_pull_command(include=Path(path).as_posix())],
    )
