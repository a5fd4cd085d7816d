"""`hdrp.check`: what is wrong or risky in the project's HDRP setup, as a list of checks."""

from __future__ import annotations

from typing import Any, Literal

from unitycli.api import (
    Field,
    Ref,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    list_files,
    open_for_read,
    profile_paths,
)
from unitycli_hdrp import defaults, diffusion, frames, ids, overrides, profiles, project
from unitycli_hdrp.tools.list_diffusion_profiles import MAX_LISTED

Status = Literal["pass", "warn", "fail"]


class CheckInput(ToolInput):
    pass


class Check(ToolOutput):
    id: str
    status: Status
    message: str
    file: str | None = None
    details: dict[str, Any] = Field(default_factory=dict)


class CheckOutput(ToolOutput):
    package_version: str | None
    ok: bool = Field(description="No check failed (warnings allowed)")
    counts: dict[str, int]
    checks: list[Check]


class _Report:
    def __init__(self) -> None:
        self.checks: list[Check] = []

    def add(self, id: str, status: Status, message: str, file: str | None = None, **details: Any) -> None:
        self.checks.append(Check(id=id, status=status, message=message, file=file, details=details))

    def error(self, id: str, exc: UnityCliError, file: str | None = None) -> None:
        self.add(id, "fail", f"{exc.code}: {exc.message}", file, code=exc.code)


def _pipeline(ctx: ToolContext, report: _Report) -> None:
    active = project.active_pipeline(ctx)
    if not project.exists(ctx, project.GRAPHICS_SETTINGS):
        report.add("pipeline.active", "warn", "ProjectSettings/GraphicsSettings.asset is missing, so no pipeline asset "
                   "is assigned (Unity renders with the built-in pipeline until one is)", project.GRAPHICS_SETTINGS)
    elif not active.guid:
        report.add("pipeline.active", "fail", "no render pipeline asset is assigned (GraphicsSettings and the current "
                   "quality level): HDRP is not used", project.GRAPHICS_SETTINGS)
    else:
        path = project.guid_paths(ctx, [active.guid]).get(active.guid)
        hdrp = bool(path and project.exists(ctx, path) and project.open_asset(ctx, path, ids.HDRP_ASSET))
        report.add("pipeline.active", "pass" if hdrp else "fail",
                   f"{active.source} is {path or active.guid}" + ("" if hdrp else ", not an HDRenderPipelineAsset"),
                   path, source=active.source)
    quality = project.read_settings(ctx, project.QUALITY_SETTINGS)
    for i, level in enumerate((quality.get("m_QualitySettings", None) or []) if quality is not None else []):
        guid = project.ref_guid(level.get("customRenderPipeline")) if isinstance(level, dict) else None
        if not guid:
            continue
        path = project.guid_paths(ctx, [guid]).get(guid)
        if not (path and project.exists(ctx, path) and project.open_asset(ctx, path, ids.HDRP_ASSET)):
            report.add("pipeline.quality-level", "warn", f"quality level {level.get('name')!r} renders with "
                       f"{path or guid}, which is not an HDRP asset", project.QUALITY_SETTINGS, level=i)
    for path in project.assets_of(ctx, ids.HDRP_ASSET):
        file = project.open_asset(ctx, path, ids.HDRP_ASSET)
        if file is None:  # assets_of lists only the files that hold one, read through the same transaction
            continue
        try:
            version = project.check_layout(ctx, file, ids.ASSET_VERSIONS, "HDRenderPipelineAsset")
            if project.verified(ctx):
                report.add("pipeline.asset-layout", "pass", f"m_Version {version} is the verified layout", path)
            else:
                report.add("pipeline.asset-layout", "warn", f"m_Version {version} is read as the file holds it "
                           f"(HDRP {project.package_version(ctx)} is not a verified version)", path)
        except UnityCliError as exc:
            report.error("pipeline.asset-layout", exc, path)


def _global_settings(ctx: ToolContext, report: _Report) -> project.HdrpFile | None:
    guid, key = project.registered_global_settings(ctx)
    try:
        file = project.choose_global_settings(ctx, None)
    except UnityCliError as exc:
        report.error("global-settings.found", exc)
        return None
    report.add("global-settings.found", "pass" if guid else "warn",
               f"{file.path}" + (f" is registered in GraphicsSettings {key}" if guid else
                                 " is the only one, but GraphicsSettings does not register it"), file.path)
    if project.family(ctx) == "17":
        try:
            entry = project.ref_entry(file, "RenderingPathFrameSettings")
            report.add("global-settings.settings-list", "pass" if entry.listed else "warn",
                       f"RenderingPathFrameSettings rid {entry.rid} is "
                       + ("listed in m_Settings" if entry.listed else "not listed in m_Settings.m_SettingsList"),
                       file.path)
        except UnityCliError as exc:
            report.error("global-settings.settings-list", exc, file.path)
    try:
        _, _, found = frames.blocks(ctx, file)
        for block in found.values():
            block.raw(file)
        report.add("global-settings.frame-settings", "pass", "the three default frame settings decode", file.path)
    except UnityCliError as exc:
        report.error("global-settings.frame-settings", exc, file.path)
    for path in list_files(ctx.project.root, (".asset",)):
        if "GlobalSettings" not in path or path == file.path:
            continue
        try:
            main = open_for_read(ctx, path).yaml.find(ids.MAIN_FILE_ID)
        except UnityCliError:
            continue
        script = main.get("m_Script", None) if main is not None else None
        identifier = str(main.get("m_EditorClassIdentifier", "")) if main is not None else ""
        if isinstance(script, Ref) and script.file_id == 0 and identifier.endswith("HDRenderPipelineGlobalSettings"):
            report.add("global-settings.missing-script", "warn", "an HDRenderPipelineGlobalSettings copy whose m_Script "
                       "is missing (written by another Editor version); it is never edited", path)
    return file


def _profiles(ctx: ToolContext, report: _Report, family: str) -> None:
    default = defaults.default_profile_path(ctx)
    report.add("profiles.default", "pass" if default else "warn",
               f"the default volume profile is {default}" if default else
               "the default volume profile is not an asset of this project (a package asset, or unset)", default)
    for path in profile_paths(ctx):
        try:
            prof = profiles.OpenProfile(ctx, path)
        except UnityCliError as exc:
            report.error("profiles.readable", exc, path)
            continue
        if prof.model.orphans():
            report.add("profiles.orphans", "warn", f"{len(prof.model.orphans())} override sub-asset(s) are not listed "
                       "in components (Unity ignores them; they are never resurrected)", path,
                       fileIDs=[o.file_id for o in prof.model.orphans()])
        if prof.model.missing():
            report.add("profiles.missing", "warn", "components lists objects the file does not have", path,
                       fileIDs=prof.model.missing())
        for ov in prof.model.overrides():
            name = profiles.describe_override(ov).class_name
            if ov.spec is None and name in overrides.UNVERIFIED.get(family, ()):
                report.add("profiles.unverified-layout", "warn", f"{name} has no verified layout in HDRP {family}.x: "
                           "it is read but its values are not written", path)
            if ov.spec is None:
                continue
            for p in ov.parameters():
                spec = ov.spec.parameter(p.name)
                value = p.value
                if spec is None or spec.kind not in ("float", "int") or not isinstance(value, int | float):
                    continue
                if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
                    report.add("profiles.out-of-range", "warn", f"{name}.{p.name} = {value} is outside the declared "
                               f"range [{spec.min}, {spec.max}]; Unity clamps it on load", path)


def _diffusion(ctx: ToolContext, report: _Report) -> None:
    default = defaults.default_profile_path(ctx)
    listed = defaults.diffusion_list(ctx, default)
    if listed is not None and len(listed) > MAX_LISTED:
        report.add("diffusion.list-size", "fail", f"the default DiffusionProfileList holds {len(listed)} profiles; "
                   f"HDRP uses at most {MAX_LISTED}", default)
    for path in project.assets_of(ctx, ids.DIFFUSION_PROFILE):
        file = project.open_asset(ctx, path, ids.DIFFUSION_PROFILE)
        guid = project.guid_of_path(ctx, path)
        stored = file.doc.get("profile.hash", None) if file is not None else None
        if guid and isinstance(stored, int) and stored != diffusion.profile_hash(guid):
            report.add("diffusion.hash", "warn", f"stored hash {stored} is not the one derived from the GUID "
                       f"({diffusion.profile_hash(guid)}); the Editor regenerates it", path)


def check(ctx: ToolContext, request: CheckInput) -> CheckOutput:
    report = _Report()
    family = project.family(ctx)
    if project.verified(ctx):
        report.add("package", "pass", f"HDRP {project.package_version(ctx)} ({family}.x layout)")
    else:
        report.add("package", "warn", f"HDRP {project.package_version(ctx)} is not a verified version: its files are "
                   f"read with the {family}.x tables (the global settings file's structure), new objects are "
                   "written only where the project proves them")
    _pipeline(ctx, report)
    _global_settings(ctx, report)
    _profiles(ctx, report, family)
    _diffusion(ctx, report)
    counts = {s: sum(1 for c in report.checks if c.status == s) for s in ("pass", "warn", "fail")}
    return CheckOutput(package_version=project.package_version(ctx), ok=counts["fail"] == 0, counts=counts,
                       checks=report.checks)
