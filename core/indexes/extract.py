"""Byte-level extraction of what the index stores: a meta's GUID and the external references of a YAML file.

Nothing here parses YAML: a cold build reads every byte of the project, and regular expressions over bytes are an
order of magnitude faster than any parser. The reference shapes matched are the ones Unity writes:
- `{fileID: N, guid: G, type: T}`, which Unity wraps after a comma when the line grows long
  (`guid: 4793ea98cc7e6aa44ad8bd715ab2e440,\\n          type: 3}` in chicken-defense `huge_tree.prefab`);
- the same reference as JSON inside a string, `{"fileID":4300000,"guid":"9dc2...","type":2}` (VFX `.vfx` files);
- a bare `guid: G` line, as in EditorBuildSettings' scene list (`- enabled: 1 / path: ... / guid: G`); only
  ProjectSettings files use it, and looking for it costs a sixth of a scan, so only they are searched for it.

The index keeps, per file and GUID, the referencing documents and a count (`scan_yaml`); the referenced fileID and
type are read from the one file a `dependencies` query asks about (`scan_references`), which keeps the cold
build at one cheap regular expression per document.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from enum import IntEnum

BOM = b"\xef\xbb\xbf"
# A Git LFS pointer's first line (git-lfs spec v1). Only the state stored for the file depends on it: a pointer is
# not YAML and is skipped either way. Checked inline because `unitycli.unityfiles` imports pydantic, which would
# triple the start-up of every command that opens an index.
_LFS_POINTER = (b"version https://git-lfs.github.com/spec/v1\n", b"version https://hawser.github.com/spec/v1\n")
_META_GUID = re.compile(rb"^guid:[ \t]*([0-9a-f]{32})[ \t\r]*$", re.M)
_HEADER = re.compile(rb"\n--- !u!(\d+) &(-?\d+)[^\n]*")
# Both shapes in one pass: `guid: G,` (group 1) or `"guid":"G"` / `\"guid\":\"G\"` (group 2). The shared literal
# prefix `guid` lets the regex engine skip ahead quickly, and the lookbehind keeps the JSON shape's opening quote.
_GUID_EITHER = re.compile(rb'guid(?::\s+([0-9a-f]{32}),|(?<="guid)\\?":\s*\\?"([0-9a-f]{32})\\?")')
_BARE = re.compile(rb"guid: ([0-9a-f]{32})[ \t\r]*(?=\n|$)")
_FLOW = re.compile(rb"fileID:\s+(-?\d+),\s+guid:\s+([0-9a-f]{32}),\s+type:\s+(\d+)")
_JSON = re.compile(rb'fileID\\?":\s*(-?\d+),\s*\\?"guid\\?":\s*\\?"([0-9a-f]{32})\\?",\s*\\?"type\\?":\s*(\d+)')

# (guid, reference count, referencing documents as "classID:fileID classID:fileID ...")
Posting = tuple[str, int, str]
# (classID, document fileID, referenced fileID or None, guid, type or None, count)
Reference = tuple[int, int, int | None, str, int | None, int]


class ScanState(IntEnum):
    """The outcome of reading a file, stored so unreadable or non-YAML files are not re-read until they change."""

    OK = 0
    NOT_YAML = 1
    LFS_POINTER = 2
    UNREADABLE = 3
    NO_GUID = 4
    PENDING = 5  # a big YAML file listed but not read yet: the first query of references reads it (build.py)


def meta_guid(data: bytes) -> str | None:
    """The `guid:` line of a meta, which may start with a BOM and lack a final newline."""
    match = _META_GUID.search(data, 3 if data.startswith(BOM) else 0)
    return match.group(1).decode("ascii") if match else None


def _yaml_body(data: bytes) -> tuple[ScanState, bytes]:
    if data.startswith(BOM):
        data = data[3:]
    if data.startswith(b"%YAML"):
        return ScanState.OK, data
    return (ScanState.LFS_POINTER if data.startswith(_LFS_POINTER) else ScanState.NOT_YAML), b""


def _bare_guids(data: bytes, start: int, end: int) -> list[bytes]:
    """Bare `guid: G` lines of `data[start:end]`; the byte before `guid` must end the key (not `m_SceneGUID`, not
    `assetGuid`)."""
    return [m.group(1) for m in _BARE.finditer(data, start, end)
            if m.start() == start or data[m.start() - 1] in b" \t-\n"]


def scan_yaml(data: bytes, bare_guids: bool = False) -> tuple[ScanState, list[Posting]]:
    """(state, one posting per referenced GUID) for one file's bytes."""
    return scan_yaml_pieces([data], bare_guids)


def yaml_pieces(read: Callable[[int], bytes], size: int) -> Iterator[bytes]:
    """A file read by `read(n)` in pieces of about `size` bytes, each but the first starting at a document header,
    so a big scene is scanned without being held whole (`scan_yaml_pieces`)."""
    rest = b""
    while chunk := read(max(size, len(rest))):  # a document longer than `size` is read in growing pieces
        buffer = rest + chunk
        last = None
        for last in _HEADER.finditer(buffer, 1):  # noqa: B007  # the last header: the next piece starts there
            pass
        if last is None:
            rest = buffer
            continue
        yield buffer[: last.start()]
        rest = buffer[last.start() :]
    if rest:
        yield rest


def scan_yaml_pieces(pieces: Iterable[bytes], bare_guids: bool = False) -> tuple[ScanState, list[Posting]]:
    """`scan_yaml` of the joined pieces, where every piece but the first starts at a document header."""
    names: list[bytes] = []  # "classID:fileID" of each document, in file order
    found_per_doc: list[list[tuple[bytes, bytes]]] = []
    started = False
    for piece in pieces:
        data = piece
        if not started:
            state, data = _yaml_body(piece)
            if state != ScanState.OK:
                return state, []
            started = True
        # Each document is searched in place (pos/endpos), so no piece is copied into its documents. A body starts
        # at its header line's `\n`, so no lookbehind reaches before it. Only documents with references cost
        # interpreter time below. A reference is found as (yaml guid, b"") or (b"", json guid).
        heads = list(_HEADER.finditer(data))
        spans = list(zip([m.end() for m in heads], [*(m.start() for m in heads[1:]), len(data)][: len(heads)],
                         strict=True))
        found = [_GUID_EITHER.findall(data, start, end) for start, end in spans]
        if bare_guids and _BARE.search(data) is not None:
            found = [refs + [(guid, b"") for guid in _bare_guids(data, start, end)]
                     for refs, (start, end) in zip(found, spans, strict=True)]
        names += [m.group(1) + b":" + m.group(2) for m in heads]
        found_per_doc += found
    if not started:
        return _yaml_body(b"")[0], []
    docs_of: dict[tuple[bytes, bytes], list[int]] = {}
    every: list[tuple[bytes, bytes]] = []
    for i, found in enumerate(found_per_doc):
        if not found:
            continue
        every += found
        for key in dict.fromkeys(found) if len(found) > 1 else found:
            docs = docs_of.get(key)
            if docs is None:
                docs_of[key] = [i]
            else:
                docs.append(i)
    if not docs_of:
        return ScanState.OK, []
    counts = Counter(every)
    merged: dict[bytes, tuple[int, list[int]]] = {}
    for key, docs in docs_of.items():
        guid = key[0] or key[1]
        seen = merged.get(guid)  # the same GUID written in both shapes in one file (rare): one posting
        merged[guid] = (counts[key], docs) if seen is None else (seen[0] + counts[key], sorted({*seen[1], *docs}))
    return ScanState.OK, [
        (guid.decode("ascii"), n, b" ".join([names[i] for i in docs]).decode("ascii"))
        for guid, (n, docs) in merged.items()]


def parse_documents(docs: str) -> list[tuple[int, int]]:
    """A posting's documents as (classID, fileID) pairs."""
    pairs = []
    for doc in docs.split(" "):
        cls, _, file_id = doc.partition(":")
        pairs.append((int(cls), int(file_id)))
    return pairs


def scan_references(data: bytes, bare_guids: bool = False) -> list[Reference]:
    """Every distinct external reference of a file, with the referenced fileID and type, in file order."""
    state, data = _yaml_body(data)
    if state != ScanState.OK:
        return []
    parts = _HEADER.split(data)
    counts: dict[tuple[int, int, int | None, str, int | None], int] = {}
    for i in range(1, len(parts) - 2, 3):
        body = parts[i + 2]
        if b"guid" not in body:
            continue
        refs: list[tuple[bytes | None, bytes, bytes | None]] = [*_FLOW.findall(body), *_JSON.findall(body)]
        if bare_guids:
            refs += [(None, guid, None) for guid in _bare_guids(body, 0, len(body))]
        cls, doc = int(parts[i]), int(parts[i + 1])
        for file_id, guid, kind in refs:
            key = (cls, doc, None if file_id is None else int(file_id), guid.decode("ascii"),
                   None if kind is None else int(kind))
            counts[key] = counts.get(key, 0) + 1
    return [(*key, n) for key, n in counts.items()]
