"""The hierarchy's values read in one pass per plain object (unityyaml/prescan.py) are those the full parse gives,
for every object of every fixture scene and prefab that the pass reads."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.unityyaml.corpus import unity_yaml_files
from unitycli.errors import UnityCliError
from unitycli.unityyaml import Ref, UnityYamlFile, peek
from unitycli.unityyaml.document import ABSENT, item_scan_key
from unitycli.unityyaml.prescan import INSTANCE_NAME, prescan

NAME_KEY = item_scan_key(*INSTANCE_NAME)


@pytest.mark.slow
def test_every_value_read_in_one_pass_is_the_full_parse_value_on_every_scene_and_prefab():
    read = values = 0
    keys: Counter[str] = Counter()
    wrong = []
    for path in unity_yaml_files():
        if path.suffix not in (".unity", ".prefab"):
            continue
        data = path.read_bytes()
        try:
            quick, full = UnityYamlFile.parse(data, str(path)), UnityYamlFile.parse(data, str(path))
        except UnityCliError:
            continue
        read += prescan(quick)
        for file_id, found in (quick.scans or {}).items():
            doc = full.get(file_id)
            for key, value in found.items():
                values += 1
                keys[key] += 1
                try:
                    _ = doc.tree  # the full parse, never a peek
                    expected = doc.first_item_with(*INSTANCE_NAME[:3], fields=INSTANCE_NAME[3]) if (
                        key == NAME_KEY) else doc.get(key, ABSENT)
                except UnityCliError:
                    wrong.append((str(path), file_id, key, "the full parse refuses the object"))
                    continue
                if value != expected or type(value) is not type(expected):
                    wrong.append((str(path), file_id, key, value, expected))
    assert wrong == []
    assert read > 9000 and values > 24000  # of 4392 GameObjects and Transforms, 2388 PrefabInstances, 2313 stripped
    assert min(keys["m_SourcePrefab"], keys[NAME_KEY], keys["m_Modification.m_TransformParent"]) > 2300
    assert keys["m_PrefabInstance"] > 2300


def test_an_object_with_a_quoted_or_spanning_value_is_left_to_the_full_parse():
    header = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"
    plain = ("  m_ObjectHideFlags: 0\n  m_Component:\n  - component: {{fileID: 5}}\n  m_Layer: 0\n  m_Name: {name}\n"
             "  m_Icon: {{fileID: 0}}\n  m_IsActive: 1\n")
    data = (header + "--- !u!1 &1\nGameObject:\n" + plain.format(name="'A: b'")
            + "--- !u!1 &2\nGameObject:\n" + plain.format(name="two\n    words")
            + "--- !u!1 &3\nGameObject:\n" + plain.format(name="-12")
            + "--- !u!1 &4\nGameObject:\n" + plain.format(name="x: y")
            + "--- !u!4 &5\nTransform:\n  m_Children: [{fileID: 4},\n    {fileID: 5}]\n  m_Father: {fileID: 0}\n"
            + "--- !u!4 &6\nTransform:\n  m_Children:\n  - {fileID: 5}\n  m_Father: {fileID: -7}\n").encode()
    file = UnityYamlFile.parse(data, "A.unity")
    assert prescan(file) == 3
    component = {"component": Ref(5)}
    assert file.scans == {3: {"m_ObjectHideFlags": 0, "m_IsActive": 1, "m_Component": [component], "m_Name": -12},
                          4: {"m_ObjectHideFlags": 0, "m_IsActive": 1, "m_Component": [component]},
                          6: {"m_Father": Ref(-7), "m_Children": [Ref(5)]}}
    assert [file.get(n).get("m_Name") for n in (1, 2, 3, 4)] == ["A: b", "two words", -12, "x: y"]


@pytest.mark.slow
def test_the_shared_tail_profile_answers_as_a_scan_of_the_text_after_each_line_start():
    """peek.py's `_closes_nothing_before` from a profile of the object's tail, against the scan it replaces, at
    every line start of the last objects of every fixture scene and prefab."""
    checked = 0
    for path in unity_yaml_files()[::3]:
        if path.suffix not in (".unity", ".prefab"):
            continue
        file = UnityYamlFile.parse(path.read_bytes(), str(path))
        for doc in file.documents[-20:]:
            text = doc.text
            starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
            for start in starts:
                assert peek._closes_nothing_before(text, start) == peek._closes_nothing_scanned(text, start)
                checked += 1
    assert checked > 70000


def test_a_flag_written_with_leading_zeros_is_left_to_the_full_parse():
    """YAML reads `010` as the string it is, not as 10: the pass must not read it as a number."""
    header = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"
    body = ("  m_ObjectHideFlags: {flags}\n  m_Component:\n  - component: {{fileID: 5}}\n  m_Layer: 0\n"
            "  m_Name: A\n  m_IsActive: {active}\n")
    data = (header + "--- !u!1 &1\nGameObject:\n" + body.format(flags="010", active="1")
            + "--- !u!1 &2\nGameObject:\n" + body.format(flags="0", active="01")
            + "--- !u!1 &3\nGameObject:\n" + body.format(flags="0", active="-0")).encode()
    file = UnityYamlFile.parse(data, "A.unity")
    assert prescan(file) == 1
    assert set(file.scans or {}) == {3}
    assert file.get(1).get("m_ObjectHideFlags") == "010" and file.get(2).get("m_IsActive") == "01"


def _instance(mods: str, tail: str = "  m_SourcePrefab: {fileID: 100100000, guid: 4793ea98cc7e6aa44ad8bd715ab2e440, "
              "type: 3}\n") -> str:
    return ("PrefabInstance:\n  m_ObjectHideFlags: 0\n  serializedVersion: 2\n  m_Modification:\n"
            "    serializedVersion: 3\n    m_TransformParent: {fileID: 7}\n    m_Modifications:\n" + mods
            + "    m_RemovedComponents: []\n" + tail)


def _mod(path: str, value: str) -> str:
    return ("    - target: {fileID: 919132149155446097, guid: 4793ea98cc7e6aa44ad8bd715ab2e440,\n        type: 3}\n"
            f"      propertyPath: {path}\n      value: {value}\n      objectReference: {{fileID: 0}}\n")


def test_prefab_instances_and_stripped_objects_are_read_where_nothing_could_hide_a_value():
    """Hand-written edge cases (the corpus test above holds the values on real files): a quote before the `m_Name`
    modification, a quoted name, a second `m_SourcePrefab` and a list without `m_Name` decide what is read."""
    header = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"
    data = (header
            + "--- !u!1001 &1\n" + _instance(_mod("m_LocalPosition.x", "1") + _mod("m_Name", "Tree"))
            + "--- !u!1001 &2\n" + _instance(_mod("m_Text", "'a: b'") + _mod("m_Name", "Tree"))
            + "--- !u!1001 &3\n" + _instance(_mod("m_Name", "'Tree'"))
            + "--- !u!1001 &4\n" + _instance(_mod("m_LocalPosition.x", "1"),
                                              "  m_SourcePrefab: {fileID: 1}\n  m_SourcePrefab: {fileID: 2}\n")
            + "--- !u!4 &5 stripped\nTransform:\n  m_CorrespondingSourceObject: {fileID: 4, guid: "
              "4793ea98cc7e6aa44ad8bd715ab2e440,\n    type: 3}\n  m_PrefabInstance: {fileID: 1}\n"
              "  m_PrefabAsset: {fileID: 0}\n"
            + "--- !u!4 &6 stripped\nTransform:\n  m_PrefabInstance: {fileID: 1}\n  m_PrefabInstance: {fileID: 2}\n"
            ).encode()
    file = UnityYamlFile.parse(data, "A.unity")
    assert prescan(file) == 5
    source = Ref(100100000, "4793ea98cc7e6aa44ad8bd715ab2e440", 3)
    head = {"m_ObjectHideFlags": 0, "m_Modification.m_TransformParent": Ref(7)}
    assert file.scans == {1: {**head, "m_SourcePrefab": source, NAME_KEY: {"propertyPath": "m_Name", "value": "Tree"}},
                          2: {**head, "m_SourcePrefab": source},
                          3: {**head, "m_SourcePrefab": source},
                          4: {**head, NAME_KEY: None},
                          5: {"m_PrefabInstance": Ref(1)}}
    full = UnityYamlFile.parse(data, "A.unity")
    names = [full.get(n).first_item_with(*INSTANCE_NAME[:3], fields=INSTANCE_NAME[3]) for n in (2, 3)]
    assert names == [{"propertyPath": "m_Name", "value": "Tree"}, {"propertyPath": "m_Name", "value": "Tree"}]


def _disagreements(data: bytes) -> list[tuple[int, str, object, object]]:
    """Each value the pass reads from `data` that the full parse reads otherwise or refuses to read."""
    quick, full = UnityYamlFile.parse(data, "A.unity"), UnityYamlFile.parse(data, "A.unity")
    prescan(quick)
    wrong: list[tuple[int, str, object, object]] = []
    for file_id, found in (quick.scans or {}).items():
        doc = full.get(file_id)
        for key, value in found.items():
            try:
                _ = doc.tree  # the full parse, never a peek
                expected = doc.first_item_with(*INSTANCE_NAME[:3], fields=INSTANCE_NAME[3]) if (
                    key == NAME_KEY) else doc.get(key, ABSENT)
            except UnityCliError as error:
                expected = error.code
            if value != expected or type(value) is not type(expected):
                wrong.append((file_id, key, value, expected))
    return wrong


_SOURCE_LINE = "  m_SourcePrefab: {fileID: 100100000, guid: 4793ea98cc7e6aa44ad8bd715ab2e440, type: 3}\n"


@pytest.mark.parametrize("body", [
    # a comment line in the modification list (which would end the list early), at each indent
    _instance(_mod("m_X", "1") + "# note\n" + _mod("m_Name", "T")),
    _instance(_mod("m_X", "1") + "  # note\n" + _mod("m_Name", "T")),
    _instance(_mod("m_X", "1") + "    # note\n" + _mod("m_Name", "T")),
    _instance(_mod("m_X", "1") + "      # note\n" + _mod("m_Name", "T")),
    _instance(_mod("m_Name", "T"), "# c\n" + _SOURCE_LINE),  # before m_SourcePrefab
    _instance(_mod("m_Name", "T"), "  ? m_ObjectHideFlags\n  : 4\n" + _SOURCE_LINE),  # a complex key after the list
    _instance(_mod("m_Name", "T").replace("      value: T\n", "      value: T\n\t\n")),  # a tab-indented line
    _instance(_mod("m_Name", "T") + "\n" + _mod("m_X", "1")),  # a blank line between items
    _instance(_mod("m_Name", "T").replace("{fileID: 0}\n", "{fileID: 0} # c\n")),  # a comment after a reference
    _instance(_mod("m_Name", "T")).replace("Components: []\n", "Components: [] # c\n"),  # after the list
    _instance(_mod("m_Name", "Tree\r")),  # the name of a `\r\n` line, which the full parse reads as `Tree`
    "GameObject:\n  m_ObjectHideFlags: 0\n  m_Component:\n  - component: {fileID: 5}\n  m_Layer: 0\n"
    "  m_Name: Tree\r\n  m_IsActive: 1\n",
])
def test_an_object_with_a_comment_complex_key_tab_blank_line_or_cr_is_left_to_the_full_parse(body: str):
    """The pass reads an object only where every line is of a shape it knows; any other line (which the full
    parse refuses, or reads otherwise) leaves the whole object to the full parse."""
    class_id = 1 if body.startswith("GameObject") else 1001
    data = f"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!{class_id} &1\n{body}".encode()
    assert _disagreements(data) == []


def test_a_name_with_a_control_character_is_left_to_the_full_parse():
    """A tab, `\\r` or other control character in a name is what YAML may strip or refuse: never read by the pass."""
    header = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"
    body = ("GameObject:\n  m_ObjectHideFlags: 0\n  m_Component:\n  - component: {{fileID: 5}}\n  m_Layer: 0\n"
            "  m_Name: {name}\n  m_IsActive: 1\n")
    names = ["Tree\r", "Tr\tee", "Tree\t", "\x85Tree", "Tr\u2028ee", "\ufeffTree", "Tree\x00"]
    data = (header + "".join(f"--- !u!1 &{n}\n" + body.format(name=name) for n, name in enumerate(names, 1))).encode()
    file = UnityYamlFile.parse(data, "A.unity")
    assert prescan(file) == len(names)
    assert all("m_Name" not in found for found in (file.scans or {}).values())
    assert _disagreements(data) == []
