"""The hooks a unitycli plugin can implement. Built-in plugins, extensions and project tools all use these.

A plugin is any module or object with functions marked `@hookimpl` whose names match the specs below. Names
are prefixed `unitycli_` so a misspelled hook is detected (the loader reports unknown `unitycli_*` names).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:  # pragma: no cover - imports for type hints only
    from unitycli.doctor_report import DoctorReport
    from unitycli.errors import ErrorSpec
    from unitycli.host.availability import Availability, PackageRequirement
    from unitycli.host.integrity import IntegrityResult
    from unitycli.host.owners import ToolOwner
    from unitycli.knownscripts import KnownScript
    from unitycli.project.selection import Project
    from unitycli.toolspec import ToolSpec

PROJECT_NAME = "unitycli"
hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def unitycli_register_tools(register: Any) -> None:
    """Register this plugin's tools by calling `register(ToolSpec(...))` once per tool.

    Example::

        @hookimpl
        def unitycli_register_tools(register):
            register(ToolSpec(name="probuilder.list-meshes", handler=list_meshes, ...))
    """


@hookspec
def unitycli_tool_availability(tool: ToolSpec, owner: ToolOwner, project: Project) -> Availability | None:
    """Say whether `tool` can run on `project`, or return None to have no opinion.

    Every non-None answer counts; the first unavailable one wins. The core's own implementation checks the
    owning extension's manifest against the project's resolved Unity packages. Example::

        @hookimpl
        def unitycli_tool_availability(tool, owner, project):
            if tool.name.startswith("hdrp.") and not (project.root / "Assets/HDRP").is_dir():
                return Availability.unavailable("E_EXTENSION_DEPENDENCY_MISSING", "no HDRP assets")
    """


@hookspec
def unitycli_tool_requirements(tool: ToolSpec, owner: ToolOwner) -> list[PackageRequirement] | None:
    """The Unity packages (and exact verified versions) `tool` needs, known without any project.

    Descriptors show them even when no project is selected. The core answers from the owning extension's
    manifest. Example::

        @hookimpl
        def unitycli_tool_requirements(tool, owner):
            if tool.name.startswith("acme."):
                return [PackageRequirement(name="com.acme.core", versions=["1.2.0"])]
    """


@hookspec
def unitycli_check_integrity(owner: ToolOwner) -> IntegrityResult | None:
    """Say whether the code behind `owner` is the code that was verified, or None for no opinion.

    The core checks installed distributions against their wheel RECORD hashes and project tool files against
    their approvals. Example::

        @hookimpl
        def unitycli_check_integrity(owner):
            if owner.distribution == "unitycli-acme" and tampered():
                return IntegrityResult.failed("E_EXTENSION_INTEGRITY_MISMATCH", "file changed")
    """


@hookspec
def unitycli_doctor_checks(report: DoctorReport) -> None:
    """Add extension-specific diagnostics to `extensions doctor` with `report.add(...)`.

    Example::

        @hookimpl
        def unitycli_doctor_checks(report):
            report.add("acme.settings", "pass", "Acme settings file found")
    """


@hookspec
def unitycli_extension_manifest() -> str | None:
    """Return the text of this extension's exact-version dependency manifest (`manifests/<id>.toml`).

    Example::

        @hookimpl
        def unitycli_extension_manifest():
            return importlib.resources.files(__package__).joinpath("manifest.toml").read_text()
    """


@hookspec
def unitycli_error_codes() -> list[ErrorSpec] | None:
    """The error codes this plugin owns, merged into the one catalog (a code two owners declare is a problem
    that names both, and the first owner's meaning is kept). `docs errors` shows each code's owner. Example::

        @hookimpl
        def unitycli_error_codes():
            return [ErrorSpec(code, "No widget has that name.", next_actions=("unitycli tools run acme.list",))
                    for code in ACME_CODES]
    """


@hookspec
def unitycli_known_scripts() -> list[KnownScript] | None:
    """The script GUIDs and class names of a package's components, so every tool (`gameobject.find`,
    `component.get`, ...) can address them by class name although their `.cs` is not in the project. Example::

        @hookimpl
        def unitycli_known_scripts():
            return [KnownScript("8233d90336aea43098adf6dbabd606a2", "ProBuilderMesh", "com.unity.probuilder")]
    """
