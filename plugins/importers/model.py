"""Import settings as agents name them, mapped onto the importer of an asset's `.meta`, per Editor version.

A `.meta` writes its importer with its own text names and groups (`mipmaps: sRGBTexture:`), while the Editor's
type tree names the same fields `m_sRGBTexture`; each setting below lists the places it has had, as (type-tree
path, meta path) pairs, and the first whose tree path the importer's layout holds (`unitycli.typetree.importers`:
the layout of the serializedVersion the meta shows) and whose meta path the file holds is used. So AudioImporter's
preload flag is `defaultSettings.preloadAudioData` from 2022.2 (AudioImporter 7) and the
top-level `preloadAudioData` before. The meta paths are those of Editor-written metas in the fixtures
(chicken-defense `Nature/huge tree/normal.tga.meta`, `huge_tree.FBX.meta`, `Audio/park_ambience_wind.wav.meta`,
Unity 2022.3.17f1). The `.meta` writes ModelImporter for the type tree's FBXImporter (class 1041: both at
serializedVersion 22200 in 2022.3.17f1).

Enum numbers are Unity's: UnityCsReference Editor/Mono/AssetPipeline/TextureImporterEnums.cs (TextureImporterType,
TextureImporterCompression, SpriteImportMode), Editor/Mono/ImportSettings/ModelImporter.bindings.cs
(ModelImporterAnimationType) and Runtime/Export/Audio (AudioClipLoadType, AudioCompressionFormat).
"""

from __future__ import annotations

from dataclasses import dataclass

ENUMS: dict[str, dict[str, int]] = {
    "textureType": {"default": 0, "normalMap": 1, "gui": 2, "cookie": 4, "lightmap": 6, "cursor": 7, "sprite": 8,
                    "singleChannel": 10},
    "textureCompression": {"none": 0, "normalQuality": 1, "highQuality": 2, "lowQuality": 3},
    "spriteMode": {"none": 0, "single": 1, "multiple": 2, "polygon": 3},
    "animationType": {"none": 0, "legacy": 1, "generic": 2, "humanoid": 3},
    "loadType": {"decompressOnLoad": 0, "compressedInMemory": 1, "streaming": 2},
    "audioCompression": {"pcm": 0, "vorbis": 1, "adpcm": 2},
}
MAX_SIZES = (32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384)  # the Inspector's Max Size choices
DEFAULT_TEXTURE_PLATFORM = "DefaultTexturePlatform"
# Texture per-platform entries: `platformSettings[i]` with `buildTarget`; the type tree's m_PlatformSettings.
TEXTURE_PLATFORMS = ("m_PlatformSettings", "platformSettings")


@dataclass(frozen=True)
class ImportSetting:
    """One agent-facing import setting of one importer."""

    name: str
    importer: str  # the .meta's importer key
    kind: str  # "bool", "float", "maxSize" or "enum:<ENUMS key>"
    places: tuple[tuple[str, str], ...]  # (type-tree path, meta path), newest layout first
    per_platform: bool = False  # lives in a texture platform entry (`platform` picks which)


SETTINGS: tuple[ImportSetting, ...] = (
    ImportSetting("textureType", "TextureImporter", "enum:textureType", (("m_TextureType", "textureType"),)),
    ImportSetting("sRGB", "TextureImporter", "bool", (("m_sRGBTexture", "mipmaps.sRGBTexture"),)),
    ImportSetting("readWrite", "TextureImporter", "bool", (("m_IsReadable", "isReadable"),)),
    ImportSetting("spriteMode", "TextureImporter", "enum:spriteMode", (("m_SpriteMode", "spriteMode"),)),
    ImportSetting("maxSize", "TextureImporter", "maxSize", (("m_MaxTextureSize", "maxTextureSize"),),
                  per_platform=True),
    ImportSetting("compression", "TextureImporter", "enum:textureCompression",
                  (("m_TextureCompression", "textureCompression"),), per_platform=True),
    ImportSetting("importScale", "ModelImporter", "float", (("m_GlobalScale", "meshes.globalScale"),)),
    ImportSetting("animationType", "ModelImporter", "enum:animationType", (("m_AnimationType", "animationType"),)),
    ImportSetting("readWrite", "ModelImporter", "bool", (("m_IsReadable", "animations.isReadable"),
                                                         ("m_IsReadable", "meshes.isReadable"))),
    ImportSetting("loadType", "AudioImporter", "enum:loadType", (("m_DefaultSettings.loadType",
                                                                   "defaultSettings.loadType"),)),
    ImportSetting("compression", "AudioImporter", "enum:audioCompression",
                  (("m_DefaultSettings.compressionFormat", "defaultSettings.compressionFormat"),)),
    ImportSetting("preloadAudioData", "AudioImporter", "bool",
                  (("m_DefaultSettings.preloadAudioData", "defaultSettings.preloadAudioData"),
                   ("m_PreloadAudioData", "preloadAudioData"))),
)
IMPORTERS = tuple(dict.fromkeys(setting.importer for setting in SETTINGS))  # the meta keys the tools handle


def settings_of(importer: str) -> dict[str, ImportSetting]:
    return {s.name: s for s in SETTINGS if s.importer == importer}

