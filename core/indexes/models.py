"""What index queries return: plain frozen dataclasses, cheap to build by the thousand and easy to wrap in a tool's
pydantic result model."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple


class DocumentId(NamedTuple):
    """A document of a YAML file, as in its header `--- !u!<class_id> &<file_id>`."""

    file_id: int
    class_id: int


class Target(NamedTuple):
    """What a reference points at inside the referenced asset; None where the reference has no fileID/type
    (EditorBuildSettings' bare `guid:` lines)."""

    file_id: int | None
    type: int | None
    count: int


class ReferringObject(NamedTuple):
    """A referring document as `asset.references` shows it, stored by the index (`refdetails.py`)."""

    class_name: str
    name: str | None
    properties: tuple[tuple[str, int | None, int | None], ...]  # (property path, target fileID, type)


@dataclass(frozen=True)
class Referrer:
    """A file that references a GUID: the documents holding the references and how many references in all."""

    path: str
    documents: tuple[DocumentId, ...]
    count: int
    # One per document, when asked for and the index could read them; None: read the file (`refdetails.py`)
    objects: tuple[ReferringObject, ...] | None = None


@dataclass(frozen=True)
class Dependency:
    """A GUID a file references, with the asset path it resolves to (None for built-ins and missing assets)."""

    guid: str
    path: str | None
    count: int
    targets: tuple[Target, ...]


@dataclass(frozen=True)
class DuplicateGuid:
    """One GUID claimed by several metas; Unity reassigns all but one on import, breaking references."""

    guid: str
    paths: tuple[str, ...]


@dataclass(frozen=True)
class IndexStats:
    """How the last open went: `files_read` were (re-)read, `files_reused` came from the cache unchanged."""

    files_total: int
    files_read: int
    files_reused: int
    files_dropped: int
    seconds: float
    cache_path: str | None
    rebuilt_reason: str | None = None
    workers: int = 1
