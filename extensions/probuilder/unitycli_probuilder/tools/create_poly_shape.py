"""`probuilder.create-poly-shape`: a new GameObject with an extruded polygon, as ProBuilder's PolyShape tool makes it.

The PolyShape tool (Editor/EditorCore/PolyShapeTool.cs) adds a `PolyShape` then a `ProBuilderMesh` to a new
GameObject and builds the mesh with AppendElements.CreateShapeFromPolygon(points, extrude, flipNormals); the
PolyShape keeps the outline so the Editor can edit it later. Its serialized fields are those Runtime/Core/PolyShape.cs
declares, in order: `m_Points` (local positions), `m_Extrude`, `m_EditMode` (0: None, the tool's state once the
shape is finished), `m_FlipNormals`, `isOnGrid`. A PolyShape has no holes, so a shape with holes is written as the
API makes it (a ProBuilderMesh without PolyShape): the Editor would rebuild it without them.
"""

from __future__ import annotations

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    Field,
    Flow,
    ToolContext,
    ToolInput,
    ToolOutput,
)
from unitycli_probuilder import f32, geometry, ids
from unitycli_probuilder.inputs import Bounds, Finite
from unitycli_probuilder.shapegen import poly
from unitycli_probuilder.tools.create_shape import Vec3Input, add_mesh_object, material_ref, place


class PointInput(ToolInput):
    x: Finite = 0
    y: Finite = 0
    z: Finite = 0


class CreatePolyShapeInput(ToolInput):
    file: str = Field(description="Scene or prefab to add the GameObject to: " + FILE_DESCRIPTION)
    points: list[PointInput] = Field(min_length=3, description=(
        "The outline in the GameObject's local space, in order (the PolyShape tool draws on the y = 0 plane)"))
    holes: list[list[PointInput]] = Field(default_factory=list, description=(
        "Outlines of holes inside it (each at least 3 points); a shape with holes gets no PolyShape component"))
    extrude: Finite = Field(0, description="Height: the distance the polygon is extruded along its normal (0: flat)")
    flip_normals: bool = Field(False, description="Face the polygon down (-y) instead of up")
    position: Vec3Input = Field(default_factory=Vec3Input, description="Local position of the new GameObject.")
    name: str | None = Field(None, description="GameObject name; default `PolyShape`, made unique among siblings.")
    parent: str | int | None = Field(None, description=("Parent (" + GAMEOBJECT_DESCRIPTION + "); default: scene root "
                                                          "/ prefab root"))
    material: str | None = Field(None, description="Project path of a .mat; default ProBuilder's ProBuilderDefault material.")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class CreatePolyShapeOutput(ToolOutput):
    file: str
    game_object: str = Field(description="Hierarchy path of the new GameObject")
    game_object_file_id: int = Field(alias="gameObjectFileID")
    mesh_file_id: int = Field(alias="meshFileID")
    poly_shape_file_id: int | None = Field(alias="polyShapeFileID", description="None when the shape has holes")
    component_file_ids: dict[str, int] = Field(alias="componentFileIDs")
    face_count: int
    vertex_count: int
    bounds: Bounds


def _vec(p: PointInput | Vec3Input) -> tuple[float, float, float]:
    return (p.x, p.y, p.z)


def create_poly_shape(ctx: ToolContext, request: CreatePolyShapeInput) -> CreatePolyShapeOutput:
    outline = [_vec(p) for p in request.points]
    holes = [[_vec(p) for p in hole] for hole in request.holes]
    data = poly.build(outline, holes, request.extrude, request.flip_normals)
    data.version_index = 1
    material = material_ref(ctx, request.material)
    placed = place(ctx, request.file, request.parent, request.name or "PolyShape", request.expected_revision)
    script = None if holes else ("polyShape", ids.POLY_SHAPE_SCRIPT, {
        "m_Points": [Flow((("x", f32.f(p[0])), ("y", f32.f(p[1])), ("z", f32.f(p[2])))) for p in outline],
        "m_Extrude": request.extrude, "m_EditMode": 0, "m_FlipNormals": int(request.flip_normals), "isOnGrid": 1})
    found = add_mesh_object(ctx, placed, _vec(request.position), data, None, material, script, after=False)
    lo, hi = geometry.bounds(data.positions)  # type: ignore[misc]
    parent = placed.parent
    return CreatePolyShapeOutput(
        file=placed.loaded.path, game_object=placed.name if parent is None else f"{parent.path}/{placed.name}",
        game_object_file_id=found["gameObject"], mesh_file_id=found["proBuilderMesh"],
        poly_shape_file_id=found.get("polyShape"), component_file_ids=found, face_count=len(data.faces),
        vertex_count=data.vertex_count, bounds=Bounds.of(lo, hi))
