"""`probuilder.create-shape`: a new GameObject with any ProBuilder shape, as ProBuilder's shape tool makes it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    PREFAB_SUFFIXES,
    Field,
    LoadedFile,
    Ref,
    SceneModel,
    SceneNode,
    ToolContext,
    ToolInput,
    ToolOutput,
    append_component,
    create_gameobject,
    find_owner_gameobject,
    open_scene_file,
    parse_meta,
    pick_version,
)
from unitycli_probuilder import components, geometry, ids, layout, shapelayout, shapes
from unitycli_probuilder.inputs import Bounds
from unitycli_probuilder.meshdata import MESH_KEYS, UNWRAP_DEFAULTS, MeshData
from unitycli_probuilder.shapegen import SHAPES, describe_options

_VERSION_INDEX = 1  # any non-zero value; the shape stays editable while ProBuilderShape.m_UnmodifiedMeshVersion matches


class Vec3Input(ToolInput):
    x: float = 0
    y: float = 0
    z: float = 0


class CreateShapeInput(ToolInput):
    file: str = Field(description="Scene or prefab to add the GameObject to: " + FILE_DESCRIPTION)
    shape: str = Field(description="One of: " + ", ".join(f"`{k}`" + (f" ({v.summary})" if v.summary else "")
                                                        for k, v in SHAPES.items()) + ".")
    size: Vec3Input = Field(default_factory=lambda: Vec3Input(x=1, y=1, z=1),
                            description=("Size of the shape's box in local units, each > 0 (y is ignored and 0 for "
                                         "`plane` and `sprite`)."))
    options: dict[str, float | int | bool] = Field(
        default_factory=dict,
        description=("The shape's own parameters (the C# field names without `m_`); missing ones take ProBuilder's "
                     "defaults: " + describe_options() + "."))
    position: Vec3Input = Field(default_factory=Vec3Input, description="Local position of the new GameObject.")
    name: str | None = Field(None, description="GameObject name; default `Cube` / `Plane`, made unique among siblings.")
    parent: str | int | None = Field(None, description=("Parent (" + GAMEOBJECT_DESCRIPTION + "); default: scene root "
                                                          "/ prefab root"))
    material: str | None = Field(None, description="Project path of a .mat; default ProBuilder's ProBuilderDefault material.")
    width_cuts: int | None = Field(None, description="Plane only: same as options.widthSegments (default 1: 2 columns).")
    height_cuts: int | None = Field(None, description="Plane only: same as options.heightSegments (default 1: 2 rows).")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class CreateShapeOutput(ToolOutput):
    file: str
    game_object: str = Field(description="Hierarchy path of the new GameObject")
    game_object_file_id: int = Field(alias="gameObjectFileID")
    mesh_file_id: int = Field(alias="meshFileID")
    shape_file_id: int = Field(alias="shapeFileID")
    component_file_ids: dict[str, int] = Field(alias="componentFileIDs")
    shape: str
    options: dict[str, float | int | bool] = Field(description="Every parameter of the shape, defaults filled in")
    probuilder_layout: str = Field(description="ProBuilderShape layout written: 5.2 or 6.0")
    face_count: int
    vertex_count: int
    bounds: Bounds


def material_ref(ctx: ToolContext, path: str | None) -> Ref:
    if path is None:
        return ids.DEFAULT_MATERIAL
    meta = parse_meta(ctx.transaction.read_bytes(path + ".meta"), path + ".meta")
    return Ref(2100000, meta.guid, 2)


def mesh_body(data: MeshData, pack_margin: float | None) -> dict[str, Any]:
    fields = data.yaml_fields()
    unwrap = dict(UNWRAP_DEFAULTS) if pack_margin is None else {**UNWRAP_DEFAULTS, "m_PackMargin": pack_margin}
    extra = {"m_UnwrapParameters": unwrap, "m_PreserveMeshAssetOnDestroy": 0, "assetGuid": "",
             "m_IsSelectable": 1}
    return {key: fields[key] if key in fields else extra[key] for key in MESH_KEYS}


def unique_name(siblings: list[SceneNode], name: str) -> str:
    """GameObjectUtility.EnsureUniqueNameForSibling: `Cube`, then `Cube (1)`, `Cube (2)`, …"""
    taken = {node.name for node in siblings}
    if name not in taken:
        return name
    n = 1
    while f"{name} ({n})" in taken:
        n += 1
    return f"{name} ({n})"


@dataclass
class Placement:
    """Where a new ProBuilder GameObject goes: the file opened for write, its tree, the parent and a unique name."""

    loaded: LoadedFile
    model: SceneModel
    parent: SceneNode | None
    name: str


def place(ctx: ToolContext, file: str, parent_spec: str | int | None, name: str,
          expected_revision: str | None) -> Placement:
    loaded, model = open_scene_file(ctx, file, expected_revision=expected_revision, for_write=True)
    parent: SceneNode | None
    if parent_spec is not None:
        parent = find_owner_gameobject(model, parent_spec)
    else:  # a prefab has one root, and ProBuilder puts new shapes under it
        parent = model.roots[0] if loaded.path.endswith(PREFAB_SUFFIXES) and model.roots else None
    return Placement(loaded, model, parent, unique_name(parent.children if parent is not None else model.roots, name))


def add_mesh_object(ctx: ToolContext, placed: Placement, position: tuple[float, float, float], data: MeshData,
                    pack_margin: float | None, material: Ref, script: tuple[str, Ref, dict[str, Any]] | None,
                    *, after: bool) -> dict[str, int]:
    """The GameObject with a Transform, ProBuilderMesh, MeshRenderer, MeshFilter and MeshCollider, plus `script`
    (role, script reference, body) right after the ProBuilderMesh (`after`, as ShapeFactory leaves a
    ProBuilderShape) or before it (as the PolyShape tool adds its PolyShape first); returns every fileID by role."""
    model = placed.model
    picked = pick_version(ctx.unity_version.editor_version)
    created = create_gameobject(model, placed.name, placed.parent, position=position, picked=picked)
    go = created.game_object
    mesh = ("proBuilderMesh", components.mono_behaviour(picked, go, ids.MESH_SCRIPT, mesh_body(data, pack_margin)))
    extra = [] if script is None else [(script[0], components.mono_behaviour(picked, go, script[1], script[2]))]
    found = {"gameObject": go, "transform": created.transform}
    for role, fields in [mesh] + extra if after else extra + [mesh]:
        found[role] = append_component(model, go, ids.MONO_BEHAVIOUR, "MonoBehaviour", fields)
    found["meshRenderer"] = components.add_mesh_renderer(model, go, picked, [material])
    found["meshFilter"] = components.add_mesh_filter(model, go, picked)
    found["meshCollider"] = components.add_mesh_collider(model, go, picked)
    placed.loaded.save(ctx)
    return found


def create_shape(ctx: ToolContext, request: CreateShapeInput) -> CreateShapeOutput:
    kind = shapes.kind_of(request.shape)
    given = dict(request.options)
    for key, value in (("widthSegments", request.width_cuts), ("heightSegments", request.height_cuts)):
        if value is not None:
            if kind.name != "plane":
                raise shapes.invalid(f"{'widthCuts' if key == 'widthSegments' else 'heightCuts'} is for planes only",
                                     field=key, value=value)
            given.setdefault(key, value)
    options = shapes.options_for(kind, given)
    size = shapes.check_size(kind, (request.size.x, request.size.y, request.size.z))
    built = shapes.build(kind, size, options)
    data = built.mesh
    data.version_index = _VERSION_INDEX
    pb_layout = layout.project_layout(ctx)
    material = material_ref(ctx, request.material)
    placed = place(ctx, request.file, request.parent, request.name or kind.cls, request.expected_revision)
    shape_body = shapelayout.shape_fields(pb_layout, kind, size, options, built, data.version_index,
                                          shapelayout.new_rid(placed.loaded.yaml.id_rng))
    loaded, parent, name = placed.loaded, placed.parent, placed.name
    ids_ = add_mesh_object(ctx, placed, (request.position.x, request.position.y, request.position.z), data,
                           built.pack_margin, material, ("proBuilderShape", ids.SHAPE_SCRIPT, shape_body), after=True)
    go = ids_["gameObject"]
    lo, hi = geometry.bounds(data.positions)  # type: ignore[misc]
    return CreateShapeOutput(
        file=loaded.path, game_object=name if parent is None else f"{parent.path}/{name}", game_object_file_id=go,
        mesh_file_id=ids_["proBuilderMesh"], shape_file_id=ids_["proBuilderShape"], component_file_ids=ids_,
        shape=kind.name, options=options, probuilder_layout=pb_layout, face_count=len(data.faces), vertex_count=data.vertex_count,
        bounds=Bounds.of(lo, hi),
    )
