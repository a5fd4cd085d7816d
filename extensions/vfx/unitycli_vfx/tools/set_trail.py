"""`vfx.set-trail`: a TrailRenderer's lifetime, width, vertex distance, emitting and autodestruct."""

from __future__ import annotations

from typing import Literal

from unitycli.api import Field, ToolContext
from unitycli_vfx import lines, locate
from unitycli_vfx.inputs import (
    EditTarget,
    require_settings,
)
from unitycli_vfx.values import set_if_changed


class SetTrailInput(lines.LineParameterInput, EditTarget):
    time: float | None = Field(None, ge=0, description="m_Time: seconds a trail point lives")
    min_vertex_distance: float | None = Field(None, ge=0, description="Distance before a new point is added")
    autodestruct: bool | None = Field(None, description="Destroy the GameObject when the trail has no points left")
    emitting: bool | None = None
    alignment: Literal["view", "transformZ"] | None = None
    texture_mode: Literal["stretch", "tile", "distributePerSegment", "repeatPerSegment", "static"] | None = None


class SetTrailOutput(locate.ComponentIds):
    changed_fields: list[str]
    time: float | None
    min_vertex_distance: float | None
    autodestruct: bool
    emitting: bool
    parameters: lines.LineParameters


def set_trail(ctx: ToolContext, request: SetTrailInput) -> SetTrailOutput:
    r = request
    require_settings(r, "TrailRenderer")
    loaded, site = locate.find_for_edit(ctx, r, locate.TRAIL_RENDERER)
    doc = site.component
    lines.check_writable(doc, lines.TRAIL_VERSION, site.file, "TrailRenderer")
    changed: list[str] = []
    for path, value in (("m_Time", r.time), ("m_MinVertexDistance", r.min_vertex_distance),
                        ("m_Autodestruct", None if r.autodestruct is None else int(r.autodestruct)),
                        ("m_Emitting", None if r.emitting is None else int(r.emitting))):
        if value is not None and set_if_changed(doc, path, value):
            changed.append(path)
    lines.set_parameters(doc, r, changed)
    if changed:
        loaded.save(ctx)
    return SetTrailOutput(**locate.ComponentIds.of(site), changed_fields=changed, time=doc.get("m_Time", None),
                          min_vertex_distance=doc.get("m_MinVertexDistance", None),
                          autodestruct=doc.get("m_Autodestruct", 0) == 1, emitting=doc.get("m_Emitting", 1) == 1,
                          parameters=lines.parameters(doc))
