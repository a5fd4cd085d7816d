"""Quadrangulating: QuadUtility.ToQuads then MergeElements.MergePairs (rc-6.0.4).

Each pair of neighbouring triangle faces is scored as a quad (normals agreeing to 0.9, corners near right angles,
opposite sides near parallel); a triangle pairs with the neighbour whose own best partner it is, faces taken in
order. The scores are computed in float64 where the package uses float32, so two neighbours scoring within float32
noise of each other could pair the other way; exact ties keep the first, as in the package.
"""

from __future__ import annotations

from unitycli.api import Ref
from unitycli_probuilder import edits, geometry
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.meshops.base import drop_unused_vertices, lookup, remove_faces
from unitycli_probuilder.meshops.winged import Wing, build

NORMAL_THRESHOLD = 0.9  # GetQuadScore's normalThreshold


def _make_quad(left: Wing, right: Wing) -> list[int] | None:
    """WingedEdge.MakeQuad: the four corners of two triangles sharing exactly one edge, in winding order."""
    lefts, rights = left.loop(), right.loop()
    if len(lefts) != 3 or len(rights) != 3:
        return None
    every = lefts + rights
    dup = [False] * 6
    matches = 0
    for i in range(3):
        for n in range(3, 6):
            if every[i].key == every[n].key:
                matches += 1
                dup[i] = dup[n] = True
                break
    if matches != 1:
        return None
    edges = [w for w, d in zip(every, dup, strict=True) if not d]
    quad = [edges[0].local[0], edges[0].local[1], -1, -1]
    c1, c2 = edges[0].common[1], -1
    for e in edges[1:4]:
        if e.common[0] == c1:
            quad[2], c2 = e.local[1], e.common[1]
            break
    for e in edges[1:4]:
        if e.common[0] == c2:
            quad[3] = e.local[1]
            break
    return None if -1 in quad else quad


def _score(mesh: MeshData, left: Wing, right: Wing) -> float:
    """GetQuadScore: 0 for no quad; else the mean of normal agreement, right-angle-ness and parallel sides."""
    quad = _make_quad(left, right)
    if quad is None:
        return 0.0
    p = [mesh.positions[v] for v in quad]
    left_normal = geometry.triangle_normal(p[0], p[1], p[2])
    right_normal = geometry.triangle_normal(p[2], p[3], p[0])
    score = geometry.dot(left_normal, right_normal)
    if score < NORMAL_THRESHOLD:
        return 0.0
    a, b, c, d = (geometry.normalized(geometry.sub(p[(i + 1) % 4], p[i])) for i in range(4))
    score += 1 - (abs(geometry.dot(a, b)) + abs(geometry.dot(b, c)) + abs(geometry.dot(c, d))
                  + abs(geometry.dot(d, a))) * 0.25
    score += abs(geometry.dot(a, c)) * 0.5 + abs(geometry.dot(b, d)) * 0.5
    return score * 0.33


def _best(wing: Wing, scores: dict[frozenset[int], float]) -> int | None:
    """GetBestQuadConnection: the neighbour across this face's best-scoring edge."""
    best, face = 0.0, None
    for border in wing.loop():
        s = scores.get(border.key, 0.0)
        if s > best and border.opposite is not None:
            best, face = s, border.opposite.face
    return face


def pairs(mesh: MeshData, faces: list[int]) -> list[tuple[int, int]]:
    """QuadUtility.ToQuads' pairing: each face with the neighbour that also ranks it best."""
    wings = build(mesh, faces, one_per_face=True)
    scores: dict[frozenset[int], float] = {}
    for wing in wings:
        for border in wing.loop():
            if border.opposite is not None and border.key not in scores:
                scores[border.key] = _score(mesh, border, border.opposite)
    processed: set[int] = set()
    found: list[tuple[int, int]] = []
    for wing in wings:
        if wing.face in processed:
            continue
        processed.add(wing.face)
        best, buddy = 0.0, None
        for border in wing.loop():
            if border.opposite is None or border.opposite.face in processed:
                continue
            s = scores.get(border.key, 0.0)
            if s > best and _best(border.opposite, scores) == wing.face:
                best, buddy = s, border.opposite.face
        if buddy is not None:
            processed.add(buddy)
            found.append((wing.face, buddy))
    return found


def quadrangulate(mesh: MeshData, faces: list[int], *, collapse: bool = True) -> list[int]:
    """ToQuads + MergePairs: each pair becomes one face (the left's triangles then the right's, the left's
    settings, no material reference) appended last; with `collapse`, its coincident corners become one vertex
    (CollapseCoincidentVertices) and unused vertices go. Returns the new faces."""
    edits.check_faces(mesh, faces)
    found = pairs(mesh, faces)
    if not found:
        return []
    merged = []
    for left, right in found:
        source = mesh.faces[left]
        face = source.copy(source.indexes + mesh.faces[right].indexes)
        face.material = Ref(0)  # Face(indexes, submesh, uv, smoothing, texture, element, manualUV) sets none
        merged.append(face)
    remove_faces(mesh, {f for pair in found for f in pair})
    mesh.faces.extend(merged)
    if collapse:
        table = lookup(mesh)
        for face in merged:
            seen: dict[int, int] = {}
            face.indexes = [seen.setdefault(table[i], i) for i in face.indexes]
        drop_unused_vertices(mesh)
    return list(range(len(mesh.faces) - len(merged), len(mesh.faces)))
