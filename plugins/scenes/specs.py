"""The descriptors of the scene, prefab, GameObject and component tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import WRITES, ToolSpec

_GARDEN = "Assets/Scenes/Garden.unity"
_ADDRESSING = (" Name the file by path or unique asset name, the GameObject by hierarchy path (Root/Child) or "
               "fileID.")
_WRITER = (" Checks expectedRevision (E_STALE_WRITE), refuses files that do not round-trip byte-identically, "
           "changes only the lines it must; --dry-run shows the diff and writes nothing.")

SCENE_TOOLS = (
    ToolSpec(
        name="prefab.list", title="List prefabs",
        summary="All prefabs with their root, variant flag and base prefab.",
        description=("Lists every .prefab under Assets/ and Packages/ (or under `folder`) with its GUID, the name "
                     "of its root, whether it is a prefab variant (its root is a prefab instance) and, for a "
                     "variant, the prefab it is based on. Only the requested page is parsed; files that cannot be "
                     "read are listed with the error. Paged. Read-only."),
        input_model="unitycli.plugins.scenes.prefab_list:PrefabListInput",
        output_model="unitycli.plugins.scenes.prefab_list:PrefabListOutput",
        handler="unitycli.plugins.scenes.prefab_list:prefab_list",
        examples=({}, {"folder": "Assets/Prefabs", "limit": 50}),
    ),
    ToolSpec(
        name="scene.list", title="List scenes",
        summary="All .unity scenes with their Build Settings order and enabled flags.",
        description=("Lists every scene under Assets/ and Packages/ with its GUID, whether it is in Build Settings "
                     "(ProjectSettings/EditorBuildSettings.asset), ticked, its position there and its build index "
                     "(position among enabled scenes). Build Settings entries whose file is missing are listed with "
                     "exists: false. Paged. Read-only."),
        input_model="unitycli.plugins.scenes.scene_list:SceneListInput",
        output_model="unitycli.plugins.scenes.scene_list:SceneListOutput",
        handler="unitycli.plugins.scenes.scene_list:scene_list",
        examples=({}, {"limit": 20}),
    ),
    ToolSpec(
        name="scene.hierarchy", title="Scene hierarchy",
        summary="GameObject tree of a scene, paged and depth-limited, with components.",
        description=("Lists the scene's GameObjects depth first in Hierarchy order (SceneRoots, or m_RootOrder in "
                     "older files), each with name, path, fileID, depth, kind and component names, plus inactive/"
                     "hidden only when set. `detail: \"full\"` adds tag, layer, flags, parent and child count, "
                     "component fileIDs and script GUIDs, and each prefab instance's source prefab. `depth` limits "
                     "the levels (items cut by it say childrenBeyondDepth), `root` starts below one GameObject. "
                     "Paged with limit/cursor; returns the file's revision. Read-only."),
        input_model="unitycli.plugins.scenes.hierarchy:HierarchyInput",
        output_model="unitycli.plugins.scenes.hierarchy:HierarchyOutput",
        handler="unitycli.plugins.scenes.hierarchy:scene_hierarchy",
        examples=({"file": _GARDEN}, {"file": "Garden", "depth": 0}, {"file": _GARDEN, "root": "Trees", "limit": 50},
                  {"file": "Garden", "detail": "full"}),
    ),
    ToolSpec(
        name="prefab.hierarchy", title="Prefab hierarchy",
        summary="GameObject tree of a prefab, paged and depth-limited, with components.",
        description=("The same listing as scene.hierarchy for a .prefab file: its root GameObject (or, for a "
                     "variant, its root prefab instance) and children with component names; `detail: \"full\"` "
                     "adds the details, nested prefab instances' source prefabs among them. Paged; returns the "
                     "file's revision. Read-only."),
        input_model="unitycli.plugins.scenes.hierarchy:HierarchyInput",
        output_model="unitycli.plugins.scenes.hierarchy:HierarchyOutput",
        handler="unitycli.plugins.scenes.hierarchy:prefab_hierarchy",
        examples=({"file": "Assets/Prefabs/Lantern.prefab"}, {"file": "Lantern", "depth": 1}),
    ),
    ToolSpec(
        name="gameobject.find", title="Find GameObjects",
        summary="Find GameObjects by name pattern, component, tag or layer in a file or project.",
        description=("Searches one scene or prefab (`file`) or every scene and prefab in the project. Filters "
                     "combine: `name` (glob), `component` (class, script class, script GUID), `tag`, `layer`. "
                     "Files that cannot be read are listed in `skipped`. A component name that no searched object is known "
                     "to have, while some have scripts that cannot be named offline (their .cs is in a package), "
                     "sets `unresolvedScripts`: matches may be missing; search by their GUIDs. Paged. Read-only."),
        input_model="unitycli.plugins.scenes.find:FindInput",
        output_model="unitycli.plugins.scenes.find:FindOutput",
        handler="unitycli.plugins.scenes.find:gameobject_find",
        examples=({"name": "Tree*"}, {"file": _GARDEN, "component": "BoxCollider"}, {"tag": "Player"}),
    ),
    ToolSpec(
        name="gameobject.get", title="Get a GameObject",
        summary="A GameObject with all of its components and their fields.",
        description=("Returns the GameObject's own fields and every component (class, script class and GUID, "
                     "fields as JSON; references as {fileID, guid?, type?}); for a prefab instance its overrides. "
                     "Returns the file's revision for a later write." + _ADDRESSING + " Read-only."),
        input_model="unitycli.plugins.scenes.inspect:GameObjectGetInput",
        output_model="unitycli.plugins.scenes.inspect:GameObjectGetOutput",
        handler="unitycli.plugins.scenes.inspect:gameobject_get",
        examples=({"file": _GARDEN, "gameObject": "Player/Hat"}, {"file": "Garden", "gameObject": "845330172"}),
    ),
    ToolSpec(
        name="component.get", title="Get a component value",
        summary="One property (or all fields) of a component on a GameObject.",
        description=("Reads a property path (m_LocalPosition, m_LocalPosition.x, m_Materials[0]) of a component "
                     "named by class, script class, script GUID or fileID. Returns the file's revision for a "
                     "later component.set." + _ADDRESSING + " Read-only."),
        input_model="unitycli.plugins.scenes.inspect:ComponentGetInput",
        output_model="unitycli.plugins.scenes.inspect:ComponentGetOutput",
        handler="unitycli.plugins.scenes.inspect:component_get",
        examples=({"file": _GARDEN, "gameObject": "Directional Light", "component": "Light",
                   "property": "m_Intensity"},),
    ),
    ToolSpec(
        name="component.set", title="Set a component value",
        summary="Set one property of a component, checked against its current value and C#.",
        description=("Sets a property path of a component to a JSON value of the same type as the current one "
                     "(number, string, {x,y,z} with the same keys, {fileID, guid?, type?}, list, lists of lists); "
                     "an empty value ({}, [], nothing) takes any shape, written as Unity writes it (a filled map "
                     "as a block); otherwise E_VALUE_TYPE_MISMATCH. A project script's field is also checked "
                     "against its C#: an unknown field is E_PROPERTY_NOT_FOUND with didYouMean, an enum takes its "
                     "member name (written as its value), a bool true/false. A reference field takes a name: a "
                     "GameObject path in the same file (`Root/Child`, `Root/Child:Rigidbody`; the field's class "
                     "picks the component), an asset path (`Assets/UI/stars.png:2-stars` for a sub-asset) or a "
                     "GUID, resolved to the fileID the file or .meta proves (E_REFERENCE_UNRESOLVED, "
                     "E_REFERENCE_UNPROVEN). operation insert/remove (`List[i]`) and resize (value = length) edit "
                     "lists. Setting m_LocalEulerAnglesHint alone warns that Unity ignores it (use "
                     "gameobject.set-transform). UnityEvents: component.add-listener." + _ADDRESSING + _WRITER),
        input_model="unitycli.plugins.scenes.component_set:ComponentSetInput",
        output_model="unitycli.plugins.scenes.component_set:ComponentSetOutput",
        handler="unitycli.plugins.scenes.component_set:component_set",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Player", "component": "Transform",
                   "property": "m_LocalPosition", "value": {"x": 0, "y": 2, "z": 0}},
                  {"file": "Garden", "gameObject": "Directional Light", "component": "Light",
                   "property": "m_Intensity", "value": 1.5},
                  {"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "gameObject": "Chicken Spawner",
                   "component": "ChickenSpawner", "property": "EggPrefab",
                   "value": "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"}),
        example_projects=(None, None, "chicken-defense"),
    ),
    ToolSpec(
        name="gameobject.create", title="Create a GameObject",
        summary="Create a GameObject with a Transform under a parent or at the root.",
        description=("Adds a GameObject and its Transform with fresh fileIDs as the last child of `parent` (or "
                     "the last root: SceneRoots updated), with optional position, layer, tag and active flag, "
                     "in the type-tree layout of the project's Editor (m_RootOrder for a pre-2022.2 Editor or a file "
                     "whose Transforms carry it; E_LAYOUT_VERSION_UNKNOWN for a version the table has no stream "
                     "of). A prefab needs a parent (it has one root). With `primitive` (cube, sphere, capsule, "
                     "cylinder, plane, quad) it also gets a MeshFilter holding the built-in mesh, a MeshRenderer "
                     "with the render pipeline's default material and the matching collider, in the layouts of the "
                     "project's Unity version and with values copied from Editor-written primitives; a value "
                     "without evidence is left out and listed in omittedFields." + _WRITER),
        input_model="unitycli.plugins.scenes.gameobjects:CreateInput",
        output_model="unitycli.plugins.scenes.gameobjects:CreateOutput",
        handler="unitycli.plugins.scenes.gameobjects:gameobject_create",
        read_only=False, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "name": "Tree D", "parent": "Trees", "position": {"x": 6, "y": 1, "z": 0}},
                  {"file": _GARDEN, "name": "Stone", "primitive": "cube", "position": {"x": 0, "y": 0.5, "z": 2}}),
    ),
    ToolSpec(
        name="gameobject.rename", title="Rename a GameObject",
        summary="Rename a GameObject (or a prefab instance's name override).",
        description=("Rewrites m_Name (for a prefab instance, the value of its m_Name override)." + _ADDRESSING
                     + _WRITER),
        input_model="unitycli.plugins.scenes.gameobjects:RenameInput",
        output_model="unitycli.plugins.scenes.gameobjects:RenameOutput",
        handler="unitycli.plugins.scenes.gameobjects:gameobject_rename",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Trees/Tree A", "name": "Oak"},),
    ),
    ToolSpec(
        name="gameobject.set-active", title="Activate or deactivate a GameObject",
        summary="Set a GameObject's active flag (m_IsActive).",
        description=("Writes m_IsActive 1 or 0 (for a prefab instance, its existing m_IsActive override)."
                     + _ADDRESSING + _WRITER),
        input_model="unitycli.plugins.scenes.gameobjects:SetActiveInput",
        output_model="unitycli.plugins.scenes.gameobjects:SetActiveOutput",
        handler="unitycli.plugins.scenes.gameobjects:gameobject_set_active",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Debug Marker", "active": True},),
    ),
    ToolSpec(
        name="gameobject.set-transform", title="Move, rotate or scale a GameObject",
        summary="Set position, rotation (Euler or quaternion) and scale, local or world.",
        description=("Writes the Transform's m_LocalPosition, m_LocalRotation with m_LocalEulerAnglesHint (as the "
                     "Editor does: Unity rotates by the quaternion, the hint is its Inspector display) and "
                     "m_LocalScale. `rotation` is Euler degrees {x, y, z} (Unity's Z, X, Y order) or a quaternion "
                     "{x, y, z, w}; omitted position/scale axes keep their value. `space: world` converts position "
                     "and rotation through the parent chain as Unity's setters do; E_TRANSFORM_WORLD_UNKNOWN when "
                     "an ancestor is a prefab instance or has a zero scale. Scale is always local."
                     + _ADDRESSING + _WRITER),
        input_model="unitycli.plugins.scenes.transform:SetTransformInput",
        output_model="unitycli.plugins.scenes.transform:SetTransformOutput",
        handler="unitycli.plugins.scenes.transform:gameobject_set_transform",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Player", "rotation": {"x": 0, "y": 90, "z": 0}},
                  {"file": _GARDEN, "gameObject": "Trees/Tree A", "position": {"x": 2, "y": 0, "z": 5},
                   "space": "world"},
                  {"file": _GARDEN, "gameObject": "Player/Hat", "rotation": {"x": 0, "y": 0, "z": 0.7071068,
                                                                            "w": 0.7071068},
                   "scale": {"x": 2, "y": 2, "z": 2}}),
    ),
    ToolSpec(
        name="gameobject.delete", title="Delete a GameObject",
        summary="Delete a GameObject with its children and components.",
        description=("Removes the GameObject, its descendants, their components and prefab instances below it, "
                     "and its entry in the parent's m_Children or SceneRoots. Refuses with "
                     "E_GAMEOBJECT_REFERENCED, listing the referrers, while other objects in the file reference "
                     "any of them, unless `force` (then those references become {fileID: 0})." + _WRITER),
        input_model="unitycli.plugins.scenes.gameobjects:DeleteInput",
        output_model="unitycli.plugins.scenes.gameobjects:DeleteOutput",
        handler="unitycli.plugins.scenes.gameobjects:gameobject_delete",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Debug Marker"}, {"file": _GARDEN, "gameObject": "Trees",
                                                                    "force": True}),
    ),
    ToolSpec(
        name="component.add", title="Add a built-in component",
        summary="Add a native component (Light, AudioListener, ...) or script, Unity's layout.",
        description=("Adds a component document and lists it in the GameObject's m_Component. A native class (any "
                     "Component of the project's Unity version: AudioListener, CharacterController, Canvas, "
                     "joints, 2D physics, LODGroup, ...) is written in the layout of the Editor's own type tree for "
                     "ProjectVersion.txt (`layoutFrom`, by the stated `rule`); each value is copied from a document "
                     "of that exact layout in the file, else in another scene or prefab of the project, else from "
                     "cited per-class defaults, and a field with none of these is left out and listed "
                     "(`omittedFields`: Unity keeps its default on load). E_COMPONENT_UNSUPPORTED for a name that is "
                     "not a native component of that version (or the Transform kinds); E_LAYOUT_VERSION_UNKNOWN "
                     "when no dump of the project's Unity stream exists. `script` adds a MonoBehaviour by class "
                     "name or GUID with every serialized field of its C# at its default, in Unity's order "
                     "(`scriptFields`; a default the source does not prove is left out and listed, and without a "
                     ".cs only the header is written: Unity fills the rest on load). E_COMPONENT_UNSUPPORTED for a "
                     "ScriptableObject, abstract or generic class, a second [DisallowMultipleComponent] or a "
                     "missing [RequireComponent]." + _WRITER),
        input_model="unitycli.plugins.scenes.component_edit:ComponentAddInput",
        output_model="unitycli.plugins.scenes.component_edit:ComponentAddOutput",
        handler="unitycli.plugins.scenes.component_edit:component_add",
        read_only=False, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Player/Hat", "component": "BoxCollider"},
                  {"file": _GARDEN, "gameObject": "Player/Hat", "component": "Light"}),
    ),
    ToolSpec(
        name="component.remove", title="Remove a component",
        summary="Remove a component from a GameObject; refuses while it is referenced.",
        description=("Removes the component document and its m_Component entry. The Transform cannot be removed. "
                     "Refuses with E_GAMEOBJECT_REFERENCED while other objects reference it, unless `force`."
                     + _ADDRESSING + _WRITER),
        input_model="unitycli.plugins.scenes.component_edit:ComponentRemoveInput",
        output_model="unitycli.plugins.scenes.component_edit:ComponentRemoveOutput",
        handler="unitycli.plugins.scenes.component_edit:component_remove",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Trees/Tree A", "component": "BoxCollider"},),
    ),
)
