"""VFX Graph assets (.vfx, .vfxoperator, .vfxblock): the graph object and its exposed parameters.

The graph carries a ready-made parameter → property-sheet mapping: `VFXGraph.m_ParameterInfo[]` lists every
exposed parameter with its `sheetType` (`m_Float`, `m_Vector4f`, …), `realType`, sheet `path` and
`defaultValue`. Category headers have empty path and types; a struct parameter (AABox, Line,
Transform…) has an empty path and sheetType, a `descendantCount`, and is followed by its fields, whose paths are
the parent's path + `_` + field name. The VisualEffectResource is found by class ID, never by fileID (newer files
use `&1`), and the VFXGraph by its script GUID.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unitycli.api import (
    Document,
    Field,
    ToolContext,
    ToolOutput,
    UnityCliError,
    UnityYamlFile,
    list_files,
    open_for_read,
    parse_meta,
)
from unitycli_vfx.values import number, plain

GRAPH_SUFFIXES = (".vfx", ".vfxoperator", ".vfxblock")
KINDS = {".vfx": "visualEffect", ".vfxoperator": "operatorSubgraph", ".vfxblock": "blockSubgraph"}
VFX_GRAPH_SCRIPT = "7d4c867f6b72b714dbb5fd1780afe208"
VFX_PARAMETER_SCRIPT = "330e0fca1717dde4aaa144f48232aa64"
VISUAL_EFFECT_RESOURCE = 2058629511
# What a VisualEffect's m_Asset names: the importer's main object, not a document of the .vfx text.
VISUAL_EFFECT_ASSET_FILE_ID = 8926484042661614526
SHEETS = ("m_Float", "m_Vector2f", "m_Vector3f", "m_Vector4f", "m_Uint", "m_Int", "m_Matrix4x4f",
          "m_AnimationCurve", "m_Gradient", "m_NamedObject", "m_Bool")


class Parameter(ToolOutput):
    """One exposed leaf of the graph: what a VisualEffect's property sheet stores under `path`."""

    name: str = Field(description="Field or parameter name as shown on the blackboard")
    path: str = Field(description="Sheet entry name (m_Name) a VisualEffect uses: struct fields are Parent_field")
    exposed_name: str = Field(description="The top-level exposed parameter this leaf belongs to")
    real_type: str = Field(description="C# type: Single, Vector3, Color, UInt32, Boolean, Texture2D, …")
    sheet_type: str = Field(description="Property-sheet array: m_Float, m_Vector2f, m_Vector3f, m_Vector4f, …")
    default: Any = Field(None, description="Default value in the graph (vectors as {x,y,z}, colours as {r,g,b,a})")
    category: str | None = Field(None, description="Blackboard category, when the parameter is in one")
    tooltip: str | None = None
    min: float | None = Field(None, description="Range minimum (Range filter), None when unbounded")
    max: float | None = Field(None, description="Range maximum (Range filter), None when unbounded")
    enum_values: list[str] = Field(default_factory=list)


@dataclass
class Graph:
    path: str
    revision: str
    guid: str | None
    yaml: UnityYamlFile
    graph: Document
    resource: Document | None
    problems: list[str] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return KINDS[Path(self.path).suffix]

    @property
    def name(self) -> str:
        return Path(self.path).name.rsplit(".", 1)[0]

    def parameters(self) -> list[Parameter]:
        return parameters_of(self.graph.get("m_ParameterInfo", []) or [])

    def leaf(self, path: str) -> Parameter | None:
        return next((p for p in self.parameters() if p.path == path), None)


def decode_default(value: Any) -> Any:
    """`defaultValue.m_SerializableObject`: a number, `True`/`False`, JSON for structs and objects, '' for none."""
    obj = value.get("m_SerializableObject") if isinstance(value, dict) else None
    if isinstance(obj, str):
        text = obj.strip()
        if not text:
            return None
        if text in ("True", "False"):
            return text == "True"
        if text.startswith(("{", "[")):
            try:
                decoded = json.loads(text)
            except ValueError:
                return text
            return decoded.get("obj", decoded) if isinstance(decoded, dict) and set(decoded) == {"obj"} else decoded
        return text
    return plain(obj)


def parameters_of(infos: list[Any]) -> list[Parameter]:
    """The leaves of `m_ParameterInfo` (entries with a sheetType), with their category and top-level name."""
    leaves: list[Parameter] = []
    category: str | None = None
    stack: list[list[Any]] = []  # [name, fields still to come] of the enclosing structs
    for info in infos:
        if not isinstance(info, dict):
            continue
        name = str(info.get("name") or "")
        path = str(info.get("path") or "")
        sheet = str(info.get("sheetType") or "")
        real = str(info.get("realType") or "")
        count = int(info.get("descendantCount") or 0)
        if not stack and not path and not sheet and not real:
            category = name  # a blackboard category header
            continue
        top = stack[0][0] if stack else name
        if stack:
            stack[-1][1] -= 1
        if sheet:
            enum = info.get("enumValues") or []
            leaves.append(Parameter(
                name=name, path=path, exposed_name=top, real_type=real, sheet_type=sheet,
                default=decode_default(info.get("defaultValue")), category=category,
                tooltip=str(info.get("tooltip")) if info.get("tooltip") not in (None, "") else None,
                min=number(info.get("min")) if isinstance(info.get("min"), int | float) else None,
                max=number(info.get("max")) if isinstance(info.get("max"), int | float) else None,
                enum_values=[str(e) for e in enum] if isinstance(enum, list) else []))
        if count > 0:
            stack.append([name, count])
        while stack and stack[-1][1] <= 0:
            stack.pop()
    return leaves


def graph_files(ctx: ToolContext) -> list[str]:
    return list_files(Path(ctx.project.root), GRAPH_SUFFIXES)


def guid_of(ctx: ToolContext, path: str) -> str | None:
    meta = path + ".meta"
    if not ctx.transaction.exists(meta):
        return None
    return parse_meta(ctx.transaction.read_bytes(meta), meta).guid


def guid_map(ctx: ToolContext) -> dict[str, str]:
    """GUID → path of every graph asset under Assets/ and Packages/ (read from their .meta files)."""
    found: dict[str, str] = {}
    for path in graph_files(ctx):
        try:
            guid = guid_of(ctx, path)
        except UnityCliError:
            continue
        if guid:
            found.setdefault(guid, path)
    return found


def resolve_graph(ctx: ToolContext, spec: str, suffixes: tuple[str, ...] = GRAPH_SUFFIXES) -> str:
    """The project path `spec` names: a path, or a unique file name with or without its extension."""
    text = spec.replace("\\", "/").strip()
    while text.startswith("./"):
        text = text[2:]
    kinds = ", ".join(suffixes)
    if "/" in text:
        if text.endswith(suffixes) and ctx.transaction.exists(text):
            return text
        raise UnityCliError("E_VFX_GRAPH_NOT_FOUND", f"no graph asset ({kinds}) at {spec!r}",
                            details={"graph": spec})
    files = [p for p in graph_files(ctx) if p.endswith(suffixes)]
    base = [p for p in files if Path(p).name == text or Path(p).name.rsplit(".", 1)[0] == text]
    if not base:
        base = [p for p in files if text.lower() in (Path(p).name.lower(), Path(p).name.rsplit(".", 1)[0].lower())]
    if len(base) == 1:
        return base[0]
    if not base:
        raise UnityCliError("E_VFX_GRAPH_NOT_FOUND", f"no graph asset ({kinds}) is named {spec!r}",
                            details={"graph": spec, "graphs": files[:20]})
    raise UnityCliError("E_VFX_GRAPH_AMBIGUOUS", f"{len(base)} graph assets are named {spec!r}; give the path",
                        details={"graph": spec, "candidates": base})


def load(ctx: ToolContext, path: str, guid: str | None = None) -> Graph:
    """Read and parse a graph asset: the VFXGraph object is required (E_FILE_FORMAT_UNSUPPORTED without one)."""
    loaded = open_for_read(ctx, path)
    yaml = loaded.yaml
    graph = None
    for doc in yaml.documents:
        if doc.class_id == 114 and VFX_GRAPH_SCRIPT in doc.text:
            script = doc.get("m_Script", None)
            if getattr(script, "guid", None) == VFX_GRAPH_SCRIPT:
                graph = doc
                break
    if graph is None:
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{path} has no VFXGraph object (script "
                            f"{VFX_GRAPH_SCRIPT}); it is not a VFX Graph asset this tool reads",
                            details={"file": path})
    resources = yaml.of_class(VISUAL_EFFECT_RESOURCE)
    if guid is None:
        try:
            guid = guid_of(ctx, path)
        except UnityCliError:
            guid = None
    return Graph(path, loaded.revision, guid, yaml, graph, resources[0] if resources else None)


def exposed_parameter_nodes(graph: Graph) -> list[Document]:
    """The VFXParameter objects of the graph (exposed or not), in file order."""
    return [d for d in graph.yaml.documents if d.class_id == 114 and VFX_PARAMETER_SCRIPT in d.text
            and getattr(d.get("m_Script", None), "guid", None) == VFX_PARAMETER_SCRIPT]
