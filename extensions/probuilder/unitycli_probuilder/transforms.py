"""Transform math for object-level edits: a GameObject's local TRS and its chain to world space.

Unity's Transform composes T * R * S per level (localToWorldMatrix); ProBuilder moves world-space offsets into the
mesh with `worldToLocalMatrix * offset` as a direction (VertexPositioning.TranslateVerticesInWorldSpace), which
is the inverse of the chain's 3x3 part. Only Transforms written in the file can be read: a GameObject under a
prefab instance's stripped Transform has no readable chain, and world-space edits refuse it.
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.api import Document, Flow, SceneNode, UnityCliError
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.locate import MeshSite

Quat = tuple[float, float, float, float]
Mat3 = tuple[Vec3, Vec3, Vec3]  # rows


@dataclass
class Trs:
    position: Vec3
    rotation: Quat
    scale: Vec3

    def linear(self) -> Mat3:
        """R * diag(S)."""
        sx, sy, sz = self.scale
        r0, r1, r2 = rotation_matrix(self.rotation)
        return ((r0[0] * sx, r0[1] * sy, r0[2] * sz), (r1[0] * sx, r1[1] * sy, r1[2] * sz),
                (r2[0] * sx, r2[1] * sy, r2[2] * sz))


def _vec(doc: Document, key: str, names: str = "xyz") -> tuple[float, ...]:
    value = doc.to_python().get(key)
    if not isinstance(value, dict) or any(not isinstance(value.get(n), int | float) for n in names):
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"Transform &{doc.file_id} has no readable {key}",
                            details={"fileID": doc.file_id, "field": key})
    return tuple(float(value[n]) for n in names)


def read_trs(doc: Document) -> Trs:
    (px, py, pz), (qx, qy, qz, qw) = _vec(doc, "m_LocalPosition"), _vec(doc, "m_LocalRotation", "xyzw")
    sx, sy, sz = _vec(doc, "m_LocalScale")
    return Trs((px, py, pz), (qx, qy, qz, qw), (sx, sy, sz))


def transform_doc(site: MeshSite, node: SceneNode | None = None) -> Document:
    node = node or site.node
    doc = site.yaml.find(node.transform_id) if node.transform_id is not None else None
    if doc is None or doc.class_name not in ("Transform", "RectTransform"):
        raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED",
                            f"{node.path!r} has no Transform written in {site.file} (a prefab instance's part?)",
                            details={"file": site.file, "gameObject": node.path})
    return doc


def rotation_matrix(q: Quat) -> Mat3:
    x, y, z, w = q
    return ((1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)),
            (2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)),
            (2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)))


def mat_mul(a: Mat3, b: Mat3) -> Mat3:
    columns = ((b[0][0], b[1][0], b[2][0]), (b[0][1], b[1][1], b[2][1]), (b[0][2], b[1][2], b[2][2]))
    return mat_vec(columns, a[0]), mat_vec(columns, a[1]), mat_vec(columns, a[2])


def mat_vec(a: Mat3, v: Vec3) -> Vec3:
    return _dot(a[0], v), _dot(a[1], v), _dot(a[2], v)


def _dot(row: Vec3, v: Vec3) -> float:
    return sum(row[k] * v[k] for k in range(3))


def inverse(m: Mat3) -> Mat3:
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    if abs(det) < 1e-12:
        raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", "the GameObject's Transform has a zero scale, so a world "
                            "offset has no local equivalent", details={})
    return (((e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det),
            ((f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det),
            ((d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det))


def chain(site: MeshSite) -> list[Trs]:
    """The TRS of the GameObject and each ancestor, the GameObject first."""
    out = []
    node: SceneNode | None = site.node
    while node is not None:
        out.append(read_trs(transform_doc(site, node)))
        node = node.parent
    return out


def world_linear(site: MeshSite) -> Mat3:
    m: Mat3 = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for trs in chain(site):
        m = mat_mul(trs.linear(), m)
    return m


def flow(v: tuple[float, ...], names: str = "xyz") -> Flow:
    return Flow(tuple(zip(names, (0.0 if c == 0 else c for c in v), strict=True)))


def rotation_of(trs_chain: list[Trs]) -> Mat3:
    """The chain's world rotation alone (Transform.TransformDirection ignores scale)."""
    m: Mat3 = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for trs in trs_chain:
        m = mat_mul(rotation_matrix(trs.rotation), m)
    return m


def to_world(trs_chain: list[Trs], p: Vec3) -> Vec3:
    """Transform.TransformPoint: each level's T * R * S, the GameObject's first."""
    for trs in trs_chain:
        (x, y, z), (tx, ty, tz) = mat_vec(trs.linear(), p), trs.position
        p = (x + tx, y + ty, z + tz)
    return p


def from_world(trs_chain: list[Trs], p: Vec3) -> Vec3:
    """Transform.InverseTransformPoint: the levels undone from the root down."""
    for trs in reversed(trs_chain):
        (x, y, z), (tx, ty, tz) = p, trs.position
        p = mat_vec(inverse(trs.linear()), (x - tx, y - ty, z - tz))
    return p
