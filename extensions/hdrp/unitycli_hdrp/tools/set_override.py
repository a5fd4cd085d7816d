"""`hdrp.set-override`: set parameters of an override in a VolumeProfile, within their declared ranges."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    Field,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    VolumeModelError,
    VolumeOverride,
)
from unitycli_hdrp import overrides, profiles


class SetOverrideInput(ToolInput):
    profile: str = Field(description=profiles.PROFILE_DESCRIPTION)
    override: str = Field(description=profiles.OVERRIDE_DESCRIPTION)
    values: dict[str, Any] = Field(default_factory=dict, description=(
        "Parameter values by name (meanFreePath: 150, mode: 'Automatic', tint: {r,g,b,a}); each one's override "
        "state is turned on unless overrideStates says otherwise"))
    override_states: dict[str, bool] = Field(default_factory=dict,
                                             description="Override states to set (false lets the default show)")
    active: bool | None = Field(None, description="Turn the whole override on or off")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class SetOverrideOutput(ToolOutput):
    profile: str
    changed: list[str] = Field(description="Keys rewritten (meanFreePath.m_Value, …)")
    override: profiles.OverrideOut


def apply_values(prof: profiles.OpenProfile, ov: VolumeOverride, values: dict[str, Any],
                 states: dict[str, bool]) -> list[str]:
    """Check every value first (type, enum, declared range), then write; an error leaves the file untouched
    (the caller stages nothing)."""
    if ov.spec is None and values:
        raise profiles.unverified(prof.family, ov.class_name if ov.script_guid else ov.name)
    body = ov.document.to_python()
    for name in [*values, *states]:
        known = ov.spec is not None and ov.spec.parameter(name) is not None
        if known and not (isinstance(body.get(name), dict) and "m_OverrideState" in body[name]):
            raise UnityCliError(
                "E_HDRP_PARAMETER_NOT_FOUND",
                f"this {ov.class_name} was saved with an older layout that has no {name!r}; the Editor adds it when "
                "it re-saves the profile, and it is not invented here; nothing was written",
                details={"override": ov.class_name, "parameter": name, "olderLayout": True,
                         "parameters": [p.name for p in ov.parameters()]})
    for name, value in values.items():
        spec = ov.spec.parameter(name) if ov.spec is not None else None
        if spec is None:
            continue
        problem = overrides.range_problem(spec, value)
        if problem:
            raise UnityCliError("E_HDRP_VALUE_INVALID", f"{problem} (got {value!r}); nothing was written",
                                details={"parameter": name, "value": value, "min": spec.min, "max": spec.max})
    changed: list[str] = []
    try:
        for name, value in values.items():
            changed += prof.model.set_parameter(ov, name, value=value, set_value=True,
                                                override_state=states.get(name, True))
        for name, state in states.items():
            if name not in values:
                changed += prof.model.set_parameter(ov, name, override_state=state)
    except VolumeModelError as exc:
        err = profiles.model_error(exc, prof.path)
        err.message += "; nothing was written"
        raise err from None
    return changed


def set_override(ctx: ToolContext, request: SetOverrideInput) -> SetOverrideOutput:
    if not request.values and not request.override_states and request.active is None:
        raise UnityCliError("E_SCHEMA_INVALID", "give values, overrideStates or active: nothing to change",
                            details={"path": "values"})
    prof = profiles.OpenProfile(ctx, request.profile, for_write=True, expected_revision=request.expected_revision)
    ov = prof.find(request.override)
    changed = apply_values(prof, ov, request.values, request.override_states)
    if request.active is not None and prof.model.set_active(prof.find(ov.file_id), request.active):
        changed.append("active")
    if changed:
        prof.save(ctx)
    return SetOverrideOutput(profile=prof.path, changed=changed,
                             override=profiles.describe_override(prof.find(ov.file_id)))
