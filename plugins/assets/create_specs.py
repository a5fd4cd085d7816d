"""The descriptors of the tools that create files: new scenes, folders and copies of assets."""

from __future__ import annotations

from unitycli.toolspec import ToolSpec

_WRITES = ("reads_project", "writes_project")

CREATE_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="scene.create", title="Create a scene",
        summary="Create an empty scene and its .meta, in the layout the project's scenes use.",
        description=("Writes a new .unity scene without GameObjects: the four settings objects (occlusion, render, "
                     "lightmap and navmesh settings) copied from a scene of the project (`preambleFrom`, else the "
                     "one with the newest layout) with baked data and references to the source scene's objects "
                     "reset, plus SceneRoots where that scene has one; and a .meta with a new GUID; missing "
                     "folders above it are created with metas. Camera/light templates are not written. Errors: "
                     "E_ASSET_OUTPUT_EXISTS when the path is taken (ignoring case); E_ASSET_PATH_INVALID for a "
                     "name not ending in .unity, outside Assets/ or Packages/<package>/, one Unity does not import, "
                     "or a folder spelled in another case than the existing one; E_SCENE_NOT_FOUND / "
                     "E_ASSET_LFS_POINTER / E_FILE_FORMAT_UNSUPPORTED for a `preambleFrom` that is absent, not "
                     "fetched or not one readable scene; E_LAYOUT_UNAVAILABLE when the project has no scene to "
                     "copy the layout from."),
        input_model="unitycli.plugins.assets.scene_create:SceneCreateInput",
        output_model="unitycli.plugins.assets.scene_create:SceneCreateOutput",
        handler="unitycli.plugins.assets.scene_create:scene_create",
        read_only=False, destructive=False, idempotent=False, permissions=_WRITES,
        examples=({"file": "Assets/Scenes/Orchard.unity"},
                  {"file": "Assets/Levels/Level 2.unity", "preambleFrom": "Assets/Scenes/Garden.unity"}),
        example_projects=("sample", "sample"),
    ),
    ToolSpec(
        name="asset.duplicate", title="Duplicate an asset",
        summary="Copy an asset or folder with new GUIDs; self-references follow the copy.",
        description=("Copies the file and its .meta (only the GUID changes), as Edit > Duplicate. Inside a copied "
                     "scene, prefab or asset, references that name the file's own GUID are rewritten to the copy's; "
                     "a folder is copied recursively with a new GUID per file and folder, and references between "
                     "its files are remapped to the copies (references inside .meta files are not). Without "
                     "`destination` the copy is `Name 1.ext` beside the source. Errors: E_ASSET_OUTPUT_EXISTS when "
                     "the destination is taken (never overwrites, ignoring case); E_ASSET_PATH_INVALID for a "
                     "destination with another extension, inside the source, outside Assets/ or "
                     "Packages/<package>/, in a folder spelled in another case, or an asset without a .meta; "
                     "E_ASSET_LFS_POINTER for a file not fetched; E_ASSET_GUID_DUPLICATE when an asset to copy "
                     "shares its GUID with another; E_PATH_NOT_A_FILE for a symlink inside a folder."),
        input_model="unitycli.plugins.assets.duplicate:DuplicateInput",
        output_model="unitycli.plugins.assets.duplicate:DuplicateOutput",
        handler="unitycli.plugins.assets.duplicate:asset_duplicate",
        read_only=False, destructive=False, idempotent=False, permissions=_WRITES,
        examples=({"file": "Assets/Materials/Grass.mat"},
                  {"file": "Assets/Prefabs/Lantern.prefab", "destination": "Assets/Props/Lantern.prefab"},
                  {"file": "Assets/Prefabs", "destination": "Assets/Prefabs Copy"}),
        example_projects=("sample", "sample", "sample"),
    ),
    ToolSpec(
        name="asset.create-folder", title="Create a folder",
        summary="Create a folder below Assets/ with its .meta, parents included.",
        description=("Creates the folder and every missing folder above it, each with a folder .meta (folderAsset: "
                     "yes, DefaultImporter) and a new GUID. Only below Assets/ (packages are read-only here). "
                     "Errors: E_ASSET_OUTPUT_EXISTS when the path is taken, ignoring case; E_ASSET_PATH_INVALID "
                     "outside Assets/, for a name Unity does not import or Windows cannot create (leading '.', "
                     "trailing '~', '.' or space, <>:\"|?*, CON, NUL...) or a parent folder spelled in another "
                     "case than the existing one; E_PATH_OUTSIDE_PROJECT for .. or a symlink leading out."),
        input_model="unitycli.plugins.assets.create_folder:CreateFolderInput",
        output_model="unitycli.plugins.assets.create_folder:CreateFolderOutput",
        handler="unitycli.plugins.assets.create_folder:create_folder",
        read_only=False, destructive=False, idempotent=False, permissions=_WRITES,
        examples=({"folder": "Assets/Art"}, {"folder": "Assets/Art/Props/Lanterns"}),
        example_projects=("sample", "sample"),
    ),
)
