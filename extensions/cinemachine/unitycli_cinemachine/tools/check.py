"""`cinemachine.check`: legacy 2.x classes in a 3.x project, scenes whose cameras have no brain, targets that do
not resolve, and cameras competing with equal priorities (the same findings `extensions doctor` reports)."""

from __future__ import annotations

from unitycli.api import (
    Field,
    LoadedFile,
    SceneModel,
    SkippedFile,
    ToolContext,
    ToolInput,
    ToolOutput,
    scan_scene_files,
)
from unitycli_cinemachine import findings, locate
from unitycli_cinemachine.findings import CHECKS


class CheckInput(ToolInput):
    file: str | None = Field(None, description=("Scene or prefab to check (path or unique name); omitted: every "
                                                "scene and prefab under Assets/ that references a Cinemachine script"))


class CheckOutput(ToolOutput):
    ok: bool = Field(description="No findings")
    findings: list[findings.Finding]
    counts: dict[str, int] = Field(description="Findings per check: " + ", ".join(CHECKS))
    files: list[str] = Field(description="Files checked")
    skipped: list[SkippedFile] = Field(description="Files that could not be read; project-wide only")


def major_of(ctx: ToolContext) -> str | None:
    version = ctx.package_version("com.unity.cinemachine") or ""
    return "cm2" if version.startswith("2.") else "cm3" if version.startswith("3.") else None


def check(ctx: ToolContext, request: CheckInput) -> CheckOutput:
    files = [request.file] if request.file else locate.project_files(ctx)
    major = major_of(ctx)

    def read_file(loaded: LoadedFile, model: SceneModel) -> list[findings.Finding]:
        return findings.file_findings(loaded.path, loaded.yaml, model, major)

    scanned = scan_scene_files(ctx, files, read_file, strict=bool(request.file))
    found = [f for in_file in scanned.found for f in in_file]
    counts = {name: sum(1 for f in found if f.check == name) for name in findings.CHECKS}
    return CheckOutput(ok=not found, findings=found, counts=counts, files=list(scanned.revisions),
                       skipped=scanned.skipped)
