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
    ToolSpec,
    scan_scene_files,
)
from unitycli_cinemachine import findings, locate
from unitycli_cinemachine.findings import CHECKS
from unitycli_cinemachine.inputs import CM2_SCENE, CM3_SCENE, EXAMPLE_NOTE


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


SPEC = ToolSpec(
    name="cinemachine.check", title="Check Cinemachine setup",
    summary="Find legacy classes, brainless scenes, broken targets, tied priorities.",
    description=("Checks one scene or prefab, or every one under Assets/ that references a Cinemachine script: "
                 "legacy-class (a Cinemachine 2.x class such as CinemachineVirtualCamera or CinemachineTransposer "
                 "in a 3.x project, where it survives only as deprecated; the 3.x replacement is named), no-brain "
                 "(a scene with Cinemachine cameras and no CinemachineBrain), broken-target (a Follow / LookAt "
                 "reference to an object missing from the file), equal-priority (enabled, active cameras of a scene "
                 "with the same effective priority on the same output channel, outside manager cameras). The same "
                 "findings appear in `unitycli extensions doctor`. Read-only; unreadable files are listed in "
                 "skipped." + EXAMPLE_NOTE),
    input_model=CheckInput, output_model=CheckOutput, handler=check,
    examples=({"file": CM2_SCENE}, {"file": CM3_SCENE}, {}),
)
