"""The ProBuilderShape component in the layout of the project's ProBuilder version.

Runtime/Shapes/ProBuilderShape.cs serializes `[SerializeReference] m_Shape` (written as `rid:` + a `references`
block naming the shape class) and then, in 5.2.x: `m_Size, m_Rotation, m_PivotLocation, m_PivotPosition,
m_UnmodifiedMeshVersion, m_ShapeBox{m_Center, m_Extent}`; in 6.0.x: `m_ShapeRotation, m_UnmodifiedMeshVersion, m_Size,
m_LocalCenter` (chicken-defense `Game.unity` line 3040 and minigolf `Wall Right.prefab` show both). A shape made
by ShapeFactory at the pivot has a centred box: 5.2 stores the bounds the generator returned before fitting (unit
size for a plane, |size| for a cube), 6.0 only the local centre.
"""

from __future__ import annotations

import random
from typing import Any

from unitycli.api import Flow
from unitycli_probuilder.layout import Layout

_IDENTITY = Flow((("x", 0), ("y", 0), ("z", 0), ("w", 1)))


def _vec(x: float, y: float, z: float) -> Flow:
    return Flow((("x", x), ("y", y), ("z", z)))


def new_rid(rng: random.Random | None = None) -> int:
    """A SerializeReference id: Unity uses large positive 64-bit values (6846176279860609025 in chicken-defense)."""
    return (rng or random.SystemRandom()).randint(2**60, 2**63 - 1)


def shape_fields(layout: Layout, shape: str, size: tuple[float, float, float], version_index: int, rid: int,
                 *, width_cuts: int = 1, height_cuts: int = 1) -> dict[str, Any]:
    """The ProBuilderShape body after the MonoBehaviour header, for `shape` "cube" or "plane"."""
    cls = "Cube" if shape == "cube" else "Plane"
    data: Any = "" if shape == "cube" else {"m_HeightSegments": height_cuts, "m_WidthSegments": width_cuts}
    references = {"version": 2, "RefIds": [{
        "rid": rid, "type": Flow((("class", cls), ("ns", "UnityEngine.ProBuilder.Shapes"), ("asm", "Unity.ProBuilder"))),
        "data": data}]}
    sx, sy, sz = size
    if shape == "plane":
        sy = 0.0
    if layout == "5.2":
        extent = (0.5, 0.0, 0.5) if shape == "plane" else (abs(sx) / 2, abs(sy) / 2, abs(sz) / 2)
        return {"m_Shape": {"rid": rid}, "m_Size": _vec(sx, sy, sz), "m_Rotation": _IDENTITY, "m_PivotLocation": 0,
                "m_PivotPosition": _vec(0, 0, 0), "m_UnmodifiedMeshVersion": version_index,
                "m_ShapeBox": {"m_Center": _vec(0, 0, 0), "m_Extent": _vec(*extent)}, "references": references}
    return {"m_Shape": {"rid": rid}, "m_ShapeRotation": _IDENTITY, "m_UnmodifiedMeshVersion": version_index,
            "m_Size": _vec(sx, sy, sz), "m_LocalCenter": _vec(0, 0, 0), "references": references}
