"""`hdrp.set-frame-settings`: turn named default frame settings on or off, keeping every other bit."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput, UnityCliError, tool_command
from unitycli_hdrp import frames, project
from unitycli_hdrp.tools.get_frame_settings import (
    GLOBAL_DESCRIPTION,
    FrameSettingsBlock,
    RenderType,
    describe,
)


class SetFrameSettingsInput(ToolInput):
    global_settings: str | None = Field(None, description=GLOBAL_DESCRIPTION)
    render_type: RenderType = Field("camera", description="Which rendering path's default frame settings")
    enable: list[str] = Field(default_factory=list, description="FrameSettingsField names to turn on (SSR, Bloom, …)")
    disable: list[str] = Field(default_factory=list, description="FrameSettingsField names to turn off")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class SetFrameSettingsOutput(ToolOutput):
    global_settings: str
    render_type: RenderType
    turned_on: list[str]
    turned_off: list[str]
    unchanged: list[str] = Field(description="Named fields already in the requested state")
    block: FrameSettingsBlock


def _check_names(ctx: ToolContext, request: SetFrameSettingsInput, fam: str) -> None:
    table = frames.fields(fam)
    both = sorted(set(request.enable) & set(request.disable))
    if both:
        raise UnityCliError("E_SCHEMA_INVALID", f"{both[0]} is both in enable and disable",
                            details={"path": "enable", "names": both})
    if not request.enable and not request.disable:
        raise UnityCliError("E_SCHEMA_INVALID", "enable and disable are both empty: nothing to change",
                            details={"path": "enable"})
    unknown = [n for n in [*request.enable, *request.disable] if n not in table]
    if not unknown and not project.verified(ctx):
        unproven = [n for n in [*request.enable, *request.disable] if n not in frames.COMMON]
        if unproven:
            raise UnityCliError(
                "E_HDRP_FRAME_SETTING_UNKNOWN",
                f"{', '.join(unproven)}: HDRP {project.package_version(ctx)} is not a verified version, and only "
                "fields whose bit is the same in every verified layout (14.x and 17.x) are written on it; nothing "
                "was written", details={"unknown": unproven, "packageVersion": project.package_version(ctx),
                                        "valid": sorted(frames.COMMON)},
                next_actions=[tool_command("hdrp.get-frame-settings", {"renderType": request.render_type})])
    if unknown:
        other = frames.fields(frames.other_family(fam))
        why = []
        for name in unknown:
            if name in other:
                why.append(f"{name} is a {frames.other_family(fam)}.x field, not in HDRP {project.package_version(ctx)}")
            elif name in frames.OTHERS:
                why.append(f"{name} is not a boolean field (its value lives in a scalar of the struct)")
            else:
                why.append(f"{name} is not a FrameSettingsField")
        raise UnityCliError(
            "E_HDRP_FRAME_SETTING_UNKNOWN", "; ".join(why) + "; nothing was written",
            details={"unknown": unknown, "packageVersion": project.package_version(ctx), "valid": sorted(table)},
            next_actions=[tool_command("hdrp.get-frame-settings", {"renderType": request.render_type})])


def set_frame_settings(ctx: ToolContext, request: SetFrameSettingsInput) -> SetFrameSettingsOutput:
    fam = project.family(ctx)
    _check_names(ctx, request, fam)
    file = project.choose_global_settings(ctx, request.global_settings, for_write=True,
                                          expected_revision=request.expected_revision)
    _, _, found = frames.blocks(ctx, file)
    block = found[request.render_type]
    table = frames.fields(fam)
    bits = block.bits(file)
    on: list[str] = []
    off: list[str] = []
    same: list[str] = []
    for name in request.enable:
        (same if bits >> table[name] & 1 else on).append(name)
        bits |= 1 << table[name]
    for name in request.disable:
        (off if bits >> table[name] & 1 else same).append(name)
        bits &= ~(1 << table[name])
    if block.write(file, bits):
        file.save(ctx)
    after = describe(ctx, file, request.render_type).blocks[0]
    return SetFrameSettingsOutput(global_settings=file.path, render_type=request.render_type, turned_on=on,
                                  turned_off=off, unchanged=same, block=after)
