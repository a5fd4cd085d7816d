"""The descriptors of the asset tools: names, summaries, hints and examples, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import ToolSpec

_WRITES = ("reads_project", "writes_project")

ASSET_TOOLS = (
    ToolSpec(
        name="asset.find", title="Find assets",
        summary="Find assets by file-name glob, Unity type, folder or GUID.",
        description=("Lists assets under Assets/ and the project's embedded and local packages with their GUID, "
                     "Unity type and whether the file and its .meta are present. Filters combine. `type` takes Unity "
                     "type names and the usual aliases (Prefab, Scene, Texture, Script, Model, ScriptableObject, "
                     "Folder). Paged with limit/cursor. Read-only."),
        input_model="unitycli.plugins.assets.find:AssetFindInput",
        output_model="unitycli.plugins.assets.find:AssetFindOutput",
        handler="unitycli.plugins.assets.find:asset_find",
        examples=({"name": "*.prefab"}, {"type": "Material", "folder": "Assets/Materials"},
                  {"guid": "f91bd20328494e959c526d05ca57b3fc"}),
    ),
    ToolSpec(
        name="asset.info", title="Asset information",
        summary="GUID, importer, main object type, size and labels of one asset.",
        description=("Reads the asset's .meta (GUID, importer, labels, mainObjectFileID) and file (size, revision, "
                     "main object class; for a ScriptableObject the script class). Name it by `file` or `guid` (`path`, the old key, is accepted for one release). "
                     "Read-only."),
        input_model="unitycli.plugins.assets.info:AssetInfoInput",
        output_model="unitycli.plugins.assets.info:AssetInfoOutput",
        handler="unitycli.plugins.assets.info:asset_info",
        examples=({"file": "Assets/Materials/Grass.mat"}, {"guid": "f91bd20328494e959c526d05ca57b3fc"}),
    ),
    ToolSpec(
        name="asset.references", title="Who references an asset",
        summary="Files, objects and properties that reference an asset.",
        description=("Uses the project's reference index to find every YAML file (scenes, prefabs, assets, "
                     "ProjectSettings) that references the asset's GUID, then names each referencing object "
                     "(fileID, class, m_Name) and the property path holding the reference. Files the index could "
                     "not scan that may hold references (LFS pointers, unreadable, JSON) are listed in `skipped`. "
                     "Paged by referring file. Read-only."),
        input_model="unitycli.plugins.assets.references:AssetReferencesInput",
        output_model="unitycli.plugins.assets.references:AssetReferencesOutput",
        handler="unitycli.plugins.assets.references:asset_references",
        examples=({"file": "Assets/Materials/Grass.mat"}, {"file": "Assets/Prefabs/Lantern.prefab", "limit": 20}),
    ),
    ToolSpec(
        name="asset.dependencies", title="What an asset references",
        summary="GUIDs an asset references, resolved to paths, optionally transitive.",
        description=("Scans the asset's current content for external references and resolves each GUID through the "
                     "project's metas: path, whether the file is present, built-in resources flagged, referenced "
                     "fileIDs and types with counts. `recursive` follows YAML dependencies. Files whose references "
                     "could not be read (LFS pointers, unreadable, JSON) are listed in `skipped`. Paged. Read-only."),
        input_model="unitycli.plugins.assets.dependencies:AssetDependenciesInput",
        output_model="unitycli.plugins.assets.dependencies:AssetDependenciesOutput",
        handler="unitycli.plugins.assets.dependencies:asset_dependencies",
        examples=({"file": "Assets/Scenes/Garden.unity"}, {"file": "Assets/Scenes/Garden.unity", "recursive": True}),
    ),
    ToolSpec(
        name="asset.move", title="Move an asset",
        summary="Move an asset or folder with its .meta, keeping its GUID and references.",
        description=("Moves the file (or every file of a folder) together with the .meta, as the Unity Editor does, "
                     "so references by GUID stay valid. Missing destination folders are created with folder metas. "
                     "E_ASSET_OUTPUT_EXISTS when the destination is taken (case-insensitively), unless `overwrite`. "
                     "Emptied source folders are reported in leftoverFolders."),
        input_model="unitycli.plugins.assets.move:AssetMoveInput",
        output_model="unitycli.plugins.assets.move:AssetMoveOutput",
        handler="unitycli.plugins.assets.move:asset_move",
        read_only=False, destructive=True, idempotent=False, permissions=_WRITES,
        examples=({"file": "Assets/Prefabs/Lantern.prefab", "destination": "Assets/Props/Lantern.prefab"},),
    ),
    ToolSpec(
        name="asset.rename", title="Rename an asset",
        summary="Rename an asset or folder in place with its .meta, keeping its GUID.",
        description=("Like asset.move within the same folder: `name` is the new name, and a file keeps its extension "
                     "as with AssetDatabase.RenameAsset. E_ASSET_OUTPUT_EXISTS when the name is taken, unless "
                     "`overwrite`."),
        input_model="unitycli.plugins.assets.move:AssetRenameInput",
        output_model="unitycli.plugins.assets.move:AssetMoveOutput",
        handler="unitycli.plugins.assets.move:asset_rename",
        read_only=False, destructive=True, idempotent=False, permissions=_WRITES,
        examples=({"file": "Assets/Prefabs/Lantern.prefab", "name": "Street Lantern"},),
    ),
    ToolSpec(
        name="asset.delete", title="Delete an asset",
        summary="Delete an asset or folder with its .meta; refuses while it is referenced.",
        description=("Deletes the file (or a folder's files) and the .meta. E_ASSET_REFERENCED lists every file "
                     "that still references the asset (references from inside the deleted folder do not count); "
                     "`force` deletes anyway and reports the dangling referrers. E_ASSET_REFERENCES_UNVERIFIABLE "
                     "(exit 3) when a file that may reference it could not be scanned (LFS pointer, unreadable, "
                     "JSON), unless `force`."),
        input_model="unitycli.plugins.assets.delete:AssetDeleteInput",
        output_model="unitycli.plugins.assets.delete:AssetDeleteOutput",
        handler="unitycli.plugins.assets.delete:asset_delete",
        read_only=False, destructive=True, idempotent=False, permissions=_WRITES,
        examples=({"file": "Assets/Scenes/Credits.unity", "force": True}, {"file": "Assets/Prefabs", "force": True}),
    ),
    ToolSpec(
        name="asset.validate", title="Validate GUIDs and references",
        summary="Duplicate GUIDs, dangling references, missing GUIDs and orphan metas.",
        description=("Checks the project's metas and references and reports each issue with a kind "
                     "(duplicate-guid, dangling-reference, missing-guid, meta-without-asset, asset-without-meta, "
                     "duplicate-file-id, unscanned) and a severity; missing code and binary files are warnings or info, since a checkout may lack them "
                     "on purpose. `clean` is true when there is no error. Paged. Read-only."),
        input_model="unitycli.plugins.assets.validate:AssetValidateInput",
        output_model="unitycli.plugins.assets.validate:AssetValidateOutput",
        handler="unitycli.plugins.assets.validate:asset_validate",
        examples=({}, {"kinds": ["dangling-reference", "duplicate-guid"]}, {"path": "Assets/Prefabs"}),
    ),
    ToolSpec(
        name="project.format-check", title="Check Unity files round-trip",
        summary="Which Unity YAML, meta and JSON files round-trip byte-identically.",
        description=("Loads and writes back every Unity file under `path` (default Assets/, Packages/ and "
                     "ProjectSettings/) with unitycli's lossless models and reports the files that would not come "
                     "back byte for byte, with the first differing line; LFS pointers, binary and empty files are "
                     "skipped with the reason. Writers refuse the files listed as different. Paged by file. Read-only."),
        input_model="unitycli.plugins.assets.format_check:FormatCheckInput",
        output_model="unitycli.plugins.assets.format_check:FormatCheckOutput",
        handler="unitycli.plugins.assets.format_check:format_check",
        examples=({}, {"path": "Assets/Scenes"}),
    ),
)
