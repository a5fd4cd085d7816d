"""`vfx.get-particle-system`: one ParticleSystem with every module decoded, and its renderer."""

from __future__ import annotations

from typing import Any

from unitycli.api import Document, Field, ToolContext, ToolOutput, UnityCliError
from unitycli_vfx import locate, particles
from unitycli_vfx.inputs import Target
from unitycli_vfx.values import plain


class GetParticleSystemInput(Target):
    modules: list[str] | None = Field(None, description="Only these modules (main, emission, shape, …); "
                                                        "omitted: all of them")


class Main(ToolOutput):
    duration: float | None
    looping: bool
    prewarm: bool
    play_on_awake: bool
    simulation_space: str | int | None
    simulation_speed: float | None
    stop_action: str | int | None
    scaling_mode: str | int | None
    start_delay: dict[str, Any] | None
    start_lifetime: dict[str, Any] | None
    start_speed: dict[str, Any] | None
    start_size: dict[str, Any] | None
    start_rotation_degrees: dict[str, Any] | None = Field(description="startRotation (Z) converted to degrees")
    start_color: dict[str, Any] | None
    gravity_modifier: dict[str, Any] | None
    max_particles: int | None


class Burst(ToolOutput):
    time: float | None
    count: dict[str, Any] | None
    cycles: int | None = Field(description="cycleCount (0 means infinite)")
    interval: float | None
    probability: float | None


class GetParticleSystemOutput(locate.ComponentIds):
    revision: str
    serialized_version: int | None
    writable: bool = Field(description="The layout is one the writers edit (serializedVersion 8)")
    main: Main
    bursts: list[Burst]
    enabled_modules: list[str]
    modules: dict[str, Any] = Field(description=("Each module as serialized, decoded: MinMaxCurves as {mode, "
                                                 "constant | min,max | multiplier,curve}, gradients as colour and "
                                                 "alpha keys; rotations in radians as Unity stores them"))
    renderer: dict[str, Any] | None = Field(description="The ParticleSystemRenderer's fields, decoded")


def _curve(doc: Document, path: str) -> dict[str, Any] | None:
    value = doc.get(path, None)
    return plain(value) if isinstance(value, dict) else None


def _rotation_degrees(curve: dict[str, Any] | None) -> dict[str, Any] | None:
    if curve is None:
        return None
    out = dict(curve)
    for key in ("constant", "min", "max", "multiplier"):
        if key in out:
            out[key] = particles.degrees(out[key])
    return out


def get_particle_system(ctx: ToolContext, request: GetParticleSystemInput) -> GetParticleSystemOutput:
    unknown = sorted(set(request.modules or []) - set(particles.MODULES))
    if unknown:
        raise UnityCliError("E_SCHEMA_INVALID", f"unknown module {unknown[0]!r}; modules are "
                            f"{', '.join(particles.MODULES)}", details={"path": "modules", "value": unknown})
    loaded, site = locate.find_site(ctx, request.file, request.game_object, locate.PARTICLE_SYSTEM)
    doc = site.component
    m = "InitialModule"
    main = Main(
        duration=doc.get("lengthInSec", None), looping=doc.get("looping", 0) == 1, prewarm=doc.get("prewarm", 0) == 1,
        play_on_awake=doc.get("playOnAwake", 0) == 1,
        simulation_space=particles.name_of(particles.SIMULATION_SPACES, doc.get("moveWithTransform", None)),
        simulation_speed=doc.get("simulationSpeed", None),
        stop_action=particles.name_of(particles.STOP_ACTIONS, doc.get("stopAction", None)),
        scaling_mode=particles.name_of(particles.SCALING_MODES, doc.get("scalingMode", None)),
        start_delay=_curve(doc, "startDelay"), start_lifetime=_curve(doc, f"{m}.startLifetime"),
        start_speed=_curve(doc, f"{m}.startSpeed"), start_size=_curve(doc, f"{m}.startSize"),
        start_rotation_degrees=_rotation_degrees(_curve(doc, f"{m}.startRotation")),
        start_color=_curve(doc, f"{m}.startColor"), gravity_modifier=_curve(doc, f"{m}.gravityModifier"),
        max_particles=doc.get(f"{m}.maxNumParticles", None))
    bursts = []
    for burst in doc.get("EmissionModule.m_Bursts", []) or []:
        if isinstance(burst, dict):
            count = burst.get("countCurve")
            bursts.append(Burst(time=burst.get("time"), count=plain(count) if isinstance(count, dict) else None,
                                cycles=burst.get("cycleCount"), interval=burst.get("repeatInterval"),
                                probability=burst.get("probability")))
    wanted = request.modules or list(particles.MODULES)
    modules = {name: plain(doc.get(particles.MODULES[name][0], None)) for name in wanted
               if doc.has(particles.MODULES[name][0])}
    renderer = site.sibling(locate.PARTICLE_SYSTEM_RENDERER)
    rendered = None
    if renderer is not None:
        rendered = plain(renderer.to_python())
        rendered["renderMode"] = particles.name_of(particles.RENDER_MODES, renderer.get("m_RenderMode", None))
        for key in ("m_VertexStreams", "m_TrailVertexStreams"):  # hex bytes, not numbers
            if renderer.has(key):
                rendered[key] = renderer.get_text(key)
        rendered["fileID"] = renderer.file_id
    version = doc.get("serializedVersion", None)
    return GetParticleSystemOutput(
        **locate.ComponentIds.of(site), revision=loaded.revision,
        serialized_version=version if isinstance(version, int) else None, writable=version == particles.PS_VERSION,
        main=main, bursts=bursts, enabled_modules=particles.enabled_modules(doc), modules=modules, renderer=rendered)
