"""Scene lighting tools (fog, ambient light, skybox, sun: a scene's RenderSettings). Registered through the same
hook as any extension."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl
from unitycli.plugins.lighting.specs import LIGHTING_TOOLS


@hookimpl
def unitycli_register_tools(register) -> None:
    for spec in LIGHTING_TOOLS:
        register(spec)
