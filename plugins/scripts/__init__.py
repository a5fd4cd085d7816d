"""Built-in tools for a project's own scripts: UnityEvent listeners on components, and ScriptableObject assets
(read, edit, create). Field edits of MonoBehaviours go through component.set, which shares `fieldedit` with them.
Registered through the same hook as any extension."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl


@hookimpl
def unitycli_register_tools(register) -> None:
    from unitycli.plugins.scripts.specs import SCRIPT_TOOLS

    for spec in SCRIPT_TOOLS:
        register(spec)


@hookimpl
def unitycli_error_codes() -> list:
    from unitycli.plugins.scripts.errors import ERROR_CODES

    return ERROR_CODES
