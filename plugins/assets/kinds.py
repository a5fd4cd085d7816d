"""What kind of asset a path is, decided from its extension and, for native assets, its main object's class.

Unity's own type names are used (`SceneAsset`, `Material`, `MonoScript`, ...) so an agent can reuse what it knows
from `AssetDatabase.FindAssets("t:...")`. The `family` groups files for `asset.validate`: a missing `unity-text`
file is a broken checkout, a missing `code`/`binary` file may be absent on purpose (not pulled, not copied — the
fixtures dropped every `.cs` and texture but kept their metas).
"""

from __future__ import annotations

from pathlib import PurePosixPath

from unitycli.indexes.walk import YAML_SUFFIXES
from unitycli.unityclasses import CLASS_NAMES

_BY_EXTENSION = {
    ".unity": "SceneAsset", ".prefab": "GameObject", ".mat": "Material", ".controller": "AnimatorController",
    ".overridecontroller": "AnimatorOverrideController", ".anim": "AnimationClip", ".mask": "AvatarMask",
    ".physicmaterial": "PhysicMaterial", ".physicsmaterial2d": "PhysicsMaterial2D", ".rendertexture": "RenderTexture",
    ".lighting": "LightingSettings", ".preset": "Preset", ".mixer": "AudioMixerController",
    ".spriteatlas": "SpriteAtlas", ".spriteatlasv2": "SpriteAtlas", ".terrainlayer": "TerrainLayer",
    ".vfx": "VisualEffectAsset", ".vfxoperator": "VisualEffectSubgraphOperator",
    ".vfxblock": "VisualEffectSubgraphBlock", ".cubemap": "Cubemap", ".flare": "Flare", ".guiskin": "GUISkin",
    ".fontsettings": "Font", ".signal": "SignalAsset", ".playable": "TimelineAsset",
    ".cs": "MonoScript", ".shader": "Shader", ".shadergraph": "Shader", ".shadersubgraph": "SubGraphAsset",
    ".compute": "ComputeShader", ".hlsl": "ShaderInclude", ".cginc": "ShaderInclude",
    ".asmdef": "AssemblyDefinitionAsset", ".asmref": "AssemblyDefinitionReferenceAsset",
    ".uxml": "VisualTreeAsset", ".uss": "StyleSheet", ".inputactions": "InputActionAsset",
    ".dll": "DefaultAsset",
}
_TEXTURES = {".png", ".jpg", ".jpeg", ".tga", ".psd", ".exr", ".hdr", ".tif", ".tiff", ".bmp", ".gif", ".iff"}
_MODELS = {".fbx", ".obj", ".blend", ".dae", ".3ds", ".max", ".ma", ".mb"}
_AUDIO = {".wav", ".mp3", ".ogg", ".aif", ".aiff", ".flac", ".mod", ".it", ".s3m", ".xm"}
_FONTS = {".ttf", ".otf"}
_VIDEO = {".mp4", ".mov", ".webm", ".avi", ".m4v", ".mpg", ".mpeg", ".wmv"}
_TEXT = {".txt", ".html", ".htm", ".xml", ".bytes", ".json", ".csv", ".yaml", ".yml", ".fnt", ".md"}
_CODE = {".cs", ".shader", ".shadergraph", ".shadersubgraph", ".compute", ".hlsl", ".cginc", ".asmdef", ".asmref",
         ".uxml", ".uss", ".tss", ".inputactions", ".raytrace"}
_BINARY = _TEXTURES | _MODELS | _AUDIO | _FONTS | _VIDEO | {".dll", ".so", ".dylib", ".aar", ".jar", ".nupkg", ".pdf"}

# Unity search aliases (`t:Prefab`, `t:Scene`, `t:Texture`, ...) that name a family of types.
_ALIASES = {
    "SceneAsset": ("Scene",), "GameObject": ("Prefab",), "MonoScript": ("Script",),
    "Texture2D": ("Texture",), "Folder": ("DefaultAsset",),
}


def extension(path: str) -> str:
    return PurePosixPath(path).suffix.lower()


def type_from_extension(path: str, is_folder: bool = False) -> str | None:
    """The main object type Unity gives files with this extension, or None when it depends on the content."""
    if is_folder:
        return "Folder"
    ext = extension(path)
    if ext in _BY_EXTENSION:
        return _BY_EXTENSION[ext]
    if ext in _TEXTURES:
        return "Texture2D"
    if ext in _MODELS:
        return "GameObject"
    if ext in _AUDIO:
        return "AudioClip"
    if ext in _FONTS:
        return "Font"
    if ext in _VIDEO:
        return "VideoClip"
    if ext in _TEXT:
        return "TextAsset"
    return None  # `.asset` and unknown extensions: decided by the main object's class


def class_name(class_id: int) -> str:
    return CLASS_NAMES.get(class_id, f"ClassID({class_id})")


def type_from_main_file_id(main_file_id: int | None) -> str | None:
    """Native assets number their main object `classID * 100000` (`11400000` → MonoBehaviour)."""
    if not main_file_id or main_file_id % 100000:
        return None
    class_id = main_file_id // 100000
    return CLASS_NAMES.get(class_id)


def type_names(main_type: str | None, path: str, is_folder: bool = False) -> set[str]:
    """Every name a `type` filter may use for this asset, lower-cased (Unity type, aliases, Model, ScriptableObject)."""
    names: set[str] = set()
    if main_type:
        names.add(main_type)
        names.update(_ALIASES.get(main_type, ()))
    ext = extension(path)
    if ext in _MODELS:
        names.add("Model")
    if main_type == "MonoBehaviour" and ext == ".asset":
        names.add("ScriptableObject")
    if is_folder:
        names.add("Folder")
    return {name.lower() for name in names}


def family(path: str, is_folder: bool = False) -> str:
    """`folder`, `unity-text` (YAML Unity writes), `code`, `binary`, `text` or `other`."""
    if is_folder:
        return "folder"
    ext = extension(path)
    if ext in _CODE:
        return "code"
    if ext in _BINARY:
        return "binary"
    if ext in YAML_SUFFIXES:
        return "unity-text"
    if ext in _TEXT:
        return "text"
    return "other"
