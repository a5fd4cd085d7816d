"""`scene.create`: a new empty scene (no GameObjects) with its `.meta`, in the layout the project's Unity writes.

A scene starts with four settings objects (OcclusionCullingSettings &1, RenderSettings &2, LightmapSettings &3,
NavMeshSettings &4) whose `serializedVersion`s and fields change between Unity versions (RenderSettings is 9 in
chicken-defense's SampleScene, 10 in minigolf 6000.0; LightmapSettings 12 vs 13 with `m_BakeOnSceneLoad`), and
2022.2+ scenes end with a `SceneRoots` object. Rather than keep a table per Unity version, the layout is copied
from a scene of the same project: `preambleFrom`, or else the scene with the newest layout (a `SceneRoots` object
first, then the highest settings versions). Scene-specific data is reset as a new scene has it: baked data
(`m_LightingDataAsset`, `m_NavMeshData`, `m_OcclusionCullingData`, `m_SceneGUID`) and every reference to an object
of the source scene (the sun light, an embedded LightingSettings) become null; the lighting, fog and skybox values
and references to shared assets are kept. Without any scene to copy from, `E_LAYOUT_UNAVAILABLE`.
The Editor's "Basic" / 2D / URP templates (camera, light, volume) are not written: their default values are not
verified for each Unity version.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.create_common import make_parents, refuse_taken, require_new_asset_location
from unitycli.scene import SCENE_SUFFIXES, list_files, resolve_file
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles import ensure_not_lfs, new_meta
from unitycli.unityyaml import SCENE_ROOTS_FILE_ID, UnityYamlFile, ensure_roundtrips

# OcclusionCullingSettings, RenderSettings, LightmapSettings, NavMeshSettings: the objects every scene starts with.
PREAMBLE_CLASS_IDS = (29, 104, 157, 196)
SCENE_ROOTS_CLASS_ID = 1660057539
_BAKED = re.compile(r"^( +(?:m_OcclusionCullingData|m_LightingDataAsset|m_NavMeshData): )\{[^\n]*\}$", re.M)
_SCENE_GUID = re.compile(r"^( +m_SceneGUID: )[0-9a-f]{32}$", re.M)
_LOCAL_REF = re.compile(r"\{fileID: -?[1-9][0-9]*\}")
_ROOTS = re.compile(r"^  m_Roots:(?: \[\]\n|\n(?:  - [^\n]*\n)*)", re.M)


class SceneCreateInput(ToolInput):
    file: str = Field(description="The new scene's project-relative path, e.g. Assets/Scenes/Level 2.unity")
    preamble_from: str | None = Field(None, description="A scene of the project whose settings objects (lighting, "
                                      "fog, skybox, navmesh) the new scene copies; the scene with the newest layout "
                                      "when omitted")


class SceneCreateOutput(ToolOutput):
    file: str
    guid: str = Field(description="The new scene's GUID (in its .meta)")
    preamble_from: str = Field(description="The scene whose settings objects were copied")
    documents: list[str] = Field(description="Class names of the new scene's objects, in file order")
    created_folders: list[str] = Field(description="Missing folders above the scene, created with metas")


def _layout_rank(yaml: UnityYamlFile) -> tuple[int, ...]:
    versions = []
    for class_id in PREAMBLE_CLASS_IDS:
        docs = yaml.of_class(class_id)
        version = docs[0].get("serializedVersion", 0) if docs else -1
        versions.append(version if isinstance(version, int) else 0)
    return (int(bool(yaml.of_class(SCENE_ROOTS_CLASS_ID))), *versions)


def _load(ctx: ToolContext, path: str) -> UnityYamlFile:
    data = ctx.transaction.read_bytes(path)
    ensure_not_lfs(path, data)
    return ensure_roundtrips(data, path)


def _source(ctx: ToolContext, preamble_from: str | None) -> tuple[str, UnityYamlFile]:
    if preamble_from is not None:
        path = resolve_file(ctx, preamble_from, SCENE_SUFFIXES)
        return path, _load(ctx, path)
    best: tuple[tuple[int, ...], str] | None = None
    for path in list_files(Path(ctx.project.root), SCENE_SUFFIXES):
        if not path.startswith("Assets/"):
            continue
        try:
            data = ctx.transaction.read_bytes(path)
            ensure_not_lfs(path, data)
            yaml = UnityYamlFile.parse(data, path)  # lazy: only the chosen scene is checked to round-trip
        except UnityCliError:
            continue  # an LFS pointer or a scene we do not understand cannot lend its layout
        if len([c for c in PREAMBLE_CLASS_IDS if yaml.of_class(c)]) != len(PREAMBLE_CLASS_IDS):
            continue
        rank = _layout_rank(yaml)
        if best is None or rank > best[0]:
            best = (rank, path)
    if best is not None:
        return best[1], _load(ctx, best[1])
    raise UnityCliError("E_LAYOUT_UNAVAILABLE", "the project has no readable scene under Assets/ to copy the "
                        "settings objects' layout from, and unitycli keeps no per-version scene template",
                        details={"kind": "scene", "unityVersion": ctx.unity_version.editor_version},
                        next_actions=[],
                        manual_steps=["Save one scene with the Unity Editor (File > New Scene), then retry"])


def _empty_scene_text(source: str, yaml: UnityYamlFile) -> str:
    parts = [yaml.header]
    for class_id in PREAMBLE_CLASS_IDS:
        docs = yaml.of_class(class_id)
        if len(docs) != 1:
            raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{source} has {len(docs)} objects of class {class_id} "
                                "where a scene has one", details={"file": source, "classId": class_id})
        text = _BAKED.sub(r"\1{fileID: 0}", docs[0].text)
        text = _SCENE_GUID.sub(r"\g<1>" + "0" * 32, text)
        parts.append(_LOCAL_REF.sub("{fileID: 0}", text))
    roots = [d for d in yaml.of_class(SCENE_ROOTS_CLASS_ID) if d.file_id == SCENE_ROOTS_FILE_ID]
    if roots:
        parts.append(_ROOTS.sub("  m_Roots: []\n", roots[0].text))
    return "".join(parts)


def scene_create(ctx: ToolContext, request: SceneCreateInput) -> SceneCreateOutput:
    file = access.project_path(ctx, request.file)
    if PurePosixPath(file).suffix != ".unity":
        suggested = PurePosixPath(file).with_suffix(".unity").as_posix() if PurePosixPath(file).suffix \
            else f"{file}.unity"
        raise access.invalid_path(file, "a scene's file name ends in .unity", [tool_command(
            "scene.create", {**request.model_dump(by_alias=True, exclude_none=True), "file": suggested},
            project=ctx.project.root)])
    require_new_asset_location(file)
    refuse_taken(ctx, file, "scene.create")
    source, yaml = _source(ctx, request.preamble_from)
    text = _empty_scene_text(source, yaml)
    scene = ensure_roundtrips(text.encode("utf-8"), file)
    created = [f for f, _ in make_parents(ctx, file)]
    guid = ctx.transaction.new_guid(file)
    ctx.transaction.write_bytes(file, scene.to_bytes())
    ctx.transaction.write_bytes(file + ".meta", new_meta(file, guid))
    return SceneCreateOutput(file=file, guid=guid, preamble_from=source,
                             documents=[doc.class_name for doc in scene], created_folders=created)

