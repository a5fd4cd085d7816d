"""Every ProBuilder shape generator against the package source and the Editor-written shapes in the fixtures.

Counts follow from Runtime/Shapes/*.cs (rc-6.0.4, identical in rc-5.2.2); positions, faces, shared vertices and
the face settings are compared with the shapes the Editor wrote into minigolf (6.0.4) and chicken-defense (5.2.2).
Those fixture shapes were moved to a corner pivot after creation (ProBuilder translates every vertex by the same
float32 offset), so positions are compared after removing that offset, to one float32 step.
"""

from __future__ import annotations

import pytest
from probuilder_testutil import GAME, MAIN_MENU
from unitycli_probuilder import f32, ids, invariants, shapes
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.shapegen import SHAPES

from unitycli.api import UnityYamlFile
from unitycli.testing import fixture_project as fixture_path

HOLE_CUBE = "Assets/LlamAcademy/Minigolf/Resources/Tiles/Hole Cube.prefab"
SNAKE = "Assets/LlamAcademy/ChickenDefense/Units/Enemies/Snake/Snake.prefab"


def _built(name: str, size=(1.0, 1.0, 1.0), **options):
    kind = shapes.kind_of(name)
    return shapes.build(kind, shapes.check_size(kind, size), shapes.options_for(kind, options))


def _fixture_mesh(project: str, file: str, mesh_id: int) -> MeshData:
    return MeshData.from_document(UnityYamlFile.read(fixture_path(project) / file).get(mesh_id))


def _offset_and_ulps(fixture: MeshData, ours: MeshData) -> float:
    """The largest position difference once the pivot offset (vertex 0's) is removed, in float32 steps at the
    mesh's extent (a translation rounds every coordinate at the step of its largest term)."""
    off = [f32.sub(f32.f(fixture.positions[0][k]), ours.positions[0][k]) for k in range(3)]
    extent = max(abs(c) for p in fixture.positions for c in p)
    step = f32.f(extent + extent * 2 ** -23) - extent
    worst = max(abs(f32.f(theirs[k]) - f32.add(mine[k], off[k]))
                for theirs, mine in zip(fixture.positions, ours.positions, strict=True) for k in range(3))
    return worst / step


def _faces(mesh: MeshData) -> list[tuple]:
    return [(f.indexes, f.smoothing_group, f.texture_group, f.manual_uv) for f in mesh.faces]


def test_the_hole_cube_cylinder_is_the_generators_output_to_the_last_bit():
    fixture = _fixture_mesh("minigolf", HOLE_CUBE, 5835866374044722070)  # Cylinder, size (-0.25, 2, 0.25)
    ours = _built("cylinder", (0.25, 2, 0.25)).mesh
    assert [tuple(f32.f(c) for c in p) for p in fixture.positions] == ours.positions
    assert _faces(fixture) == _faces(ours) and fixture.shared_vertices == ours.shared_vertices
    assert [(f.material, f.element_group) for f in fixture.faces] == [(f.material, f.element_group) for f in ours.faces]
    assert ours.faces[6].material == ids.DEFAULT_MATERIAL and ours.faces[0].material.file_id == 0
    assert max(abs(a - b) for p, q in zip(fixture.textures0, ours.textures0, strict=True) for a, b in zip(p, q, strict=True)) < 1e-7
    assert max(abs(a - b) for p, q in zip(fixture.tangents, ours.tangents, strict=True) for a, b in zip(p, q, strict=True)) < 1e-6


@pytest.mark.parametrize(("project", "file", "mesh_id", "shape", "size", "options"), [
    ("minigolf", MAIN_MENU, 746131165, "pipe", (0.5, 0.5, 0.5), {"thickness": 0.1, "numberOfSides": 32}),
    ("minigolf", MAIN_MENU, 1948165787, "plane", (0.5, 0, 0.5), {"widthSegments": 0, "heightSegments": 0}),
    ("chicken-defense", SNAKE, 6537765941246812609, "cone", (0.5, 0.75, 0.5), {"numberOfSides": 32}),
])
def test_editor_written_shapes_match_after_their_pivot_move(project, file, mesh_id, shape, size, options):
    fixture = _fixture_mesh(project, file, mesh_id)
    ours = _built(shape, size, **options).mesh
    assert (fixture.vertex_count, len(fixture.faces)) == (ours.vertex_count, len(ours.faces))
    assert _offset_and_ulps(fixture, ours) <= 1
    assert [f.indexes for f in fixture.faces] == [f.indexes for f in ours.faces]
    assert [f.smoothing_group for f in fixture.faces] == [f.smoothing_group for f in ours.faces]
    assert sorted(map(sorted, fixture.shared_vertices)) == sorted(map(sorted, ours.shared_vertices))


def test_the_snake_cone_box_is_the_one_5_2_stores():
    yaml = UnityYamlFile.read(fixture_path("chicken-defense") / SNAKE)
    owner = yaml.get(6537765941246812609).get("m_GameObject").file_id
    shape = next(d for d in yaml.of_class(114) if "m_ShapeBox" in d.text and d.get("m_GameObject").file_id == owner)
    built = _built("cone", (0.5, 0.75, 0.5), numberOfSides=32)
    extent = shape.to_python()["m_ShapeBox"]["m_Extent"]
    assert tuple(c / 2 for c in built.box_size) == (extent["x"], extent["y"], extent["z"]) == (0.5, 0.375, 0.5)
    assert built.pack_margin == 30


@pytest.mark.parametrize(("shape", "options", "counts"), [
    ("cube", {}, (24, 6)),
    ("cylinder", {"axisDivisions": 8, "heightCuts": 2}, (8 * 3 * 4 + 8 * 6, 8 * 3 + 16)),
    ("cone", {"numberOfSides": 5}, (30, 10)),
    ("sphere", {"subdivisions": 2}, (60 * 16, 20 * 16)),
    ("prism", {}, (18, 5)),
    ("torus", {"rows": 6, "columns": 8}, (4 * 6 * 8, 6 * 8)),
    ("pipe", {"numberOfSides": 5, "heightCuts": 1}, (5 * 8 * 2 + 5 * 8, 5 * 2 * 2 + 10)),
    ("arch", {"numberOfSides": 4}, (4 * 8 + 8 + 4 * 8, 4 * 2 + 2 + 4 * 2)),
    ("door", {}, (52, 13)),
    ("stairs", {"stepsCount": 3}, (3 * 8 + 2 * (3 * 4 + 2 * 3) + 4, 3 * 2 + 2 * 5 + 1)),
    ("stairs", {"stepsCount": 4, "circumference": 90, "innerRadius": 0.25}, (4 * 8 + 2 * (4 * 4 + 3 * 3) + 4,
                                                                            4 * 2 + 2 * 7 + 1)),
    ("plane", {"widthSegments": 2, "heightSegments": 3}, (3 * 4 * 4, 12)),
    ("sprite", {}, (4, 1)),
])
def test_each_generator_has_the_sources_counts_and_a_sound_mesh(shape, options, counts):
    mesh = _built(shape, (1.0, 2.0, 1.5), **options).mesh
    assert (mesh.vertex_count, len(mesh.faces)) == counts
    assert invariants.problems(mesh) == []
    topo = invariants.topology(mesh)
    assert topo.inconsistent_edges == 0 and topo.non_manifold_edges == 0
    if shape in ("cube", "cylinder", "cone", "sphere", "prism", "arch"):
        assert (topo.closed, topo.euler) == (True, 2)
    if shape in ("torus", "pipe"):
        assert (topo.closed, topo.euler) == (True, 0)


def test_sizes_are_fitted_like_fit_to_size():
    # The sphere and the arch are built at their own size and scaled to the box; the torus keeps its tube radius
    # in x/z and stretches it to size.y; the cone's circle takes min(x, z) before being fitted to x by z.
    for shape in ("sphere", "arch", "torus", "cone", "door", "cylinder", "prism"):
        mesh = _built(shape, (1.0, 2.0, 1.5)).mesh
        lo = tuple(min(p[k] for p in mesh.positions) for k in range(3))
        hi = tuple(max(p[k] for p in mesh.positions) for k in range(3))
        assert hi[0] - lo[0] == pytest.approx(1.0, abs=2e-3), shape
        assert hi[1] - lo[1] == pytest.approx(2.0, abs=1e-6), shape
    sphere = _built("sphere", (1.0, 2.0, 1.5)).mesh
    assert {f.texture_group for f in sphere.faces} == {2, 3, 4, 5, 6, 7}


def test_every_shape_is_created_in_both_layouts(chicken, minigolf):
    for project, file, layout in ((chicken, GAME, "5.2"), (minigolf, MAIN_MENU, "6.0")):
        for name, kind in SHAPES.items():
            out = project.output("probuilder.create-shape", {"file": file, "shape": name,
                                                             "size": {"x": 1, "y": 2, "z": 1.5}})
            assert (out["probuilderLayout"], out["gameObject"].split(" (")[0]) == (layout, kind.cls)
            yaml = UnityYamlFile.read(project.root / file)
            mesh = MeshData.from_document(yaml.get(out["meshFileID"]))
            assert invariants.problems(mesh) == [], name
            ref = yaml.get(out["shapeFileID"]).to_python()["references"]["RefIds"][0]
            assert ref["type"]["class"] == kind.cls
            assert list(ref["data"] or {}) == [p.field for p in kind.params]
        listed = project.output("probuilder.list-meshes", {"file": file})["meshes"]
        assert {m["shapeType"] for m in listed if m["shapeEditable"]} >= {k.cls for k in SHAPES.values()}


def test_options_are_written_with_their_field_names(minigolf):
    out = minigolf.output("probuilder.create-shape", {"file": MAIN_MENU, "shape": "stairs",
                                                      "options": {"stepsCount": 4, "circumference": 90,
                                                                  "sides": False}})
    assert out["options"] == {"stepGenerationType": 1, "stepsHeight": 0.2, "stepsCount": 4, "homogeneousSteps": True,
                              "circumference": 90, "sides": False, "innerRadius": 0}
    text = minigolf.text(MAIN_MENU)
    assert ("      data:\n        m_StepGenerationType: 1\n        m_StepsHeight: 0.2\n        m_StepsCount: 4\n"
            "        m_HomogeneousSteps: 1\n        m_Circumference: 90\n        m_Sides: 0\n"
            "        m_InnerRadius: 0\n") in text
