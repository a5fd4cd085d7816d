"""unitycli-vfx: headless tools for VFX Graph assets, VisualEffect components, ParticleSystems, LineRenderers and
TrailRenderers in Unity projects.

Registered through the same hooks as the core's built-in plugins, importing only `unitycli.api`. Availability is the
core's business: it reads this package's manifest (`manifest.toml`, identical to the catalog's `manifests/vfx.toml`)
against the project's resolved packages; its globs make only the graph and effect tools (`vfx.*graph*`,
`vfx.*effect*`) need com.unity.visualeffectgraph, so the particle, line and trail tools run on every project.
"""

from __future__ import annotations

from importlib.resources import files

from unitycli.api import ErrorSpec, Register, hookimpl, register_package


@hookimpl
def unitycli_register_tools(register: Register) -> None:
    register_package(register, __name__, ("specs",))


@hookimpl
def unitycli_error_codes() -> list[ErrorSpec]:
    from unitycli_vfx.errors import ERROR_CODES

    return ERROR_CODES


@hookimpl
def unitycli_extension_manifest() -> str:
    return files(__package__).joinpath("manifest.toml").read_text(encoding="utf-8")
