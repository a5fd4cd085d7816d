"""`urp.set-override`: set override parameters (`m_Value`, `m_OverrideState`) and the override's `active`."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    Field,
    ToolContext,
    ToolOutput,
    UnityCliError,
    VolumeModelError,
    prove_parameter,
)
from unitycli_urp import profiles
from unitycli_urp.errors import volume_error
from unitycli_urp.ids import PACKAGE
from unitycli_urp.layout import verified_versions


class SetOverrideInput(profiles.ProfileTarget):
    override: str | int = Field(description="Override class (Bloom), m_Name or fileID")
    parameters: dict[str, Any] = Field(default_factory=dict, description=(
        "Parameter values by name ({\"intensity\": 1.5}); each also turns its override on unless overrideStates "
        "says otherwise. Colours {r,g,b,a}, vectors {x,y[,z,w]}, enums by name or value, textures null or "
        "{fileID, guid, type}, ColorCurves curves a list of keys [{time, value, inSlope?, outSlope?}]"))
    override_states: dict[str, bool] = Field(default_factory=dict, description="m_OverrideState by parameter name")
    active: bool | None = Field(None, description="The override's `active` flag")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the profile is at this "
                                                            "revision.")


class SetOverrideOutput(ToolOutput):
    profile: str
    override: profiles.OverrideInfo
    changed: list[str] = Field(description="Keys rewritten (intensity.m_Value, intensity.m_OverrideState, active)")


def set_override(ctx: ToolContext, request: SetOverrideInput) -> SetOverrideOutput:
    if not request.parameters and not request.override_states and request.active is None:
        raise UnityCliError("E_SCHEMA_INVALID", "give parameters, overrideStates or active",
                            details={"path": "parameters"})
    loaded, profile = profiles.open_profile(ctx, request.profile, for_write=True,
                                            expected_revision=request.expected_revision)
    target = profiles.find_override(profile, request.override)
    changed: list[str] = []
    try:
        for name in dict.fromkeys([*request.parameters, *request.override_states]):
            if target.spec is not None and target.spec.parameter(name) is not None and \
                    not target.document.has(f"{name}.m_OverrideState"):
                # A parameter the file lacks is a new field: written only where this version is proven to have it.
                prove_parameter(ctx, PACKAGE, target.spec, name, verified_versions(), loaded.path,
                                value_given=name in request.parameters, tool="urp.set-override")
            state = request.override_states.get(name, True if name in request.parameters else None)
            changed += profile.set_parameter(target, name, value=request.parameters.get(name),
                                             set_value=name in request.parameters, override_state=state)
    except VolumeModelError as exc:
        raise volume_error(exc) from None
    if request.active is not None and profile.set_active(target, request.active):
        changed.append("active")
    if changed:
        loaded.save(ctx)
    return SetOverrideOutput(profile=loaded.path, override=profiles.override_info(profile.find(target.file_id)),
                             changed=changed)
