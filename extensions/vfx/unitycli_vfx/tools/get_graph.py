"""`vfx.get-graph`: one VFX Graph asset: exposed parameters with types and defaults, and its resource settings."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, ToolInput, ToolOutput
from unitycli_vfx import graphs
from unitycli_vfx.values import plain


class GetGraphInput(ToolInput):
    graph: str = Field(description="Project path of the graph (Assets/…/BonFire.vfx) or its unique file name "
                                   "(BonFire, BonFire.vfx)")


class GraphParameterNode(ToolOutput):
    name: str
    exposed: bool
    is_output: bool = Field(description="An output of an operator subgraph (never in a property sheet)")
    order: int | None
    category: str | None
    value_filter: str = Field(description="default, range or enum")


class GetGraphOutput(ToolOutput):
    path: str
    name: str
    guid: str | None
    kind: str
    revision: str
    graph_version: int | None
    resource_version: int | None
    parameters: list[graphs.Parameter] = Field(description="Exposed leaves a VisualEffect can override")
    blackboard: list[GraphParameterNode] = Field(description="Every VFXParameter object, exposed or not")
    subgraph_dependencies: list[str] = Field(description="GUIDs of the subgraphs this graph uses")
    initial_event_name: str | None = Field(description="VisualEffectResource m_Infos.m_InitialEventName")
    settings: dict[str, Any] = Field(description="VisualEffectResource m_Infos (culling, update mode, pre-warm, "
                                                 "instancing, renderer settings), as serialized")


def get_graph(ctx: ToolContext, request: GetGraphInput) -> GetGraphOutput:
    graph = graphs.load(ctx, graphs.resolve_graph(ctx, request.graph))
    doc = graph.graph
    infos = graph.resource.get("m_Infos", {}) if graph.resource is not None else {}
    blackboard = []
    for node in graphs.exposed_parameter_nodes(graph):
        order = node.get("m_Order", None)
        blackboard.append(GraphParameterNode(
            name=str(node.get("m_ExposedName", "") or ""), exposed=node.get("m_Exposed", 0) == 1,
            is_output=node.get("m_IsOutput", 0) == 1, order=order if isinstance(order, int) else None,
            category=str(node.get("m_Category", "") or "") or None,
            value_filter={0: "default", 1: "range", 2: "enum"}.get(node.get("m_ValueFilter", 0), "default")))
    deps = [d.guid for d in (doc.get("m_SubgraphDependencies", []) or []) if getattr(d, "guid", None)]
    version = doc.get("m_GraphVersion", None)
    resource_version = doc.get("m_ResourceVersion", None)
    return GetGraphOutput(
        path=graph.path, name=graph.name, guid=graph.guid, kind=graph.kind, revision=graph.revision,
        graph_version=version if isinstance(version, int) else None,
        resource_version=resource_version if isinstance(resource_version, int) else None,
        parameters=graph.parameters(), blackboard=blackboard, subgraph_dependencies=deps,
        initial_event_name=(str(infos.get("m_InitialEventName")) if isinstance(infos, dict)
                            and infos.get("m_InitialEventName") is not None else None),
        settings=plain(infos) if isinstance(infos, dict) else {})
