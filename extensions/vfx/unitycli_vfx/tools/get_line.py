"""`vfx.get-line`: one LineRenderer: positions, width, colour, loop and space."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext
from unitycli_vfx import lines, locate
from unitycli_vfx.inputs import Target
from unitycli_vfx.values import Vec3, plain


class GetLineOutput(locate.ComponentIds):
    revision: str
    enabled: bool
    positions: list[Vec3] = Field(description="Points, in world or local space per useWorldSpace")
    loop: bool
    use_world_space: bool
    parameters: lines.LineParameters
    materials: list[dict[str, Any]]
    writable: bool = Field(description="The layout is one vfx.set-line edits (serializedVersion 2)")


def get_line(ctx: ToolContext, request: Target) -> GetLineOutput:
    loaded, site = locate.find_site(ctx, request.file, request.game_object, locate.LINE_RENDERER)
    doc = site.component
    return GetLineOutput(**lines.renderer_state(loaded, site, lines.LINE_VERSION),
                         positions=plain(doc.get("m_Positions", []) or []), loop=doc.get("m_Loop", 0) == 1,
                         use_world_space=doc.get("m_UseWorldSpace", 0) == 1)
