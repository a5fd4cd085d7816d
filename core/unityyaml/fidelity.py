"""The safety net: can this file be read and written back byte for byte, with every object parseable?

`project.format-check` reports it per file; writers call `ensure_roundtrips` so that a file we cannot reproduce
exactly is refused with E_FILE_FORMAT_UNSUPPORTED instead of being damaged.
"""

from __future__ import annotations

from unitycli.errors import UnityCliError
from unitycli.unityyaml.file import UnityYamlFile
from unitycli.unityyaml.split import unsupported


def _first_difference(a: bytes, b: bytes) -> int:
    """1-based line number of the first byte where `a` and `b` differ."""
    n = min(len(a), len(b))
    i = next((k for k in range(n) if a[k] != b[k]), n)
    return a.count(b"\n", 0, i) + 1


def check(data: bytes, name: str | None = None) -> UnityYamlFile:
    """Parse `data` fully (every object) and verify the written bytes equal it; raises on any failure."""
    file = UnityYamlFile.parse(data, name)
    for doc in file.documents:
        _ = doc.tree
    written = file.to_bytes()
    if written != data:
        line = _first_difference(data, written)
        raise unsupported(f"the file does not round-trip byte-identically (first difference at line {line})",
                          name, line=line)
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
