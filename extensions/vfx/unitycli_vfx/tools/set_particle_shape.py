"""`vfx.set-particle-shape`: where a ParticleSystem emits from (shape type, angle, radius, arc, transform)."""

from __future__ import annotations

from typing import Any, Literal

from unitycli.api import Field, ToolContext
from unitycli_vfx import locate, particles
from unitycli_vfx.inputs import EditTarget, require_settings
from unitycli_vfx.values import Vec3, plain, set_if_changed, set_vector

S = "ShapeModule"
ShapeType = Literal["sphere", "hemisphere", "cone", "box", "mesh", "coneVolume", "circle", "edge", "meshRenderer",
                    "skinnedMeshRenderer", "boxShell", "boxEdge", "donut", "rectangle", "sprite", "spriteRenderer"]


class SetShapeInput(EditTarget):
    enabled: bool | None = None
    type: ShapeType | None = Field(None, description="Shape type (ParticleSystemShapeType)")
    angle: float | None = Field(None, ge=0, le=90, description="Cone angle in degrees")
    radius: float | None = Field(None, ge=0, description="Radius (sphere, hemisphere, cone, circle, edge, donut)")
    radius_thickness: float | None = Field(None, ge=0, le=1, description="0 emits from the surface, 1 the volume")
    arc: float | None = Field(None, ge=0, le=360, description="Arc in degrees")
    length: float | None = Field(None, ge=0, description="Cone length (coneVolume)")
    donut_radius: float | None = Field(None, ge=0)
    position: Vec3 | None = Field(None, description="Offset of the shape")
    rotation: Vec3 | None = Field(None, description="Euler angles of the shape in degrees")
    scale: Vec3 | None = None
    align_to_direction: bool | None = None
    random_direction_amount: float | None = Field(None, ge=0, le=1)
    spherical_direction_amount: float | None = Field(None, ge=0, le=1)
    random_position_amount: float | None = Field(None, ge=0)


class SetShapeOutput(locate.ComponentIds):
    changed_fields: list[str]
    shape: dict[str, Any] = Field(description="The shape module after the edit, decoded")


def set_particle_shape(ctx: ToolContext, request: SetShapeInput) -> SetShapeOutput:
    r = request
    require_settings(r, "shape")
    loaded, site = locate.find_for_edit(ctx, r, locate.PARTICLE_SYSTEM)
    doc = site.component
    particles.check_writable(doc, "shape", site.file)
    changed: list[str] = []

    def scalar(key: str, value: Any) -> None:
        if value is not None and set_if_changed(doc, f"{S}.{key}", value):
            changed.append(f"{S}.{key}")

    scalar("enabled", None if r.enabled is None else int(r.enabled))
    scalar("type", None if r.type is None else particles.SHAPE_TYPES[r.type])
    scalar("angle", r.angle)
    scalar("length", r.length)
    scalar("radiusThickness", r.radius_thickness)
    scalar("donutRadius", r.donut_radius)
    scalar("radius.value", r.radius)
    scalar("arc.value", r.arc)
    scalar("alignToDirection", None if r.align_to_direction is None else int(r.align_to_direction))
    scalar("randomDirectionAmount", r.random_direction_amount)
    scalar("sphericalDirectionAmount", r.spherical_direction_amount)
    scalar("randomPositionAmount", r.random_position_amount)
    for key, vector in (("m_Position", r.position), ("m_Rotation", r.rotation), ("m_Scale", r.scale)):
        if vector is not None and set_vector(doc, f"{S}.{key}", vector):
            changed.append(f"{S}.{key}")
    if changed:
        loaded.save(ctx)
    shape = plain(doc.get(S))
    shape["type"] = particles.name_of(particles.SHAPE_TYPES, shape.get("type"))
    return SetShapeOutput(**locate.ComponentIds.of(site), changed_fields=changed, shape=shape)
