"""Built-in prefab-instance tools: instantiate a prefab into a scene or prefab, and read, set and revert its
overrides. Registered through the same hooks as any extension, with their own error codes."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl
from unitycli.plugins.prefabs.specs import PREFAB_TOOLS


@hookimpl
def unitycli_register_tools(register) -> None:
    for spec in PREFAB_TOOLS:
        register(spec)


@hookimpl
def unitycli_error_codes() -> list:
    from unitycli.plugins.prefabs.errors import ERROR_CODES

    return ERROR_CODES
