"""`vfx.get-trail`: one TrailRenderer: lifetime, width, colour, emitting."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext
from unitycli_vfx import lines, locate
from unitycli_vfx.inputs import Target


class GetTrailOutput(locate.ComponentIds):
    revision: str
    enabled: bool
    time: float | None = Field(description="m_Time: seconds a trail point lives")
    min_vertex_distance: float | None
    autodestruct: bool
    emitting: bool
    parameters: lines.LineParameters
    materials: list[dict[str, Any]]
    writable: bool = Field(description="The layout is one vfx.set-trail edits (serializedVersion 3)")


def get_trail(ctx: ToolContext, request: Target) -> GetTrailOutput:
    loaded, site = locate.find_site(ctx, request.file, request.game_object, locate.TRAIL_RENDERER)
    doc = site.component
    return GetTrailOutput(**lines.renderer_state(loaded, site, lines.TRAIL_VERSION), time=doc.get("m_Time", None),
                          min_vertex_distance=doc.get("m_MinVertexDistance", None),
                          autodestruct=doc.get("m_Autodestruct", 0) == 1, emitting=doc.get("m_Emitting", 1) == 1)
