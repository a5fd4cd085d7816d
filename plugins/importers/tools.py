"""`asset.get-import-settings` and `asset.set-import-settings`: texture, model and audio import settings.

The settings live in the importer of the asset's `.meta`, read and written through the typed importer API
(`unitycli.typetree.importers`: the block is held against the layout of the serializedVersion it shows, the
project Editor's when it writes that version; `importerLayout` says which). `model.SETTINGS` maps agent names to
that layout's fields. A write edits only the values of the settings given, through the transaction (dry-run shows
the diff); Unity re-imports the asset when it sees the changed meta. A setting the layout or the file lacks is
refused with E_PROPERTY_NOT_FOUND: a meta's text order is not the tree's, so nothing is inserted.
Per-platform values exist only for textures, and only for the platforms the file already lists
(`platformSettings`); setting a non-default platform's value also ticks its override (`overridden: 1`), as the
Inspector's "Override for <platform>" does, since the values are ignored without it.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.enumnames import enum_name
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.next_actions import tool_command
from unitycli.plugins.assets.access import AssetTarget, resolve_target
from unitycli.plugins.importers.model import (
    DEFAULT_TEXTURE_PLATFORM,
    ENUMS,
    IMPORTERS,
    MAX_SIZES,
    SETTINGS,
    TEXTURE_PLATFORMS,
    ImportSetting,
    settings_of,
)
from unitycli.plugins.scenes.common import REVISION_DESCRIPTION
from unitycli.toolspec import ToolOutput
from unitycli.transaction import revision_of
from unitycli.typetree import PICK_RULE, pick_version
from unitycli.typetree.importers import (
    IMPORTER_RULE,
    MetaImporter,
    find_importer,
    parse_importer,
    set_importer_value,
)
from unitycli.typetree.nodes import TypeNode
from unitycli.typetree.versions import Picked

# The names `settings` may hold, declared in the schema (the setter takes the same ones), each with its importers.
_SETTING_NAMES: dict[str, Any] = {
    name: {"description": ", ".join(dict.fromkeys(s.importer for s in SETTINGS if s.name == name))}
    for name in dict.fromkeys(s.name for s in SETTINGS)}


class ImportSettingsGetInput(AssetTarget):
    pass


class PlatformEntry(ToolOutput):
    platform: str = Field(description="buildTarget (DefaultTexturePlatform is the Default tab)")
    max_size: int | None = None
    compression: str | int | None = None
    overridden: bool | None = Field(None, description="Whether this platform's values apply (not for Default)")


class ImportSettingsGetOutput(ToolOutput):
    file: str = Field(description="The asset")
    meta: str = Field(description="The .meta file holding its importer")
    revision: str = Field(description="The .meta's revision (expectedRevision for a write)")
    importer: str
    serialized_version: int | None
    layout_from: str = Field(description="The Editor dump standing for the project's Unity version")
    importer_layout: list[dict[str, str]] = Field(description="The Editor versions whose importer layout the block "
                                                              "is held against (its serializedVersion's)")
    settings: dict[str, Any] = Field(description="Each setting of this importer by agent name (enums by name); "
                                                 "per-platform ones are the Default platform's",
                                     json_schema_extra={"properties": _SETTING_NAMES})
    platforms: list[PlatformEntry] = Field(description="Textures: every platform entry the file lists")
    unavailable: list[str] = Field(description="Settings of this importer the file or the project's Unity "
                                               "version does not hold")


class ImportSettingsSetInput(AssetTarget):
    platform: str | None = Field(None, description="Textures: a buildTarget the file lists (Standalone, Android, "
                                                   "iPhone, WebGL, …) for maxSize and compression; the Default tab "
                                                   "when omitted")
    texture_type: Literal["default", "normalMap", "gui", "cookie", "lightmap", "cursor", "sprite",
                          "singleChannel"] | None = Field(None, description="Texture Type (normalMap: a normal map)")
    s_rgb: bool | None = Field(None, alias="sRGB", description="Texture: sRGB (Color Texture)")
    read_write: bool | None = Field(None, description="Texture or model: Read/Write enabled")
    sprite_mode: Literal["none", "single", "multiple", "polygon"] | None = None
    max_size: int | None = Field(None, description="Texture: Max Size, one of " + ", ".join(map(str, MAX_SIZES)))
    compression: str | None = Field(None, description="Texture: none, lowQuality, normalQuality, highQuality; "
                                                      "audio: pcm, vorbis, adpcm")
    import_scale: float | None = Field(None, gt=0, description="Model: Scale Factor (meshes.globalScale)")
    animation_type: Literal["none", "legacy", "generic", "humanoid"] | None = Field(None, description="Model: Rig "
                                                                                                      "animation type")
    load_type: Literal["decompressOnLoad", "compressedInMemory", "streaming"] | None = Field(None, description="Audio")
    preload_audio_data: bool | None = Field(None, description="Audio: Preload Audio Data")
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)


class ImportSettingsSetOutput(ToolOutput):
    file: str
    meta: str
    revision: str = Field(description="The .meta's revision after the edit")
    importer: str
    changed: list[str] = Field(description="Meta fields whose value changed")
    layout_from: str
    importer_layout: list[dict[str, str]]
    rule: str


def _tree_node(root: TypeNode, path: str) -> TypeNode | None:
    node: TypeNode | None = root
    for part in path.split("."):
        node = node.fields.get(part) if node is not None else None
    return node


def _place(setting: ImportSetting, meta: MetaImporter) -> str | None:
    """The meta path of the setting in the importer's layout, when the file holds it (None: unavailable)."""
    tree = meta.layout.root
    if setting.per_platform:
        entry = _tree_node(tree, TEXTURE_PLATFORMS[0])
        if entry is None or entry.array is None:
            return None
        tree = entry.element
    for tree_path, meta_path in setting.places:
        if _tree_node(tree, tree_path) is not None and (setting.per_platform or meta.doc.has(meta_path)):
            return meta_path
    return None


def _platform_index(meta: MetaImporter, platform: str) -> int:
    entries = meta.doc.get(TEXTURE_PLATFORMS[1], None)
    names = [e.get("buildTarget") for e in entries] if isinstance(entries, list) else []
    if platform not in names:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{meta.name} lists no platform {platform!r}; its platforms: "
                            f"{', '.join(map(str, names)) or 'none'} (a new platform override is added in the Unity "
                            "Editor's Import Settings)",
                            details={"meta": meta.name, "platform": platform, "platforms": names},
                            next_actions=[tool_command("asset.get-import-settings", {"file": meta.name.removesuffix(".meta")})])
    return names.index(platform)


def _open(ctx: ToolContext, request: AssetTarget,
          expected_revision: str | None = None) -> tuple[str, MetaImporter, Picked]:
    """The asset, its importer parsed once against the layout of the project's Editor, and that Editor's pick."""
    with ProjectIndex.open(ctx.project.root) as index:
        asset = resolve_target(ctx, index, request)
    meta_path = asset + ".meta"
    if expected_revision is not None:
        ctx.transaction.expect_revision(meta_path, expected_revision)
    found = find_importer(ctx.transaction.read_bytes(meta_path), meta_path)
    key = found.key if found is not None else None
    if found is None or key not in IMPORTERS:
        raise UnityCliError("E_VALUE_TYPE_MISMATCH", f"{asset} is imported by {key or 'no importer'}; import "
                            f"settings are read and written for {', '.join(IMPORTERS)}",
                            details={"file": asset, "importer": key})
    picked = pick_version(ctx.unity_version.editor_version)
    return asset, parse_importer(found, picked), picked


def get_import_settings(ctx: ToolContext, request: ImportSettingsGetInput) -> ImportSettingsGetOutput:
    asset, meta, picked = _open(ctx, request)
    doc = meta.doc
    values: dict[str, Any] = {}
    unavailable = []
    platforms: list[PlatformEntry] = []
    entries = doc.get(TEXTURE_PLATFORMS[1], None) if meta.key == "TextureImporter" else None
    for name, setting in settings_of(meta.key).items():
        place = _place(setting, meta)
        if place is None:
            unavailable.append(name)
            continue
        if setting.per_platform:
            default = next((e for e in entries or [] if e.get("buildTarget") == DEFAULT_TEXTURE_PLATFORM), None)
            raw = default.get(place) if default is not None else None
        else:
            raw = doc.get(place)
        values[name] = enum_name(ENUMS[setting.kind[5:]], raw) if setting.kind.startswith("enum:") else (
            bool(raw) if setting.kind == "bool" else raw)
    for entry in entries or []:
        platform = str(entry.get("buildTarget"))
        compression = entry.get("textureCompression")
        platforms.append(PlatformEntry(
            platform=platform, max_size=entry.get("maxTextureSize"),
            compression=enum_name(ENUMS["textureCompression"], compression) if compression is not None else None,
            overridden=None if platform == DEFAULT_TEXTURE_PLATFORM else bool(entry.get("overridden", 0))))
    version = doc.get("serializedVersion", None)
    return ImportSettingsGetOutput(
        file=asset, meta=meta.name, revision=revision_of(meta.to_bytes()), importer=meta.key,
        serialized_version=version if isinstance(version, int) else None, layout_from=picked.layout_from,
        importer_layout=meta.layout.version_ranges(), settings=values, platforms=platforms, unavailable=unavailable)


_REQUEST_FIELDS = {"textureType": "texture_type", "sRGB": "s_rgb", "readWrite": "read_write",
                   "spriteMode": "sprite_mode", "maxSize": "max_size", "compression": "compression",
                   "importScale": "import_scale", "animationType": "animation_type", "loadType": "load_type",
                   "preloadAudioData": "preload_audio_data"}


def _encoded(setting: ImportSetting, value: Any) -> Any:
    kind = setting.kind
    if kind == "bool":
        return 1 if value else 0
    if kind == "maxSize":
        if value not in MAX_SIZES:
            raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"maxSize {value} is not one of {list(MAX_SIZES)}",
                                details={"setting": "maxSize", "value": value, "allowed": list(MAX_SIZES)})
        return value
    if kind.startswith("enum:"):
        table = ENUMS[kind[5:]]
        if value not in table:
            raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"{setting.name} {value!r} is not one of {sorted(table)} "
                                f"for a {setting.importer}",
                                details={"setting": setting.name, "value": value, "allowed": sorted(table)})
        return table[value]
    return value


def set_import_settings(ctx: ToolContext, request: ImportSettingsSetInput) -> ImportSettingsSetOutput:
    asset, meta, picked = _open(ctx, request, request.expected_revision)
    known = settings_of(meta.key)
    wanted = {name: getattr(request, attr) for name, attr in _REQUEST_FIELDS.items()
              if getattr(request, attr) is not None}
    if not wanted:
        raise UnityCliError("E_SCHEMA_INVALID", "give at least one setting to change",
                            details={"errors": [{"path": "", "message": f"settings of {meta.key}: "
                                                 f"{sorted(known)}"}]})
    if request.platform is not None and meta.key != "TextureImporter":
        raise UnityCliError("E_SCHEMA_INVALID", f"per-platform values are written for textures only; {asset} is "
                            f"imported by {meta.key}",
                            details={"errors": [{"path": "platform", "message": "textures only"}]})
    changed: list[str] = []

    def write(path: str, value: Any) -> None:
        if set_importer_value(meta, path, value).changed:
            changed.append(path)

    for name, value in wanted.items():
        setting = known.get(name)
        place = _place(setting, meta) if setting is not None else None
        if setting is None or place is None:
            why = (f"{meta.key} has no setting {name!r} (its settings: {sorted(known)})" if setting is None
                   else f"the {meta.key} {meta.layout.serialized_version} layout or this .meta does not hold it")
            raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{name} cannot be set on {asset}: {why}",
                                details={"setting": name, "importer": meta.key,
                                         "importerLayout": meta.layout.version_ranges()})
        encoded = _encoded(setting, value)
        if setting.per_platform:
            platform = request.platform or DEFAULT_TEXTURE_PLATFORM
            at = _platform_index(meta, platform)
            write(f"{TEXTURE_PLATFORMS[1]}[{at}].{place}", encoded)
            if platform != DEFAULT_TEXTURE_PLATFORM:
                write(f"{TEXTURE_PLATFORMS[1]}[{at}].overridden", 1)
        else:
            write(place, encoded)
    after = meta.to_bytes()
    if changed:
        ctx.transaction.write_bytes(meta.name, after)
    return ImportSettingsSetOutput(file=asset, meta=meta.name, revision=revision_of(after), importer=meta.key,
                                   changed=changed, layout_from=picked.layout_from,
                                   importer_layout=meta.layout.version_ranges(), rule=f"{PICK_RULE}; {IMPORTER_RULE}")
