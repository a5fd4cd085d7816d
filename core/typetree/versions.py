"""Which Editor dump stands for a project's Unity version, by one stated rule that every answer reports.

The rule (`PICK_RULE`): the exact version when the table has its dump; else the nearest lower release of the same
major.minor (alpha < beta < final < patch); else the oldest release of that major.minor the table has (a version
older than every dump of its stream); else no layout (E_LAYOUT_VERSION_UNKNOWN).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from unitycli.errors import UnityCliError

PICK_RULE = ("the exact Editor version; else the nearest lower release of the same major.minor (alpha < beta < "
             "final < patch); else the oldest dumped release of that major.minor")
_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)([abfpx])(\d+)(?:c(\d+))?$")
_STAGES = "axbfp"


def version_key(version: str) -> tuple[int, ...] | None:
    """Unity's release order (`2022.3.0a1 < 2022.3.0b1 < 2022.3.0f1 < 2022.3.0p1`), or None for a non-version."""
    m = _VERSION.match(version.strip())
    if m is None:
        return None
    return (int(m[1]), int(m[2]), int(m[3]), _STAGES.index(m[4]), int(m[5]), int(m[6] or 0))


@dataclass(frozen=True)
class Picked:
    """The dump a project's version is checked against: `layout_from`, and whether it is the exact version."""

    requested: str
    layout_from: str
    index: int  # position of `layout_from` in the table's version list
    exact: bool


def pick(requested: str, versions: list[str]) -> Picked:
    """The dump that stands for `requested` among `versions` (sorted in release order), by `PICK_RULE`."""
    key = version_key(requested)
    if key is None:
        raise UnityCliError("E_LAYOUT_VERSION_UNKNOWN", f"{requested!r} is not a Unity Editor version",
                            details={"unityVersion": requested, "rule": PICK_RULE})
    keys = [version_key(v) for v in versions]
    at = bisect_right(keys, key) - 1  # type: ignore[arg-type]
    if at >= 0 and keys[at] == key:
        return Picked(requested, versions[at], at, True)
    if at >= 0 and keys[at][:2] == key[:2]:  # type: ignore[index]
        return Picked(requested, versions[at], at, False)
    if at + 1 < len(keys) and keys[at + 1][:2] == key[:2]:  # type: ignore[index]
        return Picked(requested, versions[at + 1], at + 1, False)
    raise UnityCliError(
        "E_LAYOUT_VERSION_UNKNOWN",
        f"the layout table has no Editor dump of Unity {key[0]}.{key[1]} (it holds {versions[0]} to {versions[-1]})",
        details={"unityVersion": requested, "oldest": versions[0], "newest": versions[-1], "rule": PICK_RULE})
