"""The descriptors of the prefab tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import WRITES, ToolSpec

_GARDEN = "Assets/Scenes/Garden.unity"
_LANTERN_LIGHT = 3225885301537407164  # the Light of Lantern Light in examples/sample-project's Lantern.prefab
_WRITER = (" Checks expectedRevision (E_STALE_WRITE), refuses files that do not round-trip byte-identically, "
           "changes only the lines it must; --dry-run shows the diff and writes nothing.")

PREFAB_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="prefab.instantiate", title="Instantiate a prefab",
        summary="Add a prefab instance to a scene or prefab, as dropping the prefab does.",
        description=("Writes a PrefabInstance with the overrides the Editor writes for a drop (root position, "
                     "rotation, Euler hint and name) and its stripped root Transform, as the last child of `parent` "
                     "(a scene root, or the prefab's root, when omitted; SceneRoots and m_Children updated). The "
                     "layout is the one Unity 2022.3 and 6000.0 write; other versions are refused with "
                     "E_PREFAB_LAYOUT_UNVERIFIED unless a scene or prefab of the project holds a PrefabInstance of that "
                     "layout. "
                     "A prefab that is or contains the target prefab is E_PREFAB_CYCLE." + _WRITER),
        input_model="unitycli.plugins.prefabs.instantiate:InstantiateInput",
        output_model="unitycli.plugins.prefabs.instantiate:InstantiateOutput",
        handler="unitycli.plugins.prefabs.instantiate:prefab_instantiate",
        read_only=False, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "prefab": "Assets/Prefabs/Lantern.prefab", "position": {"x": -2, "y": 0.5,
                                                                                          "z": 3}},
                  {"file": _GARDEN, "prefab": "Lantern", "parent": "Trees", "name": "Tree Lantern"}),
    ),
    ToolSpec(
        name="prefab.get-overrides", title="List a prefab instance's overrides",
        summary="The m_Modifications of a prefab instance, each target resolved in its prefab.",
        description=("Lists the instance's overrides in file order: target {fileID, guid, type}, its class and "
                     "hierarchy path in the source prefab (when the prefab is in the project), propertyPath, "
                     "value and objectReference; plus how many components and GameObjects the instance removes "
                     "or adds. Name the instance by hierarchy path or PrefabInstance fileID. Read-only."),
        input_model="unitycli.plugins.prefabs.overrides:GetOverridesInput",
        output_model="unitycli.plugins.prefabs.overrides:GetOverridesOutput",
        handler="unitycli.plugins.prefabs.overrides:prefab_get_overrides",
        examples=({"file": _GARDEN, "gameObject": "Lantern"},),
    ),
    ToolSpec(
        name="prefab.set-override", title="Set a prefab instance override",
        summary="Add or change one override (target, propertyPath, value) of a prefab instance.",
        description=("Rewrites the value (and objectReference) of the instance's override of `target` and "
                     "`propertyPath`, or adds the entry where Unity keeps it (ordered by target fileID). `target` "
                     "is a fileID of the source prefab (checked when the prefab is in the project, "
                     "E_PREFAB_TARGET_NOT_FOUND otherwise); omitted, it is the prefab's root GameObject, or its "
                     "root Transform for m_Local* paths. Where the source object can be read, the path's field must "
                     "be one of its fields (E_PROPERTY_NOT_FOUND) and a field it holds as a number takes only a "
                     "number (E_VALUE_TYPE_MISMATCH)." + _WRITER),
        input_model="unitycli.plugins.prefabs.overrides:SetOverrideInput",
        output_model="unitycli.plugins.prefabs.overrides:SetOverrideOutput",
        handler="unitycli.plugins.prefabs.overrides:prefab_set_override",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Lantern", "target": {"fileID": _LANTERN_LIGHT},
                   "propertyPath": "m_Intensity", "value": 4.5},
                  {"file": _GARDEN, "gameObject": "Lantern", "propertyPath": "m_Layer", "value": 0}),
    ),
    ToolSpec(
        name="prefab.revert-override", title="Revert prefab instance overrides",
        summary="Remove one override of a prefab instance, or all of one target's.",
        description=("Removes the instance's override of `target` and `propertyPath`, or with propertyPath "
                     "omitted every override of `target`, so those values come from the source prefab again. "
                     "E_PREFAB_OVERRIDE_NOT_FOUND when there is none (naming, when `target` was left to its default, "
                     "the targets that do override that propertyPath)." + _WRITER),
        input_model="unitycli.plugins.prefabs.overrides:RevertOverrideInput",
        output_model="unitycli.plugins.prefabs.overrides:RevertOverrideOutput",
        handler="unitycli.plugins.prefabs.overrides:prefab_revert_override",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Lantern", "target": {"fileID": _LANTERN_LIGHT},
                   "propertyPath": "m_Intensity"},
                  {"file": _GARDEN, "gameObject": "Lantern", "target": {"fileID": _LANTERN_LIGHT}}),
    ),
)
