"""`probuilder.merge-objects`: ProBuilder's Merge Objects (Editor/MenuActions/Object/MergeObjects.cs).

The active mesh (`gameObject`) receives the other meshes (CombineMeshes.Combine, see meshops/combine.py) and the
other GameObjects are destroyed with their children (UndoUtility.DestroyImmediate); references to what was
destroyed become `{fileID: 0}`, as a scene saved after a destroy has them, and an in-file Mesh only they used goes.
"""

from __future__ import annotations

from unitycli.api import (
    Field,
    Ref,
    SceneModel,
    ToolContext,
    ToolOutput,
    UnityCliError,
    delete_gameobject,
    find_owner_gameobject,
    tool_command,
)
from unitycli_probuilder import ids, locate, transforms
from unitycli_probuilder.editing import EditOutput, apply_edit
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.inputs import MESH_GAMEOBJECT_DESCRIPTION, EditTarget, MaterialRef
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops import combine


class MergeObjectsInput(EditTarget):
    objects: list[str | int] = Field(min_length=1, description=(
        "The other ProBuilder GameObjects of the file to merge into `gameObject` (each " + MESH_GAMEOBJECT_DESCRIPTION
        + "); they are deleted"))


class MergeObjectsOutput(ToolOutput):
    mesh: EditOutput = Field(description="The merged mesh on `gameObject`")
    materials: list[MaterialRef] = Field(description="The MeshRenderer's materials, one per submesh")
    removed_game_objects: list[str] = Field(description="GameObjects deleted (the merged ones and their children)")
    cleared_references: int = Field(description="References to deleted objects set to {fileID: 0}")


def _donor_sites(site: locate.MeshSite, loaded_path: str, specs: list[str | int]) -> list[locate.MeshSite]:
    sites = {s.node.file_id: s for s in locate.meshes_in(loaded_path, site.yaml, site.model)}
    chosen: list[locate.MeshSite] = []
    for spec in specs:
        node = find_owner_gameobject(site.model, spec)
        donor = sites.get(node.file_id)
        if donor is None:
            raise UnityCliError("E_PROBUILDER_MESH_NOT_FOUND", f"GameObject {node.path!r} has no ProBuilderMesh",
                                details={"file": loaded_path, "gameObject": spec},
                                next_actions=[tool_command("probuilder.list-meshes", {"file": loaded_path})])
        related = [n for n in (site.node, *(d.node for d in chosen))
                   if n is node or node.path.startswith(n.path + "/") or n.path.startswith(node.path + "/")]
        if related:
            raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID",
                                f"{node.path!r} is {related[0].path!r} or inside it (or holds it); give each object "
                                "once and none inside another", details={"gameObject": spec, "other": related[0].path})
        if donor.renderer is None:
            raise UnityCliError("E_PROBUILDER_MESH_NOT_FOUND", f"{node.path!r} has no MeshRenderer, so its faces "
                                "have no materials to merge", details={"file": loaded_path, "gameObject": node.path})
        chosen.append(donor)
    return chosen


def _donor(site: locate.MeshSite, target_chain: list[transforms.Trs], target_rotation: transforms.Mat3) \
        -> combine.Donor:
    """A mesh to merge, with the maps that carry its points and directions into the target's local space
    (`target_rotation`: the inverse of the target's world rotation)."""
    chain = transforms.chain(site)
    rotation = transforms.mat_mul(target_rotation, transforms.rotation_of(chain))

    def point(p: Vec3) -> Vec3:
        return transforms.from_world(target_chain, transforms.to_world(chain, p))

    def direction(d: Vec3) -> Vec3:
        return transforms.mat_vec(rotation, d)

    return combine.Donor(MeshData.from_document(site.mesh), site.materials(), point=point, direction=direction)


def merge_objects(ctx: ToolContext, request: MergeObjectsInput) -> MergeObjectsOutput:
    loaded, site = locate.find_mesh(ctx, request.file, request.game_object,
                                    expected_revision=request.expected_revision, for_write=True)
    renderer = site.renderer
    if renderer is None:
        raise UnityCliError("E_PROBUILDER_MESH_NOT_FOUND", f"{site.path!r} has no MeshRenderer to hold materials",
                            details={"file": site.file, "gameObject": site.path})
    sites = _donor_sites(site, loaded.path, request.objects)
    target_chain = transforms.chain(site)
    target_rotation = transforms.inverse(transforms.rotation_of(target_chain))
    donors = [_donor(donor, target_chain, target_rotation) for donor in sites]
    total = MeshData.from_document(site.mesh).vertex_count + sum(d.mesh.vertex_count for d in donors)
    if total >= combine.MAX_VERTEX_COUNT:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", f"the merged mesh would have {total} vertices; "
                            f"ProBuilder keeps a mesh under {combine.MAX_VERTEX_COUNT} and splits the rest into new "
                            "objects, which this tool does not write", details={"vertexCount": total})
    materials: list[Ref] = []

    def edit(data: MeshData, _site: locate.MeshSite) -> list[int]:
        nonlocal materials
        materials, touched = combine.combine(data, site.materials(), donors)
        if materials != site.materials():
            renderer.set("m_Materials", materials)
        return touched

    mesh, _ = apply_edit(ctx, site, edit, force=request.force)
    removed: list[str] = []
    cleared = 0
    for donor in sites:
        old_meshes = {r.file_id for r in (donor.mesh.get("m_Mesh", None),) if isinstance(r, Ref) and r.is_local}
        model = SceneModel(loaded.yaml)
        deleted = delete_gameobject(model, model.nodes[donor.node.file_id], force=True)
        removed += deleted.game_objects
        cleared += len(deleted.cleared)
        for file_id in old_meshes:  # the donor's in-file Mesh, now used by nothing
            doc = loaded.yaml.find(file_id)
            if doc is not None and doc.class_id == ids.MESH and not loaded.yaml.references_to(file_id):
                loaded.yaml.remove_document(file_id)
    loaded.save(ctx)
    paths = locate.material_paths(ctx, {m.guid for m in materials if m.guid})
    return MergeObjectsOutput(mesh=mesh, materials=[MaterialRef.of(m, paths) for m in materials],
                              removed_game_objects=removed, cleared_references=cleared)
