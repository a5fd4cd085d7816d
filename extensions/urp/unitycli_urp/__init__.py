"""unitycli-urp: headless tools for the Universal Render Pipeline: active pipeline asset, settings, renderer
features, volume profiles and Volume components.

Registered through the same hooks as the core's built-in plugins, importing only `unitycli.api` (whose volume
model is shared with the HDRP extension). Availability is the core's business: it reads this package's manifest
(`manifest.toml`, identical to the catalog's `manifests/urp.toml`) against the project's resolved packages.
"""

from __future__ import annotations

from importlib.resources import files

from unitycli.api import ErrorSpec, KnownScript, Register, hookimpl, register_package


@hookimpl
def unitycli_register_tools(register: Register) -> None:
    register_package(register, __name__, ("specs",))


@hookimpl
def unitycli_error_codes() -> list[ErrorSpec]:
    from unitycli_urp.errors import ERROR_CODES

    return ERROR_CODES


@hookimpl
def unitycli_known_scripts() -> list[KnownScript]:
    from unitycli_urp.ids import known_scripts

    return known_scripts()


@hookimpl
def unitycli_extension_manifest() -> str:
    return files(__package__).joinpath("manifest.toml").read_text(encoding="utf-8")
