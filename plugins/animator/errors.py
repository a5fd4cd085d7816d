"""The error codes only the AnimatorController tools raise, declared to the catalog through
`unitycli_error_codes`."""

from __future__ import annotations

from unitycli.errors import EXIT_FAILED, ErrorSpec, declared_specs

E_ANIMATOR_NAME_TAKEN = ErrorSpec(
    "E_ANIMATOR_NAME_TAKEN",
    "The controller already has a parameter, state (in that layer) or layer of that name; Unity looks "
    "them up by name, so a second one is not added. Nothing was written.", EXIT_FAILED)
E_ANIMATOR_PARAMETER_IN_USE = ErrorSpec(
    "E_ANIMATOR_PARAMETER_IN_USE",
    "Transition conditions use that parameter; removing it would leave them pointing at nothing. "
    "Nothing was written.", EXIT_FAILED)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
