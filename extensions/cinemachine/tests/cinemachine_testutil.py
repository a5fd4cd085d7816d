"""Helpers shared by the Cinemachine tests (a uniquely named module, so it cannot clash with another suite's)."""

from __future__ import annotations

CM2_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CM3_SCENE = "Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
CM3_MENU = "Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"


def replaced(text: str, header: str, changes: list[tuple[str, str]]) -> str:
    """`text` with, inside the document that starts at line `header`, each old line (in order, first match after
    the previous one) replaced by the new one: the exact text an edit of those lines must leave."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.rstrip("\r\n") == header)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("--- ")), len(lines))
    at = start
    for old, new in changes:
        at = next(i for i in range(at + 1, end) if lines[i].rstrip("\r\n") == old)
        lines[at] = new + lines[at][len(lines[at].rstrip("\r\n")):]
    return "".join(lines)
