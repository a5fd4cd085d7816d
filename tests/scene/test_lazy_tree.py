"""The GameObject tree read lazily (a few values of each large object) is the tree of the fully parsed file."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path
from unitycli.scene import SceneModel
from unitycli.unityyaml import UnityYamlFile

SCENES = [
    "EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/CollisionEvents/CollisionEvents/CollisionEventsSub.unity",
    "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
    "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Game.unity",
]


def _facts(model: SceneModel) -> list[tuple]:
    return [(n.file_id, n.kind, n.path, n.hide_flags, n.active, n.source_prefab_guid, n.transform_id,
             n.dangling_parent, len(n.children)) for n in model.walk()]


@pytest.mark.parametrize("relative", SCENES)
def test_the_lazy_tree_equals_the_tree_of_the_fully_parsed_file(relative: str) -> None:
    data = fixture_path(relative).read_bytes()
    lazy = UnityYamlFile.parse(data, relative)
    lazy_model = SceneModel(lazy)
    unparsed = [doc for doc in lazy.documents if doc._tree is None]
    assert len(unparsed) > len(lazy.documents) / 3  # most large objects were only peeked at
    full = UnityYamlFile.parse(data, relative)
    for doc in full.documents:
        _ = doc.tree
    assert _facts(lazy_model) == _facts(SceneModel(full))
