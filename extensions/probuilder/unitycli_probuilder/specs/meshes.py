"""Reading and exporting meshes: `probuilder.list-meshes`, `inspect-mesh`, `export-obj`."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec
from unitycli_probuilder.descriptions import EXAMPLE_NOTE, SAMPLE_MESH, SAMPLE_SCENE
from unitycli_probuilder.specs.factories import WRITES

LIST_MESHES: ToolSpec[Any, Any] = ToolSpec(
    name="probuilder.list-meshes", title="List ProBuilder meshes",
    summary="ProBuilder meshes in a scene, prefab or the project: counts, bounds, materials.",
    description=("Lists every ProBuilderMesh component in one scene or prefab (`file`), or in every scene and prefab "
                 "under Assets/ that references the ProBuilderMesh script. For each: the GameObject path, face, "
                 "vertex, shared-vertex and triangle counts, local-space bounds, the MeshRenderer materials its "
                 "faces use, the ProBuilderShape type when present, and any inconsistency between the parallel "
                 "arrays. Files that cannot be read (Git LFS pointer, unsupported format) are listed in `skipped`. "
                 "Read-only; reports each file's revision." + EXAMPLE_NOTE),
    input_model="unitycli_probuilder.tools.list_meshes:ListMeshesInput",
    output_model="unitycli_probuilder.tools.list_meshes:ListMeshesOutput",
    handler="unitycli_probuilder.tools.list_meshes:list_meshes",
    examples=({"file": SAMPLE_SCENE}, {}),
)

INSPECT_MESH: ToolSpec[Any, Any] = ToolSpec(
    name="probuilder.inspect-mesh", title="Inspect a ProBuilder mesh",
    summary="Positions, UVs, colors and faces of one ProBuilder mesh, paged.",
    description=("Reads one ProBuilderMesh (`file` + `gameObject`) and returns a page of its vertices (position, UV0, "
                 "color, shared-vertex group) and a page of its faces (triangle indexes, normal, submesh index and "
                 "the MeshRenderer material it maps to, smoothing group, manual-UV flag). Pages never truncate "
                 "silently: nextVertexOffset / nextFaceOffset say where the next page starts. Read-only."
                 + EXAMPLE_NOTE),
    input_model="unitycli_probuilder.tools.inspect_mesh:InspectMeshInput",
    output_model="unitycli_probuilder.tools.inspect_mesh:InspectMeshOutput",
    handler="unitycli_probuilder.tools.inspect_mesh:inspect_mesh",
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "faceLimit": 10},),
)

EXPORT_OBJ: ToolSpec[Any, Any] = ToolSpec(
    name="probuilder.export-obj", title="Export a ProBuilder mesh to OBJ",
    summary="Write one ProBuilder mesh as a Wavefront OBJ + MTL file inside the project.",
    description=("Writes the mesh's vertices (one `v` per ProBuilder vertex), UV0 (`vt`), normals (`vn`, smoothing "
                 "groups applied) and triangles grouped by submesh with `usemtl <material name>`, plus an MTL file "
                 "naming each MeshRenderer material (by the material asset's file name), with a DefaultImporter .meta for a new "
                 ".mtl (the .obj's ModelImporter meta is Unity's to write on import). Right-handed by default, as ProBuilder's exporter: x negated and "
                 "winding reversed. Refuses to replace existing files unless `overwrite` is set. The scene or prefab "
                 "is not changed; Unity imports the new .obj as a model on its next refresh." + EXAMPLE_NOTE),
    input_model="unitycli_probuilder.tools.export_obj:ExportObjInput",
    output_model="unitycli_probuilder.tools.export_obj:ExportObjOutput",
    handler="unitycli_probuilder.tools.export_obj:export_obj",
    read_only=False, destructive=True, idempotent=True, permissions=WRITES,
    examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_MESH, "output": f"Assets/Export/{SAMPLE_MESH}.obj"},),
)

SPECS = (LIST_MESHES, INSPECT_MESH, EXPORT_OBJ)
