"""AnimatorController tools (`.controller`: parameters, layers, states, transitions). Registered through the same
hook as any extension."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl


@hookimpl
def unitycli_register_tools(register) -> None:
    from unitycli.plugins.animator.specs import ANIMATOR_TOOLS

    for spec in ANIMATOR_TOOLS:
        register(spec)


@hookimpl
def unitycli_error_codes() -> list:
    from unitycli.plugins.animator.errors import ERROR_CODES

    return ERROR_CODES
