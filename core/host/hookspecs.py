"""The hooks a unitycli plugin can implement. Built-in plugins, extensions and project tools all use these.

A plugin is any module or object with functions marked `@hookimpl` whose names match the specs below. Names
are prefixed `unitycli_` so a misspelled hook is detected (the loader reports unknown `unitycli_*` names).
Whether a tool is available on a project and whether its code is intact are the host's own answers
(`unitycli.host.checks`), from the extension's manifest and RECORD, not hooks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:  # pragma: no cover - imports for type hints only
    from unitycli.doctor_report import DoctorReport
    from unitycli.errors import ErrorSpec
    from unitycli.knownscripts import KnownScript
    from unitycli.toolspec import Register

PROJECT_NAME = "unitycli"
hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def unitycli_register_tools(register: Register) -> None:
    """Register this plugin's tools by calling `register(ToolSpec(...))` once per tool.

    Example::

        @hookimpl
        def unitycli_register_tools(register: Register) -> None:
            register(ToolSpec(name="probuilder.list-meshes", handler=list_meshes, ...))
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
    """The error codes this plugin owns: the `ErrorSpec` values its modules define, for `docs errors` and the
    load-time clash check (a code two owners declare is a problem that names both, and the first owner's meaning is
    kept). A raise site that passes the value never depends on this hook; one that passes the code string is
    resolved against what this hook returned for the plugins that ran, so list every code you raise. Example::

        # acme/errors.py
        E_ACME_WIDGET_NOT_FOUND = ErrorSpec("E_ACME_WIDGET_NOT_FOUND", "No widget has that name.",
                                            next_actions=(tool_command("acme.list"),))
        ERROR_CODES = declared_specs(globals())

        # acme/__init__.py
        @hookimpl
        def unitycli_error_codes():
            from acme.errors import ERROR_CODES
            return ERROR_CODES
    """


@hookspec
def unitycli_known_scripts() -> list[KnownScript] | None:
    """The script GUIDs and class names of a package's components, so every tool (`gameobject.find`,
    `component.get`, ...) can address them by class name although their `.cs` is not in the project. Example::

        @hookimpl
        def unitycli_known_scripts():
            return [KnownScript("8233d90336aea43098adf6dbabd606a2", "ProBuilderMesh", "com.unity.probuilder")]
    """
