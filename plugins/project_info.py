"""`project.info`: what this Unity project is — Editor version, render pipeline, packages, sizes, Editor state."""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.host.hookspecs import hookimpl
from unitycli.packages.models import ResolvedPackage
from unitycli.packages.resolver import resolve_packages
from unitycli.plugins.render_pipeline import RenderPipelineInfo, detect_render_pipeline
from unitycli.toolspec import Register, ToolInput, ToolOutput, ToolSpec
from unitycli.transaction.editor_guard import editor_status
from unitycli.unityfiles.project_version import read_project_version
from unitycli.unityfiles.unreadable import (
    UNREADABLE_DESCRIPTION,
    UnreadableFile,
    unreadable_from_error,
)


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
    packages: PackagesInfo | None = Field(description="null when Packages/manifest.json or packages-lock.json "
                                                       "is unreadable (listed in unreadable)")
    unreadable: list[UnreadableFile] = Field(default_factory=list, description=UNREADABLE_DESCRIPTION)


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


def _render_pipeline(root: Path, unreadable: list[UnreadableFile]) -> RenderPipelineInfo:
    """The pipeline, or `unknown` naming the file when a file that decides it is a Git LFS pointer."""
    from unitycli.indexes import ProjectIndex

    index = ProjectIndex.open(root)
    resolved: list[str] = []

    def path_for_guid(guid: str) -> str | None:
        path = index.path_for_guid(guid)
        resolved.extend([path] if path else [])
        return path

    try:
        return detect_render_pipeline(root, path_for_guid)
    except UnityCliError as exc:
        entry = unreadable_from_error(exc)  # names the pointer: QualitySettings, GraphicsSettings or the asset
        if entry is None:
            raise
        unreadable.append(entry)
        return RenderPipelineInfo(pipeline="unknown", asset_path=entry.path if entry.path in resolved else None,
                                  reason=f"{entry.path} is a Git LFS pointer (its content is not pulled), so the "
                                  "pipeline asset in use is unknown")
    finally:
        index.close()


def _packages(root: Path, request: ProjectInfoInput, unreadable: list[UnreadableFile]) -> PackagesInfo | None:
    try:
        resolved = resolve_packages(root)
    except UnityCliError as exc:
        entry = unreadable_from_error(exc)
        if entry is None:
            raise
        unreadable.append(entry)
        return None
    items = sorted(resolved.packages.values(),
                   key=lambda p: (not p.direct, p.name.startswith("com.unity.modules."), p.name))
    if not request.include_transitive:
        items = [p for p in items if p.direct]
    return PackagesInfo(certainty=resolved.certainty, lock_present=resolved.lock_present,
                        lock_enabled=resolved.lock_enabled, warnings=resolved.warnings, items=items)


def project_info(ctx, request: ProjectInfoInput) -> ProjectInfoOutput:
    """Each fact from its own file: a Git LFS pointer costs only the facts it holds, listed in `unreadable`."""
    root = ctx.project.root
    version = read_project_version(root)
    unreadable: list[UnreadableFile] = []
    packages = _packages(root, request, unreadable)
    render_pipeline = _render_pipeline(root, unreadable)
    editor = editor_status(root)  # the guard alone: `project.instances` would bring the known-projects store
    return ProjectInfoOutput(
        path=str(root),
        instance_id=ctx.project.instance_id,
        unity_version=version.editor_version,
        unity_revision=version.revision,
        render_pipeline=render_pipeline,
        editor=EditorInfo(status=editor.status, evidence=list(editor.evidence)),
        counts=count_assets(root),
        packages=packages,
        unreadable=unreadable,
    )


@hookimpl
def unitycli_register_tools(register: Register) -> None:
    register(ToolSpec(
        name="project.info",
        title="Project information",
        summary="Unity version, render pipeline, packages, asset counts and Editor state.",
        description=(
            "Reads ProjectSettings/ProjectVersion.txt, the active render pipeline asset (GraphicsSettings and the "
            "current quality level), Packages/manifest.json with packages-lock.json (resolved version and source "
            "of every package; embedded, local and git packages included), counts scenes, prefabs and other "
            "assets under Assets/, and says whether a Unity Editor holds the project. A file that is a Git LFS "
            "pointer (content not pulled) costs only its facts: the render pipeline is `unknown` or packages null, "
            "and `unreadable` names the file with its `git lfs pull --include` command. Read-only."
        ),
        input_model=ProjectInfoInput,
        output_model=ProjectInfoOutput,
        handler=project_info,
        examples=({}, {"includeTransitive": False}),
    ))
