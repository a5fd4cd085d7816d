"""Built-in material tools: read, edit and create `.mat` files. Registered through the same hook as any extension.

It also declares the error codes of the file-creating tools (`plugins/materials/errors.py`), which the assets
plugin's scene.create shares.
"""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl
from unitycli.plugins.materials.specs import MATERIAL_TOOLS


@hookimpl
def unitycli_register_tools(register) -> None:
    for spec in MATERIAL_TOOLS:
        register(spec)


@hookimpl
def unitycli_error_codes() -> list:
    from unitycli.plugins.materials.errors import ERROR_CODES

    return ERROR_CODES
