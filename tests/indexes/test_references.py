"""Reference index on real files: who references a GUID, from which documents, and what a file depends on."""

from __future__ import annotations

import re
from pathlib import Path

from tests.fixturepaths import fixture_project
from tests.indexes.projectcopies import documents_referencing, meta_guid_of
from unitycli.indexes import Dependency, DocumentId, ProjectIndex, Referrer, Target

PROBUILDER_MESH = "8233d90336aea43098adf6dbabd606a2"
GAME_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
HUGE_TREE = "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/huge_tree.prefab"
HUGE_TREE_FBX = "b2227c5fcb604c04fb4fb75f3f126e0c"


def test_probuilder_mesh_referrers_in_chicken_defense_are_the_five_scene_documents_and_the_snake() -> None:
    root = fixture_project("chicken-defense")
    scene_text = (root / GAME_SCENE).read_text(encoding="utf-8")
    expected_docs = documents_referencing(scene_text, PROBUILDER_MESH)
    assert expected_docs == [(877252948, 114), (1130658168, 114), (1486327486, 114), (1927195797, 114),
                             (2081318679, 114)]
    with ProjectIndex.open(root) as index:
        referrers = index.referrers(PROBUILDER_MESH)
    assert [r.path for r in referrers] == [GAME_SCENE,
                                           "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"]
    assert referrers[0] == Referrer(GAME_SCENE, tuple(DocumentId(*doc) for doc in expected_docs), 5)


def test_wrapped_references_in_a_chicken_defense_prefab_are_found_and_counted() -> None:
    root = fixture_project("chicken-defense")
    text = (root / HUGE_TREE).read_text(encoding="utf-8")
    # The fixture really wraps the flow mapping after the GUID.
    assert re.search(rf"guid: {HUGE_TREE_FBX},\n +type: 3\}}", text)
    with ProjectIndex.open(root) as index:
        (referrer,) = [r for r in index.referrers(HUGE_TREE_FBX) if r.path == HUGE_TREE]
        assert referrer.count == text.count(HUGE_TREE_FBX) == 18
        assert {(d.file_id, d.class_id) for d in referrer.documents} == set(documents_referencing(text,
                                                                                                 HUGE_TREE_FBX))
        assert index.dependencies(HUGE_TREE) == [
            Dependency(HUGE_TREE_FBX, "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/huge_tree.FBX", 18, (
                Target(-8679921383154817045, 3, 13), Target(-7511558181221131132, 3, 1),
                Target(919132149155446097, 3, 3), Target(100100000, 3, 1))),
            Dependency("b1ab2f8431554d240b800ea41ab73dc3", "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/Tree.mat",
                       1, (Target(2100000, 2, 1),)),
        ]


def test_project_settings_reference_the_pipeline_asset_and_the_build_scene() -> None:
    root = fixture_project("chicken-defense")
    with ProjectIndex.open(root) as index:
        assert [r.path for r in index.referrers("7b7fd9122c28c4d15b667c7040e3b3fd")] == [
            "ProjectSettings/GraphicsSettings.asset", "ProjectSettings/QualitySettings.asset"]
        # EditorBuildSettings lists scenes with a bare `guid:` line, no flow mapping.
        scene_guid = meta_guid_of(root / (GAME_SCENE + ".meta"))
        assert index.referrers(scene_guid) == [
            Referrer("ProjectSettings/EditorBuildSettings.asset", (DocumentId(1, 1045),), 1)]
        assert index.dependencies("ProjectSettings/EditorBuildSettings.asset") == [
            Dependency(scene_guid, GAME_SCENE, 1, (Target(None, None, 1),))]


def test_json_references_inside_vfx_graphs_are_found() -> None:
    root = fixture_project("vfx-samples")
    clouds = "Assets/Samples/BonFire/VFX/Clouds.vfx"
    texture = "9dc27d21a95c0674b8ad502c28a8a395"
    text = (root / clouds).read_text(encoding="utf-8")
    assert f'"guid":"{texture}"' in text
    with ProjectIndex.open(root) as index:
        (referrer,) = [r for r in index.referrers(texture) if r.path == clouds]
        assert referrer.count == text.count(texture)


def test_lfs_pointers_and_json_assets_are_skipped(chicken_copy: Path) -> None:
    pointer = ("version https://git-lfs.github.com/spec/v1\n"
               "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n")
    (chicken_copy / "Assets/Pointer.prefab").write_text(pointer)
    (chicken_copy / "Assets/Json.asset").write_text(f'{{"m_Script": "guid: {PROBUILDER_MESH}, type: 3"}}')
    with ProjectIndex.open(chicken_copy) as index:
        paths = [r.path for r in index.referrers(PROBUILDER_MESH)]
        assert "Assets/Pointer.prefab" not in paths and "Assets/Json.asset" not in paths
        assert index.dependencies("Assets/Pointer.prefab") == []
        assert len(paths) == 2


def test_every_external_reference_in_chicken_defense_is_indexed() -> None:
    """The whole project, compared with a line-joining regex count over every YAML file."""
    root = fixture_project("chicken-defense")
    flow = re.compile(r"guid: ([0-9a-f]{32}),\s+type: \d+\}")
    expected: dict[str, dict[str, int]] = {}
    for path in sorted(root.glob("Assets/**/*")):
        if path.suffix in {".unity", ".prefab", ".asset", ".mat", ".controller", ".lighting"} and path.is_file():
            text = path.read_bytes().decode("utf-8", "replace")
            if text.startswith("%YAML"):
                for guid in flow.findall(text):
                    per = expected.setdefault(guid, {})
                    rel = path.relative_to(root).as_posix()
                    per[rel] = per.get(rel, 0) + 1
    assert len(expected) > 100
    with ProjectIndex.open(root) as index:
        for guid, per_file in expected.items():
            found = {r.path: r.count for r in index.referrers(guid) if r.path.startswith("Assets/")}
            assert found == per_file, guid
