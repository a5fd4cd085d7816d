"""The descriptors of the script tools: ScriptableObject assets and UnityEvent listeners."""

from __future__ import annotations

from unitycli.toolspec import WRITES, ToolSpec

# Examples run on the fixture projects (tests/core runs every writer's example): minigolf's level assets and
# chicken-defense's Game scene.
_LEVEL = "Assets/LlamAcademy/Minigolf/Resources/Levels/3.asset"
_LEVEL_DATA = "Assets/LlamAcademy/Minigolf/Level Data.asset"
_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
_EVENT = {"file": _GAME, "gameObject": "Main Camera", "component": "CinemachineBrain",
          "property": "m_CameraActivatedEvent"}
_CLOSE_BUTTON = {"file": "Assets/VisualEffectSamples.unity", "gameObject": "Canvas/Game Options Panel/Button-Close",
                 "component": "542757530", "property": "m_OnClick"}  # VFX samples: an Editor-written listener
_ADDRESSING = (" Name the file by path or unique asset name, the GameObject by hierarchy path (Root/Child) or fileID, "
               "the component by class, script class, script GUID or fileID, the event by its property path.")
_WRITER = (" Checks expectedRevision (E_STALE_WRITE), refuses files that do not round-trip byte-identically, "
           "changes only the lines it must; --dry-run shows the diff and writes nothing.")

SCRIPT_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="scriptable.get", title="Get a ScriptableObject's fields",
        summary="Read a ScriptableObject asset's script and fields (or one field).",
        description=("Reads a .asset whose main object is a ScriptableObject: its script (GUID, .cs path, class) "
                     "and every serialized field by the name scriptable.set takes (references as "
                     "{fileID, guid?, type?}), or one field path. Anything else is E_SCRIPTABLE_OBJECT_NOT_FOUND. "
                     "Returns the file's revision for a later write. Read-only."),
        input_model="unitycli.plugins.scripts.scriptable_tools:ScriptableGetInput",
        output_model="unitycli.plugins.scripts.scriptable_tools:ScriptableGetOutput",
        handler="unitycli.plugins.scripts.scriptable_tools:scriptable_get",
        examples=({"file": _LEVEL}, {"file": _LEVEL, "property": "Par[0]"}),
        example_projects=("minigolf", "minigolf"),
    ),
    ToolSpec(
        name="scriptable.set", title="Set a ScriptableObject field",
        summary="Set, insert, remove or resize one field of a ScriptableObject asset.",
        description=("Edits one field of a ScriptableObject .asset the way component.set edits a MonoBehaviour: "
                     "the value is checked against the current one (E_VALUE_TYPE_MISMATCH); a reference field "
                     "takes an asset path (`Assets/Art/Ball.mat`, `Assets/UI/stars.png:2-stars` for a sub-asset), "
                     "an asset GUID or {fileID, guid, type}, resolved to the fileID its .meta or file proves "
                     "(E_REFERENCE_UNRESOLVED, E_REFERENCE_UNPROVEN); operation insert/remove/resize edits lists. "
                     "The object header (m_Script, m_GameObject...) is refused, m_Name is allowed." + _WRITER),
        input_model="unitycli.plugins.scripts.scriptable_tools:ScriptableSetInput",
        output_model="unitycli.plugins.scripts.scriptable_tools:ScriptableSetOutput",
        handler="unitycli.plugins.scripts.scriptable_tools:scriptable_set",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _LEVEL, "property": "Par[0].Rating", "value": "Good"},
                  {"file": _LEVEL_DATA, "property": "AllLevels", "operation": "resize", "value": 13},
                  {"file": _LEVEL_DATA, "property": "Level",
                   "value": "Assets/LlamAcademy/Minigolf/Resources/Levels/3.asset"}),
        example_projects=("minigolf", "minigolf", "minigolf"),
    ),
    ToolSpec(
        name="component.list-listeners", title="List a UnityEvent's listeners",
        summary="The persistent listeners of a UnityEvent on a component.",
        description=("Lists m_PersistentCalls.m_Calls of the UnityEvent at `property`: index, target, declaring "
                     "type, method, mode (Void, Int, Float, String, Bool, Object, EventDefined), the argument the "
                     "mode passes, and the call state. A property that is not a UnityEvent is E_EVENT_NOT_FOUND, "
                     "listing the component's events." + _ADDRESSING + " Read-only."),
        input_model="unitycli.plugins.scripts.listener_tools:ListenersInput",
        output_model="unitycli.plugins.scripts.listener_tools:ListenersOutput",
        handler="unitycli.plugins.scripts.listener_tools:list_listeners",
        examples=(_CLOSE_BUTTON, _EVENT),
        example_projects=("vfx-samples", "chicken-defense"),
    ),
    ToolSpec(
        name="component.add-listener", title="Add a UnityEvent listener",
        summary="Add a persistent listener (target, method, argument) to a UnityEvent.",
        description=("Appends a listener to the UnityEvent at `property`, as the Editor writes it. `target` is a "
                     "component of a project script in the same file (`Path/To/Object:ScriptClass` or its "
                     "fileID); `method` must be a public instance method of its class or a base class the project "
                     "declares, with no parameter or one int, float, string or bool, which `argument` fills; the "
                     "mode follows from it and m_TargetAssemblyTypeName names the declaring class and its assembly "
                     "(.asmdef name or Assembly-CSharp). Anything else is E_LISTENER_METHOD_NOT_FOUND with the "
                     "methods that fit; engine methods (GameObject.SetActive) are not checkable here and are "
                     "refused." + _ADDRESSING + _WRITER),
        input_model="unitycli.plugins.scripts.listener_tools:AddListenerInput",
        output_model="unitycli.plugins.scripts.listener_tools:ListenerWriteOutput",
        handler="unitycli.plugins.scripts.listener_tools:add_listener",
        read_only=False, idempotent=False, permissions=WRITES,
        examples=({**_EVENT, "target": "Chicken Spawner:ChickenSpawner", "method": "SpawnChicken"},),
        example_projects=("chicken-defense",),
    ),
    ToolSpec(
        name="component.remove-listener", title="Remove a UnityEvent listener",
        summary="Remove one persistent listener of a UnityEvent by its index.",
        description=("Removes listener `index` (from component.list-listeners) of the UnityEvent at `property`; "
                     "removing the last leaves `m_Calls: []` as Unity writes it. An index the event does not have "
                     "is E_LISTENER_NOT_FOUND, listing the listeners; nothing is removed quietly."
                     + _ADDRESSING + _WRITER),
        input_model="unitycli.plugins.scripts.listener_tools:RemoveListenerInput",
        output_model="unitycli.plugins.scripts.listener_tools:ListenerWriteOutput",
        handler="unitycli.plugins.scripts.listener_tools:remove_listener",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({**_CLOSE_BUTTON, "index": 0},),
        example_projects=("vfx-samples",),
    ),
    ToolSpec(
        name="scriptable.create", title="Create a ScriptableObject asset",
        summary="Create a .asset of a project ScriptableObject class, with its .meta.",
        description=("Writes a new .asset (and its .meta with a new GUID) holding one object of the project "
                     "ScriptableObject class `script` (class name, .cs path or GUID), named after the file. The "
                     "object header is copied from an Editor-written ScriptableObject .asset of the project; the "
                     "fields follow the class's C# in Unity's order at the defaults the source proves; a field "
                     "whose default it does not prove (a constructor call, a method) is left out and listed in "
                     "`omitted` (Unity applies its initializer when it loads the asset). Abstract, generic and "
                     "non-ScriptableObject classes are E_SCRIPTABLE_OBJECT_NOT_FOUND; an existing path is "
                     "E_ASSET_OUTPUT_EXISTS. --dry-run shows both files and writes nothing."),
        input_model="unitycli.plugins.scripts.scriptable_create:ScriptableCreateInput",
        output_model="unitycli.plugins.scripts.scriptable_create:ScriptableCreateOutput",
        handler="unitycli.plugins.scripts.scriptable_create:scriptable_create",
        read_only=False, idempotent=False, permissions=WRITES,
        examples=({"file": "Assets/LlamAcademy/Minigolf/Resources/Levels/13.asset", "script": "LevelSO"},),
        example_projects=("minigolf",),
    ),
)
