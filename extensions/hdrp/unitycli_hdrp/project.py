"""Finding HDRP's files in a project: the pipeline asset, the global settings, what GraphicsSettings and the quality
levels make active, and the project's HDRP layout family (14.x or 17.x).

On a version the manifest lists, the family is that version's verified layout and every file's m_Version must be
the verified one. On any other version (15.x, 16.x, 14.0.3, 17.3) the tools still read: the family only names the
candidate tables, taken from the global settings file's own structure (17.x keeps its settings as SerializeReference
entries in references.RefIds, 14.x as top-level fields), any m_Version is read as the file holds it, the core
reports profileVerified false, and what a writer adds is proven from the project (`unitycli.api.prove_new_override`).

Every read goes through the tool's transaction (`open_for_read` / `open_for_write`), so dry-run, revisions and
E_TARGET_CHANGED see it; objects are recognised by their `m_Script` GUID, never by file or object name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.api import (
    Document,
    LoadedFile,
    ProjectIndex,
    Ref,
    ToolContext,
    UnityCliError,
    open_for_read,
    open_path,
    packaged_versions,
    script_guid_of,
    tool_command,
)
from unitycli_hdrp import ids

GRAPHICS_SETTINGS = "ProjectSettings/GraphicsSettings.asset"
QUALITY_SETTINGS = "ProjectSettings/QualitySettings.asset"
# Unity 6 names the per-pipeline global settings map m_RenderPipelineGlobalSettingsMap, 2022.3 m_SRPDefaultSettings.
GLOBAL_SETTINGS_MAPS = ("m_RenderPipelineGlobalSettingsMap", "m_SRPDefaultSettings")


@dataclass
class HdrpFile:
    """One HDRP ScriptableObject asset as read in this transaction, and its main object."""

    loaded: LoadedFile
    doc: Document

    @property
    def path(self) -> str:
        return self.loaded.path

    @property
    def revision(self) -> str:
        return self.loaded.revision

    def save(self, ctx: ToolContext) -> None:
        self.loaded.save(ctx)


# --- versions ----------------------------------------------------------------------------------------------------
def package_version(ctx: ToolContext) -> str | None:
    return ctx.package_version(ids.PACKAGE)


def verified(ctx: ToolContext) -> bool:
    """Whether the project's HDRP version is one the manifest lists (its tables are that version's layout)."""
    return package_version(ctx) in packaged_versions("unitycli_hdrp", ids.PACKAGE)


def family(ctx: ToolContext) -> str:
    """`"14"` or `"17"`: which layout family's tables the tools read the project's files with. A listed version's
    own; otherwise the global settings file's structure, else the version's major (`<17` reads as 14.x)."""
    version = package_version(ctx) or ""
    major = version.split(".", 1)[0]
    if verified(ctx) and major in ("14", "17"):
        return major
    found = _structural_family(ctx)
    if found is not None:
        return found
    return "17" if major.isdigit() and int(major) >= 17 else "14"


def _structural_family(ctx: ToolContext) -> str | None:
    """The family the project's global settings file is written in, None when the project has none to tell."""
    try:
        file = choose_global_settings(ctx, None, check=False)
    except UnityCliError:
        return None
    return "17" if any(e.ns == ids.HDRP_NS for e in ref_entries(file)) else "14"


def check_layout(ctx: ToolContext, file: HdrpFile, table: dict[int, str], what: str) -> int:
    """The file's `m_Version`: refused on a listed HDRP version unless it is the verified value for its family; on
    an unlisted version read as the file holds it (the file's own layout is the evidence)."""
    version = file.doc.get("m_Version", None)
    if not verified(ctx):
        if not isinstance(version, int):
            raise UnityCliError(
                "E_HDRP_LAYOUT_UNSUPPORTED", f"{file.path}: {what} has no integer m_Version; nothing is read or written",
                details={"file": file.path, "mVersion": version, "expected": [],
                         "packageVersion": package_version(ctx)})
        return version
    fam = family(ctx)
    if not isinstance(version, int) or table.get(version) != fam:
        expected = [v for v, f in table.items() if f == fam]
        raise UnityCliError(
            "E_HDRP_LAYOUT_UNSUPPORTED",
            f"{file.path}: {what} m_Version {version!r} is not the layout verified for HDRP "
            f"{package_version(ctx)} (expected {expected[0] if expected else '?'}); nothing is read or written",
            details={"file": file.path, "mVersion": version, "expected": expected,
                     "packageVersion": package_version(ctx)})
    return version


# --- files -------------------------------------------------------------------------------------------------------
def normalise(path: str) -> str:
    text = path.replace("\\", "/").strip()
    while text.startswith("./"):
        text = text[2:]
    return text


def exists(ctx: ToolContext, path: str) -> bool:
    return ctx.transaction.exists(path)  # raises E_PATH_OUTSIDE_PROJECT for .., absolute paths, symlinks


def read_settings(ctx: ToolContext, path: str) -> Document | None:
    """The first object of a ProjectSettings YAML file, or None when the project has no such file."""
    if not exists(ctx, path):
        return None
    loaded = open_for_read(ctx, path)
    return loaded.yaml.documents[0] if len(loaded.yaml) else None


def main_object(loaded: LoadedFile, script_guid: str) -> Document | None:
    """The object of `script_guid` in an asset file (the main object &11400000 first)."""
    main = loaded.yaml.find(ids.MAIN_FILE_ID)
    if main is not None and script_guid_of(main) == script_guid:
        return main
    return next((d for d in loaded.yaml if script_guid_of(d) == script_guid), None)


def open_asset(ctx: ToolContext, path: str, script_guid: str, *, for_write: bool = False,
               expected_revision: str | None = None) -> HdrpFile | None:
    """Open `path` and return it with its object of `script_guid`, or None when it holds none."""
    loaded = open_path(ctx, path, for_write=for_write, expected_revision=expected_revision)
    doc = main_object(loaded, script_guid)
    return HdrpFile(loaded, doc) if doc is not None else None


def referencing(ctx: ToolContext, guid: str, suffix: str = ".asset") -> list[str]:
    """Asset files under Assets/ or Packages/ that reference `guid` (the project index's reference scan)."""
    with ProjectIndex.open(ctx.project.root) as index:
        paths = {r.path for r in index.referrers(guid)}
    return sorted(p for p in paths if p.endswith(suffix) and p.startswith(("Assets/", "Packages/")))


def assets_of(ctx: ToolContext, script_guid: str) -> list[str]:
    """Asset files whose object is of `script_guid` (checked in the file, not only by the index)."""
    found = []
    for path in referencing(ctx, script_guid):
        try:
            if open_asset(ctx, path, script_guid) is not None:
                found.append(path)
        except UnityCliError:
            continue  # an unreadable file (LFS pointer, bad YAML) is not a candidate
    return found


def guid_paths(ctx: ToolContext, guids: list[str]) -> dict[str, str | None]:
    """Asset paths of GUIDs (None for a GUID no .meta in the project has, e.g. a package asset)."""
    wanted = [g for g in dict.fromkeys(guids) if g]
    if not wanted:
        return {}
    with ProjectIndex.open(ctx.project.root) as index:
        return {g: index.path_for_guid(g) for g in wanted}


def guid_of_path(ctx: ToolContext, path: str) -> str | None:
    with ProjectIndex.open(ctx.project.root) as index:
        return index.guid_for_path(path)


def ref_guid(value: Any) -> str | None:
    """The GUID of an asset reference, None for `{fileID: 0}` or a local reference."""
    if isinstance(value, Ref) and value.file_id != 0 and value.guid:
        return value.guid
    return None


# --- choosing the pipeline asset and the global settings ---------------------------------------------------------
@dataclass
class Active:
    """The pipeline asset Unity renders with and which setting chose it."""

    guid: str | None
    source: str | None
    quality_level: str | None


def active_pipeline(ctx: ToolContext) -> Active:
    """The current quality level's customRenderPipeline when set, else GraphicsSettings.m_CustomRenderPipeline."""
    level_name = None
    quality = read_settings(ctx, QUALITY_SETTINGS)
    if quality is not None:
        current = quality.get("m_CurrentQuality", None)
        levels = quality.get("m_QualitySettings", None) or []
        if isinstance(current, int) and 0 <= current < len(levels) and isinstance(levels[current], dict):
            level_name = levels[current].get("name")
            guid = ref_guid(levels[current].get("customRenderPipeline"))
            if guid:
                return Active(guid, f"QualitySettings level {level_name!r} customRenderPipeline", level_name)
    graphics = read_settings(ctx, GRAPHICS_SETTINGS)
    guid = ref_guid(graphics.get("m_CustomRenderPipeline", None)) if graphics is not None else None
    return Active(guid, "GraphicsSettings m_CustomRenderPipeline" if guid else None, level_name)


def choose_asset(ctx: ToolContext, asset: str | None, *, for_write: bool = False,
                 expected_revision: str | None = None) -> HdrpFile:
    """The HDRenderPipelineAsset named by `asset`, else the active one, else the project's only one."""
    if asset:
        path = normalise(asset)
        if not exists(ctx, path):
            raise UnityCliError("E_ASSET_NOT_FOUND", f"{path} does not exist in the project",
                                details={"asset": asset}, next_actions=[tool_command("hdrp.get-pipeline")])
        file = open_asset(ctx, path, ids.HDRP_ASSET, for_write=for_write, expected_revision=expected_revision)
        if file is None:
            raise UnityCliError("E_HDRP_ASSET_NOT_FOUND", f"{path} is not an HDRenderPipelineAsset",
                                details={"asset": path, "candidates": assets_of(ctx, ids.HDRP_ASSET)})
        return file
    active = active_pipeline(ctx)
    if active.guid:
        active_path = guid_paths(ctx, [active.guid]).get(active.guid)
        if active_path and exists(ctx, active_path):
            file = open_asset(ctx, active_path, ids.HDRP_ASSET, for_write=for_write,
                              expected_revision=expected_revision)
            if file is not None:
                return file
    candidates = assets_of(ctx, ids.HDRP_ASSET)
    if len(candidates) == 1:
        file = open_asset(ctx, candidates[0], ids.HDRP_ASSET, for_write=for_write,
                          expected_revision=expected_revision)
        assert file is not None
        return file
    why = "the project has no HDRenderPipelineAsset" if not candidates else (
        f"{len(candidates)} HDRenderPipelineAssets and none is active; give asset")
    raise UnityCliError("E_HDRP_ASSET_NOT_FOUND", why, details={"candidates": candidates},
                        next_actions=[tool_command("hdrp.get-settings", {"asset": c}) for c in candidates[:5]]
                        or [tool_command("hdrp.get-pipeline")])


def registered_global_settings(ctx: ToolContext) -> tuple[str | None, str | None]:
    """(GUID, map key name) of the global settings GraphicsSettings registers for HDRP."""
    graphics = read_settings(ctx, GRAPHICS_SETTINGS)
    if graphics is None:
        return None, None
    for key in GLOBAL_SETTINGS_MAPS:
        mapping = graphics.get(key, None)
        if isinstance(mapping, dict):
            guid = ref_guid(mapping.get(ids.PIPELINE_TYPE))
            if guid:
                return guid, key
    return None, None


def choose_global_settings(ctx: ToolContext, path: str | None, *, for_write: bool = False,
                           expected_revision: str | None = None, check: bool = True) -> HdrpFile:
    """The HDRenderPipelineGlobalSettings named by `path`, else the registered one, else the project's only one;
    its m_Version checked against the project's HDRP family unless `check` is false (telling the family itself)."""
    file: HdrpFile | None = None
    if path:
        rel = normalise(path)
        if not exists(ctx, rel):
            raise UnityCliError("E_ASSET_NOT_FOUND", f"{rel} does not exist in the project",
                                details={"globalSettings": path})
        file = open_asset(ctx, rel, ids.GLOBAL_SETTINGS, for_write=for_write, expected_revision=expected_revision)
        if file is None:
            raise UnityCliError("E_HDRP_GLOBAL_SETTINGS_NOT_FOUND",
                                f"{rel} is not an HDRenderPipelineGlobalSettings (its m_Script is not HDRP's)",
                                details={"globalSettings": rel, "candidates": assets_of(ctx, ids.GLOBAL_SETTINGS)})
    else:
        guid, _ = registered_global_settings(ctx)
        registered = guid_paths(ctx, [guid]).get(guid) if guid else None
        if registered and exists(ctx, registered):
            file = open_asset(ctx, registered, ids.GLOBAL_SETTINGS, for_write=for_write,
                              expected_revision=expected_revision)
        if file is None:
            candidates = assets_of(ctx, ids.GLOBAL_SETTINGS)
            if len(candidates) != 1:
                why = ("the project has no HDRenderPipelineGlobalSettings" if not candidates else
                       f"{len(candidates)} HDRenderPipelineGlobalSettings assets and GraphicsSettings registers "
                       "none of them; give globalSettings")
                raise UnityCliError(
                    "E_HDRP_GLOBAL_SETTINGS_NOT_FOUND", why, details={"candidates": candidates},
                    next_actions=[tool_command("hdrp.get-frame-settings", {"globalSettings": c})
                                  for c in candidates[:5]] or [tool_command("hdrp.get-pipeline")])
            file = open_asset(ctx, candidates[0], ids.GLOBAL_SETTINGS, for_write=for_write,
                              expected_revision=expected_revision)
            assert file is not None
    if check:
        check_layout(ctx, file, ids.GLOBAL_SETTINGS_VERSIONS, "HDRenderPipelineGlobalSettings")
    return file


# --- 17.x SerializeReference settings entries --------------------------------------------------------------------
@dataclass
class RefEntry:
    """One `references.RefIds` entry of a 17.x global settings file."""

    index: int
    rid: int | None  # as the file holds it (Unity writes one for every entry)
    cls: str
    ns: str
    listed: bool  # whether m_Settings.m_SettingsList.m_List names its rid

    @property
    def data_path(self) -> str:
        return f"references.RefIds[{self.index}].data"


def ref_entries(file: HdrpFile) -> list[RefEntry]:
    listed = {item.get("rid") for item in (file.doc.get("m_Settings.m_SettingsList.m_List", None) or [])
              if isinstance(item, dict)}
    entries = []
    for i, item in enumerate(file.doc.get("references.RefIds", None) or []):
        if not isinstance(item, dict) or not isinstance(item.get("type"), dict):
            continue
        typ = item["type"]
        entries.append(RefEntry(i, item.get("rid"), str(typ.get("class")), str(typ.get("ns")),
                                item.get("rid") in listed))
    return entries


def ref_entry(file: HdrpFile, cls: str) -> RefEntry:
    """The HDRP settings entry of class `cls`, matched by (class, namespace), never by rid."""
    matches = [e for e in ref_entries(file) if e.cls == cls and e.ns == ids.HDRP_NS]
    if len(matches) != 1:
        raise UnityCliError(
            "E_HDRP_LAYOUT_UNSUPPORTED",
            f"{file.path}: {'no' if not matches else len(matches)} references.RefIds entr"
            f"{'y' if len(matches) <= 1 else 'ies'} of class {cls}; the Editor creates it when it opens the project",
            details={"file": file.path, "class": cls, "count": len(matches)})
    return matches[0]
