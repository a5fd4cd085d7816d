"""Helpers for exact-text edit tests: the expected file is the original with named lines replaced."""

from __future__ import annotations

from tests.fixturepaths import fixture_path
from unitycli.unityyaml import UnityYamlFile

CD_GAME = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
MG_GAME = "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Game.unity"
SPIT = "chicken-defense/Assets/LlamAcademy/ChickenDefense/Units/Llama/Prefabs/Spit.prefab"
VFX_SCENE = "VisualEffectGraph-Samples/Assets/VisualEffectSamples.unity"
VFX_SETTINGS = "VisualEffectGraph-Samples/ProjectSettings/ProjectSettings.asset"
URP_RENDERER = "chicken-defense/Assets/Settings/URP-HighFidelity-Renderer.asset"


def load(relative: str) -> tuple[bytes, UnityYamlFile]:
    data = fixture_path(relative).read_bytes()
    return data, UnityYamlFile.parse(data, relative)


def with_lines(data: bytes, changes: dict[int, list[str]]) -> str:
    """`data` as text with each 1-based line number replaced by the given lines ([] deletes it)."""
    lines = data.decode("utf-8").split("\n")
    for number in sorted(changes, reverse=True):
        lines[number - 1 : number] = changes[number]
    return "\n".join(lines)


def line(data: bytes, number: int) -> str:
    return data.decode("utf-8").split("\n")[number - 1]
