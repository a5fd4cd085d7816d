"""Installed extension distributions, found through their `unitycli.extensions` entry points (without importing)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from importlib.metadata import Distribution

ENTRY_POINT_GROUP = "unitycli.extensions"  # lives here, the bottom of the trust chain, so nothing imports upward


@dataclass(frozen=True)
class InstalledExtension:
    id: str  # the entry point name
    distribution: str
    version: str
    entry_point: str
    dist: Distribution


def installed_extensions() -> list[InstalledExtension]:
    from importlib.metadata import entry_points  # here: a built-in tool's call never needs it (~15 ms)

    found: list[InstalledExtension] = []
    for ep in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = ep.dist
        if dist is None:
            continue
        found.append(InstalledExtension(ep.name, dist.metadata["Name"], dist.version, f"{ep.name} = {ep.value}", dist))
    return found


def distribution_digest(dist: Distribution) -> str | None:
    """sha256 of the installed RECORD: it names every file with its hash, so it identifies the exact install."""
    text = dist.read_text("RECORD")
    return None if text is None else "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def normalise(name: str | None) -> str:
    """A distribution name as pip compares it (`Unitycli_Acme` and `unitycli-acme` are one distribution)."""
    return (name or "").lower().replace("_", "-").replace(".", "-")


def same_name(a: str | None, b: str | None) -> bool:
    return normalise(a) == normalise(b)
