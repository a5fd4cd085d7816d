"""Built-in asset tools: find, inspect, trace references, move, rename, delete and validate assets, and check which
Unity files round-trip. Registered through the same hook as any extension."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl
from unitycli.plugins.assets.create_specs import CREATE_TOOLS
from unitycli.plugins.assets.specs import ASSET_TOOLS


@hookimpl
def unitycli_register_tools(register) -> None:
    for spec in ASSET_TOOLS + CREATE_TOOLS:
        register(spec)
