"""Diffusion profiles (`DiffusionProfileSettings` assets): their stored values and the hash HDRP derives from the GUID.

The hash is a two-lane DJB2-style hash of the asset's GUID string (seed 5381; lane 1 over
even characters, lane 2 over odd ones; `h = h*33 xor c` in signed 32-bit arithmetic; `h1 + h2*1566083941`), read as
uint32, low 23 bits kept and OR-ed with 0x40000000 so it is a finite positive float when reinterpreted. Implemented
from that description; it reproduces the stored hash of all eight fixture profiles.
"""

from __future__ import annotations

M32 = 0xFFFFFFFF


def _s32(x: int) -> int:
    x &= M32
    return x - (1 << 32) if x & 0x80000000 else x


def profile_hash(guid: str) -> int:
    h1 = h2 = 5381
    for i in range(0, len(guid), 2):
        h1 = _s32(h1 * 33 ^ ord(guid[i]))
        if i + 1 < len(guid):
            h2 = _s32(h2 * 33 ^ ord(guid[i + 1]))
    return ((_s32(h1 + h2 * 1566083941) & M32) & 0x7FFFFF) | 0x40000000
