"""Finding ProBuilder meshes: open a scene or prefab through the transaction and name each mesh's parts.

Every read goes through `ctx.transaction`, so a tool sees its own staged writes and the commit can check that
nothing changed underneath. A mesh is addressed with the shared vocabulary: `file` (project-relative path) and
`gameObject` (hierarchy path or fileID).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.unityyaml import Document, Ref, UnityYamlFile
from unitycli_probuilder import ids, scenegraph

YAML_SUFFIXES = (".unity", ".prefab")


@dataclass
class MeshSite:
    """One ProBuilderMesh and the components beside it on its GameObject."""

    file: str
    yaml: UnityYamlFile
    mesh: Document
    game_object: int
    path: str

    def component(self, class_id: int) -> Document | None:
        return scenegraph.component_of_class(self.yaml, self.game_object, class_id)

    @property
    def shape(self) -> Document | None:
        return scenegraph.script_component(self.yaml, self.game_object, ids.SHAPE_SCRIPT_GUID)

    @property
    def renderer(self) -> Document | None:
        return self.component(ids.MESH_RENDERER)

    def materials(self) -> list[Ref]:
        renderer = self.renderer
        if renderer is None:
            return []
        return [m for m in renderer.get("m_Materials", []) if isinstance(m, Ref)]


def open_yaml(ctx: Any, file: str) -> UnityYamlFile:
    """A scene or prefab as the transaction sees it (staged writes included)."""
    if not file.endswith(YAML_SUFFIXES):
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{file} is not a scene (.unity) or prefab (.prefab)",
                            details={"file": file})
    return UnityYamlFile.parse(ctx.transaction.read_bytes(file), file)


def is_mesh(doc: Document) -> bool:
    return (doc.class_id == ids.MONO_BEHAVIOUR and not doc.stripped
            and ids.MESH_SCRIPT_GUID in doc.text and getattr(doc.get("m_Script", None), "guid", None) == ids.MESH_SCRIPT_GUID)


def meshes_in(file: str, yaml: UnityYamlFile) -> list[MeshSite]:
    sites = []
    for doc in yaml.of_class(ids.MONO_BEHAVIOUR):
        if is_mesh(doc):
            go = scenegraph.owner_of(doc)
            sites.append(MeshSite(file, yaml, doc, go, scenegraph.path_of(yaml, go)))
    return sites


def find_mesh(ctx: Any, file: str, game_object: str) -> MeshSite:
    """The ProBuilderMesh on `game_object` in `file`; `E_PROBUILDER_MESH_NOT_FOUND` when it has none."""
    yaml = open_yaml(ctx, file)
    go = scenegraph.find_game_object(yaml, game_object)
    for site in meshes_in(file, yaml):
        if site.game_object == go:
            return site
    others = [s.path for s in meshes_in(file, yaml)]
    raise UnityCliError(
        "E_PROBUILDER_MESH_NOT_FOUND",
        f"GameObject {scenegraph.path_of(yaml, go)!r} in {file} has no ProBuilderMesh",
        details={"file": file, "gameObject": game_object, "meshesInFile": others},
        next_actions=[f"unitycli tools run probuilder.list-meshes --input '{{\"file\": \"{file}\"}}'"],
    )


def project_mesh_files(ctx: Any) -> list[str]:
    """Scenes and prefabs under Assets/ that reference the ProBuilderMesh script, from the project index."""
    with ProjectIndex.open(ctx.project.root) as index:
        referrers = index.referrers(ids.MESH_SCRIPT_GUID)
    return sorted(r.path for r in referrers if r.path.endswith(YAML_SUFFIXES) and r.path.startswith("Assets/"))


def material_paths(ctx: Any, guids: set[str]) -> dict[str, str | None]:
    """Asset paths of material GUIDs (None for GUIDs outside Assets/ and Packages/, e.g. missing ones)."""
    if not guids:
        return {}
    with ProjectIndex.open(ctx.project.root) as index:
        return {guid: index.path_for_guid(guid) for guid in guids}
