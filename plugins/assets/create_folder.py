"""`asset.create-folder`: a folder below Assets/ with its `.meta`, and the missing folders above it, as the Editor's
Create > Folder writes them (`folderAsset: yes` + `DefaultImporter`, see `create_common`).

Unlike the Editor, which would name a clash `New Folder 1`, an existing folder (or file) of that name ignoring case
is refused: the caller asked for one path and must get exactly it.
"""

from __future__ import annotations

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.plugins.assets import access
from unitycli.plugins.assets.create_common import (
    make_folder,
    make_parents,
    refuse_taken,
    require_new_asset_location,
)
from unitycli.toolspec import ToolInput, ToolOutput


class CreateFolderInput(ToolInput):
    folder: str = Field(description="The new folder's project-relative path, below Assets/, e.g. Assets/Art/Props")


class CreatedFolder(ToolOutput):
    folder: str
    guid: str


class CreateFolderOutput(ToolOutput):
    folder: str
    guid: str = Field(description="The new folder's GUID (in its .meta)")
    created: list[CreatedFolder] = Field(description="Every folder created with its .meta, outermost first")


def create_folder(ctx: ToolContext, request: CreateFolderInput) -> CreateFolderOutput:
    folder = access.project_path(ctx, request.folder)
    require_new_asset_location(folder, packages=False)
    refuse_taken(ctx, folder, "asset.create-folder")
    created = [CreatedFolder(folder=f, guid=g) for f, g in make_parents(ctx, folder)]
    guid = make_folder(ctx, folder)
    created.append(CreatedFolder(folder=folder, guid=guid))
    return CreateFolderOutput(folder=folder, guid=guid, created=created)
