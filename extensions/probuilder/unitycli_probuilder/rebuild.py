"""Leaving an edited mesh for Unity to rebuild, and why that is the safe choice (manifests/probuilder.evidence.md).

A scene stores the Mesh ProBuilder built as a `--- !u!43` document that the ProBuilderMesh, MeshFilter and
MeshCollider reference. ProBuilder only notices stale geometry through a non-serialized version counter, so after
a headless edit a kept Mesh would load as "in sync" and Unity would render, collide with and build the old shape.
With `m_Mesh: {fileID: 0}` instead, ProBuilderMesh.Awake (ExecuteInEditMode) sees `meshSyncState == Null` and calls
Rebuild(): a new Mesh from the edited data, assigned to the MeshFilter and MeshCollider. Prefabs already store
`{fileID: 0}` (minigolf Resources/Tiles/*.prefab), so this is a state Unity loads every day.
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.api import Ref
from unitycli_probuilder import ids
from unitycli_probuilder.locate import MeshSite
from unitycli_probuilder.meshdata import MeshData


@dataclass
class RebuildReport:
    mesh_reference_cleared: bool
    removed_mesh_file_id: int | None
    kept_mesh_file_id: int | None  # still referenced elsewhere in the file, so only detached


def next_version(index: int) -> int:
    """ProBuilderMesh.IncrementVersionIndex: a ushort that skips 0 when it wraps."""
    index = (index + 1) & 0xFFFF
    return index or 1


def mark_for_rebuild(site: MeshSite, data: MeshData) -> RebuildReport:
    """Bump the version, clear `m_Mesh` here and on the MeshFilter/MeshCollider, drop an unshared in-file Mesh."""
    old = data.mesh
    data.version_index = next_version(data.version_index)
    data.mesh = Ref(0)
    if old.is_null:
        return RebuildReport(False, None, None)
    yaml = site.yaml
    for class_id in (ids.MESH_FILTER, ids.MESH_COLLIDER):
        component = site.component(class_id)
        if component is not None and component.get("m_Mesh", None) == old:
            component.set("m_Mesh", Ref(0))
    if not old.is_local:
        return RebuildReport(True, None, None)
    mesh_doc = yaml.find(old.file_id)
    if mesh_doc is None or mesh_doc.class_id != ids.MESH:
        return RebuildReport(True, None, None)
    others = [d for d in yaml.references_to(old.file_id) if d is not site.mesh]
    if others:
        return RebuildReport(True, None, old.file_id)
    yaml.remove_document(old.file_id)
    return RebuildReport(True, old.file_id, None)
