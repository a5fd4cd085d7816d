"""Every writer family refuses a scene or prefab that holds a pre-2018.3 prefab instance (`Prefab:`).

Unity re-derives such an instance's objects from the source prefab and `m_Modification` when it upgrades the file,
so an edit there would be undone. The refusal lives in `open_for_write` (core/scene/files.py), the one door every
writer uses: the scene tools, the render-pipeline volumes (core/volumes) and each extension. Each family is run on
a copy of a fixture file rewritten into that form; the error names the instance and nothing is written.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, distribution

import pytest

from unitycli.testing import copy_fixture_project, run_tool, write_pre_2018_3_prefab_form

CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
HOLE_CUBE = "Assets/LlamAcademy/Minigolf/Resources/Tiles/Hole Cube.prefab"
WRITERS = {  # family: (distribution, fixture project, file, tool, input)
    "scenes": (None, "chicken-defense", CHICKEN_GAME, "component.set",
               {"gameObject": "Main Camera", "component": "Transform", "property": "m_LocalPosition",
                "value": {"x": 0, "y": 2, "z": 0}}),
    "probuilder": ("unitycli-probuilder", "chicken-defense", CHICKEN_GAME, "probuilder.flip-normals",
                   {"gameObject": "World/Floor", "faces": [0]}),
    "cinemachine": ("unitycli-cinemachine", "chicken-defense", CHICKEN_GAME, "cinemachine.set-priority",
                    {"gameObject": "Virtual Camera", "priority": 5}),
    "vfx": ("unitycli-vfx", "minigolf", HOLE_CUBE, "vfx.set-particle-main",
            {"gameObject": "Hole Cube/Win Effect", "duration": 1}),
    "volumes (urp)": ("unitycli-urp", "chicken-defense", CHICKEN_GAME, "urp.set-volume",
                      {"gameObject": "Main Camera", "weight": 0.5}),
}


@pytest.mark.parametrize("family", sorted(WRITERS))
def test_a_writer_refuses_a_file_with_a_pre_2018_3_prefab_instance(family, tmp_path):
    dist, fixture, file, tool, data = WRITERS[family]
    if dist is not None:
        try:
            distribution(dist)
        except PackageNotFoundError:
            pytest.fail(f"{dist} is not installed: pip install -e extensions/...")
    root = copy_fixture_project(fixture, tmp_path)
    call = {"file": file, **data}
    assert run_tool(root, tool, call, dry_run=True).ok, family  # the call itself is sound on today's layout
    instance = write_pre_2018_3_prefab_form(root / file)
    before = (root / file).read_bytes()
    for dry_run in (True, False):
        refused = run_tool(root, tool, call, dry_run=dry_run)
        assert refused.error is not None, (family, refused.output)
        assert refused.error["code"] == "E_FILE_FORMAT_UNSUPPORTED", refused.error
        assert refused.error["details"]["legacyPrefabInstances"] == [instance]
        assert refused.diffs == {}
    assert (root / file).read_bytes() == before
