"""`asset.info`: one asset's identity — GUID, importer, main object type, size, labels — from its file and meta."""

from __future__ import annotations

from pathlib import PurePosixPath

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.plugins.assets import access
from unitycli.plugins.assets.access import AssetTarget
from unitycli.plugins.assets.kinds import family
from unitycli.plugins.assets.mainobject import main_object
from unitycli.toolspec import ToolOutput
from unitycli.transaction import revision_of
from unitycli.unityfiles import is_lfs_pointer
from unitycli.unityyaml import Ref, UnityYamlFile


class AssetInfoInput(AssetTarget):
    pass


class MainObjectInfo(ToolOutput):
    type: str | None = Field(description="Unity type (SceneAsset, GameObject, Material, MonoBehaviour, ...)")
    class_id: int | None
    file_id: int | None = Field(alias="fileID", description="mainObjectFileID from the meta, when it records one")
    script_class: str | None = Field(None, description="For a ScriptableObject: the script's class (file) name")
    script_guid: str | None = None


class AssetInfoOutput(ToolOutput):
    file: str = Field(description="The asset's project-relative path")
    guid: str | None
    is_folder: bool
    has_file: bool
    has_meta: bool
    family: str = Field(description="folder, unity-text, code, binary, text or other")
    importer: str | None
    labels: list[str]
    main_object: MainObjectInfo
    size: int | None = Field(description="Bytes of the main file (null for folders and absent files)")
    lfs_pointer: bool = Field(description="The file is a Git LFS pointer; its content was not pulled")
    external: bool
    revision: str | None = Field(description="Revision of the main file, for expectedRevision")
    meta_revision: str | None


def _script(data: bytes, file_id: int, path: str, index: ProjectIndex) -> tuple[str | None, str | None]:
    """A ScriptableObject's class: the MonoScript file name, which Unity requires to equal the class name."""
    try:
        document = UnityYamlFile.parse(data, path).find(file_id)
        ref = document.get("m_Script", None) if document is not None else None
    except UnityCliError:
        return None, None
    if not isinstance(ref, Ref) or ref.guid is None:
        return None, None
    script_path = index.path_for_guid(ref.guid)
    return (PurePosixPath(script_path).stem if script_path else None), ref.guid


def asset_info(ctx: ToolContext, request: AssetInfoInput) -> AssetInfoOutput:
    with ProjectIndex.open(ctx.project.root) as index:
        path = access.resolve_target(ctx, index, request)
        folder = access.is_folder(ctx, index, path)
        meta = access.read_meta(ctx, index, path)
        data = None if folder else access.read_bytes(ctx, index, path)
        lfs = data is not None and is_lfs_pointer(data)
        main = main_object(path, folder or bool(meta and meta.folder_asset), meta, None if lfs else data)
        script_class = script_guid = None
        if main.class_id == 114 and main.file_id is not None and data is not None and not lfs:
            script_class, script_guid = _script(data, main.file_id, path, index)
        return AssetInfoOutput(
            file=path, guid=meta.guid if meta else None, is_folder=folder or bool(meta and meta.folder_asset),
            has_file=folder or data is not None, has_meta=meta is not None,
            family=family(path, folder or bool(meta and meta.folder_asset)),
            importer=meta.importer if meta else None, labels=list(meta.labels) if meta else [],
            main_object=MainObjectInfo(type=main.type, class_id=main.class_id, file_id=main.file_id,
                                       script_class=script_class, script_guid=script_guid),
            size=len(data) if data is not None else None, lfs_pointer=lfs,
            external=access.external_path(ctx, index, path) is not None,
            revision=revision_of(data) if data is not None else None,
            meta_revision=revision_of(meta.raw) if meta else None,
        )
