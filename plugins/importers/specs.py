"""Descriptors of the import-settings tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.plugins.importers.tools import (
    ImportSettingsGetInput,
    ImportSettingsGetOutput,
    ImportSettingsSetInput,
    ImportSettingsSetOutput,
    get_import_settings,
    set_import_settings,
)
from unitycli.plugins.scenes.common import WRITES
from unitycli.toolspec import ToolSpec

IMPORTER_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="asset.get-import-settings", title="Read a texture's, model's or audio clip's import settings",
        summary="Import settings of a texture, model or audio asset (the importer in its .meta).",
        description=("Reads the importer of the asset's .meta. Textures: textureType (normalMap for a normal "
                     "map), sRGB, readWrite, spriteMode, maxSize and compression (Default tab) and every platform "
                     "entry the file lists with its override flag. Models: importScale, animationType, readWrite. "
                     "Audio: loadType, compression, preloadAudioData. Enum values by name; `unavailable` lists "
                     "settings the file or the project's Unity version (layoutFrom) does not hold. Name the asset "
                     "by `file` or `guid`; `revision` is the .meta's, for expectedRevision."),
        input_model=ImportSettingsGetInput, output_model=ImportSettingsGetOutput, handler=get_import_settings,
        read_only=True, permissions=("reads_project",),
        examples=({"file": "Assets/Textures/Bricks_Normal.png"}, {"file": "Assets/Audio/Theme.ogg"}),
    ),
    ToolSpec(
        name="asset.set-import-settings", title="Change a texture's, model's or audio clip's import settings",
        summary="Change import settings: max size, compression, sRGB, sprite mode, scale, …",
        description=("Writes only the settings given into the importer of the asset's .meta; Unity re-imports the "
                     "asset when it next sees the file. Textures: textureType, sRGB, readWrite, spriteMode, and "
                     "maxSize / compression for the Default tab or for `platform` (a buildTarget the file already "
                     "lists; that platform's override is ticked). Models: importScale, animationType, readWrite. "
                     "Audio: loadType, compression (pcm, vorbis, adpcm), preloadAudioData. Each maps to the field "
                     "of the project's Unity version (layoutFrom); one the version or the file lacks is refused "
                     "(E_PROPERTY_NOT_FOUND), a value outside the choices is E_VALUE_OUT_OF_RANGE. Checks "
                     "expectedRevision (the .meta's, E_STALE_WRITE); --dry-run shows the diff and writes nothing."),
        input_model=ImportSettingsSetInput, output_model=ImportSettingsSetOutput, handler=set_import_settings,
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": "Assets/Textures/Bricks_Normal.png", "textureType": "normalMap", "sRGB": False},
                  {"file": "Assets/Textures/Icon.png", "platform": "Android", "maxSize": 512,
                   "compression": "lowQuality"},
                  {"file": "Assets/Models/Tree.fbx", "importScale": 0.01, "animationType": "none"},
                  {"file": "Assets/Audio/Theme.ogg", "loadType": "streaming"}),
    ),
)
