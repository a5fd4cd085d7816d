"""The serialization model answers "the serialized fields of the class behind script GUID X" on real scripts."""

from __future__ import annotations

from tests.fixturepaths import fixture_path
from unitycli.csharp import UNPROVEN, serialized_fields

CHICKEN_SPAWNER = "53d099a01c0849ef8139a7cd3e1c5ed7"  # Assets/LlamAcademy/ChickenDefense/AI/ChickenSpawner.cs.meta
UNIT_SO = "57f2f717068346fbaf05a21b62f88c69"  # Assets/LlamAcademy/ChickenDefense/Units/UnitSO.cs.meta


def test_chicken_spawner_fields_in_declaration_order_with_backing_field_and_defaults():
    layout = serialized_fields(fixture_path("chicken-defense"), CHICKEN_SPAWNER)
    assert layout.full_name == "LlamAcademy.ChickenDefense.AI.ChickenSpawner"
    assert layout.unity_base == "MonoBehaviour"
    assert [(f.name, f.kind) for f in layout.fields] == [
        ("Chicken", "object"), ("EggPrefab", "object"), ("<InitialChickens>k__BackingField", "int"),
        ("SpawnRate", "float"), ("ChickenSurface", "object"), ("MaxChickens", "int"), ("InitialEggs", "int")]
    defaults = {f.name: f.default for f in layout.fields}
    assert defaults["<InitialChickens>k__BackingField"] == 10
    assert defaults["SpawnRate"].value == 5.0
    assert defaults["Chicken"] is None


def test_scriptable_object_fields_and_default_of_a_public_float():
    layout = serialized_fields(fixture_path("chicken-defense"), UNIT_SO)
    assert layout.unity_base == "ScriptableObject"
    assert [f.name for f in layout.fields] == ["Health", "UIIcon", "Prefab", "PlacementGhostPrefab", "ResourceCost",
                                               "NavMeshAgentConfig", "AttackConfig", "RunAwayConfig"]
    assert layout.fields[0].default == 100 and layout.fields[1].default is None
    assert all(f.default is not UNPROVEN for f in layout.fields)
