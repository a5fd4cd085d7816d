"""`vfx.set-particle-renderer`: how a ParticleSystem draws (render mode, materials, sorting, sizes)."""

from __future__ import annotations

from typing import Any, Literal

from unitycli.api import Field, Ref, ToolContext, UnityCliError, parse_meta
from unitycli_vfx import locate, particles
from unitycli_vfx.inputs import EditTarget, require_settings
from unitycli_vfx.values import plain, set_if_changed

SORT_MODES = {"none": 0, "distance": 1, "oldestInFront": 2, "youngestInFront": 3, "depth": 4}
ALIGNMENTS = {"view": 0, "world": 1, "local": 2, "facing": 3, "velocity": 4}


class SetRendererInput(EditTarget):
    render_mode: Literal["billboard", "stretch", "horizontalBillboard", "verticalBillboard", "mesh",
                         "none"] | None = None
    material: str | None = Field(None, description="Project path of the particle material (.mat): m_Materials[0]")
    trail_material: str | None = Field(None, description="Project path of the trail material (.mat): m_Materials[1]")
    sort_mode: Literal["none", "distance", "oldestInFront", "youngestInFront", "depth"] | None = None
    render_alignment: Literal["view", "world", "local", "facing", "velocity"] | None = None
    min_particle_size: float | None = Field(None, ge=0, description="Fraction of the viewport")
    max_particle_size: float | None = Field(None, ge=0, description="Fraction of the viewport")
    length_scale: float | None = Field(None, description="Stretched billboards: length scale")
    velocity_scale: float | None = Field(None, description="Stretched billboards: speed scale")
    sorting_order: int | None = Field(None, ge=-32768, le=32767)
    enabled: bool | None = None


class SetRendererOutput(locate.ComponentIds):
    renderer_file_id: int
    changed_fields: list[str]
    render_mode: str | int | None
    materials: list[dict[str, Any]]


def _material(ctx: ToolContext, path: str, field: str) -> Ref:
    if not path.endswith(".mat"):
        raise UnityCliError("E_SCHEMA_INVALID", f"{field} {path!r} is not a .mat file",
                            details={"path": field, "value": path})
    meta = path + ".meta"
    if not ctx.transaction.exists(meta):
        raise UnityCliError("E_ASSET_NOT_FOUND", f"{path} (with its .meta) is not in the project",
                            details={"path": path})
    return Ref(2100000, parse_meta(ctx.transaction.read_bytes(meta), meta).guid, 2)


def set_particle_renderer(ctx: ToolContext, request: SetRendererInput) -> SetRendererOutput:
    r = request
    require_settings(r, "renderer")
    material = _material(ctx, r.material, "material") if r.material else None
    trail = _material(ctx, r.trail_material, "trailMaterial") if r.trail_material else None
    loaded, site = locate.find_for_edit(ctx, r, locate.PARTICLE_SYSTEM)
    particles.check_writable(site.component, None, site.file)
    renderer = site.sibling(locate.PARTICLE_SYSTEM_RENDERER)
    if renderer is None:
        raise UnityCliError("E_COMPONENT_NOT_FOUND", f"{site.path!r} has no ParticleSystemRenderer",
                            details={"file": site.file, "gameObject": site.path,
                                     "component": "ParticleSystemRenderer"})
    if renderer.get("serializedVersion", None) != particles.RENDERER_VERSION:
        raise UnityCliError("E_VFX_LAYOUT_UNSUPPORTED",
                            f"the ParticleSystemRenderer &{renderer.file_id} in {site.file} has serializedVersion "
                            f"{renderer.get('serializedVersion', None)}; only {particles.RENDERER_VERSION} is written",
                            details={"file": site.file, "fileID": renderer.file_id})
    changed: list[str] = []

    def scalar(key: str, value: Any) -> None:
        if value is not None and set_if_changed(renderer, key, value):
            changed.append(key)

    scalar("m_Enabled", None if r.enabled is None else int(r.enabled))
    scalar("m_RenderMode", None if r.render_mode is None else particles.RENDER_MODES[r.render_mode])
    scalar("m_SortMode", None if r.sort_mode is None else SORT_MODES[r.sort_mode])
    scalar("m_RenderAlignment", None if r.render_alignment is None else ALIGNMENTS[r.render_alignment])
    scalar("m_MinParticleSize", r.min_particle_size)
    scalar("m_MaxParticleSize", r.max_particle_size)
    scalar("m_LengthScale", r.length_scale)
    scalar("m_VelocityScale", r.velocity_scale)
    scalar("m_SortingOrder", r.sorting_order)
    materials = [m for m in (renderer.get("m_Materials", []) or []) if isinstance(m, Ref)]
    wanted = list(materials)
    if material is not None:
        wanted[:1] = [material]
    if trail is not None:
        if not wanted:
            wanted = [Ref(0)]
        wanted[1:2] = [trail]
    if wanted != materials:
        renderer.set("m_Materials", wanted)
        changed.append("m_Materials")
    if changed:
        loaded.save(ctx)
    return SetRendererOutput(**locate.ComponentIds.of(site), renderer_file_id=renderer.file_id,
                             changed_fields=changed,
                             render_mode=particles.name_of(particles.RENDER_MODES, renderer.get("m_RenderMode", None)),
                             materials=plain(renderer.get("m_Materials", []) or []))
