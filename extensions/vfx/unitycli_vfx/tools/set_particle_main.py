"""`vfx.set-particle-main`: the main module of a ParticleSystem (duration, looping, start values, space…)."""

from __future__ import annotations

import math
from typing import Any, Literal

from unitycli.api import Field, ToolContext
from unitycli_vfx import locate, particles
from unitycli_vfx.inputs import EditTarget, require_settings
from unitycli_vfx.values import CURVE_DESCRIPTION, Color, CurveInput, CurveValue, set_curve, set_if_changed

M = "InitialModule"


class SetParticleMainInput(EditTarget):
    duration: float | None = Field(None, gt=0, description="Seconds (lengthInSec)")
    looping: bool | None = None
    prewarm: bool | None = None
    play_on_awake: bool | None = None
    simulation_space: Literal["local", "world", "custom"] | None = Field(None, description="moveWithTransform")
    simulation_speed: float | None = Field(None, ge=0)
    start_delay: CurveInput | None = Field(None, description=CURVE_DESCRIPTION + "; seconds")
    start_lifetime: CurveInput | None = Field(None, description=CURVE_DESCRIPTION + "; seconds")
    start_speed: CurveInput | None = Field(None, description=CURVE_DESCRIPTION)
    start_size: CurveInput | None = Field(None, description=CURVE_DESCRIPTION)
    start_rotation_degrees: CurveInput | None = Field(None, description=CURVE_DESCRIPTION + "; degrees (Unity "
                                                                                           "stores radians)")
    start_color: Color | None = Field(None, description="A single start colour (MinMaxGradient mode color)")
    gravity_modifier: CurveInput | None = Field(None, description=CURVE_DESCRIPTION)
    max_particles: int | None = Field(None, ge=0)


class SetParticleMainOutput(locate.ComponentIds):
    changed_fields: list[str] = Field(description="Serialized fields rewritten")


def _radians(value: CurveInput) -> CurveInput:
    if isinstance(value, CurveValue):
        return CurveValue(min=math.radians(value.min), max=math.radians(value.max))
    return math.radians(value)


def set_particle_main(ctx: ToolContext, request: SetParticleMainInput) -> SetParticleMainOutput:
    require_settings(request, "main-module", fields=sorted(SetParticleMainInput.model_fields))
    loaded, site = locate.find_for_edit(ctx, request, locate.PARTICLE_SYSTEM)
    doc = site.component
    particles.check_writable(doc, "main", site.file)
    changed: list[str] = []

    def scalar(path: str, value: Any) -> None:
        if set_if_changed(doc, path, value):
            changed.append(path)

    def curve(path: str, value: CurveInput) -> None:
        before = doc.text
        set_curve(doc, path, value)
        if doc.text != before:
            changed.append(path)

    r = request
    if r.duration is not None:
        scalar("lengthInSec", r.duration)
    for path, flag in (("looping", r.looping), ("prewarm", r.prewarm), ("playOnAwake", r.play_on_awake)):
        if flag is not None:
            scalar(path, 1 if flag else 0)
    if r.simulation_space is not None:
        scalar("moveWithTransform", particles.SIMULATION_SPACES[r.simulation_space])
    if r.simulation_speed is not None:
        scalar("simulationSpeed", r.simulation_speed)
    if r.start_delay is not None:
        curve("startDelay", r.start_delay)
    for path, value in (("startLifetime", r.start_lifetime), ("startSpeed", r.start_speed),
                        ("startSize", r.start_size), ("gravityModifier", r.gravity_modifier)):
        if value is not None:
            curve(f"{M}.{path}", value)
    if r.start_rotation_degrees is not None:
        curve(f"{M}.startRotation", _radians(r.start_rotation_degrees))
    if r.start_color is not None:
        before = doc.text
        set_if_changed(doc, f"{M}.startColor.minMaxState", 0)
        current = doc.get(f"{M}.startColor.maxColor")
        wanted = r.start_color.flow()
        if any(not math.isclose(float(current.get(k, 0)), float(v), rel_tol=1e-6, abs_tol=1e-9)
               for k, v in wanted.items()):
            doc.set(f"{M}.startColor.maxColor", wanted)
        if doc.text != before:
            changed.append(f"{M}.startColor")
    if r.max_particles is not None:
        scalar(f"{M}.maxNumParticles", r.max_particles)
    if changed:
        loaded.save(ctx)
    return SetParticleMainOutput(**locate.ComponentIds.of(site), changed_fields=changed)
