"""The error codes the settings tools own beyond the core catalog, declared through `unitycli_error_codes`."""

from __future__ import annotations

from unitycli.errors import EXIT_FAILED, ErrorSpec, declared_specs
from unitycli.next_actions import tool_command

_TAGS_LAYERS = (tool_command("project.get-tags-layers"),)
_BUILD = (tool_command("project.get-build-scenes"),)

E_PROJECT_TAG_BUILTIN = ErrorSpec(
    "E_PROJECT_TAG_BUILTIN", "Unity's built-in tags (Untagged, Respawn, Finish, EditorOnly, MainCamera, "
    "Player, GameController) are not stored in TagManager.asset and cannot be removed.", EXIT_FAILED,
    next_actions=_TAGS_LAYERS)
E_PROJECT_TAG_IN_USE = ErrorSpec(
    "E_PROJECT_TAG_IN_USE", "GameObjects in the project's scenes or prefabs still have the tag; removing "
    "it would leave them with a tag Unity does not know. Retag them, or pass force.", EXIT_FAILED)
E_PROJECT_LAYER_NONE_FREE = ErrorSpec(
    "E_PROJECT_LAYER_NONE_FREE", "Every user layer 8–31 already has a name, so there is no free layer "
    "to name; clear one or give an index.", EXIT_FAILED, next_actions=_TAGS_LAYERS)
E_PROJECT_BUILD_SCENE_DUPLICATE = ErrorSpec(
    "E_PROJECT_BUILD_SCENE_DUPLICATE", "The scene is already in Build Settings; each scene is listed once.",
    EXIT_FAILED, next_actions=_BUILD)
E_PROJECT_BUILD_SCENE_NOT_LISTED = ErrorSpec(
    "E_PROJECT_BUILD_SCENE_NOT_LISTED", "No Build Settings entry has that scene path.", EXIT_FAILED,
    next_actions=_BUILD)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
