"""Descriptors of the project-settings tools, kept apart from the handlers.

Naming: reads and writes are separate tools (`project.get-player-settings` / `project.set-player-settings`)
rather than one tool with an `action`, because readOnlyHint, idempotentHint, permissions and dry-run support are
per tool: an MCP client can auto-approve the getters, and each input schema holds only what that call needs.
Names follow `group.verb[-noun]` in the `project` group (beside `project.info`) and keep the issue's nouns
(`player-settings`, `tags-layers`, `build-scenes`, `input-settings`, `quality-settings`) so searches find them.
"""

from __future__ import annotations

from unitycli.toolspec import ToolSpec

_WRITES = ("reads_project", "writes_project")
_POINTER = ("A settings file that is a Git LFS pointer (content not pulled) is named in `unreadable` with its "
            "`git lfs pull --include` command, and the facts it holds are left empty.")
_CHECKED = ("Writers refuse a serializedVersion whose layout was not verified "
            "(E_PROJECT_SETTINGS_VERSION_UNAVAILABLE) and re-read the new bytes before staging them "
            "(E_PROJECT_SETTINGS_VERIFY_FAILED).")

SETTINGS_TOOLS = (
    ToolSpec(
        name="project.get-player-settings", title="Get player settings",
        summary="Company, product, version, bundle ids, orientation and other player settings.",
        description=("Reads ProjectSettings/ProjectSettings.asset (PlayerSettings): company and product name, "
                     "bundleVersion, applicationIdentifier / buildNumber / scriptingDefineSymbols per platform, "
                     "default orientation, resolution and window options, color space, splash screen, Android "
                     "version code and min SDK, iOS target version. Returns the revision for expectedRevision. "
                     "Read-only. " + _POINTER),
        input_model="unitycli.plugins.settings.player:PlayerSettingsGetInput",
        output_model="unitycli.plugins.settings.player:PlayerSettingsGetOutput",
        handler="unitycli.plugins.settings.player:get_player_settings",
        examples=({},),
    ),
    ToolSpec(
        name="project.set-player-settings", title="Set player settings",
        summary="Change documented player settings (company, product, version, bundle id, …).",
        description=("Edits only the given fields of ProjectSettings/ProjectSettings.asset, one line each, in "
                     "Unity's format; unknown fields are refused. Orientation, fullscreen mode and color space take "
                     "Unity's enum names. applicationIdentifier, buildNumber and scriptingDefineSymbols take a map "
                     "of platform → value; a new platform is inserted in Unity's sorted order. " + _CHECKED),
        input_model="unitycli.plugins.settings.player:PlayerSettingsSetInput",
        output_model="unitycli.plugins.settings.player:PlayerSettingsSetOutput",
        handler="unitycli.plugins.settings.player:set_player_settings",
        read_only=False, destructive=True, permissions=_WRITES,
        examples=({"companyName": "Acme", "productName": "Garden", "bundleVersion": "1.2.0"},
                  {"applicationIdentifier": {"Android": "com.acme.garden"}, "defaultScreenOrientation": "Portrait"}),
    ),
    ToolSpec(
        name="project.get-tags-layers", title="Get tags and layers",
        summary="Tags, the 32 layers, sorting layers and rendering layers of the project.",
        description=("Reads ProjectSettings/TagManager.asset: the project's tags (and Unity's built-in tags), all "
                     "32 layers with their index and whether they are built in, sorting layers, and the rendering "
                     "layers of TagManager 3 (Unity 6). Read-only. " + _POINTER),
        input_model="unitycli.plugins.settings.tags_layers:TagsLayersGetInput",
        output_model="unitycli.plugins.settings.tags_layers:TagsLayersGetOutput",
        handler="unitycli.plugins.settings.tags_layers:get_tags_layers",
        examples=({},),
    ),
    ToolSpec(
        name="project.add-tag", title="Add a tag",
        summary="Add a tag to the project's TagManager (no change if it already exists).",
        description=("Appends the tag to `tags:` in ProjectSettings/TagManager.asset, as the Tags & Layers window "
                     "does. A tag that exists (in the file or built in, e.g. Player) changes nothing: changed is "
                     "false and existing says where it is. " + _CHECKED),
        input_model="unitycli.plugins.settings.tags_layers:TagAddInput",
        output_model="unitycli.plugins.settings.tags_layers:TagAddOutput",
        handler="unitycli.plugins.settings.tags_layers:add_tag",
        read_only=False, permissions=_WRITES, examples=({"tag": "Enemy"},),
    ),
    ToolSpec(
        name="project.remove-tag", title="Remove a tag",
        summary="Remove a tag from the project's TagManager, unless GameObjects still use it.",
        description=("Removes the tag from `tags:` in ProjectSettings/TagManager.asset (the last one leaves "
                     "`tags: []`, as Unity writes it). Scenes and prefabs are scanned for GameObjects with the tag: "
                     "E_PROJECT_TAG_IN_USE names them unless `force`; files that are Git LFS pointers are listed in "
                     "`unscanned`. Built-in tags are refused (E_PROJECT_TAG_BUILTIN), a tag the file lacks is "
                     "E_TAG_UNKNOWN. " + _CHECKED),
        input_model="unitycli.plugins.settings.tag_remove:TagRemoveInput",
        output_model="unitycli.plugins.settings.tag_remove:TagRemoveOutput",
        handler="unitycli.plugins.settings.tag_remove:remove_tag",
        read_only=False, destructive=True, idempotent=False, permissions=_WRITES,
        examples=({"tag": "Pickup", "force": True},),
    ),
    ToolSpec(
        name="project.set-layer", title="Name a layer",
        summary="Name, rename or clear a user layer; with no index, the first free one of 8–31.",
        description=("Sets entry `index` of the 32 `layers:` in ProjectSettings/TagManager.asset; an empty name "
                     "clears it. Without `index` the layer already named `name` is kept, else the first unnamed "
                     "layer of 8–31 is named (E_PROJECT_LAYER_NONE_FREE when all are); the output's index says "
                     "which. Built-in layers 0, 1, 2, 4, 5 are refused (E_PROJECT_LAYER_RESERVED), and so is a "
                     "name another layer has (E_PROJECT_LAYER_NAME_TAKEN). " + _CHECKED),
        input_model="unitycli.plugins.settings.tags_layers:LayerSetInput",
        output_model="unitycli.plugins.settings.tags_layers:LayerSetOutput",
        handler="unitycli.plugins.settings.tags_layers:set_layer",
        read_only=False, destructive=True, permissions=_WRITES,
        examples=({"name": "Enemies"}, {"index": 8, "name": "Enemies"}, {"index": 8, "name": ""}),
    ),
    ToolSpec(
        name="project.get-build-scenes", title="Get build scenes",
        summary="Scenes in Build Settings with build index, enabled flag and whether each exists.",
        description=("Reads ProjectSettings/EditorBuildSettings.asset: each scene's path, GUID, enabled flag and "
                     "SceneManager build index, checked against the scene's .meta: ok, missing, moved (with the "
                     "current path of its GUID) or guid-mismatch. Read-only. " + _POINTER),
        input_model="unitycli.plugins.settings.build_scenes:BuildScenesGetInput",
        output_model="unitycli.plugins.settings.build_scenes:BuildScenesGetOutput",
        handler="unitycli.plugins.settings.build_scenes:get_build_scenes",
        examples=({},),
    ),
    ToolSpec(
        name="project.set-build-scenes", title="Set build scenes",
        summary="Replace the Build Settings scene list (order and enabled flags).",
        description=("Writes the whole m_Scenes list of ProjectSettings/EditorBuildSettings.asset in the order "
                     "given, each with the GUID from its .meta. Each scene must exist (E_SCENE_NOT_FOUND); an "
                     "empty list clears Build Settings. " + _CHECKED),
        input_model="unitycli.plugins.settings.build_scenes:BuildScenesSetInput",
        output_model="unitycli.plugins.settings.build_scenes:BuildScenesSetOutput",
        handler="unitycli.plugins.settings.build_scenes:set_build_scenes",
        read_only=False, destructive=True, permissions=_WRITES,
        examples=({"scenes": [{"path": "Assets/Scenes/Garden.unity"},
                              {"path": "Assets/Scenes/Credits.unity", "enabled": False}]},),
    ),
    ToolSpec(
        name="project.add-build-scene", title="Add a build scene",
        summary="Add one scene to Build Settings (at the end or at an index), enabled or not.",
        description=("Inserts one `enabled/path/guid` entry into m_Scenes of ProjectSettings/EditorBuildSettings.asset, "
                     "the GUID read from the scene's .meta; the other entries are untouched. A scene already listed "
                     "(same path or GUID) is E_PROJECT_BUILD_SCENE_DUPLICATE; a missing scene E_SCENE_NOT_FOUND. "
                     + _CHECKED),
        input_model="unitycli.plugins.settings.build_scene_entry:BuildSceneAddInput",
        output_model="unitycli.plugins.settings.build_scene_entry:BuildSceneEditOutput",
        handler="unitycli.plugins.settings.build_scene_entry:add_build_scene",
        read_only=False, idempotent=False, permissions=_WRITES,
        examples=({"path": "Assets/Scenes/SampleScene.unity"},
                  {"path": "Assets/Scenes/SampleScene.unity", "index": 0, "enabled": False}),
    ),
    ToolSpec(
        name="project.remove-build-scene", title="Remove a build scene",
        summary="Remove one scene's entry from Build Settings by its path.",
        description=("Removes the m_Scenes entry with this path from ProjectSettings/EditorBuildSettings.asset (the "
                     "scene file stays; an entry whose scene is missing can be removed too); the others are "
                     "untouched. E_PROJECT_BUILD_SCENE_NOT_LISTED when no entry has the path. " + _CHECKED),
        input_model="unitycli.plugins.settings.build_scene_entry:BuildSceneRemoveInput",
        output_model="unitycli.plugins.settings.build_scene_entry:BuildSceneEditOutput",
        handler="unitycli.plugins.settings.build_scene_entry:remove_build_scene",
        read_only=False, destructive=True, idempotent=False, permissions=_WRITES,
        examples=({"path": "Assets/Scenes/Credits.unity"},),
    ),
    ToolSpec(
        name="project.get-input-settings", title="Get input axes",
        summary="Legacy Input Manager axes (paged), optionally only those of one exact name.",
        description=("Reads ProjectSettings/InputManager.asset: every axis with its index, buttons, gravity, dead "
                     "zone, sensitivity, snap, invert, type, axis and joystick. Paged with limit/cursor; a file "
                     "with more than 4096 axes is refused (E_PROJECT_SETTINGS_LIMIT_EXCEEDED). Read-only. " + _POINTER),
        input_model="unitycli.plugins.settings.input_axes:InputSettingsGetInput",
        output_model="unitycli.plugins.settings.input_axes:InputSettingsGetOutput",
        handler="unitycli.plugins.settings.input_axes:get_input_settings",
        examples=({}, {"name": "Horizontal"}, {"limit": 10}),
    ),
    ToolSpec(
        name="project.set-input-axis", title="Set an input axis",
        summary="Change fields of one Input Manager axis, named exactly (plus index if repeated).",
        description=("Edits the given fields of one axis in ProjectSettings/InputManager.asset. The axis is named "
                     "exactly (E_PROJECT_INPUT_AXIS_NOT_FOUND); when several share the name, give its index from "
                     "project.get-input-settings (E_PROJECT_INPUT_AXIS_AMBIGUOUS). " + _CHECKED),
        input_model="unitycli.plugins.settings.input_axes:InputAxisSetInput",
        output_model="unitycli.plugins.settings.input_axes:InputAxisSetOutput",
        handler="unitycli.plugins.settings.input_axes:set_input_axis",
        read_only=False, destructive=True, permissions=_WRITES,
        examples=({"name": "Jump", "index": 5, "fields": {"positiveButton": "space", "altPositiveButton": "w"}},),
    ),
    ToolSpec(
        name="project.get-quality-settings", title="Get quality levels",
        summary="Quality levels with their settings, the current level and per-platform defaults.",
        description=("Reads ProjectSettings/QualitySettings.asset: each level's name, render pipeline asset "
                     "reference and every other field as written, which level is current, and the default level "
                     "per platform. Read-only. " + _POINTER),
        input_model="unitycli.plugins.settings.quality:QualitySettingsGetInput",
        output_model="unitycli.plugins.settings.quality:QualitySettingsGetOutput",
        handler="unitycli.plugins.settings.quality:get_quality_settings",
        examples=({},),
    ),
    ToolSpec(
        name="project.set-quality-settings", title="Set quality level values",
        summary="Change a quality level's settings (by level name) or which level is current.",
        description=("Writes ProjectSettings/QualitySettings.asset: `settings` are fields of the level named by "
                     "`level` (pixelLightCount, shadows, shadowDistance, antiAliasing, vSyncCount, lodBias, …, as "
                     "project.get-quality-settings lists them), each typed by the project's Unity version "
                     "(layoutFrom): a field that version's levels lack is E_PROPERTY_NOT_FOUND listing theirs, a "
                     "wrong type or range E_VALUE_TYPE_MISMATCH / E_VALUE_OUT_OF_RANGE, a field the level lacks "
                     "is inserted where the Editor writes it. `currentLevel` sets m_CurrentQuality. Checks "
                     "expectedRevision (E_STALE_WRITE); the staged bytes are read back first; --dry-run shows the "
                     "diff and writes nothing. " + _POINTER),
        input_model="unitycli.plugins.settings.quality_set:QualitySettingsSetInput",
        output_model="unitycli.plugins.settings.quality_set:QualitySettingsSetOutput",
        handler="unitycli.plugins.settings.quality_set:set_quality_settings",
        read_only=False, destructive=True, permissions=("reads_project", "writes_project"),
        examples=({"level": "Balanced", "settings": {"shadowDistance": 60, "antiAliasing": 4}},
                  {"currentLevel": "High Fidelity"}),
        example_projects=("chicken-defense", "chicken-defense"),
    ),
)
