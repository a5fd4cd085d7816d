"""unitycli-probuilder: headless tools for ProBuilder meshes in Unity scenes and prefabs.

Registered through the same hooks as the core's built-in plugins, importing only `unitycli.api`. Availability is
the core's business: it reads this package's manifest (`manifest.toml`, identical to the catalog's
`manifests/probuilder.toml`) against the project's resolved packages. The ToolSpecs live in `specs/` and name their
handlers and models (in `tools/`) by import path: registering imports no handler module, a run imports its own.
"""

from __future__ import annotations

from importlib.resources import files

from unitycli.api import ErrorSpec, KnownScript, Register, hookimpl, register_package


@hookimpl
def unitycli_register_tools(register: Register) -> None:
    register_package(register, __name__, ("specs",))  # SPECS of unitycli_probuilder.specs


@hookimpl
def unitycli_error_codes() -> list[ErrorSpec]:
    from unitycli_probuilder.errors import ERROR_CODES

    return ERROR_CODES


@hookimpl
def unitycli_known_scripts() -> list[KnownScript]:
    from unitycli_probuilder import ids

    return ids.KNOWN_SCRIPTS


@hookimpl
def unitycli_extension_manifest() -> str:
    return files(__package__).joinpath("manifest.toml").read_text(encoding="utf-8")
