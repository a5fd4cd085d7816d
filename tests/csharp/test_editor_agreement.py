"""The model measured against the Editor: for every MonoBehaviour/ScriptableObject document in the fixtures whose
script source is present, the model's field list (names, order, nesting) equals the keys the Editor wrote.

Each test prints the figure (documents matched / documents with source, per project). A document that differs is
either a named exception below, each tested for exactly its difference, or a failure:

- STALE: the C# changed after the file was last saved (a field added: Unity fills it on load; a field renamed or
  removed: Unity drops the old key on the next save). Proven where another document of the same script, saved
  later, matches the model exactly.
- UNPROVABLE: the script names a type whose source is not on disk (a registry or git package that is not in
  `Library/PackageCache`, which the fixtures do not ship): the model refuses with E_SCRIPT_LAYOUT_UNPROVABLE.
- Cinemachine's samples were saved in a project with the Input System installed; the fixture project `URP` has
  none, so its compile symbols leave out `#if CINEMACHINE_UNITY_INPUTSYSTEM` fields. Measured both ways.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.csharp.corpus import CINEMACHINE, cinemachine_project_with_input_system, script_documents
from tests.fixturepaths import fixture_path
from unitycli.csharp.agreement import Agreement, compare


@dataclass
class Measure:
    exact: list[str] = field(default_factory=list)
    differing: dict[str, Agreement] = field(default_factory=dict)
    unprovable: dict[str, str] = field(default_factory=dict)  # document -> error message
    without_source: int = 0

    @property
    def with_source(self) -> int:
        return len(self.exact) + len(self.differing) + len(self.unprovable)

    def figure(self, name: str) -> str:
        return (f"{name}: {len(self.exact)}/{self.with_source} documents with script source match the model "
                f"({len(self.differing)} differ, {len(self.unprovable)} unprovable; {self.without_source} "
                f"documents without script source)")


def measure(project: Path, documents: Path) -> Measure:
    result = Measure()
    for item in script_documents(project, documents):
        if isinstance(item, str):
            result.without_source += 1
        elif item.layout is None:
            assert item.error is not None and item.error.code == "E_SCRIPT_LAYOUT_UNPROVABLE", item.error
            result.unprovable[item.key] = item.error.message
        else:
            agreement = compare(item.layout, item.document.to_python())  # type: ignore[arg-type]
            if agreement.exact:
                result.exact.append(item.key)
            else:
                result.differing[item.key] = agreement
    return result


def _summary(result: Measure) -> dict[str, tuple[list[str], list[str]]]:
    return {key: (a.missing, a.extra) for key, a in result.differing.items() if a.stale}


def test_chicken_defense_every_document_matches_or_predates_its_script():
    result = measure(fixture_path("chicken-defense"), fixture_path("chicken-defense/Assets"))
    print(result.figure("chicken-defense"))
    unit = "LlamAcademy/ChickenDefense/Units"
    # UnitSO gained RunAwayConfig and AttackConfigSO renamed AttackableLayers to SensorRadius after these were saved;
    # Fox/Snake (UnitSO) and Spitting Llama Attack Config (AttackConfigSO), saved later, match the model exactly.
    assert _summary(result) == {
        f"{unit}/Llama/Melee Llama Attack Config.asset&11400000": (["SensorRadius"], ["AttackableLayers"]),
        f"{unit}/Llama/Melee Llama.asset&11400000": (["RunAwayConfig"], []),
        f"{unit}/Llama/Spitting Llama.asset&11400000": (["RunAwayConfig"], []),
        f"{unit}/Chicken/Chicken.asset&11400000": (["RunAwayConfig"], []),
    }
    assert len(result.differing) == 4 and not result.unprovable
    assert {f"{unit}/Enemies/Fox/Fox.asset&11400000", f"{unit}/Enemies/Snake/Snake.asset&11400000",
            f"{unit}/Llama/Spitting Llama Attack Config.asset&11400000"} <= set(result.exact)
    assert len(result.exact) == 36


def test_minigolf_every_document_matches_predates_its_script_or_needs_a_package_not_on_disk():
    result = measure(fixture_path("minigolf"), fixture_path("minigolf/Assets"))
    print(result.figure("minigolf"))
    # Ball.cs gained BouncePreventionMode after Ball.prefab was saved; LevelSO gained Par after levels 7 and 8
    # were saved (levels 1-6 have it and match).
    assert _summary(result) == {
        "LlamAcademy/Minigolf/Prefabs/Ball.prefab&4097049664215238877": (["BouncePreventionMode"], []),
        "LlamAcademy/Minigolf/Resources/Levels/7.asset&11400000": (["Par"], []),
        "LlamAcademy/Minigolf/Resources/Levels/8.asset&11400000": (["Par"], []),
    }
    assert len(result.differing) == 3
    assert any(k.startswith("LlamAcademy/Minigolf/Resources/Levels/1.asset") for k in result.exact)
    # Cinemachine 3.1.2 and UnityMeshSimplifier (git) are not in Library/PackageCache in the fixture
    unprovable = sorted(m.split(": the type ")[1].split(" ")[0] for m in result.unprovable.values())
    assert unprovable == ["CinemachineCamera", "CinemachineInputAxisController", "SimplificationOptions"]
    assert len(result.exact) == 15


def test_cinemachine_samples_match_the_package_runtime_compiled_with_the_input_system(tmp_path):
    result = measure(cinemachine_project_with_input_system(tmp_path), fixture_path(f"{CINEMACHINE}/Samples~"))
    print(result.figure("Cinemachine 3.1.8-pre.1 samples (URP project + Input System)"))
    assert result.with_source == 83 and len(result.exact) == 83


def test_cinemachine_samples_without_the_input_system_lack_exactly_its_fields():
    result = measure(fixture_path("com.unity.cinemachine/Projects/URP"), fixture_path(f"{CINEMACHINE}/Samples~"))
    print(result.figure("Cinemachine 3.1.8-pre.1 samples (URP project as in the fixture)"))
    assert len(result.exact) == 76 and len(result.differing) == 7 and not result.unprovable
    for key, agreement in result.differing.items():
        assert not agreement.missing and agreement.order
        # PlayerIndex, AutoEnableInputs and each controller's Input.InputAction/Gain sit under
        # `#if CINEMACHINE_UNITY_INPUTSYSTEM` (Runtime/Core/InputAxisControllerBase.cs and
        # Runtime/Helpers/CinemachineInputAxisController.cs)
        assert {p for p in agreement.extra} <= {"PlayerIndex", "AutoEnableInputs",
                                                 "m_ControllerManager.Controllers[].Input.InputAction",
                                                 "m_ControllerManager.Controllers[].Input.Gain"}, key


@pytest.mark.parametrize("project", ["URP", "HDRP"])
def test_cinemachine_test_projects_hold_no_document_of_a_script_with_source(project):
    """Their MonoBehaviours are URP/HDRP settings assets whose package source is not in the fixture."""
    root = fixture_path(f"com.unity.cinemachine/Projects/{project}")
    result = measure(root, root / "Assets")
    print(result.figure(f"Cinemachine Projects/{project}"))
    assert result.with_source == 0 and result.without_source > 0
