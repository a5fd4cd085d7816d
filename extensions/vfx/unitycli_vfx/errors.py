"""The error codes this extension owns; declared to the core's catalog (`docs errors` names the owner)."""

from __future__ import annotations

from unitycli.api import EXIT_FAILED, ErrorSpec, declared_specs, tool_command

E_VFX_GRAPH_NOT_FOUND = ErrorSpec(
    "E_VFX_GRAPH_NOT_FOUND",
    "No VFX Graph asset (.vfx, .vfxoperator, .vfxblock) has that path or name, or a VisualEffect's "
    "asset GUID names no graph in the project.", EXIT_FAILED,
    next_actions=(tool_command("vfx.list-graphs"),))
E_VFX_GRAPH_AMBIGUOUS = ErrorSpec(
    "E_VFX_GRAPH_AMBIGUOUS", "Several VFX Graph assets have that name; give the project-relative path.",
    EXIT_FAILED, next_actions=(tool_command("vfx.list-graphs"),))
E_VFX_PARAMETER_NOT_FOUND = ErrorSpec(
    "E_VFX_PARAMETER_NOT_FOUND",
    "The effect's graph exposes no parameter of that name (struct fields are named by their sheet path, "
    "e.g. Box_center).", EXIT_FAILED, next_actions=(tool_command("vfx.get-graph"),))
E_VFX_LAYOUT_UNSUPPORTED = ErrorSpec(
    "E_VFX_LAYOUT_UNSUPPORTED",
    "The object is serialized in a layout this extension has not verified (e.g. a ParticleSystem with "
    "serializedVersion 5 from an old Unity), so it is not edited.", EXIT_FAILED)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
