"""The error codes only the prefab-instance tools raise, declared to the catalog through the
`unitycli_error_codes` hook like any plugin's own codes (tag, layer, cycle, pose and
target codes that scene and settings tools raise too live in `unitycli.errors`)."""

from __future__ import annotations

from unitycli.errors import EXIT_FAILED, EXIT_USAGE, ErrorSpec, declared_specs

E_PREFAB_CYCLE = ErrorSpec(
    "E_PREFAB_CYCLE", "The prefab would contain an instance of itself.", EXIT_USAGE)
E_PREFAB_INSTANCE_REQUIRED = ErrorSpec(
    "E_PREFAB_INSTANCE_REQUIRED", "The GameObject is not a prefab instance, so it has no overrides.",
    EXIT_FAILED)
E_PREFAB_OVERRIDE_NOT_FOUND = ErrorSpec(
    "E_PREFAB_OVERRIDE_NOT_FOUND", "The prefab instance has no override of that target and property "
    "path.", EXIT_FAILED)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
