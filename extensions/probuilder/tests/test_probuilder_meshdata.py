"""The mesh model on every ProBuilderMesh in the fixtures: lossless, consistent, and ProBuilder's own UV math."""

from __future__ import annotations

import copy

from unitycli_probuilder import geometry, locate
from unitycli_probuilder.meshdata import MeshData

from unitycli.api import UnityYamlFile
from unitycli.testing import fixture_project


def _fixture_meshes():
    for project in ("chicken-defense", "minigolf"):
        root = fixture_project(project)
        for path in sorted(root.glob("Assets/**/*")):
            if path.suffix in (".unity", ".prefab") and b"8233d90336aea43098adf6dbabd606a2" in path.read_bytes():
                yaml = UnityYamlFile.read(path)
                rel = path.relative_to(root).as_posix()
                for site in locate.meshes_in(rel, yaml):
                    yield project, site


def test_every_fixture_mesh_reads_consistently_and_writes_back_unchanged():
    sites = list(_fixture_meshes())
    assert len(sites) == 27  # chicken-defense: 5 in Game.unity + Snake; minigolf: 5 in Main Menu + 16 in tiles
    for _, site in sites:
        data = MeshData.from_document(site.mesh)
        assert data.problems() == [], site.path
        before = site.mesh.text
        assert data.write_to(site.mesh) == []
        assert site.mesh.text == before


def test_floor_numbers_match_the_notes():
    floor = next(site for project, site in _fixture_meshes() if site.path == "World/Floor")
    data = MeshData.from_document(floor.mesh)
    assert (len(data.faces), data.vertex_count, len(data.shared_vertices)) == (518, 2172, 577)
    assert len(data.textures0) == len(data.tangents) == len(data.colors) == 2172
    assert data.mesh.file_id == 1482347682 and data.version_index == 6781


def test_auto_uvs_and_tangents_are_recomputed_as_probuilder_stored_them():
    uv_mismatches = tangent_mismatches = 0
    checked = 0
    for project, site in _fixture_meshes():
        data = MeshData.from_document(site.mesh)
        uvs = copy.deepcopy(data)
        geometry.refresh_auto_uvs(uvs)
        tangents = copy.deepcopy(data)
        geometry.refresh_tangents(tangents, legacy_hard_range=project == "chicken-defense")
        for a, b in zip(data.textures0, uvs.textures0, strict=True):
            uv_mismatches += max(abs(x - y) for x, y in zip(a, b, strict=True)) > 1e-3
        for a, b in zip(data.tangents, tangents.tangents, strict=True):
            tangent_mismatches += max(abs(x - y) for x, y in zip(a, b, strict=True)) > 1e-3
        checked += data.vertex_count
    assert checked == 6094
    assert uv_mismatches == 0
    # 10 tangents of chicken-defense's Fence and Camera Clip differ (degenerate UV triangles); Unity recomputes
    # tangents on rebuild, so the tools only ever write them for vertices they touch.
    assert tangent_mismatches == 10
