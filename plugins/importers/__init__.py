"""Import-settings tools for textures, models and audio (the importer in an asset's `.meta`). Registered through
the same hook as any extension."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl


@hookimpl
def unitycli_register_tools(register) -> None:
    from unitycli.plugins.importers.specs import IMPORTER_TOOLS

    for spec in IMPORTER_TOOLS:
        register(spec)
