"""A level designer blocks out a room, offline, on a copy of each fixture project (5.2.2 and 6.0.4).

Create a box, turn it inside out, subdivide the floor, push an alcove out of a wall, smooth, set the pivot to the
floor, tile the floor's UVs, give the floor its own material, bevel a corner of the room and export the result as
OBJ + MTL. After every step
the mesh is checked against the invariants; at the end the export is checked against the mesh it came from.
"""

from __future__ import annotations

import pytest
from probuilder_testutil import GAME, MAIN_MENU, read_mesh
from unitycli_probuilder import invariants
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops.base import face_edges

PROJECTS = {
    "chicken": (GAME, "Assets/LlamAcademy/ChickenDefense/Materials/Egg.mat", "Egg"),
    "minigolf": (MAIN_MENU, "Assets/LlamAcademy/Minigolf/Materials/Ball.mat", "Ball"),
}


@pytest.mark.parametrize("which", sorted(PROJECTS))
def test_block_out_a_room_and_export_it(which, request):
    project = request.getfixturevalue(which)
    file, material, material_name = PROJECTS[which]
    room = {"file": file, "gameObject": "Room"}
    created = project.output("probuilder.create-shape", {"file": file, "shape": "cube", "name": "Room",
                                                         "size": {"x": 6, "y": 3, "z": 8},
                                                         "position": {"x": 10, "y": 1.5, "z": 0}})

    def mesh() -> MeshData:
        data = read_mesh(project, file, created["meshFileID"])
        assert invariants.problems(data) == []
        return data

    project.output("probuilder.flip-normals", room)  # the inside becomes the visible side
    floor = next(i for i, f in enumerate(mesh().faces) if all(mesh().positions[v][1] == -1.5 for v in f.distinct))
    subdivided = project.output("probuilder.subdivide-faces", {**room, "faces": [floor]})
    assert subdivided["faceCount"] == 9 and invariants.topology(mesh()).closed
    wall = next(i for i, f in enumerate(mesh().faces) if all(mesh().positions[v][0] == 3 for v in f.distinct))
    alcove = project.output("probuilder.extrude-faces", {**room, "faces": [wall], "distance": -1,
                                                        "method": "face-normal"})
    topology = invariants.topology(mesh())
    # the wall took a midpoint from the floor's subdivision: five outline edges, five bridge quads
    assert (alcove["faceCount"], topology.closed, topology.inconsistent_edges) == (14, True, 0)
    assert alcove["bounds"]["max"]["x"] == 4.0  # the reversed wall faces inwards, so -1 pushes it outwards
    project.output("probuilder.auto-smooth", {**room, "angle": 15})
    project.output("probuilder.set-pivot", {**room, "point": {"x": 0, "y": -1.5, "z": 0}})
    assert "m_LocalPosition: {x: 10, y: 0, z: 0}" in project.text(file)
    floor_faces = [i for i, f in enumerate(mesh().faces) if all(mesh().positions[v][1] == 0 for v in f.distinct)]
    assert len(floor_faces) == 6  # the four floor quads and the alcove's two floor bridges
    project.output("probuilder.set-face-uv", {**room, "faces": floor_faces, "scale": {"x": 0.5, "y": 0.5}})
    project.output("probuilder.set-face-material", {**room, "faces": floor_faces, "material": material})
    data = mesh()
    corner = next([a, b] for f in data.faces if all(data.positions[v][0] == -3 for v in f.distinct)
                  for a, b in face_edges(f) if data.positions[a][2] == data.positions[b][2] == -4)
    bevelled = project.output("probuilder.bevel-edges", {**room, "edges": [corner], "amount": 0.5})
    topology = invariants.topology(mesh())
    # one bridge face; the floor and ceiling faces at the corner are rebuilt around it
    assert (bevelled["faceCount"], topology.closed, topology.inconsistent_edges) == (len(data.faces) + 1, True, 0)
    data = mesh()
    exported = project.output("probuilder.export-obj", {**room, "output": "Assets/Export/Room.obj"})
    assert (exported["vertexCount"], exported["faceCount"]) == (data.vertex_count, len(data.faces))
    assert exported["metaFiles"] == ["Assets/Export/Room.mtl.meta"]
    assert material_name in exported["materials"]
    lines = (project.root / "Assets/Export/Room.obj").read_text().splitlines()
    assert sum(line.startswith("v ") for line in lines) == sum(line.startswith("vn ") for line in lines) == data.vertex_count
    assert f"usemtl {material_name}" in lines
    assert sum(line.startswith("f ") for line in lines) == exported["triangleCount"]
    mtl = (project.root / "Assets/Export/Room.mtl").read_text()
    assert f"newmtl {material_name}\n" in mtl
    meta = (project.root / "Assets/Export/Room.mtl.meta").read_text()
    assert meta.startswith("fileFormatVersion: 2\nguid: ") and "\nDefaultImporter:\n" in meta
    assert not (project.root / "Assets/Export/Room.obj.meta").exists()  # Unity's ModelImporter writes that one
