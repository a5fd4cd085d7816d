"""Every ProBuilder tool runs on both fixture layouts: 5.2.2 (chicken-defense) and 6.0.4 (minigolf).

test_probuilder_element_tools.CALLS runs most edit tools on a cube in each project's main scene; the CASES here
cover the rest, in the prefabs of each project (Snake.prefab, Wall Right.prefab), so that scenes and prefabs both
see every kind of call. Each writer runs dry and for real with equal diffs, and every mesh the call leaves (the
cube and anything it created) passes the invariants. The table test fails when a tool is registered without a
case, so a new tool cannot land untested on either layout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from probuilder_testutil import SNAKE, WALL_RIGHT, Project, make_cube, read_mesh, require_extension
from test_probuilder_element_tools import CALLS
from unitycli_probuilder import invariants, locate
from unitycli_probuilder.meshdata import MeshData

from unitycli.api import SceneModel, UnityYamlFile
from unitycli.testing import copy_fixture_project, registered_specs, registry_problems, run_tool

FILES = {"chicken-defense": SNAKE, "minigolf": WALL_RIGHT}
MATERIALS = {"chicken-defense": "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat",
             "minigolf": "Assets/LlamAcademy/Minigolf/Materials/Ball.mat"}
SQUARE = [{"x": 0, "z": 0}, {"x": 4, "z": 0}, {"x": 4, "z": 3}, {"x": 0, "z": 3}]
HOLE = [{"x": 1, "z": 1}, {"x": 2, "z": 1}, {"x": 2, "z": 2}, {"x": 1, "z": 2}]


@dataclass
class Case:
    args: dict[str, Any] | Callable[[str, str, int | None], dict[str, Any]]  # or (project, cube name, other) -> args
    on_cube: bool = True  # the call names a fresh CUBE as gameObject
    before: tuple[str, dict[str, Any]] | None = None  # a tool run on the cube first
    writes: bool = True
    names_cube: bool = True  # the call's gameObject is the cube (list-meshes takes none)
    meshes: Callable[[dict[str, Any]], list[int]] = field(default=lambda out: [])  # extra meshes the call leaves


CASES: dict[str, Case] = {
    "probuilder.list-meshes": Case({}, writes=False, names_cube=False),
    "probuilder.inspect-mesh": Case({"faceLimit": 2}, writes=False),
    "probuilder.export-obj": Case(lambda which, name, _: {"output": f"Assets/Export/{name}.obj"}),
    "probuilder.create-shape": Case({"shape": "torus", "name": "Ring", "options": {"rows": 6, "columns": 8}},
                                    on_cube=False, meshes=lambda out: [out["meshFileID"]]),
    "probuilder.create-poly-shape": Case({"points": SQUARE, "holes": [HOLE], "extrude": 0.5}, on_cube=False,
                                         meshes=lambda out: [out["meshFileID"]]),
    "probuilder.delete-faces": Case({"faces": [4]}),
    "probuilder.flip-normals": Case({"faces": [0]}),
    "probuilder.set-face-material": Case(lambda which, name, _: {"faces": [4], "material": MATERIALS[which]}),
    "probuilder.bevel-edges": Case({"edges": [[0, 1]], "amount": 0.2}),
    "probuilder.subdivide-edges": Case({"edges": [[0, 1]], "count": 2}),
    "probuilder.connect-vertices": Case({"vertices": [0, 3]}),
    "probuilder.quadrangulate": Case({}, before=("probuilder.triangulate", {})),
    "probuilder.mirror": Case({"axes": ["x"]}),
    "probuilder.project-uv-planar": Case({"faces": [0, 1]}),
    "probuilder.detach-faces-to-object": Case({"faces": [0, 2]}),  # the copy, `<name> (1)`, shares the prefix
    "probuilder.merge-objects": Case(lambda which, name, other: {"objects": [other]}),
    "probuilder.set-collider": Case({}),
    "probuilder.set-trigger": Case({}),
}


def test_every_registered_tool_has_a_case_on_both_layouts():
    require_extension()
    registered = set(registered_specs("probuilder."))
    covered = set(CASES) | {tool for tool, _, _ in CALLS}
    assert registered == covered, (registered - covered, covered - registered)
    assert len(registered) >= 36
    assert registry_problems() == []


@pytest.fixture(scope="module", params=sorted(FILES))
def project(request, tmp_path_factory) -> tuple[str, Project]:
    require_extension()
    return request.param, Project(copy_fixture_project(request.param, tmp_path_factory.mktemp(request.param)))


def _meshes_named(root, file: str, prefix: str) -> list[MeshData]:
    yaml = UnityYamlFile.read(root / file)
    return [MeshData.from_document(site.mesh) for site in locate.meshes_in(file, yaml, SceneModel(yaml))
            if site.node.name.startswith(prefix)]


@pytest.mark.parametrize("tool", sorted(CASES))
def test_the_tool_previews_what_it_writes_and_leaves_sound_meshes(tool, project):
    which, proj = project
    file = FILES[which]
    case = CASES[tool]
    name = "Case " + tool.split(".")[1]
    cube = other = None
    if case.on_cube:  # in a prefab the cube is under the root: named by its mesh's fileID
        cube = make_cube(proj, file, name)
        if tool == "probuilder.merge-objects":
            other = make_cube(proj, file, f"{name} other")
        if case.before is not None:
            proj.output(case.before[0], {"file": file, "gameObject": cube, **case.before[1]})
    args = case.args(which, name, other) if callable(case.args) else dict(case.args)
    call = {"file": file, **({"gameObject": cube} if case.on_cube and case.names_cube else {}), **args}
    if case.writes:
        preview = run_tool(proj.root, tool, call, dry_run=True)
        assert preview.ok, preview.error
    done = run_tool(proj.root, tool, call)
    assert done.ok, done.error
    if case.writes:
        assert preview.diffs == done.diffs and done.diffs
    else:
        assert not done.diffs
    prefix = name if case.on_cube else args.get("name", "PolyShape")
    left = _meshes_named(proj.root, file, prefix)
    assert left, tool
    for mesh in left:
        assert invariants.problems(mesh) == [], tool
    for mesh_id in case.meshes(done.output):
        assert invariants.problems(read_mesh(proj, file, mesh_id)) == [], tool
