"""The serialized data of one ProBuilderMesh, read from and written back to its YAML document.

ProBuilder keeps a mesh as parallel arrays: per-vertex `m_Positions`, `m_Textures0/2/3`, `m_Tangents`, `m_Colors`
(each empty or one entry per position), faces indexing those vertices, `m_SharedVertices` grouping coincident
vertices, and a selection that also indexes faces and vertices. Every edit goes through this model so the arrays
stay consistent; writing back re-emits only the fields whose value changed (numbers re-print exactly as Unity
printed them, so untouched entries keep their bytes). The field layout is the one verified for every listed
ProBuilder version (manifests/probuilder.evidence.md); anything else fails closed.
"""

from __future__ import annotations

from collections.abc import Sequence as Seq
from dataclasses import dataclass, field
from typing import Any

from unitycli.api import (
    Document,
    Flow,
    Mapping,
    Ref,
    Scalar,
    Sequence,
    UnityCliError,
    decode_int32_le_hex,
    encode_int32_le_hex,
)

Vec = tuple[float, ...]

# The body keys of a ProBuilderMesh after the MonoBehaviour header, in file order (5.2.2 and 6.0.4 alike).
MESH_KEYS = (
    "m_MeshFormatVersion", "m_Faces", "m_SharedVertices", "m_SharedTextures", "m_Positions", "m_Textures0",
    "m_Textures2", "m_Textures3", "m_Tangents", "m_Colors", "m_UnwrapParameters", "m_PreserveMeshAssetOnDestroy",
    "assetGuid", "m_Mesh", "m_VersionIndex", "m_IsSelectable", "m_SelectedFaces", "m_SelectedEdges",
    "m_SelectedVertices",
)
FACE_KEYS = ("m_Indexes", "m_SmoothingGroup", "m_Uv", "m_Material", "m_SubmeshIndex", "m_ManualUV",
             "elementGroup", "m_TextureGroup")
# Per-vertex arrays and the component names of their entries.
VERTEX_ARRAYS: dict[str, tuple[str, ...]] = {
    "m_Positions": ("x", "y", "z"),
    "m_Textures0": ("x", "y"),
    "m_Textures2": ("x", "y", "z", "w"),
    "m_Textures3": ("x", "y", "z", "w"),
    "m_Tangents": ("x", "y", "z", "w"),
    "m_Colors": ("r", "g", "b", "a"),
}
# AutoUnwrapSettings.tile, what ProBuilder gives every face a shape generator makes (Face(..., AutoUnwrapSettings.tile)).
TILE_UV: dict[str, Any] = {
    "m_UseWorldSpace": 0, "m_FlipU": 0, "m_FlipV": 0, "m_SwapUV": 0, "m_Fill": 1,
    "m_Scale": {"x": 1, "y": 1}, "m_Offset": {"x": 0, "y": 0}, "m_Rotation": 0, "m_Anchor": 9,
}
UNWRAP_DEFAULTS: dict[str, Any] = {"m_HardAngle": 88, "m_PackMargin": 20, "m_AngleError": 8, "m_AreaError": 15}


def _unsupported(doc: Document, why: str) -> UnityCliError:
    return UnityCliError("E_FILE_FORMAT_UNSUPPORTED",
                         f"ProBuilderMesh &{doc.file_id}: {why}; its layout is not the verified one, so it is not read",
                         details={"file": doc.file_name, "fileID": doc.file_id})


@dataclass
class Face:
    """One ProBuilder face: triangles as indexes into the vertex arrays, plus material and UV settings."""

    indexes: list[int]
    smoothing_group: int = 0
    uv: dict[str, Any] = field(default_factory=lambda: {k: (dict(v) if isinstance(v, dict) else v)
                                                        for k, v in TILE_UV.items()})
    material: Ref = field(default_factory=lambda: Ref(0))
    submesh_index: int = 0
    manual_uv: int = 0
    element_group: int = -1
    texture_group: int = -1

    def copy(self, indexes: list[int] | None = None) -> Face:
        uv = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.uv.items()}
        return Face(list(self.indexes if indexes is None else indexes), self.smoothing_group, uv, self.material,
                    self.submesh_index, self.manual_uv, self.element_group, self.texture_group)

    @property
    def distinct(self) -> list[int]:
        """Vertex indexes of the face in first-use order (ProBuilder's `distinctIndexes`)."""
        return list(dict.fromkeys(self.indexes))

    def to_yaml(self) -> dict[str, Any]:
        uv = {k: (Flow(v) if isinstance(v, dict) else v) for k, v in self.uv.items()}
        return {
            "m_Indexes": encode_int32_le_hex(self.indexes), "m_SmoothingGroup": self.smoothing_group, "m_Uv": uv,
            "m_Material": self.material, "m_SubmeshIndex": self.submesh_index, "m_ManualUV": self.manual_uv,
            "elementGroup": self.element_group, "m_TextureGroup": self.texture_group,
        }


@dataclass
class MeshData:
    """All ProBuilderMesh fields the tools read or write, as plain Python values."""

    faces: list[Face]
    positions: list[Vec]
    shared_vertices: list[list[int]] = field(default_factory=list)
    shared_textures: list[list[int]] = field(default_factory=list)
    textures0: list[Vec] = field(default_factory=list)
    textures2: list[Vec] = field(default_factory=list)
    textures3: list[Vec] = field(default_factory=list)
    tangents: list[Vec] = field(default_factory=list)
    colors: list[Vec] = field(default_factory=list)
    selected_faces: list[int] = field(default_factory=list)
    selected_edges: list[tuple[int, int]] = field(default_factory=list)
    selected_vertices: list[int] = field(default_factory=list)
    version_index: int = 0
    format_version: int = 2
    mesh: Ref = field(default_factory=lambda: Ref(0))

    # --- per-vertex arrays by their serialized name ---------------------------------------------------------
    def vertex_array(self, key: str) -> list[Vec]:
        values: list[Vec] = getattr(self, _ATTR[key])  # every _ATTR field is declared list[Vec] above
        return values

    def set_vertex_array(self, key: str, values: list[Vec]) -> None:
        setattr(self, _ATTR[key], values)

    @property
    def vertex_count(self) -> int:
        return len(self.positions)

    def problems(self) -> list[str]:
        """Inconsistencies between the parallel arrays (empty when the mesh is well formed)."""
        found: list[str] = []
        count = self.vertex_count
        for key in VERTEX_ARRAYS:
            n = len(self.vertex_array(key))
            if key != "m_Positions" and n not in (0, count):
                found.append(f"{key} has {n} entries for {count} positions")
        for i, face in enumerate(self.faces):
            if len(face.indexes) % 3:
                found.append(f"m_Faces[{i}] has {len(face.indexes)} indexes, not a multiple of 3")
            bad = [v for v in face.indexes if not 0 <= v < count]
            if bad:
                found.append(f"m_Faces[{i}] indexes vertex {bad[0]} of {count}")
        for name, groups in (("m_SharedVertices", self.shared_vertices), ("m_SharedTextures", self.shared_textures)):
            bad = [v for group in groups for v in group if not 0 <= v < count]
            if bad:
                found.append(f"{name} names vertex {bad[0]} of {count}")
        return found

    # --- reading -------------------------------------------------------------------------------------------
    @classmethod
    def from_document(cls, doc: Document) -> MeshData:
        body = doc.root
        if not isinstance(body, Mapping):
            raise _unsupported(doc, "the object has no body")
        missing = [k for k in MESH_KEYS if k not in body]
        if missing:
            raise _unsupported(doc, f"missing {', '.join(missing)}")
        data = cls(
            faces=[_read_face(doc, i, node) for i, node in enumerate(_items(doc, body, "m_Faces"))],
            positions=_vectors(doc, body, "m_Positions"),
            shared_vertices=_groups(doc, body, "m_SharedVertices"),
            shared_textures=_groups(doc, body, "m_SharedTextures"),
            textures0=_vectors(doc, body, "m_Textures0"),
            textures2=_vectors(doc, body, "m_Textures2"),
            textures3=_vectors(doc, body, "m_Textures3"),
            tangents=_vectors(doc, body, "m_Tangents"),
            colors=_vectors(doc, body, "m_Colors"),
            selected_faces=_hex(doc, body["m_SelectedFaces"], "m_SelectedFaces"),
            selected_edges=[(int(e["a"]), int(e["b"])) for e in doc.get("m_SelectedEdges")],
            selected_vertices=_hex(doc, body["m_SelectedVertices"], "m_SelectedVertices"),
            version_index=int(doc.get("m_VersionIndex")),
            format_version=int(doc.get("m_MeshFormatVersion")),
            mesh=doc.get("m_Mesh"),
        )
        return data

    # --- writing -------------------------------------------------------------------------------------------
    def yaml_fields(self) -> dict[str, Any]:
        """The fields this model owns, as the values to emit (Flow for inline vectors, hex strings for int[])."""
        out: dict[str, Any] = {
            "m_MeshFormatVersion": self.format_version,
            "m_Faces": [f.to_yaml() for f in self.faces],
            "m_SharedVertices": [{"m_Vertices": encode_int32_le_hex(g)} for g in self.shared_vertices],
            "m_SharedTextures": [{"m_Vertices": encode_int32_le_hex(g)} for g in self.shared_textures],
        }
        for key, names in VERTEX_ARRAYS.items():
            out[key] = [Flow(zip(names, v, strict=True)) for v in self.vertex_array(key)]
        out["m_Mesh"] = self.mesh
        out["m_VersionIndex"] = self.version_index
        out["m_SelectedFaces"] = encode_int32_le_hex(self.selected_faces)
        out["m_SelectedEdges"] = [Flow({"a": a, "b": b}) for a, b in self.selected_edges]
        out["m_SelectedVertices"] = encode_int32_le_hex(self.selected_vertices)
        return out

    def write_to(self, doc: Document) -> list[str]:
        """Set every field whose value differs from the document's; returns the changed field names."""
        problems = self.problems()
        if problems:
            raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED",
                                f"refusing to write an inconsistent ProBuilderMesh: {problems[0]}",
                                details={"fileID": doc.file_id, "problems": problems})
        before = MeshData.from_document(doc).yaml_fields()
        changed = []
        for key, value in self.yaml_fields().items():
            if value != before[key]:
                doc.set(key, value)
                changed.append(key)
        return changed


_ATTR = {"m_Positions": "positions", "m_Textures0": "textures0", "m_Textures2": "textures2",
         "m_Textures3": "textures3", "m_Tangents": "tangents", "m_Colors": "colors"}


def _items(doc: Document, body: Mapping, key: str) -> Seq[Any]:
    node = body[key]
    if isinstance(node, Scalar) and node.raw == "":
        return []
    if not isinstance(node, Sequence):
        raise _unsupported(doc, f"{key} is not a list")
    return node.items


def _hex(doc: Document, node: Any, path: str) -> list[int]:
    if not isinstance(node, Scalar):
        raise _unsupported(doc, f"{path} is not a hex string")
    return decode_int32_le_hex(node.text)


def _number(doc: Document, node: Any, path: str) -> float:
    value = node.value if isinstance(node, Scalar) else None
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise _unsupported(doc, f"{path} is not a number")
    return value


def _vectors(doc: Document, body: Mapping, key: str) -> list[Vec]:
    names = VERTEX_ARRAYS[key]
    out: list[Vec] = []
    for i, item in enumerate(_items(doc, body, key)):
        if not isinstance(item, Mapping) or tuple(item.keys_) != names:
            raise _unsupported(doc, f"{key}[{i}] is not {{{', '.join(names)}}}")
        out.append(tuple(_number(doc, v, f"{key}[{i}]") for v in item.values))
    return out


def _groups(doc: Document, body: Mapping, key: str) -> list[list[int]]:
    groups = []
    for i, item in enumerate(_items(doc, body, key)):
        if not isinstance(item, Mapping) or item.keys_ != ["m_Vertices"]:
            raise _unsupported(doc, f"{key}[{i}] is not {{m_Vertices}}")
        groups.append(_hex(doc, item["m_Vertices"], f"{key}[{i}].m_Vertices"))
    return groups


def _read_face(doc: Document, i: int, node: Any) -> Face:
    if not isinstance(node, Mapping) or tuple(node.keys_) != FACE_KEYS:
        raise _unsupported(doc, f"m_Faces[{i}] does not have the fields {', '.join(FACE_KEYS)}")
    uv = node["m_Uv"].to_python()
    material = node["m_Material"].to_python()
    if not isinstance(uv, dict) or not isinstance(material, Ref):
        raise _unsupported(doc, f"m_Faces[{i}] has an unexpected m_Uv or m_Material")
    return Face(
        indexes=_hex(doc, node["m_Indexes"], f"m_Faces[{i}].m_Indexes"),
        smoothing_group=int(_number(doc, node["m_SmoothingGroup"], "m_SmoothingGroup")),
        uv=uv, material=material,
        submesh_index=int(_number(doc, node["m_SubmeshIndex"], "m_SubmeshIndex")),
        manual_uv=int(_number(doc, node["m_ManualUV"], "m_ManualUV")),
        element_group=int(_number(doc, node["elementGroup"], "elementGroup")),
        texture_group=int(_number(doc, node["m_TextureGroup"], "m_TextureGroup")),
    )
