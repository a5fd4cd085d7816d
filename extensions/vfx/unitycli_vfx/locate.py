"""Finding components by class: in one scene or prefab (by GameObject), or across the project's scenes and prefabs.

Files are named, opened and guarded by the core's scene model (path or unique name, revision check, LFS refusal,
round-trip guard for writes) and GameObjects are found in its tree with its paths and errors, as the scene tools
find them. VisualEffect, ParticleSystem, LineRenderer and TrailRenderer are engine classes, identified by class ID.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from unitycli.api import (
    CLASS_NAMES,
    OBJECT_FILE_SUFFIXES,
    Document,
    Field,
    LoadedFile,
    Ref,
    SceneModel,
    SceneNode,
    SkippedFile,
    ToolContext,
    ToolOutput,
    UnityCliError,
    components_of,
    find_owner_gameobject,
    list_files,
    open_scene_file,
    scan_scene_files,
    tool_command,
)
from unitycli_vfx.inputs import EditTarget

VISUAL_EFFECT = 2083052967
VFX_RENDERER = 73398921
PARTICLE_SYSTEM = 198
PARTICLE_SYSTEM_RENDERER = 199
LINE_RENDERER = 120
TRAIL_RENDERER = 96

NAMES = {VISUAL_EFFECT: "VisualEffect", VFX_RENDERER: "VFXRenderer", PARTICLE_SYSTEM: "ParticleSystem",
         PARTICLE_SYSTEM_RENDERER: "ParticleSystemRenderer", LINE_RENDERER: "LineRenderer",
         TRAIL_RENDERER: "TrailRenderer"}
LISTERS = {VISUAL_EFFECT: "vfx.list-effects", PARTICLE_SYSTEM: "vfx.list-particle-systems",
           LINE_RENDERER: "scene.hierarchy", TRAIL_RENDERER: "scene.hierarchy"}



def class_name(class_id: int) -> str:
    return NAMES.get(class_id) or CLASS_NAMES.get(class_id, f"class {class_id}")


@dataclass
class Site:
    """One component of the wanted class, the GameObject (tree node) that carries it and the file it is in."""

    file: str
    model: SceneModel
    node: SceneNode
    component: Document

    @property
    def path(self) -> str:
        return self.node.path

    def sibling(self, class_id: int) -> Document | None:
        """The GameObject's first other component of `class_id` (a ParticleSystem's renderer), if any."""
        yaml = self.model.file
        return next((yaml.get(c.file_id) for c in components_of(self.model, self.node)
                     if c.class_id == class_id and not c.missing), None)


def sites_in(file: str, model: SceneModel, class_id: int) -> list[Site]:
    """Every component of `class_id` in the file, in file order, with its GameObject (stripped ones skipped)."""
    found = []
    for doc in model.file.of_class(class_id):
        if doc.stripped:
            continue
        owner = doc.get("m_GameObject", None)
        node = model.node_of_object(owner.file_id) if isinstance(owner, Ref) else None
        if node is not None:
            found.append(Site(file, model, node, doc))
    return found


def find_site(ctx: ToolContext, file: str, spec: str | int, class_id: int, *, expected_revision: str | None = None,
              for_write: bool = False) -> tuple[LoadedFile, Site]:
    """The file as read and the `class_id` component on GameObject `spec` in it.

    `E_PREFAB_INSTANCE_UNSUPPORTED` for a prefab instance (its values live in the source prefab);
    `E_COMPONENT_NOT_FOUND` (listing the GameObjects that have one) when the GameObject has none."""
    loaded, model = open_scene_file(ctx, file, expected_revision=expected_revision, for_write=for_write)
    node = find_owner_gameobject(model, spec)
    name = class_name(class_id)
    if node.is_instance:
        raise UnityCliError(
            "E_PREFAB_INSTANCE_UNSUPPORTED",
            f"{node.path!r} in {loaded.path} is a prefab instance; its {name} lives in the source prefab",
            details={"file": loaded.path, "gameObject": node.path, "sourcePrefabGuid": node.source_prefab_guid})
    sites = sites_in(loaded.path, model, class_id)
    for site in sites:
        if site.node is node:
            return loaded, site
    raise UnityCliError(
        "E_COMPONENT_NOT_FOUND", f"GameObject {node.path!r} in {loaded.path} has no {name}",
        details={"file": loaded.path, "gameObject": node.path, "component": name,
                 "inFile": [s.path for s in sites]},
        next_actions=[tool_command(LISTERS[class_id], {"file": loaded.path})])


def find_for_edit(ctx: ToolContext, request: EditTarget, class_id: int) -> tuple[LoadedFile, Site]:
    """`find_site` for a writer's request (an `EditTarget`): opened for write, at the expected revision if given."""
    return find_site(ctx, request.file, request.game_object, class_id, expected_revision=request.expected_revision,
                     for_write=True)


def scan(ctx: ToolContext, class_ids: tuple[int, ...],
         file: str | None) -> tuple[list[Site], dict[str, str], list[SkippedFile]]:
    """The components of `class_ids` in one file (`file`) or in every scene and prefab of the project.

    Across the project a file whose text has no such object header is not parsed; a Git LFS pointer or a file that
    fails to open is listed in `skipped` with its error, so a short count says so."""

    def read_file(loaded: LoadedFile, model: SceneModel) -> list[Site]:
        return [s for cid in class_ids for s in sites_in(loaded.path, model, cid)]

    if file:
        scanned = scan_scene_files(ctx, [file], read_file, strict=True)
        return sorted(scanned.found[0], key=lambda s: s.component.line), scanned.revisions, []
    paths = list_files(Path(ctx.project.root), OBJECT_FILE_SUFFIXES)
    scanned = scan_scene_files(ctx, paths, read_file, needles=[f"--- !u!{cid} &".encode() for cid in class_ids])
    return [s for in_file in scanned.found for s in in_file], scanned.revisions, scanned.skipped


class ComponentIds(ToolOutput):
    """Where a component is: the file, its GameObject's hierarchy path and the fileIDs of both."""

    file: str
    game_object: str = Field(description="Hierarchy path of the GameObject")
    game_object_file_id: int
    component_file_id: int

    @classmethod
    def of(cls, site: Site) -> dict[str, Any]:
        return {"file": site.file, "game_object": site.path, "game_object_file_id": site.node.file_id,
                "component_file_id": site.component.file_id}
