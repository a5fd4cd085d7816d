"""gameobject.duplicate on real 2022.3 and Unity 6 files: every copy is its original with the fileIDs of the copied
objects replaced, references to anything outside untouched, and the copy listed right after the original.

The pairing of originals and copies is read from the files with the tests' own regexes (m_Component and
m_Children in order), not from the tool's model."""

from __future__ import annotations

import re
from pathlib import Path

from tests.prefabs.checks import references_unchanged
from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, MINIGOLF_GAME, documents
from unitycli.scene.remap import unique_sibling_name
from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool

_COMPONENT = re.compile(r"^  - component: \{fileID: (-?\d+)\}$", re.M)
_CHILD = re.compile(r"^  - \{fileID: (-?\d+)\}$", re.M)
_GAMEOBJECT = re.compile(r"^  m_GameObject: \{fileID: (-?\d+)\}$", re.M)
_LOCAL = re.compile(r"\{fileID: (-?\d+)\}")


def _children(doc: str) -> list[int]:
    block = doc.split("  m_Children:", 1)[1].split("\n  m_Father", 1)[0] if "  m_Children:" in doc else ""
    return [int(x) for x in _CHILD.findall(block)]


def _pair(before: dict[int, str], after: dict[int, str], original: int, copy: int, mapping: dict[int, int]) -> None:
    """Walk a GameObject and its copy in parallel: components in order, then child Transforms in order."""
    mapping[original] = copy
    old_components = [int(x) for x in _COMPONENT.findall(before[original])]
    new_components = [int(x) for x in _COMPONENT.findall(after[copy])]
    assert len(old_components) == len(new_components)
    mapping.update(zip(old_components, new_components, strict=True))
    old_children, new_children = _children(before[old_components[0]]), _children(after[new_components[0]])
    assert len(old_children) == len(new_children)
    for old_tf, new_tf in zip(old_children, new_children, strict=True):
        _pair(before, after, int(_GAMEOBJECT.search(before[old_tf]).group(1)),
              int(_GAMEOBJECT.search(after[new_tf]).group(1)), mapping)


def _remapped(text: str, mapping: dict[int, int]) -> str:
    header, _, body = text.partition("\n")
    old = int(header.split("&")[1].split()[0])
    return (header.replace(f"&{old}", f"&{mapping[old]}") + "\n"
            + _LOCAL.sub(lambda m: "{fileID: " + str(mapping.get(int(m.group(1)), int(m.group(1)))) + "}", body))


def _duplicate(root: Path, file: str, data: dict) -> tuple[str, str, dict]:
    before = (root / file).read_text()
    run = assert_dry_run_matches_commit(root, "gameobject.duplicate", {"file": file, **data})
    return before, (root / file).read_text(), run.output


def test_duplicating_a_cinemachine_camera_remaps_its_hidden_child_and_keeps_outside_references(chicken: Path) -> None:
    before_text, after_text, out = references_unchanged(chicken, lambda: _duplicate(
        chicken, CHICKEN_GAME, {"gameObject": "Virtual Camera"}))
    assert out["path"] == "Virtual Camera (1)" and out["copiedObjects"] == 8 and out["siblingIndex"] == 7
    before, after = documents(before_text), documents(after_text)
    mapping: dict[int, int] = {}
    _pair(before, after, 1843731366, out["fileID"], mapping)
    assert len(mapping) == 8 and not set(mapping.values()) & set(before)
    for original, copy in mapping.items():
        expected = _remapped(before[original], mapping)
        if original == 1843731366:
            expected = expected.replace("  m_Name: Virtual Camera\n", "  m_Name: Virtual Camera (1)\n")
        assert after[copy] == expected
    # The copy's CM2 pipeline owner is the copied hidden `cm` child; its LookAt/Follow target stays outside.
    assert f"m_ComponentOwner: {{fileID: {mapping[578736092]}}}" in after[mapping[1843731367]]
    assert "m_LookAt: {fileID: 855074659}" in after[mapping[1843731367]]
    assert all(after[fid] == text for fid, text in before.items() if fid != 9223372036854775807)
    roots = after[9223372036854775807]
    assert f"  - {{fileID: 1843731368}}\n  - {{fileID: {mapping[1843731368]}}}\n" in roots
    assert len(after) == len(before) + 8


def test_duplicating_a_prefab_instance_in_minigolf_copies_its_stripped_transform(minigolf: Path) -> None:
    before_text, after_text, out = references_unchanged(minigolf, lambda: _duplicate(
        minigolf, MINIGOLF_GAME, {"gameObject": 6812039}))
    assert out["path"] == "Grid/Tilemap/All Sand Variant (1)" and out["copiedObjects"] == 2
    before, after = documents(before_text), documents(after_text)
    added = sorted(set(after) - set(before))
    instance = out["fileID"]
    stripped = next(fid for fid in added if fid != instance)
    mapping = {6812039: instance, 6812040: stripped}
    assert after[stripped] == _remapped(before[6812040], mapping)
    assert after[instance] == _remapped(before[6812039], mapping).replace(
        "      value: All Sand Variant\n", "      value: All Sand Variant (1)\n")
    assert "objectReference: {fileID: 2048636901}" in after[instance]  # the scene's Mesh, outside the copy
    assert f"  - {{fileID: 6812040}}\n  - {{fileID: {stripped}}}\n" in after[888873210]


def test_duplicating_a_nested_instance_in_a_prefab_gives_stripped_objects_their_xor_ids(minigolf: Path) -> None:
    pallete = "Assets/LlamAcademy/Minigolf/Palettes/Standard GO Pallete.prefab"
    before_text, after_text, out = _duplicate(minigolf, pallete, {"gameObject": 620413939325570844})
    before, after = documents(before_text), documents(after_text)
    instance = out["fileID"]
    stripped = next(fid for fid in set(after) - set(before) if fid != instance)
    assert stripped == (6027372979733070110 ^ instance) & (2**63 - 1)
    assert after_text.endswith(after[instance] + after[stripped])  # an unsorted prefab: appended, instance first


def test_names_count_up_like_the_editor(sample: Path) -> None:
    assert unique_sibling_name("Tree", ["Tree"]) == "Tree (1)"
    assert unique_sibling_name("huge_tree (1)", ["huge_tree (1)", "huge_tree (2)"]) == "huge_tree (3)"
    before, after, out = _duplicate(sample, GARDEN, {"gameObject": "Trees/Tree A", "name": "Tree A2"})
    assert out["path"] == "Trees/Tree A2" and out["siblingIndex"] == 1
    assert [line for old, line in changed_lines(before, after) if "m_Name" in line] == ["  m_Name: Tree A2"]


def test_files_with_root_order_renumber_the_siblings_after_the_copy(chicken: Path) -> None:
    before_text, after_text, out = _duplicate(chicken, "Assets/Scenes/SampleScene.unity", {"gameObject": "Main Camera"})
    after = documents(after_text)
    mapping: dict[int, int] = {}
    _pair(documents(before_text), after, 330585543, out["fileID"], mapping)
    assert "  m_RootOrder: 1\n" in after[mapping[330585546]]  # the copy, right after Main Camera (0)
    assert "  m_RootOrder: 2\n" in after[410087041] and "  m_RootOrder: 3\n" in after[832575519]


def test_refusals(sample: Path) -> None:
    prefab = run_tool(sample, "gameobject.duplicate", {"file": "Assets/Prefabs/Lantern.prefab", "gameObject": "Lantern"})
    assert prefab.error["code"] == "E_SCHEMA_INVALID"
    missing = run_tool(sample, "gameobject.duplicate", {"file": GARDEN, "gameObject": "Nope"})
    assert missing.error["code"] == "E_GAMEOBJECT_NOT_FOUND"
    stale = run_tool(sample, "gameobject.duplicate", {"file": GARDEN, "gameObject": "Player",
                                                      "expectedRevision": "sha256:" + "0" * 64})
    assert stale.error["code"] == "E_STALE_WRITE"
