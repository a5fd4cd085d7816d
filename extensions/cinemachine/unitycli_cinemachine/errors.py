"""The error codes this extension owns; declared to the core's catalog (`docs errors` names the owner)."""

from __future__ import annotations

from unitycli.api import EXIT_FAILED, EXIT_USAGE, ErrorSpec, declared_specs, tool_command

E_CAMERA_NOT_FOUND = ErrorSpec(
    "E_CAMERA_NOT_FOUND",
    "The file has no Cinemachine camera on that GameObject; details.cameras lists the cameras it has.",
    EXIT_FAILED, next_actions=(tool_command("cinemachine.list-cameras"),))
E_CAMERA_AMBIGUOUS = ErrorSpec(
    "E_CAMERA_AMBIGUOUS",
    "The GameObject carries several Cinemachine cameras; name one by its component fileID.",
    EXIT_USAGE, next_actions=(tool_command("cinemachine.list-cameras"),))
E_BRAIN_NOT_FOUND = ErrorSpec(
    "E_BRAIN_NOT_FOUND",
    "The file has no CinemachineBrain (on that GameObject); details.brains lists the brains it has.",
    EXIT_FAILED, next_actions=(tool_command("cinemachine.list-cameras"),))
E_BRAIN_AMBIGUOUS = ErrorSpec(
    "E_BRAIN_AMBIGUOUS", "The file has several CinemachineBrains; name one with gameObject.", EXIT_USAGE,
    next_actions=(tool_command("cinemachine.list-cameras"),))
E_CINEMACHINE_LAYOUT_UNKNOWN = ErrorSpec(
    "E_CINEMACHINE_LAYOUT_UNKNOWN",
    "A Cinemachine component has neither the 2.x nor the 3.x fields the tool needs; it is not edited.",
    EXIT_FAILED)
E_CINEMACHINE_VALUE_INVALID = ErrorSpec(
    "E_CINEMACHINE_VALUE_INVALID",
    "A value Cinemachine would reject or clamp (far clip not beyond near clip, Custom blend without a "
    "curve, nothing to set).", EXIT_USAGE)
E_CINEMACHINE_COMPONENT_UNSUPPORTED = ErrorSpec(
    "E_CINEMACHINE_COMPONENT_UNSUPPORTED",
    "A Body/Aim/Noise class this tool does not write for that camera's major (or whose settings it does "
    "not type); details.supported lists the classes it writes.", EXIT_USAGE)
E_CINEMACHINE_COMPONENT_REFERENCED = ErrorSpec(
    "E_CINEMACHINE_COMPONENT_REFERENCED",
    "The component to replace is referenced by another object (a 3.x input controller's Owner, a "
    "script); it is left in place.", EXIT_FAILED)
E_CINEMACHINE_STAGE_EMPTY = ErrorSpec(
    "E_CINEMACHINE_STAGE_EMPTY",
    "The camera has no component in that stage (Body or Aim); give type to add one.", EXIT_USAGE)
E_CINEMACHINE_PRESET_INVALID = ErrorSpec(
    "E_CINEMACHINE_PRESET_INVALID",
    "Not a camera preset of create-camera; details.presets lists them (follow, third-person, orbital, "
    "look-at, static).", EXIT_USAGE)
E_CINEMACHINE_MAIN_CAMERA_NOT_FOUND = ErrorSpec(
    "E_CINEMACHINE_MAIN_CAMERA_NOT_FOUND",
    "ensureBrain found no Camera GameObject (tagged MainCamera, or any) it could add a CinemachineBrain "
    "to in the file.", EXIT_FAILED)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
