"""`.meta` files: the GUID that every reference to an asset uses, and the importer Unity runs on it.

A meta is read for its few identity fields and otherwise kept as its exact bytes: the importer block of a
texture or model runs to hundreds of version-specific lines we never need to understand, and a meta must round-trip
byte for byte (27 fixture metas start with a BOM, 207 have no final newline; some have only
`fileFormatVersion`/`guid`, some add `timeCreated`; old ones carry `timeCreated` + `licenseType` before the importer).
An edit (a new GUID) replaces exactly one line. New metas are written from templates copied from real
Unity-written metas, so a created asset looks as if the Editor had made it.
"""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass, field, replace
from pathlib import PurePath, PurePosixPath

from unitycli.errors import UnityCliError
from unitycli.unityfiles.lfs import ensure_not_lfs

BOM = b"\xef\xbb\xbf"
_GUID = re.compile(r"[0-9a-f]{32}")
_GUID_LINE = re.compile(rb"^guid: ([0-9a-f]{32})([ \t]*\r?)$", re.M)  # CRLF: a Windows checkout (autocrlf)
_IMPORTER_KEY = re.compile(r"[A-Za-z]+Importer")


@dataclass(frozen=True)
class MetaFile:
    """What a meta says, plus its exact bytes (`raw`), which `to_bytes()` returns unchanged."""

    raw: bytes
    guid: str
    file_format_version: int | None
    importer: str | None
    folder_asset: bool = False
    labels: tuple[str, ...] = ()
    time_created: int | None = None
    license_type: str | None = None
    bom: bool = False
    final_newline: bool = True
    top_level_keys: tuple[str, ...] = field(default=(), repr=False)
    # Every top-level `guid:` value in file order; more than one is a damaged meta (asset.validate reports it):
    # `guid` is the first, as the index reads it, and which one Unity keeps is not something we have seen.
    guid_lines: tuple[str, ...] = field(default=(), repr=False)

    def to_bytes(self) -> bytes:
        return self.raw

    def with_guid(self, guid: str) -> MetaFile:
        """The same meta with another GUID: only the `guid:` line changes."""
        if not _GUID.fullmatch(guid):
            raise UnityCliError(
                "E_SCHEMA_INVALID",
                f"{guid!r} is not a GUID (32 lower-case hex digits)",
                details={"guid": guid},
            )
        new = b"guid: " + guid.encode("ascii")
        raw = _GUID_LINE.sub(lambda m: new + m.group(2), self.raw, count=1)
        return replace(self, raw=raw, guid=guid)


def _malformed(file: str, problem: str) -> UnityCliError:
    return UnityCliError(
        "E_PROJECT_FILE_UNREADABLE",
        f"{file} is not a valid .meta file: {problem}",
        details={"file": file, "problem": problem},
    )


def parse_meta(raw: bytes, file: str = "<meta>") -> MetaFile:
    """Parse a meta's bytes. A meta without a valid `guid:` line raises `E_PROJECT_FILE_UNREADABLE`."""
    ensure_not_lfs(file, raw)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _malformed(file, f"not UTF-8 at byte {exc.start}") from exc
    keys: list[str] = []
    values: dict[str, str] = {}
    labels: list[str] = []
    guid_lines: list[str] = []
    in_labels = False
    for line in text.splitlines():
        if not line or line[0] in " \t#":
            continue
        if line.startswith("- "):
            if in_labels:
                labels.append(line[2:].strip())
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise _malformed(file, f"unexpected line {line!r}")
        keys.append(key)
        values.setdefault(key, value.strip())
        if key == "guid":
            guid_lines.append(value.strip())
        in_labels = key == "labels"
    guid = values.get("guid", "")
    if not _GUID.fullmatch(guid) or _GUID_LINE.search(raw) is None:
        raise _malformed(file, "no `guid: <32 hex>` line")
    version = values.get("fileFormatVersion")
    time_created = values.get("timeCreated")
    return MetaFile(
        raw=raw,
        guid=guid,
        file_format_version=int(version) if version and version.isdigit() else None,
        importer=next((k for k in keys if _IMPORTER_KEY.fullmatch(k) and not values[k]), None),
        folder_asset=values.get("folderAsset") == "yes",
        labels=tuple(labels),
        time_created=int(time_created) if time_created and time_created.isdigit() else None,
        license_type=values.get("licenseType"),
        bom=raw.startswith(BOM),
        final_newline=raw.endswith(b"\n"),
        top_level_keys=tuple(keys),
        guid_lines=tuple(guid_lines),
    )


# --- new metas ---------------------------------------------------------------------------------------------------
# Each body is what follows `fileFormatVersion: 2` / `guid: ...` in a meta the Unity Editor wrote; the source file
# (under the fixtures' unity/ folder) is named beside it, and tests compare against those files byte for byte.
_TAIL = "  externalObjects: {}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
# minigolf/Assets/LlamAcademy/Minigolf/Scenes.meta
_FOLDER = "folderAsset: yes\nDefaultImporter:\n" + _TAIL
# minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity.meta; .../LlamAcademy Logo/LICENSE.meta (fallback)
_DEFAULT = "DefaultImporter:\n" + _TAIL
# minigolf/Assets/LlamAcademy/Minigolf/Resources/Tiles/All Grass.prefab.meta
_PREFAB = "PrefabImporter:\n" + _TAIL
# chicken-defense/Assets/LlamAcademy/Llama/LICENSE.md.meta
_TEXT = "TextScriptImporter:\n" + _TAIL
# minigolf/Assets/LlamAcademy/Minigolf/LlamAcademy.Minigolf.asmdef.meta
_ASMDEF = "AssemblyDefinitionImporter:\n" + _TAIL
# VisualEffectGraph-Samples/Packages/net.peeweek.game-options/package.json.meta
_PACKAGE_JSON = "PackageManifestImporter:\n" + _TAIL
# minigolf/Assets/LlamAcademy/Minigolf/Materials/Ball.mat.meta (2100000),
# minigolf/Assets/LlamAcademy/Minigolf/Scenes/Game/Game Post.asset.meta (11400000)
_NATIVE = (
    "NativeFormatImporter:\n  externalObjects: {}\n  mainObjectFileID: {main}\n"
    "  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
)
# minigolf/Assets/LlamAcademy/Minigolf/PlayerController.cs.meta
_MONO = (
    "MonoImporter:\n  externalObjects: {}\n  serializedVersion: 2\n  defaultReferences: []\n  executionOrder: 0\n"
    "  icon: {instanceID: 0}\n  userData: \n  assetBundleName: \n  assetBundleVariant: \n"
)

# mainObjectFileID = classID * 100000 of the asset's main object (fixture counts: .mat 2100000 ×72,
# .asset 11400000 ×76 for ScriptableObjects, .controller 9100000, .physicMaterial 13400000, .renderTexture 8400000,
# .anim 7400000). A `.asset` whose main object is not a ScriptableObject (NavMeshData: 23800000) must pass its own.
NATIVE_MAIN_OBJECT_IDS = {
    ".mat": 2100000,
    ".asset": 11400000,
    ".controller": 9100000,
    ".physicmaterial": 13400000,
    ".rendertexture": 8400000,
    ".anim": 7400000,
}
_NATIVE_NEEDS_ID = {".lighting", ".preset", ".overridecontroller", ".mask", ".flare", ".cubemap", ".guiskin"}
# Unity's TextAsset extensions (manual: "Text assets").
_TEXT_EXTS = {".txt", ".html", ".htm", ".xml", ".bytes", ".json", ".csv", ".yaml", ".yml", ".fnt", ".md"}
# These importers write long, version-specific settings; a DefaultImporter meta would be wrong, so refuse.
_COMPLEX_IMPORTERS = {
    "TextureImporter": {
        ".png",
        ".jpg",
        ".jpeg",
        ".tga",
        ".psd",
        ".exr",
        ".hdr",
        ".tif",
        ".tiff",
        ".bmp",
        ".gif",
        ".iff",
        ".pict",
    },
    "ModelImporter": {".fbx", ".obj", ".blend", ".dae", ".3ds", ".max", ".ma", ".mb", ".dxf"},
    "AudioImporter": {".wav", ".mp3", ".ogg", ".aif", ".aiff", ".flac", ".mod", ".it", ".s3m", ".xm"},
    "TrueTypeFontImporter": {".ttf", ".otf"},
    "VideoClipImporter": {".mp4", ".mov", ".webm", ".avi", ".m4v", ".mpg", ".mpeg", ".wmv", ".ogv"},
    "VisualEffectImporter": {".vfx", ".vfxblock", ".vfxoperator"},
    "ScriptedImporter": {".shadergraph", ".shadersubgraph", ".uxml", ".uss", ".tss", ".inputactions"},
    "ShaderImporter": {".shader", ".compute", ".hlsl", ".cginc", ".raytrace"},
    "PluginImporter": {".dll", ".so", ".dylib", ".aar", ".jar", ".bundle"},
}


def new_guid() -> str:
    """A fresh asset GUID: 32 lower-case hex digits, as in every fixture meta."""
    return uuid.uuid4().hex


def _importer_body(name: str, ext: str, folder: bool, main_object_file_id: int | None) -> str:
    if folder:
        return _FOLDER
    if name == "package.json":
        return _PACKAGE_JSON
    if ext in NATIVE_MAIN_OBJECT_IDS or ext in _NATIVE_NEEDS_ID:
        main = main_object_file_id if main_object_file_id is not None else NATIVE_MAIN_OBJECT_IDS.get(ext)
        if main is None:
            raise UnityCliError(
                "E_FILE_FORMAT_UNSUPPORTED",
                f"a new {ext} meta needs the asset's main object fileID (it is not fixed for this type)",
                details={"extension": ext, "importer": "NativeFormatImporter"},
            )
        return _NATIVE.replace("{main}", str(main))
    if ext == ".prefab":
        return _PREFAB
    if ext == ".cs":
        return _MONO
    if ext == ".asmdef":
        return _ASMDEF
    if ext in _TEXT_EXTS:
        return _TEXT
    for importer, exts in _COMPLEX_IMPORTERS.items():
        if ext in exts:
            raise UnityCliError(
                "E_FILE_FORMAT_UNSUPPORTED",
                f"a new {ext} meta needs {importer} settings that only the Unity Editor can write",
                details={"extension": ext, "importer": importer},
            )
    return _DEFAULT  # `.unity` and every extension Unity has no importer for


def new_meta(
    asset_path: str | PurePath,
    guid: str | None = None,
    *,
    folder: bool = False,
    main_object_file_id: int | None = None,
) -> bytes:
    """The bytes of a new `.meta` for `asset_path` with a fresh GUID (or `guid`), as the Unity Editor writes it.

    `folder=True` gives a folder meta. Types whose importer settings only the Editor can write (textures, models,
    audio, VFX graphs, shaders ...) raise `E_FILE_FORMAT_UNSUPPORTED` instead of a wrong DefaultImporter meta.
    """
    guid = new_guid() if guid is None else guid
    if not _GUID.fullmatch(guid):
        raise UnityCliError(
            "E_SCHEMA_INVALID", f"{guid!r} is not a GUID (32 lower-case hex digits)", details={"guid": guid}
        )
    path = PurePosixPath(PurePath(asset_path).as_posix())
    body = _importer_body(path.name, path.suffix.lower(), folder, main_object_file_id)
    return f"fileFormatVersion: 2\nguid: {guid}\n{body}".encode()
