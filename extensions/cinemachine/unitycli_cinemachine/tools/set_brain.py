"""`cinemachine.set-brain`: change a CinemachineBrain's update methods and default blend."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolOutput, ToolSpec, UnityCliError
from unitycli_cinemachine import brain, locate
from unitycli_cinemachine.editing import set_field
from unitycli_cinemachine.inputs import CM2_SCENE, CM3_SCENE, EDIT_HINTS, EXAMPLE_NOTE
from unitycli_cinemachine.tools.get_brain import BrainTarget


class SetBrainInput(BrainTarget):
    update_method: brain.UpdateMethod | None = Field(None, description="When the cameras update (default SmartUpdate)")
    blend_update_method: brain.BlendUpdateMethod | None = Field(None, description="When blends update (default LateUpdate)")
    default_blend_style: brain.BlendStyle | None = Field(
        None, description="Style of the default blend; Custom needs the brain's custom curve to have keys")
    default_blend_time: float | None = Field(None, ge=0, description="Duration of the default blend, seconds")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class SetBrainOutput(ToolOutput):
    file: str
    game_object: str
    file_id: int = Field(description="fileID of the CinemachineBrain component")
    layout: str
    changed_fields: list[str] = Field(description="Property paths rewritten (unchanged values are not listed)")
    revision: str = Field(description="Revision of the file after the edit (for expectedRevision)")


def set_brain(ctx: ToolContext, request: SetBrainInput) -> SetBrainOutput:
    wanted: list[tuple[str, Any]] = []
    if request.update_method is not None:
        wanted.append(("UpdateMethod", brain.UPDATE_METHODS.index(request.update_method)))
    if request.blend_update_method is not None:
        wanted.append(("BlendUpdateMethod", brain.BLEND_UPDATE_METHODS.index(request.blend_update_method)))
    if request.default_blend_style is not None:
        wanted.append(("DefaultBlend.Style", brain.BLEND_STYLES.index(request.default_blend_style)))
    if request.default_blend_time is not None:
        wanted.append(("DefaultBlend.Time", request.default_blend_time))
    if not wanted:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", "give at least one brain setting to change",
                            details={"fields": ["updateMethod", "blendUpdateMethod", "defaultBlendStyle",
                                                "defaultBlendTime"]})
    loaded, site = locate.find_brain(ctx, request.file, request.game_object,
                                     expected_revision=request.expected_revision, for_write=True)
    doc, key = site.doc, site.layout.key
    if request.default_blend_style == "Custom":
        curve = doc.get(key("DefaultBlend.CustomCurve.m_Curve"), [])
        if not (isinstance(curve, list) and curve):
            raise UnityCliError("E_CINEMACHINE_VALUE_INVALID",
                                "the Custom blend style uses the brain's custom curve, which has no keys",
                                details={"file": loaded.path, "gameObject": site.node.path,
                                         "path": key("DefaultBlend.CustomCurve")})
    changed: list[str] = []
    for name, value in wanted:
        set_field(doc, key(name), value, changed)
    if changed:
        loaded.save(ctx)
    return SetBrainOutput(file=loaded.path, game_object=site.node.path, file_id=doc.file_id,
                          layout=site.layout.layout, changed_fields=changed,
                          revision=ctx.transaction.revision(loaded.path) or loaded.revision)


SPEC = ToolSpec(
    name="cinemachine.set-brain", title="Set CinemachineBrain settings",
    summary="Set a CinemachineBrain's update methods and default blend style and time.",
    description=("Writes the given settings of the CinemachineBrain of a scene or prefab (the only one, or the one "
                 "on `gameObject`) in the layout its fields show (2.x `m_UpdateMethod`, `m_DefaultBlend.m_Style`; "
                 "3.x `UpdateMethod`, `DefaultBlend.Style`): updateMethod (FixedUpdate, LateUpdate, SmartUpdate, "
                 "ManualUpdate), blendUpdateMethod (FixedUpdate, LateUpdate), defaultBlendStyle (Cut, EaseInOut, "
                 "EaseIn, EaseOut, HardIn, HardOut, Linear, Custom: refused while the custom curve has no keys) and "
                 "defaultBlendTime (seconds). Only the changed lines are rewritten. Supports --dry-run."
                 + EXAMPLE_NOTE),
    input_model=SetBrainInput, output_model=SetBrainOutput, handler=set_brain,
    **EDIT_HINTS,
    examples=({"file": CM2_SCENE, "defaultBlendStyle": "EaseInOut", "defaultBlendTime": 1.5},
              {"file": CM3_SCENE, "updateMethod": "LateUpdate", "defaultBlendStyle": "Linear"}),
)
