"""`vfx.list-particle-systems`: ParticleSystems in a scene, a prefab or the project, with their key numbers."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, SkippedFile, ToolContext, ToolInput, ToolOutput
from unitycli_vfx import locate, particles
from unitycli_vfx.values import plain


class ListParticleSystemsInput(ToolInput):
    file: str | None = Field(None, description="Scene or prefab to list; omitted: every scene and prefab under "
                                               "Assets/ and Packages/.")


class ParticleSystemSummary(locate.ComponentIds):
    serialized_version: int | None = Field(description="8 for Unity 2022.3 and 6000.0; older layouts are read-only")
    duration: float | None
    looping: bool
    max_particles: int | None
    rate_over_time: dict[str, Any] | None = Field(description="Emission rate as a decoded MinMaxCurve")
    burst_count: int
    enabled_modules: list[str]
    render_mode: str | int | None = Field(description="ParticleSystemRenderer m_RenderMode, None without a renderer")


class ListParticleSystemsOutput(ToolOutput):
    particle_systems: list[ParticleSystemSummary]
    revisions: dict[str, str] = Field(description="Revision of each file read, for expectedRevision")
    skipped: list[SkippedFile] = Field(description="Files that may hold particle systems but could not be "
                                                          "read, with the error")


def summarize(site: locate.Site) -> ParticleSystemSummary:
    doc = site.component
    renderer = site.sibling(locate.PARTICLE_SYSTEM_RENDERER)
    rate = doc.get("EmissionModule.rateOverTime", None)
    bursts = doc.get("EmissionModule.m_Bursts", []) or []
    version = doc.get("serializedVersion", None)
    maxp = doc.get("InitialModule.maxNumParticles", None)
    return ParticleSystemSummary(
        **locate.ComponentIds.of(site), serialized_version=version if isinstance(version, int) else None,
        duration=doc.get("lengthInSec", None), looping=doc.get("looping", 0) == 1,
        max_particles=maxp if isinstance(maxp, int) else None,
        rate_over_time=plain(rate) if isinstance(rate, dict) else None, burst_count=len(bursts),
        enabled_modules=particles.enabled_modules(doc),
        render_mode=(particles.name_of(particles.RENDER_MODES, renderer.get("m_RenderMode", None))
                     if renderer is not None else None))


def list_particle_systems(ctx: ToolContext, request: ListParticleSystemsInput) -> ListParticleSystemsOutput:
    sites, revisions, skipped = locate.scan(ctx, (locate.PARTICLE_SYSTEM,), request.file)
    return ListParticleSystemsOutput(particle_systems=[summarize(s) for s in sites], revisions=revisions,
                                     skipped=skipped)
