"""The error codes of the hierarchy-editing and prefab-instance tools, merged into the one catalog through the
`unitycli_error_codes` hook like any plugin's own codes."""

from __future__ import annotations

from unitycli.errors import EXIT_FAILED, EXIT_USAGE, ErrorSpec

ERROR_CODES: list[ErrorSpec] = [
    ErrorSpec("E_TAG_UNKNOWN", "The tag is neither one of Unity's built-in tags nor in ProjectSettings/"
              "TagManager.asset.", EXIT_FAILED, next_actions=("unitycli tools run project.get-tags-layers",)),
    ErrorSpec("E_LAYER_UNKNOWN", "No layer of ProjectSettings/TagManager.asset has that name, or the layer "
              "index is unnamed.", EXIT_FAILED, next_actions=("unitycli tools run project.get-tags-layers",)),
    ErrorSpec("E_HIERARCHY_CYCLE", "The new parent is the GameObject itself or one of its descendants.",
              EXIT_USAGE),
    ErrorSpec("E_WORLD_POSE_INEXACT",
              "The world pose cannot be kept exactly: the new local transform would need shear (non-uniform "
              "scale combined with rotation), or a transform on the way is a RectTransform or part of a prefab "
              "instance whose pose is not known from the file.", EXIT_FAILED),
    ErrorSpec("E_PREFAB_LAYOUT_UNVERIFIED",
              "The PrefabInstance layout this project's Unity version writes has not been verified against "
              "real files, so no PrefabInstance is written.", EXIT_FAILED),
    ErrorSpec("E_PREFAB_CYCLE", "The prefab would contain an instance of itself.", EXIT_USAGE),
    ErrorSpec("E_PREFAB_INSTANCE_REQUIRED", "The GameObject is not a prefab instance, so it has no overrides.",
              EXIT_FAILED),
    ErrorSpec("E_PREFAB_OVERRIDE_NOT_FOUND", "The prefab instance has no override of that target and property "
              "path.", EXIT_FAILED),
    ErrorSpec("E_PREFAB_TARGET_NOT_FOUND",
              "The override target names no object of the source prefab (or the source prefab is not in the "
              "project, so the target cannot be checked).", EXIT_FAILED),
]
