"""`vfx.set-line`: a LineRenderer's positions, width, loop and space."""

from __future__ import annotations

from typing import Any, Literal

from unitycli.api import Field, ToolContext
from unitycli_vfx import lines, locate
from unitycli_vfx.inputs import EditTarget, require_settings
from unitycli_vfx.values import Vec3, plain, set_if_changed


class SetLineInput(lines.LineParameterInput, EditTarget):
    positions: list[Vec3] | None = Field(None, description="Replace every point ([] for none)")
    loop: bool | None = None
    use_world_space: bool | None = None
    alignment: Literal["view", "transformZ"] | None = None
    texture_mode: Literal["stretch", "tile", "distributePerSegment", "repeatPerSegment", "static"] | None = None


class SetLineOutput(locate.ComponentIds):
    changed_fields: list[str]
    positions: list[dict[str, Any]]
    parameters: lines.LineParameters
    loop: bool
    use_world_space: bool


def set_line(ctx: ToolContext, request: SetLineInput) -> SetLineOutput:
    require_settings(request, "LineRenderer")
    loaded, site = locate.find_for_edit(ctx, request, locate.LINE_RENDERER)
    doc = site.component
    lines.check_writable(doc, lines.LINE_VERSION, site.file, "LineRenderer")
    changed: list[str] = []
    if request.positions is not None:
        wanted = [p.flow() for p in request.positions]
        if plain(doc.get("m_Positions") or []) != [dict(p) for p in wanted]:
            doc.set("m_Positions", wanted)
            changed.append("m_Positions")
    for path, flag in (("m_Loop", request.loop), ("m_UseWorldSpace", request.use_world_space)):
        if flag is not None and set_if_changed(doc, path, 1 if flag else 0):
            changed.append(path)
    lines.set_parameters(doc, request, changed)
    if changed:
        loaded.save(ctx)
    return SetLineOutput(**locate.ComponentIds.of(site), changed_fields=changed,
                         positions=plain(doc.get("m_Positions") or []), parameters=lines.parameters(doc),
                         loop=doc.get("m_Loop") == 1, use_world_space=doc.get("m_UseWorldSpace") == 1)
