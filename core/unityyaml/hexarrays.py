"""Arrays Unity stores as little-endian hex strings.

ProBuilder's `m_Indexes`, `m_Vertices`, `m_SelectedFaces` are int32 (`000000000100000002000000` -> [0, 1, 2]);
URP's `m_RendererFeatureMap` is the feature fileIDs as int64 (`adc0de57c6d2eee5` -> -1878332245247344467).
An empty array is an empty string (`m_RendererFeatureMap: `).
"""

from __future__ import annotations

import struct
from collections.abc import Iterable

from unitycli.errors import UnityCliError

_HEX = frozenset("0123456789abcdefABCDEF")


def _decode(text: str, fmt: str, size: int) -> list[int]:
    if len(text) % (2 * size) or not _HEX.issuperset(text):
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED",
                            f"not a hex array of {8 * size}-bit values: {text[:40]!r}",
                            details={"length": len(text), "itemBytes": size})
    data = bytes.fromhex(text)
    return list(struct.unpack(f"<{len(data) // size}{fmt}", data))


def _encode(values: Iterable[int], fmt: str) -> str:
    items = list(values)
    try:
        return struct.pack(f"<{len(items)}{fmt}", *items).hex()
    except struct.error as exc:
        raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"cannot store these values as a hex array: {exc}",
                            details={"count": len(items)}) from None


def decode_int32_le_hex(text: str) -> list[int]:
    return _decode(text, "i", 4)


def encode_int32_le_hex(values: Iterable[int]) -> str:
    return _encode(values, "i")


def decode_int64_le_hex(text: str) -> list[int]:
    return _decode(text, "q", 8)


def encode_int64_le_hex(values: Iterable[int]) -> str:
    return _encode(values, "q")
