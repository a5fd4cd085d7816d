"""Every Editor-written Unity-YAML file of the fixtures holds against the layout table with no finding.

The walk covers each fixture tree; a file is checked against the Editor of the project it sits in (none for
package samples outside a project: then any Editor's layout will do). The only documents with findings are
`HAND_MERGED`, each named with why, and asserted to stay exactly those: a new finding, or one of these going
away, fails the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixturepaths import fixtures_root
from unitycli.typetree import pick_version
from unitycli.typetree.report import check_file
from unitycli.unityyaml import UnityYamlFile

TREES = ("EntityComponentSystemSamples", "VisualEffectGraph-Samples", "chicken-defense", "com.unity.cinemachine",
         "com.unity.multiplayer.samples.bitesize", "minigolf")
_ECS_HDRP = "EntityComponentSystemSamples/GraphicsSamples/HDRPSamples/ProjectSettings/"
# ProjectSettings documents that mix fields of different Editors, so no single Editor wrote them: a v7
# PhysicsManager (2017.3-2018.2) with 2018.3's m_ReuseCollisionCallbacks; a v3 Physics2DSettings whose job options
# use the 2018.1 beta names; a v4 Physics2DSettings with exactly the 2017.2-2017.4 (v3) fields; a v11 EditorSettings with fields of 2019 and 2020 at once. Found by this walk.
HAND_MERGED = {
    (_ECS_HDRP + "DynamicsManager.asset", 1): "PhysicsManager",
    (_ECS_HDRP + "Physics2DSettings.asset", 1): "Physics2DSettings",
    ("VisualEffectGraph-Samples/ProjectSettings/Physics2DSettings.asset", 1): "Physics2DSettings",
    ("com.unity.multiplayer.samples.bitesize/Basic/ClientDriven/ProjectSettings/EditorSettings.asset", 1):
        "EditorSettings",
}


def _project_version(path: Path, top: Path) -> str | None:
    for folder in path.parents:
        version = folder / "ProjectSettings" / "ProjectVersion.txt"
        if version.is_file():
            return version.read_text(encoding="utf-8").split("m_EditorVersion:")[1].split()[0]
        if folder == top:
            return None
    return None


def _yaml_files(top: Path):
    for path in sorted(top.rglob("*")):
        if path.suffix in (".cs", ".meta", ".png", ".json", ".fbx", ".shader", ".hlsl") or not path.is_file():
            continue
        with path.open("rb") as handle:
            if handle.read(5) == b"%YAML":
                yield path


@pytest.mark.slow
@pytest.mark.parametrize("tree", TREES)
def test_every_editor_written_document_matches_a_layout(tree):
    root = fixtures_root()
    top = root / tree
    found: dict[tuple[str, int], str] = {}
    files = 0
    for path in _yaml_files(top):
        files += 1
        version = _project_version(path, top)
        picked = pick_version(version) if version else None
        for report in check_file(UnityYamlFile.read(path), picked):
            if report.findings:
                found[(path.relative_to(root).as_posix(), report.file_id)] = \
                    f"{report.class_name}: {report.findings[0].message}"
    expected = {key for key in HAND_MERGED if key[0].startswith(tree + "/")}
    assert files > 0
    assert set(found) == expected, {key: found[key] for key in set(found) - expected}
    assert all(found[key].startswith(HAND_MERGED[key]) for key in expected)
