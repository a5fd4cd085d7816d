"""`cinemachine.set-brain`: change a CinemachineBrain's update methods and default blend."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, UnityCliError, model_validator
from unitycli_cinemachine import brain, locate
from unitycli_cinemachine.editing import set_field
from unitycli_cinemachine.tools.get_brain import BrainTarget

_OLD_BLEND_KEYS = {"defaultBlendStyle": "style", "defaultBlendTime": "time"}


class BlendInput(ToolInput):
    style: brain.BlendStyle | None = Field(None, description="Custom needs the brain's custom curve to have keys")
    time: float | None = Field(None, ge=0, description="Duration, seconds")


class SetBrainInput(BrainTarget):
    update_method: brain.UpdateMethod | None = Field(None, description="When the cameras update (default SmartUpdate)")
    blend_update_method: brain.BlendUpdateMethod | None = Field(None, description="When blends update (default LateUpdate)")
    default_blend: BlendInput | None = Field(None, description="The default blend, as cinemachine.get-brain prints "
                                             "it (the old keys defaultBlendStyle/defaultBlendTime are accepted for one "
                                             "release)")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")

    @model_validator(mode="before")
    @classmethod
    def _old_blend_keys(cls, data: Any) -> Any:
        """`defaultBlendStyle`/`defaultBlendTime`, this tool's names before it took the getter's `defaultBlend`."""
        if not isinstance(data, dict) or not set(data) & set(_OLD_BLEND_KEYS):
            return data
        if "defaultBlend" in data:
            raise ValueError("give `defaultBlend`, not also its old keys defaultBlendStyle/defaultBlendTime")
        blend = {new: data[old] for old, new in _OLD_BLEND_KEYS.items() if old in data}
        return {**{k: v for k, v in data.items() if k not in _OLD_BLEND_KEYS}, "defaultBlend": blend}


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
    blend = request.default_blend or BlendInput()
    if blend.style is not None:
        wanted.append(("DefaultBlend.Style", brain.BLEND_STYLES.index(blend.style)))
    if blend.time is not None:
        wanted.append(("DefaultBlend.Time", blend.time))
    if not wanted:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", "give at least one brain setting to change",
                            details={"fields": ["updateMethod", "blendUpdateMethod", "defaultBlend.style",
                                                "defaultBlend.time"]})
    loaded, site = locate.find_brain(ctx, request.file, request.game_object,
                                     expected_revision=request.expected_revision, for_write=True)
    doc, key = site.doc, site.layout.key
    if blend.style == "Custom":
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
