"""Opening volume profiles through the core's shared model, with URP's override specs and URP's error codes."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    Field,
    LoadedFile,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    VolumeModelError,
    VolumeOverride,
    VolumeProfile,
    open_path,
    profile_paths,
)
from unitycli_urp.errors import volume_error
from unitycli_urp.layout import project_layout
from unitycli_urp.overrides import specs_for
from unitycli_urp.specs import PROFILE_DESCRIPTION


class ProfileTarget(ToolInput):
    profile: str = Field(description=PROFILE_DESCRIPTION)


class ParameterInfo(ToolOutput):
    name: str
    override_state: bool
    value: Any


class OverrideInfo(ToolOutput):
    file_id: int
    type: str = Field(description="Override class (from the script GUID; m_Name when the class is unknown)")
    name: str
    script_guid: str | None
    active: bool
    index: int | None = Field(description="Position in components; None for an orphan")
    parameters: list[ParameterInfo]
    missing_parameters: list[str] = Field(description="Parameters of the class the document lacks (older file)")


def override_info(o: VolumeOverride) -> OverrideInfo:
    params = o.parameters()
    names = {p.name for p in params}
    missing = [p.name for p in o.spec.parameters if p.name not in names] if o.spec else []
    return OverrideInfo(file_id=o.file_id, type=o.class_name, name=o.name, script_guid=o.script_guid,
                        active=o.active, index=o.index,
                        parameters=[ParameterInfo(name=p.name, override_state=p.override_state, value=p.value)
                                    for p in params],
                        missing_parameters=missing)


def resolve_profile(ctx: ToolContext, spec: str) -> str:
    text = spec.replace("\\", "/").strip()
    if "/" in text:
        if not (text.endswith(".asset") and ctx.transaction.exists(text)):
            raise UnityCliError("E_URP_PROFILE_NOT_FOUND", f"no VolumeProfile asset at {text}",
                                details={"profile": spec})
        return text
    paths = profile_paths(ctx)
    stem = text[:-6] if text.endswith(".asset") else text
    hits = [p for p in paths if p.rsplit("/", 1)[-1][:-6] == stem]
    if len(hits) != 1:
        raise UnityCliError("E_URP_PROFILE_NOT_FOUND",
                            f"{'no' if not hits else len(hits)} VolumeProfile assets named {spec!r}"
                            + ("; give the path" if hits else ""),
                            details={"profile": spec, "candidates": hits or paths})
    return hits[0]


def open_profile(ctx: ToolContext, spec: str, *, for_write: bool = False,
                 expected_revision: str | None = None) -> tuple[LoadedFile, VolumeProfile]:
    path = resolve_profile(ctx, spec)
    loaded = open_path(ctx, path, for_write=for_write, expected_revision=expected_revision)
    try:
        return loaded, VolumeProfile.load(path, loaded.yaml, specs_for(project_layout(ctx)))
    except VolumeModelError as exc:
        raise volume_error(exc) from None


def find_override(profile: VolumeProfile, spec: str | int) -> VolumeOverride:
    try:
        return profile.find(spec)
    except VolumeModelError as exc:
        raise volume_error(exc) from None
