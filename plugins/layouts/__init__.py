"""Built-in tools over Unity's own layouts (`unitycli.typetree`): holding a file against the Editor's type trees."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl
from unitycli.plugins.layouts.specs import LAYOUT_TOOLS


@hookimpl
def unitycli_register_tools(register) -> None:
    for spec in LAYOUT_TOOLS:
        register(spec)
