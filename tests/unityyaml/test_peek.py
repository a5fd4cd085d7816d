"""Reading a few values of a large object without parsing it (peek.py) gives exactly what the full parse gives.

Every answer a peek gives is compared with the full parse over real files; text built to fool indentation (a
quoted string or a flow mapping hiding a `key:` line) must make the peek step aside, never answer wrongly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from tests.unityyaml.corpus import unity_yaml_files
from unitycli.unityyaml import Mapping, Scalar, Sequence, UnityYamlFile
from unitycli.unityyaml.document import PEEK_MIN_CHARS
from unitycli.unityyaml.parser import parse_document
from unitycli.unityyaml.peek import NO_MATCH, peek, peek_item

BIG_SCENE = "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/CollisionEvents/CollisionEvents/CollisionEventsSub.unity"
SAMPLE = [
    BIG_SCENE,
    "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
    "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Game.unity",
    "VisualEffectGraph-Samples/Assets/VisualEffectSamples.unity",
    "VisualEffectGraph-Samples/ProjectSettings/ProjectSettings.asset",
    "chicken-defense/Assets/Settings/URP-HighFidelity-Renderer.asset",
]
MODS = ("m_Modification", "m_Modifications")


def _key_paths(body: Mapping) -> list[tuple[str, ...]]:
    """Every top-level key, and every key one level down inside block mappings."""
    paths: list[tuple[str, ...]] = []
    for key, value in body.items():
        paths.append((key,))
        if isinstance(value, Mapping) and not value.flow:
            paths.extend((key, inner) for inner in value.keys_)
    return paths


def _first_item(body: Mapping, key: str, value: str):
    mods = body.get("m_Modification")
    items = mods.get("m_Modifications") if isinstance(mods, Mapping) else None
    if not isinstance(items, Sequence):
        return None
    for item in items.items:
        hit = item.get(key) if isinstance(item, Mapping) else None
        if isinstance(hit, Scalar) and hit.text == value:
            return item.to_python()
    return NO_MATCH


def _compare(path: Path) -> tuple[int, int]:
    """(values peeked, values asked) over the large objects of one file; asserts every answer is the full one."""
    answered = asked = 0
    for doc in UnityYamlFile.parse(path.read_bytes(), str(path)).documents:
        if len(doc.text) < PEEK_MIN_CHARS:
            continue
        body = parse_document(doc.text).values[0]
        for keys in _key_paths(body):
            asked += 1
            found = peek(doc.text, keys)
            if found is not None:
                answered += 1
                full = body
                for key in keys:
                    full = full[key]
                assert found.to_python() == full.to_python(), (path, doc.file_id, keys)
        if "m_Modification" in body:
            for word in ("m_Name", "m_RootOrder", "m_IsActive"):
                asked += 1
                expected = _first_item(body, "propertyPath", word)
                found = peek_item(doc.text, MODS, "propertyPath", word)
                if found is not None:
                    answered += 1
                    got = found if found is NO_MATCH else found.to_python()
                    assert got == expected, (path, doc.file_id, word)
                asked += 1
                found = peek_item(doc.text, MODS, "propertyPath", word, ("value", "objectReference"))
                if found is not None:
                    answered += 1
                    if found is NO_MATCH:
                        assert expected is NO_MATCH, (path, doc.file_id, word)
                    else:
                        got = {k: v.to_python() for k, v in found.items()}
                        assert got == {k: expected[k] for k in got} and "value" in got, (path, doc.file_id, word)
    return answered, asked


def test_peeking_into_the_big_physics_scene_answers_nearly_everything_exactly():
    answered, asked = _compare(fixture_path(BIG_SCENE))
    assert asked > 3000
    assert answered / asked > 0.95  # the point of peeking: it must not step aside for Unity's ordinary text


@pytest.mark.parametrize("relative", SAMPLE[1:])
def test_peeked_values_equal_the_full_parse_in_sample_files(relative: str):
    answered, asked = _compare(fixture_path(relative))
    assert asked == 0 or answered > 0


@pytest.mark.slow
def test_peeked_values_equal_the_full_parse_over_the_whole_corpus():
    answered = 0
    for path in unity_yaml_files():
        answered += _compare(path)[0]
    assert answered > 10000


HEAD = "--- !u!1001 &5\nPrefabInstance:\n"
PADDING = "".join(f"    - target: {{fileID: {i}}}\n      propertyPath: m_Pad{i}\n      value: {i}\n"
                  "      objectReference: {fileID: 0}\n" for i in range(40))


def _instance(mods: str, tail: str = "  m_SourcePrefab: {fileID: 100100000, guid: abc, type: 3}\n") -> str:
    return (HEAD + "  m_ObjectHideFlags: 0\n  m_Modification:\n    m_TransformParent: {fileID: 7}\n"
            "    m_Modifications:\n" + mods + PADDING + "    m_RemovedComponents: []\n" + tail)


def test_a_peek_reads_the_values_the_hierarchy_needs_from_a_prefab_instance():
    text = _instance("    - target: {fileID: 1, guid: abc,\n        type: 3}\n      propertyPath: m_Name\n"
                     "      value: Ball (2)\n      objectReference: {fileID: 0}\n")
    assert peek(text, ("m_Modification", "m_TransformParent")).to_python().file_id == 7
    assert peek(text, ("m_SourcePrefab",)).to_python().guid == "abc"
    assert peek(text, ("m_ObjectHideFlags",)).to_python() == 0
    assert peek_item(text, MODS, "propertyPath", "m_Name").to_python()["value"] == "Ball (2)"
    assert peek_item(text, MODS, "propertyPath", "m_Name", ("value",))["value"].to_python() == "Ball (2)"
    assert peek_item(text, MODS, "propertyPath", "m_RootOrder") is NO_MATCH
    assert peek(text, ("m_Missing",)) is None


def test_a_quoted_string_hiding_a_key_line_makes_the_peek_step_aside():
    hidden = '    - target: {fileID: 1}\n      propertyPath: m_Text\n      value: "line one\n  m_SourcePrefab: fake"\n'
    text = _instance(hidden, tail="  m_SourcePrefab: {fileID: 100100000, guid: real, type: 3}\n")
    full = parse_document(text).values[0]
    assert full["m_SourcePrefab"].to_python().guid == "real"
    assert peek(text, ("m_SourcePrefab",)) is None  # the first `  m_SourcePrefab:` line is inside the string


def test_a_flow_mapping_wrapped_back_to_the_body_column_makes_the_peek_step_aside():
    hidden = "    - target: {fileID: 1,\n  m_ObjectHideFlags: 3}\n      propertyPath: m_Name\n      value: A\n"
    text = _instance(hidden).replace("  m_ObjectHideFlags: 0\n", "")
    full = parse_document(text).values[0]
    assert "m_ObjectHideFlags" not in full
    assert peek(text, ("m_ObjectHideFlags",)) is None
    assert peek_item(text, MODS, "propertyPath", "m_Name") is None


def test_a_match_whose_value_goes_on_over_lines_or_is_quoted_is_left_to_the_full_parse():
    folded = _instance("    - target: {fileID: 1}\n      propertyPath: m_Name\n        Tail\n      value: A\n")
    assert _first_item(parse_document(folded).values[0], "propertyPath", "m_Name") is NO_MATCH
    assert peek_item(folded, MODS, "propertyPath", "m_Name") is None
    quoted = _instance("    - target: {fileID: 1}\n      propertyPath: 'm_Name'\n      value: Q\n"
                       "    - target: {fileID: 1}\n      propertyPath: m_Name\n      value: Plain\n")
    assert _first_item(parse_document(quoted).values[0], "propertyPath", "m_Name")["value"] == "Q"
    assert peek_item(quoted, MODS, "propertyPath", "m_Name", ("value",)) is None


def test_a_flow_item_before_the_match_makes_the_item_peek_step_aside():
    text = _instance("    - {target: {fileID: 1}, propertyPath: m_Name, value: First}\n"
                     "    - target: {fileID: 1}\n      propertyPath: m_Name\n      value: Second\n")
    assert _first_item(parse_document(text).values[0], "propertyPath", "m_Name")["value"] == "First"
    assert peek_item(text, MODS, "propertyPath", "m_Name") is None


def test_documents_answer_get_from_a_peek_and_edits_still_see_the_whole_object():
    text = _instance("    - target: {fileID: 1}\n      propertyPath: m_Name\n      value: Ball\n")
    data = ("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n" + text).encode()
    file = UnityYamlFile.parse(data, "Assets/Peek.unity")
    doc = file.get(5)
    assert doc.get("m_Modification.m_TransformParent").file_id == 7
    assert doc.first_item_with("m_Modification.m_Modifications", "propertyPath", "m_Name")["value"] == "Ball"
    assert doc._tree is None  # nothing was parsed whole
    doc.set("m_Modification.m_TransformParent", doc.get("m_SourcePrefab").__class__(9))
    assert doc.get("m_Modification.m_TransformParent").file_id == 9
    assert file.to_bytes() == data.replace(b"m_TransformParent: {fileID: 7}", b"m_TransformParent: {fileID: 9}")


def test_windows_line_endings_peek_the_same_values_as_the_full_parse():
    text = _instance("    - target: {fileID: 1, guid: abc,\n        type: 3}\n      propertyPath: m_Name\n"
                     "      value: Ball\n      objectReference: {fileID: 0}\n").replace("\n", "\r\n")
    full = parse_document(text).values[0]
    for keys in (("m_SourcePrefab",), ("m_ObjectHideFlags",), ("m_Modification", "m_TransformParent")):
        expected = full
        for key in keys:
            expected = expected[key]
        assert peek(text, keys).to_python() == expected.to_python()
    assert peek_item(text, MODS, "propertyPath", "m_Name", ("value",))["value"].to_python() == "Ball"
    assert peek_item(text, MODS, "propertyPath", "m_Name").to_python() == _first_item(full, "propertyPath", "m_Name")
