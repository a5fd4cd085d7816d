"""prefab.instantiate writes what the Editor writes for a drop: checked against PrefabInstances the Editor wrote
in the same files (chicken-defense 2022.3 `huge_tree (2)` &535170536, minigolf 6000.0 `All Sand Variant` &6812039),
with only the values and IDs of the new instance changed and the overrides a user added since left out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.prefabs.checks import references_unchanged, referrers
from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, MINIGOLF_GAME, copy_project, documents
from unitycli.testing import assert_dry_run_matches_commit, run_tool

HUGE_TREE = "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/huge_tree.prefab"
SAND = "Assets/LlamAcademy/Minigolf/Resources/Tiles/All Sand Variant.prefab"
PALLETE = "Assets/LlamAcademy/Minigolf/Palettes/Standard GO Pallete.prefab"
_ENTRY = re.compile(r"    - target: [^\n]*\n(?:        [^\n]*\n)?      propertyPath: ([^\n]*)\n      value: ?([^\n]*)\n"
                    r"      objectReference: [^\n]*\n")


def _as_fresh_drop(doc: str, old_id: int, new_id: int, values: dict[str, str], drop: set[str]) -> str:
    """An instance document the Editor wrote, turned into the one a new drop gets: new header ID, the drop's
    values, and the entries a user added later (`drop`) removed."""
    def entry(match: re.Match[str]) -> str:
        path = match.group(1)
        if path in drop:
            return ""
        text = match.group(0)
        return text.replace(f"      value: {match.group(2)}\n", f"      value: {values[path]}\n") if path in values \
            else text
    return _ENTRY.sub(entry, doc.replace(f"--- !u!1001 &{old_id}\n", f"--- !u!1001 &{new_id}\n"))


def _instantiate(root: Path, file: str, data: dict) -> tuple[dict[int, str], dict[int, str], dict]:
    before = documents((root / file).read_text())
    run = assert_dry_run_matches_commit(root, "prefab.instantiate", {"file": file, **data})
    return before, documents((root / file).read_text()), run.output


def test_a_model_variant_dropped_under_the_floor_in_chicken_defense(chicken: Path) -> None:
    before_refs = referrers(chicken, HUGE_TREE)
    before, after, out = references_unchanged(chicken, lambda: _instantiate(
        chicken, CHICKEN_GAME, {"prefab": "huge_tree", "parent": "World/Floor",
                                "position": {"x": 1.5, "y": 0.16, "z": -2.25}}))
    instance, transform = out["fileID"], out["transformFileID"]
    assert out["path"] == "World/Floor/huge_tree" and transform == instance + 1
    assert set(after) - set(before) == {instance, transform}
    # The variant's own root values (huge_tree.prefab): rotation -90° about x, Euler hint 0, 0, 0.
    expected = _as_fresh_drop(before[535170536], 535170536, instance, {
        "m_LocalPosition.x": "1.5", "m_LocalPosition.y": "0.16", "m_LocalPosition.z": "-2.25",
        "m_LocalRotation.w": "0.7071068", "m_LocalRotation.x": "-0.7071068", "m_LocalRotation.y": "0",
        "m_LocalRotation.z": "0", "m_LocalEulerAnglesHint.x": "0", "m_LocalEulerAnglesHint.y": "0",
        "m_Name": "huge_tree"}, drop={"m_StaticShadowCaster", "m_StaticEditorFlags"})
    assert after[instance] == expected
    assert after[transform] == before[535170537].replace("&535170537", f"&{transform}").replace(
        "{fileID: 535170536}", f"{{fileID: {instance}}}")
    assert after[877252949] == before[877252949].replace("  m_Father: {fileID: 1917502154}",
                                                         f"  - {{fileID: {transform}}}\n  m_Father: {{fileID: 1917502154}}")
    # 11 override targets, m_SourcePrefab and the stripped Transform's m_CorrespondingSourceObject
    assert referrers(chicken, HUGE_TREE)[CHICKEN_GAME] == before_refs[CHICKEN_GAME] + 13
    hierarchy = run_tool(chicken, "scene.hierarchy", {"file": CHICKEN_GAME, "root": "World/Floor", "limit": 200})
    assert hierarchy.output["items"][-1]["path"] == "World/Floor/huge_tree"


def test_a_variant_dropped_into_the_tilemap_in_minigolf_targets_what_unity_targets(minigolf: Path) -> None:
    before, after, out = references_unchanged(minigolf, lambda: _instantiate(
        minigolf, MINIGOLF_GAME, {"prefab": SAND, "parent": "Grid/Tilemap", "position": {"x": 2.5, "y": 0, "z": 4.5}}))
    instance, transform = out["fileID"], out["transformFileID"]
    expected = _as_fresh_drop(before[6812039], 6812039, instance, {"m_LocalPosition.x": "2.5",
                                                                 "m_LocalPosition.z": "4.5"}, drop={"m_Mesh"})
    assert after[instance] == expected
    assert after[transform] == before[6812040].replace("&6812040", f"&{transform}").replace(
        "{fileID: 6812039}", f"{{fileID: {instance}}}")
    tilemap = after[888873210]
    assert tilemap.count("  - {fileID: ") == 17 and tilemap.endswith(
        f"  - {{fileID: {transform}}}\n  m_Father: {{fileID: 387697264}}\n  m_LocalEulerAnglesHint: {{x: 0, y: 0, z: 0}}\n")


def test_a_root_instance_in_the_sample_scene_joins_scene_roots(sample: Path) -> None:
    before, after, out = _instantiate(sample, GARDEN, {"prefab": "Lantern", "name": "Lantern B"})
    instance = out["fileID"]
    assert out["path"] == "Lantern B"
    assert after[instance] == before[2004719383].replace("&2004719383", f"&{instance}").replace(
        "      propertyPath: m_Intensity\n      value: 3\n", "").replace(
        "    - target: {fileID: 3225885301537407164, guid: f91bd20328494e959c526d05ca57b3fc, type: 3}\n"
        "      objectReference: {fileID: 0}\n", "").replace(
        "m_LocalPosition.x\n      value: 2\n", "m_LocalPosition.x\n      value: 0\n").replace(
        "m_LocalPosition.y\n      value: 0.5\n", "m_LocalPosition.y\n      value: 0\n").replace(
        "m_LocalPosition.z\n      value: -2\n", "m_LocalPosition.z\n      value: 0\n").replace(
        "value: Lantern\n", "value: Lantern B\n")
    assert after[9223372036854775807].endswith(f"  - {{fileID: 1902556742}}\n  - {{fileID: {instance}}}\n")


def test_inside_another_prefab_the_stripped_transform_takes_the_xor_id(minigolf: Path) -> None:
    before, after, out = _instantiate(minigolf, PALLETE, {"prefab": "Hole Cube", "parent": "Standard GO Pallete"})
    instance, transform = out["fileID"], out["transformFileID"]
    assert instance >= 2**32 and transform == (8383034492790446547 ^ instance) & (2**63 - 1)
    text = (minigolf / PALLETE).read_text()
    assert text.endswith(after[instance] + after[transform])  # appended, as in this unsorted prefab
    assert "    - target: {fileID: 8383034492790446547, guid: " in after[instance]
    assert "    m_TransformParent: {fileID: 4575180733769569857}\n" in after[instance]


def test_a_file_that_writes_root_order_gets_the_m_root_order_override_first(chicken: Path) -> None:
    # As in chicken-defense's Spit.prefab: m_RootOrder leads the root Transform's entries.
    _, after, out = _instantiate(chicken, "Assets/Scenes/SampleScene.unity", {"prefab": "Egg"})
    paths = re.findall(r"propertyPath: (\S+)", after[out["fileID"]])
    assert paths == ["m_Name", "m_RootOrder", "m_LocalPosition.x", "m_LocalPosition.y", "m_LocalPosition.z",
                     "m_LocalRotation.w", "m_LocalRotation.x", "m_LocalRotation.y", "m_LocalRotation.z",
                     "m_LocalEulerAnglesHint.x", "m_LocalEulerAnglesHint.y", "m_LocalEulerAnglesHint.z"]
    assert "      propertyPath: m_RootOrder\n      value: 3\n" in after[out["fileID"]]


def test_refusals(sample: Path, tmp_path: Path) -> None:
    cycle = run_tool(sample, "prefab.instantiate", {"file": "Assets/Prefabs/Lantern.prefab", "prefab": "Lantern"})
    assert cycle.error["code"] == "E_PREFAB_CYCLE"
    missing = run_tool(sample, "prefab.instantiate", {"file": GARDEN, "prefab": "Nope"})
    assert missing.error["code"] == "E_PREFAB_NOT_FOUND"
    under_instance = run_tool(sample, "prefab.instantiate", {"file": GARDEN, "prefab": "Lantern", "parent": "Lantern"})
    assert under_instance.error["code"] == "E_PREFAB_INSTANCE_UNSUPPORTED"


@pytest.mark.parametrize("keep_garden", [False, True])
def test_an_unverified_unity_version_needs_the_projects_own_evidence(tmp_path: Path, keep_garden: bool) -> None:
    # Garden.unity holds a PrefabInstance written by the project's Editor: with it the layout is evidenced.
    project = copy_project("sample", tmp_path / "sample")
    version = project / "ProjectSettings" / "ProjectVersion.txt"
    version.write_text("m_EditorVersion: 2023.2.20f1\nm_EditorVersionWithRevision: 2023.2.20f1 (0e25a174756c)\n")
    if not keep_garden:
        (project / GARDEN).unlink()
        (project / (GARDEN + ".meta")).unlink()
    result = run_tool(project, "prefab.instantiate", {"file": "Assets/Scenes/Credits.unity", "prefab": "Lantern"},
                      dry_run=True)
    assert result.ok is keep_garden
    if not keep_garden:
        assert result.error["code"] == "E_PREFAB_LAYOUT_UNVERIFIED"
        assert result.error["details"]["verifiedStreams"] == ["2022.3", "6000.0"]
