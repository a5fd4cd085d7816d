"""Wavefront OBJ and MTL text for one ProBuilder mesh, in the convention of ProBuilder's own exporter.

ProBuilder's ObjExporter defaults to right-handed output: x is negated and each triangle's winding reversed, so
the model faces the same way in tools that expect OBJ's right-handed axes. `left` keeps Unity's coordinates.
Vertices are written one per ProBuilder vertex (no welding), so `v` line N is vertex N-1 of the mesh.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from unitycli.api import format_float
from unitycli_probuilder import geometry
from unitycli_probuilder.meshdata import MeshData

Handedness = Literal["right", "left"]


def _num(value: float) -> str:
    return format_float(value)


@dataclass
class ObjText:
    obj: str
    mtl: str
    triangles: int


def _safe(name: str) -> str:
    return "_".join(name.split()) or "unnamed"


def build_obj(name: str, data: MeshData, material_names: list[str], mtl_file: str, *,
              handedness: Handedness = "right", legacy_hard_groups: bool = False) -> ObjText:
    """`material_names[i]` names the material of submesh i (faces clamp their index like ProBuilder's ToMesh)."""
    flip = -1.0 if handedness == "right" else 1.0
    normals = geometry.vertex_normals(data, legacy_hard_range=legacy_hard_groups)
    lines = ["# unitycli probuilder.export-obj", f"mtllib ./{mtl_file}", f"o {_safe(name)}"]
    for x, y, z in data.positions:
        lines.append(f"v {_num(x * flip)} {_num(y)} {_num(z)}")
    has_uv = len(data.textures0) == data.vertex_count and data.vertex_count > 0
    if has_uv:
        lines += [f"vt {_num(u)} {_num(v)}" for u, v in data.textures0]
    lines += [f"vn {_num(n[0] * flip)} {_num(n[1])} {_num(n[2])}" for n in normals]
    lines.append(f"g {_safe(name)}")
    by_submesh: dict[int, list[list[int]]] = {}
    last = max(len(material_names) - 1, 0)
    for face in data.faces:
        by_submesh.setdefault(max(0, min(face.submesh_index, last)), []).append(face.indexes)
    triangles = 0
    for submesh in sorted(by_submesh):
        lines.append(f"usemtl {material_names[submesh] if material_names else 'null'}")
        for indexes in by_submesh[submesh]:
            for t in range(0, len(indexes) - 2, 3):
                tri = indexes[t:t + 3]
                if handedness == "right":
                    tri = tri[::-1]
                corners = [f"{i + 1}/{i + 1}/{i + 1}" if has_uv else f"{i + 1}//{i + 1}" for i in tri]
                lines.append("f " + " ".join(corners))
                triangles += 1
    mtl = ["# unitycli probuilder.export-obj"]
    for material in dict.fromkeys(material_names or ["null"]):
        mtl += ["", f"newmtl {material}", "Kd 1 1 1"]
    return ObjText("\n".join(lines) + "\n", "\n".join(mtl) + "\n", triangles)
