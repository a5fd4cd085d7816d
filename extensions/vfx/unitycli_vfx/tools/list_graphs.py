"""`vfx.list-graphs`: every VFX Graph asset of the project with its exposed parameters."""

from __future__ import annotations

from unitycli.api import Field, SkippedFile, ToolContext, ToolInput, ToolOutput, UnityCliError
from unitycli_vfx import graphs


class ListGraphsInput(ToolInput):
    under: str | None = Field(None, description="Only graphs under this project folder (Assets/Samples/BonFire)")
    kind: str | None = Field(None, description="Only this kind: visualEffect (.vfx), operatorSubgraph "
                                               "(.vfxoperator) or blockSubgraph (.vfxblock)")


class GraphSummary(ToolOutput):
    path: str
    name: str
    guid: str | None = Field(description="GUID from the .meta (what a VisualEffect's m_Asset names)")
    kind: str = Field(description="visualEffect, operatorSubgraph or blockSubgraph")
    graph_version: int | None = Field(description="VFXGraph m_GraphVersion (18 for VFX Graph 17.0.x)")
    parameters: list[graphs.Parameter] = Field(description="Exposed parameters (struct fields as separate leaves)")


class ListGraphsOutput(ToolOutput):
    graphs: list[GraphSummary]
    revisions: dict[str, str] = Field(description="Revision of each graph file read")
    skipped: list[SkippedFile] = Field(description="Graph files that could not be read (LFS pointer, format), "
                                                   "with the error")


def summary(graph: graphs.Graph) -> GraphSummary:
    version = graph.graph.get("m_GraphVersion", None)
    return GraphSummary(path=graph.path, name=graph.name, guid=graph.guid, kind=graph.kind,
                        graph_version=version if isinstance(version, int) else None,
                        parameters=graph.parameters())


def list_graphs(ctx: ToolContext, request: ListGraphsInput) -> ListGraphsOutput:
    if request.kind is not None and request.kind not in graphs.KINDS.values():
        raise UnityCliError("E_SCHEMA_INVALID", f"kind {request.kind!r} is not one of {sorted(graphs.KINDS.values())}",
                            details={"path": "kind", "value": request.kind})
    under = (request.under or "").replace("\\", "/").strip("/")
    paths = [p for p in graphs.graph_files(ctx) if not under or p.startswith(under + "/")]
    found, revisions, skipped = [], {}, []
    for i, path in enumerate(paths):
        ctx.progress(i, len(paths), path)
        try:
            graph = graphs.load(ctx, path)
            if request.kind is not None and graph.kind != request.kind:
                continue
            found.append(summary(graph))
        except UnityCliError as exc:
            skipped.append(SkippedFile(path=path, code=exc.code, reason=exc.message))
            continue
        revisions[path] = graph.revision
    return ListGraphsOutput(graphs=found, revisions=revisions, skipped=skipped)
