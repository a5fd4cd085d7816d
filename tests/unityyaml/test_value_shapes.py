"""Every value shape Unity writes can be edited into every other, in Unity's text: each test takes a real file,
takes a value away the way Unity would write its absence (`{}`, `[]`, fewer items), and writes it back through
the edit layer, which must give the original bytes."""

from __future__ import annotations

import re

from tests.fixturepaths import fixture_path
from unitycli.unityyaml import UnityYamlFile

_PLATFORMER = "com.unity.cinemachine/com.unity.cinemachine/Samples~/2D Samples/2D Platformer/2D Platformer.unity"
_COMPOSITE = 1860247991925102969  # CompositeCollider2D with nested lists (`- - X: …`) in m_ColliderPaths
_IDS = {"Android": "com.UnityTechnologies.com.unity.template.urpblank",
        "Standalone": "com.Unity-Technologies.com.unity.template.urp-blank",
        "iPhone": "com.Unity-Technologies.com.unity.template.urp-blank"}


def _player_settings() -> tuple[bytes, str]:
    original = fixture_path("chicken-defense/ProjectSettings/ProjectSettings.asset").read_bytes()
    text = original.decode()
    block = "".join(f"    {k}: {v}\n" for k, v in _IDS.items())
    assert "  applicationIdentifier:\n" + block in text
    return original, text.replace("  applicationIdentifier:\n" + block, "  applicationIdentifier: {}\n")


def test_a_bundle_id_set_on_an_empty_application_identifier_is_unitys_block_map() -> None:
    original, fresh = _player_settings()
    file = UnityYamlFile.parse(fresh.encode(), "ProjectSettings.asset")
    file.documents[0].set("applicationIdentifier", dict(_IDS))
    assert file.to_bytes() == original


def test_keys_inserted_one_by_one_into_an_empty_map_give_the_same_block() -> None:
    original, fresh = _player_settings()
    file = UnityYamlFile.parse(fresh.encode(), "ProjectSettings.asset")
    for key, value in _IDS.items():
        file.documents[0].insert_key("applicationIdentifier", key, value)
    assert file.to_bytes() == original


def test_removing_every_key_leaves_the_empty_map_unity_writes() -> None:
    original, fresh = _player_settings()
    file = UnityYamlFile.parse(original, "ProjectSettings.asset")
    for key in _IDS:
        file.documents[0].remove_key(f"applicationIdentifier.{key}")
    assert file.to_text() == fresh


def test_nested_lists_take_items_and_lists_back_in_unitys_dash_dash_style() -> None:
    original = fixture_path(_PLATFORMER).read_bytes()
    file = UnityYamlFile.parse(original, "2D Platformer.unity")
    doc = file.get(_COMPOSITE)
    paths = "m_ColliderPaths[0].m_ColliderPaths"
    first_path = doc.get(f"{paths}[0]")
    first_point = doc.get(f"{paths}[1][0]")
    doc.remove_item(paths, 0)
    doc.remove_item(f"{paths}[0]", 0)
    assert file.to_bytes() != original
    text = doc.text
    # the second path, without its first point (-7960000, -15960000), now leads, still in `- - ` form
    assert re.search(r"\n    m_ColliderPaths:\n    - - X: -7960000\n        Y: 27960000\n      - X: 80040000\n", text)
    doc.insert_item(f"{paths}[0]", 0, first_point)
    doc.insert_item(paths, 0, first_path)
    assert file.to_bytes() == original


def test_a_whole_nested_list_is_rewritten_in_place() -> None:
    original = fixture_path(_PLATFORMER).read_bytes()
    file = UnityYamlFile.parse(original, "2D Platformer.unity")
    doc = file.get(_COMPOSITE)
    value = doc.get("m_ColliderPaths[0].m_ColliderPaths")
    doc.set("m_ColliderPaths[0].m_ColliderPaths", [[{"X": 1, "Y": 2}], []])
    assert "\n    m_ColliderPaths:\n    - - X: 1\n        Y: 2\n    - []\n" in doc.text
    doc.set("m_ColliderPaths[0].m_ColliderPaths", value)
    assert file.to_bytes() == original


def test_an_empty_list_becomes_a_block_list_of_mappings_and_back() -> None:
    path = "minigolf/Assets/LlamAcademy/Minigolf/Resources/Tiles/Wall Front.prefab"
    original = fixture_path(path).read_bytes()
    file = UnityYamlFile.parse(original, "Wall Front.prefab")
    doc = next(d for d in file if "\n  m_SelectedEdges:\n  - a: 16\n" in d.text)
    edges = doc.get("m_SelectedEdges")
    doc.set("m_SelectedEdges", [])
    assert "\n  m_SelectedEdges: []\n" in doc.text
    for index, edge in enumerate(edges):
        doc.insert_item("m_SelectedEdges", index, edge)
    assert file.to_bytes() == original


def test_a_value_changes_shape_scalar_to_map_to_list_and_back() -> None:
    original, _ = _player_settings()
    file = UnityYamlFile.parse(original, "ProjectSettings.asset")
    doc = file.documents[0]
    doc.set("productName", {"a": 1})
    assert "\n  productName:\n    a: 1\n" in doc.text
    doc.set("productName", [{"x": 1, "y": 2}])
    assert "\n  productName:\n  - x: 1\n    y: 2\n" in doc.text
    doc.set("productName", "chicken-defense")
    doc.set("applicationIdentifier", "gone")
    assert "\n  applicationIdentifier: gone\n  buildNumber:\n" in doc.text
    doc.set("applicationIdentifier", dict(_IDS))
    assert file.to_bytes() == original
