"""Finding Cinemachine cameras and brains in a scene or prefab, each with its GameObject and pipeline.

Files are named, opened and guarded by the core's scene model (path or unique name, revision check, LFS refusal,
round-trip guard for writes); GameObjects are found in its tree with its paths. Components are recognised by
script GUID (`scripts.py`) and read in the layout their fields show (`layout.py`).

CM2 pipeline: a CinemachineVirtualCamera keeps its Body/Aim/Noise components on a hidden
child GameObject named `cm` (`m_ObjectHideFlags: 3` in scenes) that holds a CinemachinePipeline; the camera's
`m_ComponentOwner` names that child's Transform. The pipeline is that child, else the first child that has a
CinemachinePipeline (what CinemachineVirtualCamera.UpdateComponentPipeline looks for). CM3 keeps them on the
camera's own GameObject.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from unitycli.api import (
    OBJECT_FILE_SUFFIXES,
    Document,
    LoadedFile,
    NextAction,
    ProjectIndex,
    Ref,
    SceneModel,
    SceneNode,
    ToolContext,
    UnityCliError,
    UnityYamlFile,
    components_in,
    components_of,
    find_gameobject,
    open_scene_file,
    same_call,
    tool_command,
)
from unitycli_cinemachine import scripts
from unitycli_cinemachine.layout import BrainLayout, CameraLayout, brain_layout, camera_layout

MONO_BEHAVIOUR = 114
_FILE_ID = re.compile(r"^&?-?[0-9]+$")


@dataclass
class Part:
    """A Cinemachine component other than the camera (body, aim, noise, other) and the GameObject it is on."""

    doc: Document
    script: scripts.Script
    node: SceneNode


@dataclass
class CameraSite:
    """One Cinemachine camera component and what the tools need around it."""

    file: str
    yaml: UnityYamlFile
    model: SceneModel
    node: SceneNode
    doc: Document
    script: scripts.Script
    layout: CameraLayout

    @property
    def class_name(self) -> str:
        return self.script.name(self.layout.layout)

    @property
    def path(self) -> str:
        return self.node.path

    def pipeline_node(self) -> SceneNode | None:
        """CM2: the hidden child holding the CinemachinePipeline (None for CM3 cameras and managers)."""
        if self.layout.layout != "cm2" and not self.doc.has("m_ComponentOwner"):
            return None
        owner = self.doc.get("m_ComponentOwner", None)
        if isinstance(owner, Ref) and owner.is_local and owner.file_id:
            node = self.model.node_of_object(owner.file_id)
            if node is not None and node.parent is self.node and self._has_pipeline(node):
                return node
        return next((child for child in self.node.children if self._has_pipeline(child)), None)

    def _has_pipeline(self, node: SceneNode) -> bool:
        return any(c.script_guid == scripts.PIPELINE_GUID for c in components_of(self.model, node))

    def parts(self) -> list[Part]:
        """The Cinemachine components that work with this camera, in m_Component order. Body/Aim/Noise come from
        the CM2 pipeline child when the camera has one (CM2 ignores stage components beside the camera), else from
        the camera's own GameObject (CM3); other Cinemachine components (extensions, input) from the camera's."""
        pipeline = self.pipeline_node()
        found = self._parts_on(self.node, stages=pipeline is None)
        if pipeline is not None:
            found += self._parts_on(pipeline, stages=True)
        return found

    def _parts_on(self, node: SceneNode, *, stages: bool) -> list[Part]:
        found = []
        for ref in components_of(self.model, node):
            script = scripts.script_of(ref.script_guid)
            if ref.missing or script is None or ref.file_id == self.doc.file_id:
                continue
            if script.kind in (scripts.CAMERA, scripts.BRAIN, scripts.PIPELINE):
                continue
            if script.kind in scripts.STAGES and not stages:
                continue
            found.append(Part(self.yaml.get(ref.file_id), script, node))
        return found


@dataclass
class BrainSite:
    file: str
    model: SceneModel
    node: SceneNode
    doc: Document
    layout: BrainLayout


def cameras_in(file: str, yaml: UnityYamlFile, model: SceneModel) -> list[CameraSite]:
    """Every Cinemachine camera component of the file, in hierarchy order (file order within a GameObject)."""
    sites = [CameraSite(file, yaml, model, found.node, found.component, scripts.BY_GUID[found.script_guid],
                        camera_layout(found.component))
             for found in components_in(file, yaml, scripts.CAMERA_GUIDS, model)]
    order = {node.file_id: i for i, node in enumerate(model.walk())}
    return sorted(sites, key=lambda s: order.get(s.node.file_id, len(order)))


def brains_in(file: str, yaml: UnityYamlFile, model: SceneModel) -> list[BrainSite]:
    sites = [BrainSite(file, model, found.node, found.component, brain_layout(found.component))
             for found in components_in(file, yaml, [scripts.BRAIN_GUID], model)]
    order = {node.file_id: i for i, node in enumerate(model.walk())}
    return sorted(sites, key=lambda s: order.get(s.node.file_id, len(order)))


def _camera_list(sites: list[CameraSite]) -> list[dict[str, Any]]:
    return [{"gameObject": s.path, "gameObjectFileID": s.node.file_id, "fileID": s.doc.file_id,
             "class": s.class_name} for s in sites]


def _list_action(file: str) -> NextAction:
    return tool_command("cinemachine.list-cameras", {"file": file})


def find_camera(ctx: ToolContext, file: str, spec: str | int, *, expected_revision: str | None = None,
                for_write: bool = False) -> tuple[LoadedFile, CameraSite]:
    """The file as read and the camera `spec` names: a GameObject (path or fileID) that carries one camera, or
    a camera component's fileID. `E_CAMERA_NOT_FOUND` lists the file's cameras."""
    loaded, model = open_scene_file(ctx, file, expected_revision=expected_revision, for_write=for_write)
    sites = cameras_in(loaded.path, loaded.yaml, model)
    text = str(spec).strip()
    if _FILE_ID.match(text):
        by_component = [s for s in sites if s.doc.file_id == int(text.lstrip("&"))]
        if by_component:
            return loaded, by_component[0]
    try:
        node = find_gameobject(model, spec)
    except UnityCliError as exc:
        if exc.code != "E_GAMEOBJECT_NOT_FOUND":
            raise
        raise UnityCliError("E_CAMERA_NOT_FOUND", f"{loaded.path} has no camera {spec!r}: {exc.message}",
                            details={"file": loaded.path, "gameObject": spec, "cameras": _camera_list(sites)},
                            next_actions=[_list_action(loaded.path)]) from None
    hits = [s for s in sites if s.node is node]
    if len(hits) == 1:
        return loaded, hits[0]
    if hits:
        raise UnityCliError("E_CAMERA_AMBIGUOUS", f"{node.path!r} in {loaded.path} has {len(hits)} cameras",
                            details={"file": loaded.path, "gameObject": node.path, "cameras": _camera_list(hits)},
                            next_actions=[same_call(gameObject=str(s.doc.file_id)) for s in hits[:5]])
    raise UnityCliError("E_CAMERA_NOT_FOUND", f"GameObject {node.path!r} in {loaded.path} has no Cinemachine camera",
                        details={"file": loaded.path, "gameObject": spec, "cameras": _camera_list(sites)},
                        next_actions=[_list_action(loaded.path)])


def find_brain(ctx: ToolContext, file: str, spec: str | int | None, *, expected_revision: str | None = None,
               for_write: bool = False) -> tuple[LoadedFile, BrainSite]:
    """The file as read and its CinemachineBrain: the one on GameObject `spec`, or the only one in the file."""
    loaded, model = open_scene_file(ctx, file, expected_revision=expected_revision, for_write=for_write)
    sites = brains_in(loaded.path, loaded.yaml, model)
    listed = [{"gameObject": s.node.path, "gameObjectFileID": s.node.file_id, "fileID": s.doc.file_id}
              for s in sites]
    if spec is None:
        if len(sites) == 1:
            return loaded, sites[0]
        if not sites:
            raise UnityCliError("E_BRAIN_NOT_FOUND", f"{loaded.path} has no CinemachineBrain",
                                details={"file": loaded.path, "brains": []},
                                next_actions=[_list_action(loaded.path)])
        raise UnityCliError("E_BRAIN_AMBIGUOUS", f"{loaded.path} has {len(sites)} CinemachineBrains",
                            details={"file": loaded.path, "brains": listed},
                            next_actions=[same_call(gameObject=s.node.file_id) for s in sites[:5]])
    text = str(spec).strip()
    if _FILE_ID.match(text):
        by_component = [s for s in sites if s.doc.file_id == int(text.lstrip("&"))]
        if by_component:
            return loaded, by_component[0]
    node = find_gameobject(model, spec)
    hits = [s for s in sites if s.node is node]
    if hits:
        return loaded, hits[0]
    raise UnityCliError("E_BRAIN_NOT_FOUND", f"GameObject {node.path!r} in {loaded.path} has no CinemachineBrain",
                        details={"file": loaded.path, "gameObject": spec, "brains": listed},
                        next_actions=[_list_action(loaded.path)])


def project_files(ctx: ToolContext) -> list[str]:
    """Scenes and prefabs under Assets/ that reference a Cinemachine camera or brain script, from the project
    index, and those the index could not read (they may hold cameras: the caller opens them and says why not)."""
    return project_files_at(ctx.project.root)


def project_files_at(root: Any) -> list[str]:
    with ProjectIndex.open(root) as index:
        paths = {r.path for guid in (*scripts.CAMERA_GUIDS, scripts.BRAIN_GUID) for r in index.referrers(guid)}
        paths.update(path for path, _state in index.unscanned())
    return sorted(p for p in paths if p.endswith(OBJECT_FILE_SUFFIXES) and p.startswith("Assets/"))
