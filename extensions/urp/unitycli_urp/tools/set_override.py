"""`urp.set-override`: set override parameters (`m_Value`, `m_OverrideState`) and the override's `active`."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    Field,
    ToolContext,
    ToolOutput,
    ToolSpec,
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


SPEC = ToolSpec(
    name="urp.set-override", title="Set volume override parameters",
    summary="Set an override's parameter values and override states, or its active flag.",
    description=("Edits one listed override of a VolumeProfile in place: each given parameter's m_Value (checked "
                 "against the class: type, enum, and the clamp URP applies in code — E_URP_PARAMETER_INVALID) and "
                 "its m_OverrideState (on when a value is given, unless overrideStates says otherwise), and the "
                 "override's `active`. Unknown parameters: E_URP_PARAMETER_NOT_FOUND. A parameter the file lacks "
                 "(older package) is added after its predecessor, on a URP version the manifest does not list only when "
                 "the package's source on disk or an override of that class elsewhere in the project holds it "
                 "(E_SCRIPT_LAYOUT_UNPROVABLE otherwise). Only changed lines are rewritten. Supports "
                 "--dry-run. The example sets Bloom intensity in chicken-defense's Main Camera Profile."),
    input_model=SetOverrideInput, output_model=SetOverrideOutput, handler=set_override,
    read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
    examples=({"profile": "Main Camera Profile", "override": "Bloom", "parameters": {"intensity": 2}},),
)
