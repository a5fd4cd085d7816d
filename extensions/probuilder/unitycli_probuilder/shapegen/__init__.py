"""Every ProBuilder shape generator, with the serialized parameters of its Shape class and their defaults.

One entry per class in Runtime/Shapes (rc-6.0.4; the generators and their fields are identical in rc-5.2.2). A
parameter is written into the ProBuilderShape's `references` block under its C# field name, in declaration order
(minigolf `Main Menu.unity` shows Cylinder, Pipe and Plane, chicken-defense `Snake.prefab` Cone, in this order);
ranges are the fields' [Range]/[Min] attributes, refused here rather than clamped as the Inspector would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.shapegen import boxes, curved, radial, stairs
from unitycli_probuilder.shapegen.common import Built


@dataclass(frozen=True)
class Param:
    name: str  # the option key: the C# field without `m_`, camelCase
    kind: type  # int, float or bool
    default: float | int | bool
    lo: float | None = None
    hi: float | None = None

    @property
    def field(self) -> str:
        return "m_" + self.name[0].upper() + self.name[1:]


@dataclass(frozen=True)
class ShapeKind:
    name: str
    cls: str  # the C# class in UnityEngine.ProBuilder.Shapes
    params: tuple[Param, ...]
    build: Callable[[Vec3, dict[str, Any]], Built]
    flat: bool = False  # plane and sprite: size.y is 0 (ProBuilderShape.SetShape)
    summary: str = ""


_SMOOTH = Param("smooth", bool, True)
SHAPES: dict[str, ShapeKind] = {s.name: s for s in (
    ShapeKind("cube", "Cube", (), boxes.cube, summary="a box"),
    ShapeKind("sphere", "Sphere", (Param("subdivisions", int, 3, 1, 5), _SMOOTH), curved.sphere,
              summary="an icosphere"),
    ShapeKind("cylinder", "Cylinder", (Param("axisDivisions", int, 6, 3, 64), Param("heightCuts", int, 0, 0, 128),
                                       _SMOOTH), radial.cylinder),
    ShapeKind("cone", "Cone", (Param("numberOfSides", int, 6, 3, 64), _SMOOTH), radial.cone),
    ShapeKind("prism", "Prism", (), boxes.prism, summary="a triangular prism"),
    ShapeKind("torus", "Torus", (Param("rows", int, 16, 3, 64), Param("columns", int, 24, 3, 64),
                                 Param("tubeRadius", float, 0.1, 0.01), Param("horizontalCircumference", float, 360, 0, 360),
                                 Param("verticalCircumference", float, 360, 0, 360), _SMOOTH), curved.torus),
    ShapeKind("pipe", "Pipe", (Param("thickness", float, 0.25, 0.01), Param("numberOfSides", int, 6, 3, 64),
                               Param("heightCuts", int, 0, 0, 31), _SMOOTH), radial.pipe),
    ShapeKind("arch", "Arch", (Param("thickness", float, 0.1, 0.01), Param("numberOfSides", int, 5, 2, 200),
                               Param("archDegrees", float, 180, 1, 360), Param("endCaps", bool, True), _SMOOTH),
              radial.arch),
    ShapeKind("door", "Door", (Param("doorHeight", float, 0.5, 0.01), Param("legWidth", float, 0.75, 0.01)),
              boxes.door),
    ShapeKind("stairs", "Stairs", (Param("stepGenerationType", int, 1, 0, 1), Param("stepsHeight", float, 0.2, 0.01),
                                   Param("stepsCount", int, 10, 1, 256), Param("homogeneousSteps", bool, True),
                                   Param("circumference", float, 0, -360, 360), Param("sides", bool, True),
                                   Param("innerRadius", float, 0, 0)), stairs.stairs,
              summary="straight, or curved with a non-zero circumference"),
    ShapeKind("plane", "Plane", (Param("heightSegments", int, 1, 0, 64), Param("widthSegments", int, 1, 0, 64)),
              boxes.plane, flat=True),
    ShapeKind("sprite", "Sprite", (), boxes.sprite, flat=True, summary="a single quad"),
)}


def describe_options() -> str:
    """One line per shape with its option keys and defaults, for the tool's schema description."""
    lines = []
    for shape in SHAPES.values():
        opts = ", ".join(f"{p.name}={str(p.default).lower() if p.kind is bool else p.default}" for p in shape.params)
        lines.append(f"{shape.name}: {opts or '(none)'}")
    return "; ".join(lines)
