"""Object operations that move the pivot or bake the Transform into the mesh, leaving the world result unchanged
(Runtime/MeshOperations/MeshTransform.SetPivot/CenterPivot, Editor/MenuActions/Object/FreezeTransform.cs; rc-6.0.4),
and mirroring in place (Editor/MenuActions/Object/MirrorObjects.Mirror without duplicate).
"""

from __future__ import annotations

from collections.abc import Collection

from unitycli.api import UnityCliError
from unitycli_probuilder import f32, geometry, transforms
from unitycli_probuilder.locate import MeshSite
from unitycli_probuilder.meshdata import MeshData


def set_pivot(mesh: MeshData, site: MeshSite, pivot: tuple[float, float, float]) -> tuple[float, ...]:
    """SetPivot: the Transform moves to the mesh-local point `pivot` and every vertex moves by -pivot.

    TranslateVerticesInWorldSpace turns the world offset back through worldToLocalMatrix, which for the pivot's own
    offset is exactly -pivot in local space, whatever the parents; the Transform's local position gains
    R * (S * pivot). Returns the new local position.
    """
    doc = transforms.transform_doc(site)
    trs = transforms.read_trs(doc)
    shift = transforms.mat_vec(trs.linear(), pivot)
    position = tuple(f32.f(trs.position[k] + shift[k]) for k in range(3))
    p32 = f32.v3(*pivot)
    mesh.positions = [f32.vsub(f32.v3(*p), p32) for p in mesh.positions]
    doc.set("m_LocalPosition", transforms.flow(position))
    return position


def bounds_center(mesh: MeshData) -> tuple[float, float, float]:
    """CenterPivot without indexes: the centre of the mesh bounds."""
    lo, hi = geometry.bounds(mesh.positions)  # type: ignore[misc]
    return tuple(f32.f((a + b) / 2) for a, b in zip(lo, hi, strict=True))  # type: ignore[return-value]


def vertices_center(mesh: MeshData, vertices: list[int]) -> tuple[float, float, float]:
    """CenterPivot(indexes): the average of the given vertices."""
    return tuple(f32.f(sum(mesh.positions[v][k] for v in vertices) / len(vertices))  # type: ignore[return-value]
                 for k in range(3))


def freeze(mesh: MeshData, site: MeshSite) -> bool:
    """FreezeTransform: positions become world positions, the Transform identity, every face manual-UV (so its
    UVs stay where they were) and, under a mirroring scale, every face reversed. Returns whether faces flipped.

    The world transform is set to identity only where that is a local identity too: a GameObject whose parents are
    not all identity is refused, since its local values would need the parents' inverse (shear under non-uniform
    scale has no TRS)."""
    chain = transforms.chain(site)
    for parent in chain[1:]:
        if parent.position != (0, 0, 0) or parent.rotation not in ((0, 0, 0, 1), (0, 0, 0, -1)) \
                or parent.scale != (1, 1, 1):
            raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED",
                                f"{site.path!r} has a parent with a non-identity Transform; freeze it at the root "
                                "(or freeze the parents first)", details={"gameObject": site.path})
    trs = chain[0]
    linear = trs.linear()
    mesh.positions = [tuple(f32.f(c) for c in geometry.add(transforms.mat_vec(linear, f32.vec3(p)), trs.position))
                      for p in mesh.positions]
    flip = trs.scale[0] * trs.scale[1] * trs.scale[2] < 0
    for face in mesh.faces:
        face.manual_uv = 1
        if flip:
            face.indexes.reverse()
    doc = transforms.transform_doc(site)
    doc.set("m_LocalPosition", transforms.flow((0, 0, 0)))
    doc.set("m_LocalRotation", transforms.flow((0, 0, 0, 1), "xyzw"))
    doc.set("m_LocalScale", transforms.flow((1, 1, 1)))
    if "m_LocalEulerAnglesHint" in doc.to_python():  # the Inspector's rotation hint, written since Unity 2018
        doc.set("m_LocalEulerAnglesHint", transforms.flow((0, 0, 0)))
    return flip


def mirror(mesh: MeshData, axes: Collection[str]) -> bool:
    """MirrorObjects.Mirror(pb, scale, duplicate: false): the scale (-1 on each mirrored axis) is frozen into the
    vertices (FreezeScaleTransform), an odd number of axes reverses every face so the normals still point out, and
    the Transform keeps its own scale. Returns whether the faces were reversed."""
    scale = tuple(-1.0 if axis in axes else 1.0 for axis in "xyz")
    mesh.positions = [tuple(f32.f(c * k) for c, k in zip(p, scale, strict=True)) for p in mesh.positions]
    flip = len(axes) % 2 == 1
    if flip:
        for face in mesh.faces:
            face.indexes.reverse()
    return flip
