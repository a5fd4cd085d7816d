"""Every writer family refuses a scene or prefab that holds a pre-2018.3 prefab instance (`Prefab:`).

Unity re-derives such an instance's objects from the source prefab and `m_Modification` when it upgrades the file,
so an edit there would be undone. The refusal lives in `open_for_write` (core/scene/files.py), the one door every
writer uses: the scene tools, the render-pipeline volumes (core/volumes) and each extension. Each family is run on
a copy of a fixture file rewritten into that form; the error names the instance and nothing is written.
"""

from __future__ import annotations

import importlib.util
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest

from tests.fixturepaths import REPO_ROOT
from unitycli.testing import copy_fixture_project, registered_specs, run_tool, write_pre_2018_3_prefab_form

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


# --- every extension writer, on its own example ---------------------------------------------------------------------
# Each extension writer whose example names a scene or prefab is run on that file rewritten into the pre-2018.3 form,
# in a copy of the project its example runs in (one copy per project, the file restored after each tool): the list
# of writers is the registry's, so a writer added later is held to the same refusal. The example is first run as a
# dry run on today's layout: it must succeed; a call that would change the scene must then be refused, and only one
# that leaves it alone (probuilder.export-obj writes an .obj) may answer.
EXTENSION_GROUPS = ("cinemachine", "probuilder", "vfx", "urp", "hdrp")
SCENE_SUFFIXES = (".unity", ".prefab")
VFX_TESTUTIL = REPO_ROOT / "extensions" / "vfx" / "tests" / "vfx_testutil.py"


def _scene_example(spec) -> tuple[int, str] | None:
    """The first example of `spec` that names a scene or prefab by path: (its index, the path)."""
    for index, example in enumerate(spec.examples):
        for value in example.values():
            if isinstance(value, str) and value.startswith("Assets/") and value.endswith(SCENE_SUFFIXES):
                return index, value
    return None


def _extension_writers() -> list[str]:
    from unitycli.testing import registered_specs

    return sorted(name for name, spec in registered_specs().items()
                  if spec.group in EXTENSION_GROUPS and not spec.read_only and _scene_example(spec) is not None)


def _add_trail_prefab(root: Path) -> None:
    """No fixture has a TrailRenderer: the VFX extension's tests add bitesize's Bullet.prefab (its test helper)."""
    loader = importlib.util.spec_from_file_location("vfx_testutil", VFX_TESTUTIL)
    helper = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(helper)
    helper.add_trail_prefab(root)


@pytest.fixture(scope="module")
def project_copies(tmp_path_factory):
    """One writable copy per example project, made on first use, with what the examples need that no fixture has:
    the sample's Crate (the ProBuilder examples' mesh, made by create-shape's own example) and the trail prefab."""
    from tests.scenes_tools.projects import copy_project
    from tests.scenes_tools.test_examples import CREATE_SHAPE, NEEDS_CRATE, TRAIL

    copies: dict[str, Path] = {}

    def copy(name: str, tool: str, file: str) -> Path:
        if name not in copies:
            root = copies[name] = copy_project(name, tmp_path_factory.mktemp("legacy") / Path(name).name)
            if name == "sample" and tool in NEEDS_CRATE:
                spec = registered_specs()[CREATE_SHAPE]
                assert run_tool(root, CREATE_SHAPE, spec.examples[0]).ok
        root = copies[name]
        if not (root / file).exists() and file.endswith("Bullet.prefab"):
            assert "Bullet.prefab" in TRAIL
            _add_trail_prefab(root)
        return root

    return copy


@pytest.mark.parametrize("tool", _extension_writers())
def test_every_extension_writer_refuses_a_pre_2018_3_prefab_instance(tool, project_copies):
    from tests.scenes_tools.example_projects import example_project
    from tests.scenes_tools.projects import SAMPLE

    spec = registered_specs()[tool]
    index, file = _scene_example(spec)
    example = spec.examples[index]
    root = project_copies(example_project(spec, index, SAMPLE), tool, file)
    planned = run_tool(root, tool, example, dry_run=True)
    assert planned.ok, (tool, planned.error)  # the example is sound on today's layout
    original = (root / file).read_bytes()
    try:
        instance = write_pre_2018_3_prefab_form(root / file)
        legacy = (root / file).read_bytes()
        for dry_run in (True, False):
            answer = run_tool(root, tool, example, dry_run=dry_run)
            if answer.ok:  # only a call that leaves the scene alone (export-obj reads it) may go on
                assert file not in planned.diffs and file not in answer.diffs, tool
                continue
            assert answer.error["code"] == "E_FILE_FORMAT_UNSUPPORTED", answer.error
            assert answer.error["details"]["legacyPrefabInstances"] == [instance], answer.error
            assert answer.diffs == {}
        assert (root / file).read_bytes() == legacy
    finally:
        (root / file).write_bytes(original)
