"""Finding ProBuilder meshes: the ProBuilderMesh components of a scene or prefab, each with its GameObject.

Files are named, opened and guarded by the core's scene model (`unitycli.scene`: path or unique name, revision
check, LFS refusal, round-trip guard for writes) and GameObjects are found in its tree with its paths and errors,
as the scene tools find them.
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.api import (
    Document,
    LoadedFile,
    ProjectIndex,
    Ref,
    SceneModel,
    SceneNode,
    ToolContext,
    UnityCliError,
    UnityYamlFile,
    components_in,
    components_of,
    files_referencing,
    find_owner_gameobject,
    open_scene_file,
    tool_command,
)
from unitycli_probuilder import ids


@dataclass
class MeshSite:
    """One ProBuilderMesh and the components beside it on its GameObject."""

    file: str
    yaml: UnityYamlFile
    model: SceneModel
    node: SceneNode
    mesh: Document

    @property
    def game_object(self) -> int:
        return self.node.file_id

    @property
    def path(self) -> str:
        return self.node.path

    def component(self, class_id: int) -> Document | None:
        """The GameObject's first component of `class_id`, if it has one."""
        return next((self.yaml.get(c.file_id) for c in components_of(self.model, self.node)
                     if c.class_id == class_id and not c.missing), None)

    @property
    def shape(self) -> Document | None:
        return next((self.yaml.get(c.file_id) for c in components_of(self.model, self.node)
                     if c.script_guid == ids.SHAPE_SCRIPT_GUID), None)

    @property
    def renderer(self) -> Document | None:
        return self.component(ids.MESH_RENDERER)

    def materials(self) -> list[Ref]:
        renderer = self.renderer
        if renderer is None:
            return []
        return [m for m in renderer.get("m_Materials", []) if isinstance(m, Ref)]


def meshes_in(file: str, yaml: UnityYamlFile, model: SceneModel | None = None) -> list[MeshSite]:
    """Every ProBuilderMesh in the file, in file order, with the GameObject (tree node) that carries it."""
    return [MeshSite(file, yaml, found.model, found.node, found.component)
            for found in components_in(file, yaml, [ids.MESH_SCRIPT_GUID], model)]


def find_mesh(ctx: ToolContext, file: str, spec: str | int, *, expected_revision: str | None = None,
              for_write: bool = False) -> tuple[LoadedFile, MeshSite]:
    """The file as read and the ProBuilderMesh on GameObject `spec` in it; `E_PROBUILDER_MESH_NOT_FOUND` when
    the GameObject has none."""
    loaded, model = open_scene_file(ctx, file, expected_revision=expected_revision, for_write=for_write)
    node = find_owner_gameobject(model, spec)
    sites = meshes_in(loaded.path, loaded.yaml, model)
    for site in sites:
        if site.node is node:
            return loaded, site
    raise UnityCliError(
        "E_PROBUILDER_MESH_NOT_FOUND",
        f"GameObject {node.path!r} in {loaded.path} has no ProBuilderMesh",
        details={"file": loaded.path, "gameObject": spec, "meshesInFile": [s.path for s in sites]},
        next_actions=[tool_command("probuilder.list-meshes", {"file": loaded.path})],
    )


def project_mesh_files(ctx: ToolContext) -> list[str]:
    """Scenes and prefabs under Assets/ that reference the ProBuilderMesh script, and those the index could not read
    (a Git LFS pointer, binary serialization): they may hold meshes, so the caller opens them and says why not."""
    referencing, unreadable = files_referencing(ctx, [ids.MESH_SCRIPT_GUID])
    return sorted({*referencing, *(u.path for u in unreadable)})


def material_paths(ctx: ToolContext, guids: set[str]) -> dict[str, str | None]:
    """Asset paths of material GUIDs (None for GUIDs outside Assets/ and Packages/, e.g. missing ones)."""
    if not guids:
        return {}
    with ProjectIndex.open(ctx.project.root) as index:
        return {guid: index.path_for_guid(guid) for guid in guids}
