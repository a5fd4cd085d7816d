"""Prefab variants and instances that override a prefab's ProBuilderMesh arrays by index.

A variant stores its changes as PrefabInstance modifications such as `target: {fileID: <mesh>, guid: <prefab>}`
with `propertyPath: m_Positions.Array.data[4].z` (minigolf `Wall Right Long Variant.prefab` and `Wall Right
Forward Ramp Variant.prefab` override Wall Right's positions this way). An edit that renumbers vertices or faces in
the base makes those indexes point at other elements, so such an edit is refused unless forced; the files are
named either way. Only direct users of the prefab are checked (a variant of a variant targets the middle prefab's
ids, not the base's).
"""

from __future__ import annotations

import re

from unitycli.api import ToolContext, files_referencing, parse_meta
from unitycli_probuilder.locate import MeshSite

INDEXED = ("m_Positions", "m_Textures0", "m_Textures2", "m_Textures3", "m_Tangents", "m_Colors", "m_Faces",
           "m_SharedVertices", "m_SharedTextures")


def overriding_files(ctx: ToolContext, site: MeshSite) -> list[str]:
    """Scenes and prefabs whose prefab-instance modifications target this mesh's indexed arrays."""
    if not site.file.endswith(".prefab") or not ctx.transaction.exists(site.file + ".meta"):
        return []
    guid = parse_meta(ctx.transaction.read_bytes(site.file + ".meta"), site.file + ".meta").guid
    if not guid:
        return []
    pattern = re.compile(  # a modification entry: target line, then its propertyPath line
        rf"target: {{fileID: {site.mesh.file_id}, guid: {guid}, type: 3}}\s*\n\s*propertyPath: "
        rf"(?:{'|'.join(INDEXED)})\.Array")
    files, _ = files_referencing(ctx, [guid])
    found = []
    for path in files:
        if path == site.file:
            continue
        if pattern.search(ctx.transaction.read_bytes(path).decode("utf-8", "replace")):
            found.append(path)
    return found
