"""`project.info`: what this Unity project is — Editor version, render pipeline, packages, sizes, Editor state."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field

from unitycli.hookspecs import hookimpl
from unitycli.packages.models import ResolvedPackage
from unitycli.packages.resolver import resolve_packages
from unitycli.plugins.render_pipeline import RenderPipelineInfo, detect_render_pipeline
from unitycli.project.instances import editor_state
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec
from unitycli.unityfiles.project_version import read_project_version


class ProjectInfoInput(ToolInput):
    include_transitive: bool = Field(True, description="Also list packages pulled in by other packages (depth > 0).")


class EditorInfo(ToolOutput):
    status: str = Field(description="offline, editor-open or unverifiable")
    evidence: list[str]


class AssetCounts(ToolOutput):
    scenes: int
    prefabs: int
    materials: int
    scriptable_assets: int = Field(description="`.asset` files under Assets/")
    files: int = Field(description="all files under Assets/ except .meta files")
    metas: int


class PackagesInfo(ToolOutput):
    certainty: str = Field(description="`lock` (from packages-lock.json) or `manifest-only` (less certain)")
    lock_present: bool
    lock_enabled: bool
    warnings: list[str]
    items: list[ResolvedPackage]


class ProjectInfoOutput(ToolOutput):
    path: str
    instance_id: str
    unity_version: str
    unity_revision: str | None
    render_pipeline: RenderPipelineInfo
    editor: EditorInfo
    counts: AssetCounts
    packages: PackagesInfo


def count_assets(root: Path) -> AssetCounts:
    """Walk Assets/ once; Unity never follows symlinked folders there, and neither do we."""
    by_suffix: dict[str, int] = {}
    files = metas = 0
    for _dirpath, _dirnames, filenames in os.walk(root / "Assets"):
        for name in filenames:
            if name.endswith(".meta"):
                metas += 1
                continue
            files += 1
            suffix = os.path.splitext(name)[1].lower()
            by_suffix[suffix] = by_suffix.get(suffix, 0) + 1
    return AssetCounts(scenes=by_suffix.get(".unity", 0), prefabs=by_suffix.get(".prefab", 0),
                       materials=by_suffix.get(".mat", 0), scriptable_assets=by_suffix.get(".asset", 0),
                       files=files, metas=metas)


def _guid_resolver(root: Path):
    from unitycli.indexes import ProjectIndex

    index = ProjectIndex.open(root)
    return index.path_for_guid


def project_info(ctx, request: ProjectInfoInput) -> ProjectInfoOutput:
    root = ctx.project.root
    version = read_project_version(root)
    resolved = resolve_packages(root)
    items = sorted(resolved.packages.values(),
                   key=lambda p: (not p.direct, p.name.startswith("com.unity.modules."), p.name))
    if not request.include_transitive:
        items = [p for p in items if p.direct]
    status, evidence = editor_state(root)
    return ProjectInfoOutput(
        path=str(root),
        instance_id=ctx.project.instance_id,
        unity_version=version.editor_version,
        unity_revision=version.revision,
        render_pipeline=detect_render_pipeline(root, _guid_resolver(root)),
        editor=EditorInfo(status=status, evidence=evidence),
        counts=count_assets(root),
        packages=PackagesInfo(certainty=resolved.certainty, lock_present=resolved.lock_present,
                              lock_enabled=resolved.lock_enabled, warnings=resolved.warnings, items=items),
    )


@hookimpl
def unitycli_register_tools(register) -> None:
    register(ToolSpec(
        name="project.info",
        title="Project information",
        summary="Unity version, render pipeline, packages, asset counts and Editor state.",
        description=(
            "Reads ProjectSettings/ProjectVersion.txt, the active render pipeline asset (GraphicsSettings and the "
            "current quality level), Packages/manifest.json with packages-lock.json (resolved version and source "
            "of every package; embedded, local and git packages included), counts scenes, prefabs and other "
            "assets under Assets/, and says whether a Unity Editor holds the project. Read-only."
        ),
        input_model=ProjectInfoInput,
        output_model=ProjectInfoOutput,
        handler=project_info,
        examples=({}, {"includeTransitive": False}),
    ))
