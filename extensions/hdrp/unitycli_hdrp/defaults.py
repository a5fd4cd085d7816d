"""Where HDRP keeps its default volume profile, look-dev profile and diffusion profile list.

14.x: top-level `m_DefaultVolumeProfile` / `m_LookDevVolumeProfile` of the global settings (m_Version 5).
17.x: the `HDRPDefaultVolumeProfileSettings` / `LookDevVolumeProfileSettings` entries of `references.RefIds`
(`data.m_VolumeProfile`), plus the pipeline asset's own `m_VolumeProfile` that overrides the default per quality
level. The diffusion profile list lives in the default profile's DiffusionProfileList override.
"""

from __future__ import annotations

from unitycli.api import ToolContext, UnityCliError, open_for_read, script_guid_of
from unitycli_hdrp import ids, project


def profile_refs(ctx: ToolContext, file: project.HdrpFile) -> dict[str, tuple[str | None, str]]:
    """{"default": (guid, where), "lookDev": (guid, where)} read from a checked global settings file."""
    if project.family(ctx) == "14":
        return {"default": (project.ref_guid(file.doc.get("m_DefaultVolumeProfile", None)), "m_DefaultVolumeProfile"),
                "lookDev": (project.ref_guid(file.doc.get("m_LookDevVolumeProfile", None)), "m_LookDevVolumeProfile")}
    out = {}
    for key, cls in (("default", "HDRPDefaultVolumeProfileSettings"), ("lookDev", "LookDevVolumeProfileSettings")):
        entry = project.ref_entry(file, cls)
        path = f"{entry.data_path}.m_VolumeProfile"
        out[key] = (project.ref_guid(file.doc.get(path, None)), f"{path} ({cls} rid {entry.rid})")
    return out


def default_profile_path(ctx: ToolContext) -> str | None:
    """The project path of HDRP's default volume profile, or None when it cannot be told."""
    try:
        file = project.choose_global_settings(ctx, None)
        guid = profile_refs(ctx, file)["default"][0]
    except UnityCliError:
        return None
    return project.guid_paths(ctx, [guid]).get(guid) if guid else None


def diffusion_list(ctx: ToolContext, profile_path: str | None) -> list[str] | None:
    """GUIDs in the DiffusionProfileList override of a profile (None when it has none)."""
    if not profile_path or not project.exists(ctx, profile_path):
        return None
    try:
        loaded = open_for_read(ctx, profile_path)
    except UnityCliError:
        return None
    main = loaded.yaml.find(ids.MAIN_FILE_ID)
    listed = {r.file_id for r in (main.get("components", None) or []) if hasattr(r, "file_id")} if main else set()
    for doc in loaded.yaml:
        if doc.file_id in listed and script_guid_of(doc) == ids.DIFFUSION_PROFILE_LIST:
            refs = doc.get("diffusionProfiles.m_Value", None) or []
            return [g for g in (project.ref_guid(r) for r in refs) if g]
    return None
