"""unitycli test extension: a ProBuilder-backed read tool and a tool that needs no Unity package."""

from __future__ import annotations

from importlib.resources import files

from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec

PROBUILDER_MESH_GUID = "8233d90336aea43098adf6dbabd606a2"


class MeshCountInput(ToolInput):
    pass


class MeshCountOutput(ToolOutput):
    scenes: int
    meshes: int


class PingInput(ToolInput):
    text: str = "ping"


class PingOutput(ToolOutput):
    echoed: str


def mesh_count(ctx, request: MeshCountInput) -> MeshCountOutput:
    scenes = sorted((ctx.project.root / "Assets").rglob("*.unity"))
    meshes = sum(p.read_text(encoding="utf-8", errors="replace").count(PROBUILDER_MESH_GUID) for p in scenes)
    return MeshCountOutput(scenes=len(scenes), meshes=meshes)


def ping(ctx, request: PingInput) -> PingOutput:
    return PingOutput(echoed=request.text)


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(
        name="testext.mesh-count", title="Count ProBuilder meshes", summary="Count ProBuilderMesh components.",
        description="Counts ProBuilderMesh script references in the project's scenes (test extension).",
        input_model=MeshCountInput, output_model=MeshCountOutput, handler=mesh_count, examples=({},),
    ))
    register(ToolSpec(
        name="testext.ping", title="Ping", summary="Echo a text; needs no Unity package.",
        description="Returns its input text (test extension).",
        input_model=PingInput, output_model=PingOutput, handler=ping, examples=({"text": "hi"},),
    ))


@hookimpl
def unitycli_extension_manifest():
    return files(__package__).joinpath("manifest.toml").read_text(encoding="utf-8")


@hookimpl
def unitycli_doctor_checks(report):
    report.add("testext.self-check", "pass", "the test extension's own doctor check ran")
