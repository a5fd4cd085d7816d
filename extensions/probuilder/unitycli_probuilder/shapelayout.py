"""The ProBuilderShape component in the layout of the project's ProBuilder version.

Runtime/Shapes/ProBuilderShape.cs serializes `[SerializeReference] m_Shape` (written as `rid:` + a `references`
block naming the shape class) and then, in 5.2.x: `m_Size, m_Rotation, m_PivotLocation, m_PivotPosition,
m_UnmodifiedMeshVersion, m_ShapeBox{m_Center, m_Extent}`; in 6.0.x: `m_ShapeRotation, m_UnmodifiedMeshVersion, m_Size,
m_LocalCenter` (chicken-defense `Game.unity` line 3040 and minigolf `Wall Right.prefab` show both). A shape made
by ShapeFactory at the pivot has a centred box: 5.2 stores the bounds the generator returned before fitting (unit
size for a plane, |size| for a cube, (2r, h, 2r) for a cone as chicken-defense `Snake.prefab` shows), 6.0 only
the local centre.
"""

from __future__ import annotations

import random
from typing import Any

from unitycli.api import Flow
from unitycli_probuilder.layout import Layout
from unitycli_probuilder.shapegen import ShapeKind
from unitycli_probuilder.shapegen.common import Built

_IDENTITY = Flow((("x", 0), ("y", 0), ("z", 0), ("w", 1)))


def _vec(x: float, y: float, z: float) -> Flow:
    return Flow((("x", x), ("y", y), ("z", z)))


def new_rid(rng: random.Random | None = None) -> int:
    """A SerializeReference id: Unity uses large positive 64-bit values (6846176279860609025 in chicken-defense)."""
    return (rng or random.SystemRandom()).randint(2**60, 2**63 - 1)


def shape_data(kind: ShapeKind, options: dict[str, Any]) -> Any:
    """The `data:` of the shape's SerializeReference entry: its fields in declaration order, bools as 0/1."""
    if not kind.params:
        return ""
    return {p.field: int(options[p.name]) if p.kind is bool else options[p.name] for p in kind.params}


def shape_fields(layout: Layout, kind: ShapeKind, size: tuple[float, float, float], options: dict[str, Any],
                 built: Built, version_index: int, rid: int) -> dict[str, Any]:
    """The ProBuilderShape body after the MonoBehaviour header, for a shape made at the pivot."""
    references = {"version": 2, "RefIds": [{
        "rid": rid, "type": Flow((("class", kind.cls), ("ns", "UnityEngine.ProBuilder.Shapes"),
                                  ("asm", "Unity.ProBuilder"))),
        "data": shape_data(kind, options)}]}
    sx, sy, sz = size
    if layout == "5.2":
        extent = tuple(abs(c) / 2 for c in built.box_size)
        return {"m_Shape": {"rid": rid}, "m_Size": _vec(sx, sy, sz), "m_Rotation": _IDENTITY, "m_PivotLocation": 0,
                "m_PivotPosition": _vec(0, 0, 0), "m_UnmodifiedMeshVersion": version_index,
                "m_ShapeBox": {"m_Center": _vec(*built.box_center), "m_Extent": _vec(*extent)},
                "references": references}
    return {"m_Shape": {"rid": rid}, "m_ShapeRotation": _IDENTITY, "m_UnmodifiedMeshVersion": version_index,
            "m_Size": _vec(sx, sy, sz), "m_LocalCenter": _vec(0, 0, 0), "references": references}
