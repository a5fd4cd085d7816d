"""Built-in project-settings tools: player settings, tags and layers, build scenes, input axes, quality levels.

Registered through the same hook as any extension; every writer goes through `settings_file.stage_edit`.
"""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl
from unitycli.plugins.settings.specs import SETTINGS_TOOLS


@hookimpl
def unitycli_register_tools(register) -> None:
    for spec in SETTINGS_TOOLS:
        register(spec)


@hookimpl
def unitycli_error_codes() -> list:
    from unitycli.plugins.settings.errors import ERROR_CODES

    return ERROR_CODES
