"""unitycli-cinemachine: headless tools for Cinemachine cameras and brains in Unity scenes and prefabs.

Registered through the same hooks as the core's built-in plugins, importing only `unitycli.api`. Availability is
the core's business: it reads this package's manifest (`manifest.toml`, byte-identical to the catalog's
`manifests/cinemachine.toml`) against the project's resolved packages. Both majors are handled: Cinemachine 2.x
(`CinemachineVirtualCamera` with its hidden `cm` pipeline child) and 3.x (`CinemachineCamera`); which one a
component is written in is read from its fields (`layout.py`), never from its script GUID.
"""

from __future__ import annotations

from importlib.resources import files

from unitycli.api import DoctorReport, ErrorSpec, KnownScript, Register, hookimpl, register_package


@hookimpl
def unitycli_register_tools(register: Register) -> None:
    register_package(register, __name__, ("specs",))


@hookimpl
def unitycli_error_codes() -> list[ErrorSpec]:
    from unitycli_cinemachine.errors import ERROR_CODES

    return ERROR_CODES


@hookimpl
def unitycli_known_scripts() -> list[KnownScript]:
    from unitycli_cinemachine.scripts import KNOWN_SCRIPTS

    return KNOWN_SCRIPTS


@hookimpl
def unitycli_doctor_checks(report: DoctorReport) -> None:
    """The findings of `cinemachine.check` over the project, one doctor entry per check."""
    from unitycli_cinemachine.doctor import add_checks

    add_checks(report)


@hookimpl
def unitycli_extension_manifest() -> str:
    return files(__package__).joinpath("manifest.toml").read_text(encoding="utf-8")
