"""Checks shared by the edit tests: what changed in a file, document by document, and the geometry rules."""

from __future__ import annotations

from pathlib import Path

from unitycli_probuilder import geometry
from unitycli_probuilder.meshdata import MeshData

from unitycli.unityyaml import UnityYamlFile


def changes(before: bytes, after_path: Path) -> tuple[set[int], set[int], set[int]]:
    """(added, removed, modified) fileIDs between the original bytes and the file now on disk."""
    old = {d.file_id: d.text for d in UnityYamlFile.parse(before)}
    new = {d.file_id: d.text for d in UnityYamlFile.read(after_path)}
    modified = {i for i in old.keys() & new.keys() if old[i] != new[i]}
    return set(new) - set(old), set(old) - set(new), modified


def assert_closed_box_is_consistent(data: MeshData) -> None:
    """Arrays in step, shared groups coincident, every face facing away from the centre (a convex solid)."""
    assert data.problems() == []
    for group in data.shared_vertices:
        assert len({tuple(round(c, 5) for c in data.positions[v]) for v in group}) == 1
    assert sorted(v for g in data.shared_vertices for v in g) == list(range(data.vertex_count))
    lo, hi = geometry.bounds(data.positions)
    centre = tuple((a + b) / 2 for a, b in zip(lo, hi, strict=True))
    for face in data.faces:
        points = [data.positions[v] for v in face.distinct]
        middle = tuple(sum(p[k] for p in points) / len(points) for k in range(3))
        assert geometry.dot(geometry.face_normal(data, face), geometry.sub(middle, centre)) > 0
