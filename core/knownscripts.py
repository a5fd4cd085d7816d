"""Package scripts by class name: a package's `.cs` files are not in the project, so its components have no name
offline unless someone says which script GUID is which class. Extensions say so through the
`unitycli_known_scripts` hook (per package version where GUIDs differ); Unity 6 files also carry
`m_EditorClassIdentifier: Assembly::Namespace.Class` on objects it created, which names the class directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_GUID = re.compile(r"^[0-9a-f]{32}$")
_IDENTIFIER = re.compile(r"^[^:]*::(?:[\w.]*\.)?(\w+)$")


@dataclass(frozen=True)
class KnownScript:
    """A package script's GUID and class name; `versions` limits it to package versions where it holds (empty:
    every version the extension's manifest lists)."""

    guid: str
    class_name: str
    package: str | None = None
    namespace: str | None = None
    versions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not _GUID.match(self.guid):
            raise ValueError(f"known script {self.class_name!r}: {self.guid!r} is not a 32-digit lower-case GUID")
        if not self.class_name.isidentifier():
            raise ValueError(f"known script {self.guid}: {self.class_name!r} is not a class name")


def class_from_identifier(identifier: object) -> str | None:
    """`Unity.Cinemachine::Unity.Cinemachine.CinemachineCamera` → `CinemachineCamera` (None when empty)."""
    if not isinstance(identifier, str):
        return None
    match = _IDENTIFIER.match(identifier.strip())
    return match.group(1) if match else None


def merge_known_scripts(answers: list[list[KnownScript] | None]) -> dict[str, KnownScript]:
    """GUID → known script over every plugin's answer; the first plugin to name a GUID keeps it."""
    merged: dict[str, KnownScript] = {}
    for answer in answers:
        for script in answer or []:
            if isinstance(script, KnownScript):
                merged.setdefault(script.guid, script)
    return merged
