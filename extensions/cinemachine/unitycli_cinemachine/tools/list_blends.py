"""`cinemachine.list-blends`: the blends Cinemachine uses: a brain's default blend and the custom blends of its
CinemachineBlenderSettings asset, or the blends of such an asset."""

from __future__ import annotations

from unitycli.api import (
    OBJECT_FILE_SUFFIXES,
    Field,
    ProjectIndex,
    Ref,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    open_for_read,
    open_scene_file,
    resolve_file,
)
from unitycli_cinemachine import blends, locate

ASSET_SUFFIXES = (".asset",)


class ListBlendsInput(ToolInput):
    file: str = Field(description=("A scene or prefab (its brains), or a CinemachineBlenderSettings .asset; path or "
                                   "unique name"))


class BlenderAsset(ToolOutput):
    path: str | None = Field(description="Asset path (None: the GUID is not in the project)")
    guid: str | None
    layout: str | None = Field(description="cm2 (m_CustomBlends) | cm3 (CustomBlends); None when not read")
    blends: list[blends.CustomBlend]
    revision: str | None = None
    problem: str | None = Field(None, description="Why the asset could not be read, if it could not")


class BrainBlends(ToolOutput):
    game_object: str
    file_id: int = Field(description="fileID of the CinemachineBrain")
    layout: str
    default_blend: blends.BlendInfo
    custom_blends: BlenderAsset | None = Field(description="The brain's custom blends asset (None: none set)")


class ListBlendsOutput(ToolOutput):
    file: str
    brains: list[BrainBlends] = Field(description="The file's CinemachineBrains (a scene or prefab)")
    asset: BlenderAsset | None = Field(description="The file itself, when it is a BlenderSettings asset")
    revision: str


def read_asset(ctx: ToolContext, path: str | None, guid: str | None) -> BlenderAsset:
    if path is None:
        return BlenderAsset(path=None, guid=guid, layout=None, blends=[],
                            problem="the GUID is not in the project (the asset is missing)")
    try:
        loaded = open_for_read(ctx, path)
        blender = blends.find_blender(loaded.yaml, path)
    except UnityCliError as exc:
        return BlenderAsset(path=path, guid=guid, layout=None, blends=[], problem=f"{exc.code}: {exc.message}")
    return BlenderAsset(path=path, guid=guid, layout=blender.layout, blends=blends.custom_blends(blender),
                        revision=loaded.revision)


def list_blends(ctx: ToolContext, request: ListBlendsInput) -> ListBlendsOutput:
    path = resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES + ASSET_SUFFIXES)
    if path.endswith(ASSET_SUFFIXES):
        loaded = open_for_read(ctx, path)
        blender = blends.find_blender(loaded.yaml, path)
        with ProjectIndex.open(ctx.project.root) as index:
            guid = index.guid_for_path(path)
        asset = BlenderAsset(path=path, guid=guid, layout=blender.layout, blends=blends.custom_blends(blender),
                             revision=loaded.revision)
        return ListBlendsOutput(file=path, brains=[], asset=asset, revision=loaded.revision)
    loaded, model = open_scene_file(ctx, path)
    found = []
    for site in locate.brains_in(loaded.path, loaded.yaml, model):
        key = site.layout.key
        custom = site.doc.get(key("CustomBlends"), None)
        custom_blends: BlenderAsset | None = None
        if isinstance(custom, Ref) and custom.guid:
            with ProjectIndex.open(ctx.project.root) as index:
                custom_blends = read_asset(ctx, index.path_for_guid(custom.guid), custom.guid)
        found.append(BrainBlends(game_object=site.node.path, file_id=site.doc.file_id, layout=site.layout.layout,
                                 default_blend=blends.brain_default(site.doc, key), custom_blends=custom_blends))
    return ListBlendsOutput(file=loaded.path, brains=found, asset=None, revision=loaded.revision)
