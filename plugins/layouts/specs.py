"""The descriptors of the layout tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import ToolSpec

LAYOUT_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="asset.check-layout", title="Check a file against Unity's own layouts",
        summary="Which Editor versions wrote each object of a Unity-YAML file; what none wrote.",
        description=("Holds every object of a scene, prefab or native asset against its class's layouts in the "
                     "Editor type trees of Unity 5.0 to 6000.7 (fields, nesting, scalar/reference/list kinds, "
                     "serializedVersion, field order). Each object answers the Editor versions whose layout it "
                     "has; findings are raised for an object no Editor's layout matches (against the nearest "
                     "layout) and for one only Editors newer than the project's wrote. The project's "
                     "ProjectVersion.txt (or `unityVersion`) picks the dump (`layoutFrom`, by the stated `rule`). A MonoBehaviour is "
                     "checked up to its native header (script fields are not in the native tree); stripped prefab "
                     "placeholders carry no fields. Read-only. Errors: E_ASSET_NOT_FOUND, "
                     "E_FILE_FORMAT_UNSUPPORTED for a file that is not Unity YAML, E_ASSET_LFS_POINTER, "
                     "E_LAYOUT_VERSION_UNKNOWN when no dump of the project's Unity stream exists."),
        input_model="unitycli.plugins.layouts.check_layout:CheckLayoutInput",
        output_model="unitycli.plugins.layouts.check_layout:CheckLayoutOutput",
        handler="unitycli.plugins.layouts.check_layout:check_layout",
        examples=({"file": "Assets/Scenes/SampleScene.unity"},
                  {"file": "ProjectSettings/TagManager.asset", "problemsOnly": True}),
    ),
    ToolSpec(
        name="object.get", title="Read a native object, typed by Unity's layout",
        summary="Values and field types of a scene setting, native asset or settings object.",
        description=("Reads one native object of a Unity-YAML file — a scene's RenderSettings, LightmapSettings "
                     "or NavMeshSettings, a .mat, .controller (and its AnimatorState/AnimatorStateMachine "
                     "objects), .anim, .physicMaterial, .renderTexture, .lighting, any ProjectSettings/*.asset, or the importer of a .meta (TextureImporter, "
                     "ModelImporter, AudioImporter, …) — named by `fileID`, by `class` when the file holds one object of it, or as the file's only "
                     "object. Answers the value at `property` (or all values) and each top-level field's type in "
                     "the layout the project's Editor writes (`layoutFrom`, picked by `rule`), with the fields the "
                     "file lacks (present: false). Read-only. Errors: E_ASSET_NOT_FOUND, E_OBJECT_NOT_FOUND, "
                     "E_OBJECT_AMBIGUOUS (candidates listed), E_PROPERTY_NOT_FOUND (the layout's fields listed), "
                     "E_COMPONENT_UNSUPPORTED for a script's object or a class the table lacks, "
                     "E_LAYOUT_VERSION_UNKNOWN, E_ASSET_LFS_POINTER, E_FILE_FORMAT_UNSUPPORTED."),
        input_model="unitycli.plugins.layouts.objects:ObjectGetInput",
        output_model="unitycli.plugins.layouts.objects:ObjectGetOutput",
        handler="unitycli.plugins.layouts.objects:object_get",
        examples=({"file": "Assets/Scenes/Garden.unity", "class": "RenderSettings"},
                  {"file": "ProjectSettings/TagManager.asset", "property": "tags"}),
        example_projects=("sample", "sample"),
    ),
    ToolSpec(
        name="object.set", title="Write a native object's fields, typed by Unity's layout",
        summary="Set fields of a scene setting, native asset or ProjectSettings object, typed.",
        description=("Sets `property` to `value` (or each of `values`) on one native object (named as in "
                     "object.get), checked against the layout the project's Editor writes (`layoutFrom`): an int "
                     "takes an integer in its range (an enum is its number), a bool 0/1 or true/false, a float a "
                     "finite float32, a string a string, a PPtr {fileID, guid?, type?}, a struct exactly its "
                     "fields, a list items of its element type. A field the layout has but the file lacks is "
                     "inserted where the Editor writes it (after the field before it in the layout); only the "
                     "characters of each value change. Errors: E_PROPERTY_NOT_FOUND (the layout's fields listed; "
                     "also a missing struct above the field: set it whole), E_VALUE_TYPE_MISMATCH, "
                     "E_VALUE_OUT_OF_RANGE, E_PROPERTY_EDIT_UNSUPPORTED (binary data, a list written as hex, or "
                     "a struct the file holds in another Editor's serializedVersion), E_OBJECT_NOT_FOUND, "
                     "E_OBJECT_AMBIGUOUS, E_ASSET_NOT_FOUND, E_COMPONENT_UNSUPPORTED, E_STALE_WRITE when "
                     "`expectedRevision` is not the file's, E_FILE_FORMAT_UNSUPPORTED for a file that does not "
                     "round-trip. A .meta importer "
                     "(file: the .meta) is typed by the tree field its key names (`isReadable` is m_IsReadable) "
                     "in the layout of the serializedVersion it shows; only its existing leaf values are edited "
                     "(set a group such as `mipmaps` or `platformSettings[0]` field by field), and a key of an "
                     "older Editor no layout has is E_PROPERTY_EDIT_UNSUPPORTED."),
        input_model="unitycli.plugins.layouts.objects:ObjectSetInput",
        output_model="unitycli.plugins.layouts.objects:ObjectSetOutput",
        handler="unitycli.plugins.layouts.objects:object_set",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"file": "Assets/Scenes/Garden.unity", "class": "RenderSettings",
                   "values": {"m_Fog": True, "m_FogColor": {"r": 0.7, "g": 0.8, "b": 0.9, "a": 1}}},
                  {"file": "ProjectSettings/QualitySettings.asset", "property": "m_CurrentQuality", "value": 0}),
        example_projects=("sample", "sample"),
    ),
)
