"""The safety net: can this file be read and written back byte for byte, with every object parseable?

`project.format-check` reports it per file (`roundtrips`), and `ensure_roundtrips` refuses a file we cannot
reproduce exactly with E_FILE_FORMAT_UNSUPPORTED; a file's verdict is cached by its content digest, so a batch or
an MCP session checks each revision once. Writers of scenes and prefabs do not ask for it: `open_for_write` checks
only the structure (header, document headers, UTF-8, fileIDs: `UnityYamlFile.ensure_editable`) and parses nothing
more; their objects are written back from the bytes read (splice.py), and the objects an edit changed are verified
when the file is written (`UnityYamlFile.verified_content`), so the guarantee costs what changed, not the whole file.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict

from unitycli.errors import UnityCliError
from unitycli.unityyaml.file import UnityYamlFile
from unitycli.unityyaml.split import unsupported

# Digests of contents that passed `check`, newest last. One owner (this module), one rule: an entry names exact
# bytes, so it can never go stale; the oldest go beyond the bound.
_VERIFIED: OrderedDict[bytes, None] = OrderedDict()
_VERIFIED_MAX = 256


def _first_difference(a: bytes, b: bytes) -> int:
    """1-based line number of the first byte where `a` and `b` differ."""
    n = min(len(a), len(b))
    i = next((k for k in range(n) if a[k] != b[k]), n)
    return a.count(b"\n", 0, i) + 1


def check(data: bytes, name: str | None = None) -> UnityYamlFile:
    """Parse `data` fully (every object) and verify the written bytes equal it; raises on any failure."""
    file = UnityYamlFile.parse(data, name)
    digest = hashlib.sha256(data).digest()
    if digest in _VERIFIED:
        _VERIFIED.move_to_end(digest)
        return file
    for doc in file.documents:
        _ = doc.tree
    written = file.to_text().encode("utf-8")
    if written != data:
        line = _first_difference(data, written)
        raise unsupported(f"the file does not round-trip byte-identically (first difference at line {line})",
                          name, line=line)
    _VERIFIED[digest] = None
    if len(_VERIFIED) > _VERIFIED_MAX:
        _VERIFIED.popitem(last=False)
    return file


def roundtrips(data: bytes) -> tuple[bool, int | None]:
    """(True, None) when `data` loads and writes back identically; else (False, first bad line or None)."""
    try:
        check(data)
    except UnityCliError as exc:
        line = exc.details.get("line")
        return False, line if isinstance(line, int) else None
    return True, None


def ensure_roundtrips(data: bytes, name: str | None = None) -> UnityYamlFile:
    """The parsed file, or E_FILE_FORMAT_UNSUPPORTED / E_ASSET_LFS_POINTER naming the file and line."""
    return check(data, name)

