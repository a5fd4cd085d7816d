"""The poly shape: AppendElements.CreateShapeFromPolygon (Runtime/MeshOperations/AppendElements.cs, identical in
rc-5.2.2 and rc-6.0.4), an outline with optional holes triangulated into one face, then extruded.

Steps as the package takes them: the outline's points then each hole's are the positions; one `new Face(indexes)`
holds the triangulation (projected on the outline's best-fit plane, Triangulation.TriangulateVertices); shared
vertices come from positions; the face is reversed when its normal points against +y (with `flipNormals`: along
+y). A non-zero `extrude` duplicates the face reversed (DuplicateAndFlip: copies of its vertices appended, in the
same shared groups), extrudes the front face (the copy with `flipNormals`) along its normal as ExtrudePerFace does,
and reverses every face when `extrude < 0` without `flipNormals` or `extrude > 0` with it. Refresh projects auto
UVs and computes tangents.

Not proven: ProBuilder triangulates with Poly2Tri (a constrained Delaunay sweep); here the outline, with each hole
bridged in at its rightmost point, is ear-clipped. Positions, shared vertices, face count, winding and UVs are the
package's; the cap's triangle list (which diagonals, in which order) may differ.
"""

from __future__ import annotations

from unitycli.api import UnityCliError, describe_command
from unitycli_probuilder import edits, f32, geometry
from unitycli_probuilder.f32 import Vec3
from unitycli_probuilder.meshdata import MeshData
from unitycli_probuilder.shapegen.common import finish, new_face, shared_by_position

Point2 = tuple[float, float]


def invalid(message: str, **details: object) -> UnityCliError:
    return UnityCliError("E_PROBUILDER_SHAPE_INVALID", message, details=dict(details),
                         next_actions=[describe_command("probuilder.create-poly-shape")])


def _signed_area(points: list[Point2]) -> float:
    return sum(points[i][0] * points[(i + 1) % len(points)][1] - points[(i + 1) % len(points)][0] * points[i][1]
               for i in range(len(points))) / 2


def _cross(o: Point2, a: Point2, b: Point2) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _bridge(ring: list[int], hole: list[int], flat: list[Point2]) -> list[int]:
    """Splice a clockwise hole into the counter-clockwise ring at a vertex visible from its rightmost point
    (Eberly's hole-bridging: cast a ray along +x, take the hit edge's right end unless a reflex vertex hides it)."""
    m = max(hole, key=lambda i: (flat[i][0], -flat[i][1]))
    mx, my = flat[m]
    best, hit_x = None, float("inf")
    for k in range(len(ring)):
        a, b = ring[k], ring[(k + 1) % len(ring)]
        (ax, ay), (bx, by) = flat[a], flat[b]
        if (ay - my) * (by - my) > 0 or ay == by:
            continue
        x = ax + (my - ay) * (bx - ax) / (by - ay)
        if mx <= x < hit_x:
            hit_x, best = x, a if ax > bx else b
    if best is None:
        raise invalid("a hole is not inside the outline", hole=hole)
    hit = (hit_x, my)
    inside = [i for i in ring if i != best and flat[i][0] > mx and flat[i] != flat[best]
              and _in_triangle(flat[i], flat[m], hit, flat[best])]
    if inside:  # a vertex hides the hit edge's end: the one nearest the ray in angle is visible
        best = min(inside, key=lambda i: (abs(flat[i][1] - my) / (flat[i][0] - mx), flat[i][0] - mx))
    at = ring.index(best)
    start = hole.index(m)
    loop = hole[start:] + hole[:start]
    return ring[:at + 1] + loop + [m, best] + ring[at + 1:]


def _in_triangle(p: Point2, a: Point2, b: Point2, c: Point2) -> bool:
    d1, d2, d3 = _cross(a, b, p), _cross(b, c, p), _cross(c, a, p)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def triangulate(outline: list[Vec3], holes: list[list[Vec3]]) -> list[int]:
    """Triangles over outline + holes (indexes into their concatenation), wound as the outline runs."""
    normal = geometry.best_plane_normal(outline)
    u_axis, v_axis = geometry.projection_axes(geometry.unit_or_up(normal))
    points = outline + [p for hole in holes for p in hole]
    flat = [(geometry.dot(u_axis, p), geometry.dot(v_axis, p)) for p in points]
    ring = list(range(len(outline)))
    outer_area = _signed_area([flat[i] for i in ring])
    if abs(outer_area) < f32.EPSILON:
        raise invalid("the outline has no area")
    ccw = outer_area > 0
    if not ccw:
        ring.reverse()
    offset = len(outline)
    loops = []
    for hole in holes:
        loop = list(range(offset, offset + len(hole)))
        offset += len(hole)
        if _signed_area([flat[i] for i in loop]) > 0:
            loop.reverse()
        loops.append(loop)
    for loop in sorted(loops, key=lambda lp: -max(flat[i][0] for i in lp)):
        ring = _bridge(ring, loop, flat)
    triangles: list[int] = []
    remaining = list(ring)
    while len(remaining) > 3:
        for k in range(len(remaining)):
            i, j, n = remaining[k - 1], remaining[k], remaining[(k + 1) % len(remaining)]
            if _cross(flat[i], flat[j], flat[n]) <= 1e-12:
                continue
            corners = {flat[i], flat[j], flat[n]}
            if any(flat[m] not in corners and _in_triangle(flat[m], flat[i], flat[j], flat[n]) for m in remaining):
                continue
            triangles += [i, j, n]
            remaining.pop(k)
            break
        else:
            raise invalid("the outline and holes could not be triangulated (do edges cross?)")
    triangles += remaining
    if not ccw:  # back to the outline's own winding
        triangles = [t for a, b, c in zip(triangles[::3], triangles[1::3], triangles[2::3], strict=True)
                     for t in (a, c, b)]
    return triangles


def build(outline: list[Vec3], holes: list[list[Vec3]], extrude: float, flip_normals: bool) -> MeshData:
    """CreateShapeFromPolygon for a new GameObject with an identity rotation (transform.up is +y)."""
    if len(outline) < 3:
        raise invalid("a poly shape needs at least 3 points", points=len(outline))
    for n, hole in enumerate(holes):
        if len(hole) < 3:
            raise invalid(f"hole {n} has fewer than 3 points", hole=n)
    points = [tuple(f32.f(c) for c in p) for p in outline + [q for hole in holes for q in hole]]
    indexes = triangulate(points[:len(outline)], _split(points[len(outline):], holes))  # type: ignore[arg-type]
    area = sum(geometry.length(geometry.cross(geometry.sub(points[b], points[a]), geometry.sub(points[c], points[a])))
               for a, b, c in zip(indexes[::3], indexes[1::3], indexes[2::3], strict=True)) / 2
    if area < f32.EPSILON:
        raise invalid("the polygon's area is 0 (Polygon Area < Epsilon)")
    face = new_face(indexes)
    mesh = MeshData(faces=[face], positions=list(points), shared_vertices=shared_by_position(points))
    up = geometry.face_normal(mesh, face)[1]
    if (up > 0) if flip_normals else (up < 0):
        face.indexes.reverse()
    if extrude != 0:
        _duplicate_and_flip(mesh)
        edits.extrude_faces(mesh, [1 if flip_normals else 0], f32.f(extrude))
        if (extrude < 0 and not flip_normals) or (extrude > 0 and flip_normals):
            for each in mesh.faces:
                each.indexes.reverse()
    return finish(mesh.positions, mesh.faces, shared=mesh.shared_vertices)  # type: ignore[arg-type]


def _split(points: list[Vec3], holes: list[list[Vec3]]) -> list[list[Vec3]]:
    out, at = [], 0
    for hole in holes:
        out.append(points[at:at + len(hole)])
        at += len(hole)
    return out


def _duplicate_and_flip(mesh: MeshData) -> None:
    """AppendElements.DuplicateAndFlip of the one face: its vertices copied (first-use order) into their shared
    groups, the copy's index list reversed."""
    face = mesh.faces[0]
    order = face.distinct
    base = mesh.vertex_count
    where = {v: base + k for k, v in enumerate(order)}
    group_of = {v: g for g, group in enumerate(mesh.shared_vertices) for v in group}
    mesh.positions = mesh.positions + [mesh.positions[v] for v in order]
    for v in order:
        mesh.shared_vertices[group_of[v]].append(where[v])
    copy = face.copy([where[v] for v in reversed(face.indexes)])
    mesh.faces.append(copy)
