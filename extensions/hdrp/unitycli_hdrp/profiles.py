"""Volume profiles through the shared model (`unitycli.api.VolumeProfile`) with HDRP's override specs and codes.

The model does the reading and editing (components order, orphans, adding and removing sub-assets, setting a
parameter against its spec); this module names the profile, picks the specs of the project's HDRP version, maps
the model's error kinds to E_HDRP_* codes and writes HDRP's non-parameter keys of a new override.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any

from unitycli.api import (
    Field,
    LoadedFile,
    ToolContext,
    ToolOutput,
    UnityCliError,
    VolumeModelError,
    VolumeOverride,
    VolumeProfile,
    open_path,
    profile_paths,
    raise_as,
    tool_command,
)
from unitycli_hdrp import ids, overrides, project

CODES = {
    "not-a-profile": "E_HDRP_PROFILE_NOT_FOUND",
    "override-unknown": "E_HDRP_OVERRIDE_UNSUPPORTED",
    "override-exists": "E_HDRP_OVERRIDE_EXISTS",
    "override-not-found": "E_HDRP_OVERRIDE_NOT_FOUND",
    "parameter-not-found": "E_HDRP_PARAMETER_NOT_FOUND",
    "parameter-invalid": "E_HDRP_VALUE_INVALID",
}
PROFILE_DESCRIPTION = ("A VolumeProfile asset: project-relative path (Assets/Settings/Sky.asset) or a unique asset "
                       "name (Sky); hdrp.list-profiles lists them")
OVERRIDE_DESCRIPTION = "The override's class name (Fog, Exposure, …), its m_Name, or its fileID"


def model_error(exc: VolumeModelError, path: str | None = None) -> UnityCliError:
    actions = [tool_command("hdrp.get-profile", {"profile": path})] if path else []
    return raise_as(exc, CODES, actions)


def resolve(ctx: ToolContext, profile: str) -> str:
    """The project path `profile` names: a path, or the unique VolumeProfile whose file name (or stem) it is."""
    text = project.normalise(profile)
    if "/" in text:
        if not project.exists(ctx, text):
            raise UnityCliError("E_HDRP_PROFILE_NOT_FOUND", f"{text} does not exist in the project",
                                details={"profile": profile, "candidates": []},
                                next_actions=[tool_command("hdrp.list-profiles")])
        return text
    paths = profile_paths(ctx)
    hits = [p for p in paths if PurePosixPath(p).name == text or PurePosixPath(p).stem == text]
    if not hits:
        hits = [p for p in paths if PurePosixPath(p).stem.lower() == text.lower()]
    if len(hits) == 1:
        return hits[0]
    why = "no VolumeProfile has that name" if not hits else f"{len(hits)} VolumeProfiles are named {text!r}; give the path"
    raise UnityCliError("E_HDRP_PROFILE_NOT_FOUND", why, details={"profile": profile, "candidates": hits or paths[:20]},
                        next_actions=[tool_command("hdrp.list-profiles")])


class OpenProfile:
    """A profile as read in this transaction, with the HDRP specs of the project's version."""

    def __init__(self, ctx: ToolContext, profile: str, *, for_write: bool = False, expected_revision: str | None = None):
        self.family = project.family(ctx)
        self.path = resolve(ctx, profile)
        self.loaded: LoadedFile = open_path(ctx, self.path, for_write=for_write, expected_revision=expected_revision)
        try:
            self.model = VolumeProfile.load(self.path, self.loaded.yaml, overrides.all_specs(self.family))
        except VolumeModelError as exc:
            raise model_error(exc) from None

    def find(self, spec: str | int) -> VolumeOverride:
        try:
            return self.model.find(spec)
        except VolumeModelError as exc:
            raise model_error(exc, self.path) from None

    def save(self, ctx: ToolContext) -> None:
        self.loaded.save(ctx)


def class_identifier(ctx: ToolContext, name: str) -> str:
    """What the Editor writes into m_EditorClassIdentifier of a new override: Unity 6000.2+ writes
    `Assembly::Namespace.Class` (the HDRP 17.2.0 fixture), older Editors leave it empty."""
    version = ctx.unity_version
    if (version.major, version.minor) >= (6000, 2):
        return overrides.CLASS_PREFIX + name
    return ""


def unverified(family: str, name: str) -> UnityCliError:
    verified = sorted(overrides.specs(family))
    if name in overrides.UNVERIFIED.get(family, ()):
        why = (f"{name} has no verified layout in HDRP {family}.x (no project file or clean package source of it); "
               "it is neither created nor its values written")
    else:
        why = f"{name} is not an override class this extension writes"
    return UnityCliError("E_HDRP_OVERRIDE_UNSUPPORTED", why,
                         details={"override": name, "verified": verified, "family": family})


# --- reporting -------------------------------------------------------------------------------------------------
class ParameterOut(ToolOutput):
    name: str
    override_state: bool
    value: Any
    kind: str | None = Field(None, description="bool, int, float, enum, color, vector2/3, texture, curve, wind")
    min: float | None = Field(None, description="Lower bound declared by the package source")
    max: float | None = Field(None, description="Upper bound declared by the package source")
    values: dict[str, int] | None = Field(None, description="Enum names and their serialized integers")


class OverrideOut(ToolOutput):
    class_name: str
    name: str
    file_id: int
    script_guid: str | None
    active: bool
    listed: bool
    verified_layout: bool = Field(description="Whether this extension knows the class's layout for this version")
    parameters: list[ParameterOut]
    missing_parameters: list[str] = Field(description="Parameters of the verified layout the object lacks (older save)")
    legacy_keys: list[str] = Field(
        default_factory=list, description="Parameters carrying legacy min/max keys (ignored, never used as ranges)")


def describe_override(ov: VolumeOverride) -> OverrideOut:
    spec = ov.spec
    body = ov.document.to_python()
    params = []
    for p in ov.parameters():
        ps = spec.parameter(p.name) if spec is not None else None
        described = ps.describe() if ps is not None else {}
        params.append(ParameterOut(name=p.name, override_state=p.override_state, value=_json(p.value),
                                   kind=described.get("kind"), min=described.get("min"), max=described.get("max"),
                                   values=described.get("values")))
    legacy = [k for k, v in body.items() if isinstance(v, dict) and "m_OverrideState" in v and ("min" in v or "max" in v)]
    missing = [p.name for p in spec.parameters if p.name not in body] if spec is not None else []
    name = ov.class_name if spec is not None else ids.VOLUME_COMPONENTS.get(ov.script_guid or "", ov.name)
    return OverrideOut(class_name=name, name=ov.name, file_id=ov.file_id, script_guid=ov.script_guid,
                       active=ov.active, listed=ov.listed, verified_layout=spec is not None, parameters=params,
                       missing_parameters=missing, legacy_keys=legacy)


def _json(value: Any) -> Any:
    """JSON-safe: float infinities as strings (`-Infinity`, as Unity writes them)."""
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json(v) for v in value]
    return value


def write_extra_keys(ov: VolumeOverride, family: str) -> None:
    """The non-parameter keys of a new override (m_SkyVersion, m_Version), where the Editor writes them."""
    for key, value, after in overrides.EXTRA_KEYS.get((ov.class_name, family), ()):
        ov.document.insert_key("", key, value, after=after)
