"""Descriptors of the import-settings tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import WRITES, ToolSpec

_TREE = "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/"  # chicken-defense
_NORMAL, _MODEL = _TREE + "normal.tga", _TREE + "huge_tree.FBX"
_AUDIO = "Assets/LlamAcademy/ChickenDefense/Audio/park_ambience_wind.wav"

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
        input_model="unitycli.plugins.importers.tools:ImportSettingsGetInput",
        output_model="unitycli.plugins.importers.tools:ImportSettingsGetOutput",
        handler="unitycli.plugins.importers.tools:get_import_settings",
        read_only=True, permissions=("reads_project",),
        examples=({"file": _NORMAL}, {"file": _AUDIO}),
        example_projects=("chicken-defense", "chicken-defense"),  # the fixtures keep the metas, not the binaries
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
        input_model="unitycli.plugins.importers.tools:ImportSettingsSetInput",
        output_model="unitycli.plugins.importers.tools:ImportSettingsSetOutput",
        handler="unitycli.plugins.importers.tools:set_import_settings",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _NORMAL, "textureType": "normalMap", "sRGB": False, "maxSize": 1024},
                  {"file": _NORMAL, "platform": "Standalone", "maxSize": 512, "compression": "lowQuality"},
                  {"file": _MODEL, "importScale": 0.01, "animationType": "none"},
                  {"file": _AUDIO, "loadType": "streaming"}),
        example_projects=("chicken-defense",) * 4,
    ),
)
