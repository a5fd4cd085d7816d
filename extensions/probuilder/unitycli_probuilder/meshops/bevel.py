"""Bevelling edges: Bevel.BevelEdges (Runtime/MeshOperations/Bevel.cs, rc-6.0.4), step by step.

The two faces of each edge slide their edge back along their neighbouring edges (and become manual-UV), a quad
bridges the gap, every other face touching a moved corner is rebuilt with that corner split in two, and where
three or more new corners meet a cap fills the hole; new faces are then wound like their neighbours. Vertex
arithmetic is ProBuilder's (Vertex -, Normalize, *, +): on every per-vertex array, each vector normalized on its
own, in float32 per step. The rebuilt polygons are ear-clipped where ProBuilder uses Poly2Tri.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from unitycli.api import Ref, UnityCliError
from unitycli_probuilder import f32, geometry, ids
from unitycli_probuilder.meshdata import VERTEX_ARRAYS, Face, MeshData
from unitycli_probuilder.meshops.base import keep_vertices, remove_faces
from unitycli_probuilder.meshops.connect import Attrs, ear_clip, outline, vertex_attrs
from unitycli_probuilder.meshops.edgesplit import average
from unitycli_probuilder.meshops.winged import Wing, build
from unitycli_probuilder.shapegen.common import shared_by_position

MIN_AMOUNT = 0.001  # BevelEdges gives up below this and keeps each slide 0.001 short of the next corner
Corner = int | Attrs  # a rebuilt face's corner: a live vertex (its value read when applied) or a new value


def _sub(a: Attrs, b: Attrs) -> Attrs:
    return {k: tuple(f32.f(x - y) for x, y in zip(a[k], b[k], strict=True)) for k in a}


def _add(a: Attrs, b: Attrs) -> Attrs:
    return {k: tuple(f32.f(x + y) for x, y in zip(a[k], b[k], strict=True)) for k in a}


def _times(a: Attrs, k: float) -> Attrs:
    return {key: tuple(f32.mul(x, k) for x in v) for key, v in a.items()}


def _normalized(a: Attrs) -> Attrs:
    """Vertex.Normalize: every vector on its own, zero when shorter than 1e-5 (Unity's kEpsilon)."""
    out: Attrs = {}
    for k, v in a.items():
        mag = f32.f(math.sqrt(f32.f(sum(f32.f(c * c) for c in v))))
        out[k] = tuple(f32.div(c, mag) for c in v) if mag > 1e-5 else tuple(0.0 for _ in v)
    return out


def _normal(points: list[tuple[float, ...]], triangles: list[int]) -> tuple[float, ...]:
    """Math.Normal(vertices, indexes): the mean of the triangle normals, normalized."""
    total: tuple[float, ...] = (0.0, 0.0, 0.0)
    for t in range(0, len(triangles) - 2, 3):
        total = geometry.add(total, geometry.triangle_normal(*(points[i] for i in triangles[t:t + 3])))
    return geometry.normalized(total)


class _Rebuild:
    """FaceRebuildData: a face and its corners, appended to the mesh later."""

    def __init__(self, face: Face, corners: Sequence[Corner]) -> None:
        self.face, self.corners, self.offset = face, corners, -1


def _leading(wing: Wing, common: int) -> tuple[int, int] | None:
    """GetLeadingEdge: the neighbouring edge of the ring at `common`, pointing towards it."""
    for other in (wing.previous, wing.next):
        if other is None:
            continue
        if other.common[0] == common:
            return other.local[1], other.local[0]
        if other.common[1] == common:
            return other.local
    return None


def _slide(mesh: MeshData, verts: list[Attrs], wing: Wing, amount: float) -> None:
    """SlideEdge: the face goes manual-UV without a texture group; its edge's ends move back along their sides."""
    face = mesh.faces[wing.face]
    face.manual_uv, face.texture_group = 1, -1
    along_a, along_b = _leading(wing, wing.common[0]), _leading(wing, wing.common[1])
    if along_a is None or along_b is None:
        return
    x = _normalized(_sub(verts[along_a[0]], verts[along_a[1]]))
    y = _normalized(_sub(verts[along_b[0]], verts[along_b[1]]))
    verts[wing.local[0]] = _add(verts[wing.local[0]], _times(x, amount))
    verts[wing.local[1]] = _add(verts[wing.local[1]], _times(y, amount))


def _value(verts: list[Attrs], corner: Corner) -> Attrs:
    return verts[corner] if isinstance(corner, int) else corner


def _bridge(mesh: MeshData, verts: list[Attrs], left: Wing, right: Wing,
            holes: dict[int, list[tuple[_Rebuild, list[int]]]]) -> _Rebuild:
    """GetBridgeFaces: the quad between the two slid edges, wound like the left face."""
    a, b = left, right
    same = a.common[0] == b.common[0]
    corners: list[Corner] = [a.local[0], a.local[1], b.local[0] if same else b.local[1],
                             b.local[1] if same else b.local[0]]
    points = [verts[v]["m_Positions"] for v in range(len(verts))]
    an = _normal(points, mesh.faces[left.face].indexes)
    quad = [verts[c]["m_Positions"] for c in corners]  # type: ignore[index]
    bn = _normal(quad, [2, 1, 0])
    triangles = [2, 1, 0, 2, 3, 1]
    if geometry.dot(an, bn) < 0:
        triangles.reverse()
    face = Face(triangles, smoothing_group=-1, material=Ref(0),
                submesh_index=mesh.faces[left.face].submesh_index, element_group=-1, texture_group=-1)
    built = _Rebuild(face, corners)
    holes.setdefault(a.common[0], []).append((built, [0, 2]))
    holes.setdefault(a.common[1], []).append((built, [1, 3]))
    return built


def _explode(mesh: MeshData, verts: list[Attrs], splits: list[tuple[Wing, int]], amount: float,
             holes: dict[int, list[tuple[_Rebuild, list[int]]]]) -> _Rebuild:
    """VertexEditing.ExplodeVertex: the face again, each split corner replaced by two points `amount` along its
    two sides."""
    f = splits[0][0].face
    source = mesh.faces[f]
    loop = outline(mesh, f)
    points = [v["m_Positions"] for v in verts]
    old_normal = _normal(points, source.indexes)
    to_split: dict[int, int] = {}
    for wing, common in splits:
        to_split.setdefault(wing.local[0] if common == wing.common[0] else wing.local[1], common)
    corners: list[Corner] = []
    appended: dict[int, list[int]] = {}
    count = len(loop)
    for i in range(count):
        index = loop[(i + 1) % count]  # perimeter[i].b
        if index in to_split:
            before, after = verts[loop[i]], verts[loop[(i + 2) % count]]
            lead = _normalized(_sub(before, verts[index]))
            follow = _normalized(_sub(after, verts[index]))
            appended.setdefault(to_split[index], []).append(len(corners))
            corners.append(_add(verts[index], _times(lead, amount)))
            appended[to_split[index]].append(len(corners))
            corners.append(_add(verts[index], _times(follow, amount)))
        else:
            corners.append(index)
    positions = [_value(verts, c)["m_Positions"] for c in corners]
    try:
        triangles = ear_clip(positions)
    except UnityCliError as exc:  # ExplodeVertex returns null and BevelEdges deletes the face: a hole. Refuse.
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID",
                            f"face {f} cannot be rebuilt around the bevelled corner: its outline does not flatten "
                            "to a simple polygon (ProBuilder would delete it and leave a hole)",
                            details={"face": f}) from exc
    if geometry.dot(old_normal, _normal(positions, triangles)) < 0:
        triangles.reverse()
    built = _Rebuild(source.copy(triangles), corners)
    for common, found in appended.items():
        holes.setdefault(common, []).append((built, found))
    return built


def _apply(mesh: MeshData, verts: list[Attrs], rebuilt: list[_Rebuild]) -> None:
    """FaceRebuildData.Apply: each face's corners appended to every per-vertex array, the face last."""
    for item in rebuilt:
        item.offset = len(verts)
        verts.extend(dict(_value(verts, c)) for c in item.corners)
        item.face.indexes = [i + item.offset for i in item.face.indexes]
        mesh.faces.append(item.face)


def _store(mesh: MeshData, verts: list[Attrs]) -> None:
    for key in VERTEX_ARRAYS:
        if mesh.vertex_array(key):
            mesh.set_vertex_array(key, [v[key] for v in verts])


def _winding_edge(mesh: MeshData, wing: Wing) -> tuple[int, int] | None:
    """GetCommonEdgeInWindingOrder: the common edge as the face's first triangle holding it runs it."""
    idx = mesh.faces[wing.face].indexes
    x, y = wing.local
    for t in range(0, len(idx) - 2, 3):
        a, b, c = idx[t:t + 3]
        if (x, y) in ((a, b), (b, c), (c, a)):
            return wing.common
        if (x, y) in ((b, a), (c, b), (a, c)):
            return wing.common[1], wing.common[0]
    return None


def _clamp(verts: list[Attrs], wings: list[Wing], chosen: list[tuple[int, int]], amount: float) -> float:
    """No slide may reach a corner: the amount is kept 0.001 short of every edge at a moved corner (GetSpokes)."""
    spokes: dict[int, list[Wing]] = {}
    for wing in wings:
        for c in wing.common:
            spokes.setdefault(c, []).append(wing)
    for c in dict.fromkeys(c for common in chosen for c in common):
        for wing in spokes.get(c, []):
            p, q = (verts[v]["m_Positions"] for v in wing.local)
            amount = min(f32.f(f32.f(geometry.length(geometry.sub(p, q))) - f32.f(MIN_AMOUNT)), amount)
    return amount


class _Bevel:
    """One BevelEdges run: the live vertex values, the wings, and what each phase hands to the next."""

    def __init__(self, mesh: MeshData) -> None:
        self.mesh, self.amount = mesh, 0.0
        self.verts = [vertex_attrs(mesh, v) for v in range(mesh.vertex_count)]
        self.wings = build(mesh, list(range(len(mesh.faces))))
        self.holes: dict[int, list[tuple[_Rebuild, list[int]]]] = {}
        self.rebuilt: list[_Rebuild] = []

    def slide_edges(self, chosen: list[tuple[int, int]]) -> tuple[dict[int, set[int]], list[int], list[int]]:
        """Each closed edge: both faces slide, a bridge fills the gap. Returns the corners each slid face already
        handles, the moved corners and the slid faces."""
        handled: dict[int, set[int]] = {}
        moved: dict[int, None] = {}
        slid: list[int] = []
        for common in chosen:
            we = next((w for w in self.wings if w.key == frozenset(common)), None)
            if we is None or we.opposite is None:
                continue
            for w in (we, we.opposite):
                handled.setdefault(w.face, set()).update(we.common)
                slid.append(w.face)
            moved.update(dict.fromkeys(we.common))
            _slide(self.mesh, self.verts, we, self.amount)
            _slide(self.mesh, self.verts, we.opposite, self.amount)
            self.rebuilt.append(_bridge(self.mesh, self.verts, we, we.opposite, self.holes))
        return handled, list(moved), slid

    def explode_corners(self, handled: dict[int, set[int]], moved: list[int]) -> list[int]:
        """Every other face at a moved corner is rebuilt with the corner split; returns those source faces."""
        grouped: dict[int, list[tuple[Wing, int]]] = {}
        for c in moved:
            used: set[int] = set()
            for wing in self.wings:
                if c in wing.common and c not in handled.get(wing.face, set()) and wing.face not in used:
                    used.add(wing.face)
                    grouped.setdefault(wing.face, []).append((wing, c))
        for splits in grouped.values():
            self.rebuilt.append(_explode(self.mesh, self.verts, splits, self.amount, self.holes))
        return list(grouped)

    def cap_holes(self, removed: int) -> list[_Rebuild]:
        """Where three or more distinct new corners meet: a triangle, or a fan around their average."""
        mesh = self.mesh
        table = {v: g for g, group in enumerate(mesh.shared_vertices) for v in group}
        first = [group[0] for group in mesh.shared_vertices]
        index = {id(face): i for i, face in enumerate(mesh.faces)}
        modified = build(mesh, [index[id(r.face)] for r in self.rebuilt])
        verts = [vertex_attrs(mesh, v) for v in range(mesh.vertex_count)]
        caps: list[_Rebuild] = []
        for paths in self.holes.values():
            if sum(len(p) for _, p in paths) < 3:
                continue
            hole = list(dict.fromkeys(table[i + item.offset - removed] for item, path in paths for i in path))
            if len(hole) < 3:
                continue
            path = hole if len(hole) < 4 else _hole_path(modified, set(hole))
            if path is None:
                continue
            ring = [dict(verts[first[g]]) for g in path]
            if len(ring) == 3:
                caps.append(_Rebuild(_new_face(), ring))
                continue
            centre = average(ring)
            caps += [_Rebuild(_new_face(), [ring[i], centre, ring[(i + 1) % len(ring)]]) for i in range(len(ring))]
        _apply(mesh, verts, caps)
        _store(mesh, verts)
        return caps


def _new_face() -> Face:
    """new Face(new int[] {0, 1, 2}): the default material, tile UVs, no smoothing or texture group."""
    return Face([0, 1, 2], material=ids.DEFAULT_MATERIAL, element_group=0)


def bevel(mesh: MeshData, edges: list[tuple[int, int]], amount: float) -> list[int]:
    """BevelEdges; returns every face whose vertices changed or were made."""
    table = {v: g for g, group in enumerate(mesh.shared_vertices) for v in group}
    chosen: list[tuple[int, int]] = []
    for a, b in edges:
        common = (table[a], table[b])
        if common not in chosen and common[::-1] not in chosen:
            chosen.append(common)
    run = _Bevel(mesh)
    run.amount = _clamp(run.verts, run.wings, chosen, amount)
    if run.amount < f32.f(MIN_AMOUNT):
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID",
                            "the bevel does not fit: a side next to these edges is shorter than 0.001",
                            details={"edges": [list(e) for e in edges]})
    handled, moved, slid_faces = run.slide_edges(chosen)
    if not run.rebuilt:
        raise UnityCliError("E_PROBUILDER_ELEMENTS_INVALID", "open edges cannot be bevelled (each needs two faces)",
                            details={"edges": [list(e) for e in edges]})
    bridges = [r.face for r in run.rebuilt]
    exploded = set(run.explode_corners(handled, moved))
    _apply(mesh, run.verts, run.rebuilt)
    _store(mesh, run.verts)
    # DeleteFaces: the exploded faces go with their vertices (a vertex another face still uses stays)
    kept = [f for f in range(len(mesh.faces)) if f not in exploded]
    still = {v for f in kept for v in mesh.faces[f].indexes}
    gone = {v for f in exploded for v in mesh.faces[f].distinct} - still
    slid = [id(mesh.faces[f]) for f in slid_faces if f not in exploded]
    remove_faces(mesh, exploded)
    keep_vertices(mesh, [v for v in range(mesh.vertex_count) if v not in gone])
    mesh.shared_textures = []
    mesh.shared_vertices = shared_by_position(mesh.positions)
    caps = run.cap_holes(len(gone))
    mesh.shared_vertices = shared_by_position(mesh.positions)
    made = [r.face for r in run.rebuilt] + [c.face for c in caps]
    _conform(mesh, made, {id(face) for face in bridges + [c.face for c in caps]})
    index = {id(face): i for i, face in enumerate(mesh.faces)}
    return sorted({index[i] for i in slid} | {index[id(face)] for face in made})


def _hole_path(wings: list[Wing], hole: set[int]) -> list[int] | None:
    """SortCommonIndexesByAdjacency: the hole's corners in perimeter order, None without a full perimeter."""
    matches = [w.common for w in wings if w.common[0] in hole and w.common[1] in hole]
    if len(matches) != len(hole):
        return None
    for i in range(1, len(matches)):
        want = matches[i - 1][1]
        for n in range(i + 1, len(matches)):
            if want in matches[n]:
                matches[n], matches[i] = matches[i], matches[n]
    return [e[0] for e in matches]


def _conform(mesh: MeshData, faces: list[Face], fresh: set[int]) -> None:
    """The last pass of BevelEdges: each bridge and cap takes the submesh and UV settings of its first neighbour
    that is not itself new (or was already conformed) and is wound to match it."""
    index = {id(face): i for i, face in enumerate(mesh.faces)}
    wings = build(mesh, [index[id(face)] for face in faces])
    for wing in wings:
        if not fresh:
            break
        face = mesh.faces[wing.face]
        if id(face) not in fresh:
            continue
        fresh.discard(id(face))
        for w in wing.loop():
            if w.opposite is None or id(mesh.faces[w.opposite.face]) in fresh:
                continue
            other = mesh.faces[w.opposite.face]
            face.submesh_index = other.submesh_index
            face.uv = other.copy().uv
            mine, theirs = _winding_edge(mesh, w), _winding_edge(mesh, w.opposite)
            if mine is not None and theirs is not None and mine[0] == theirs[0]:
                face.indexes.reverse()
            break
