"""The descriptors of the layout tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.plugins.layouts.check_layout import CheckLayoutInput, CheckLayoutOutput, check_layout
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
        input_model=CheckLayoutInput, output_model=CheckLayoutOutput, handler=check_layout,
        examples=({"file": "Assets/Scenes/SampleScene.unity"},
                  {"file": "ProjectSettings/TagManager.asset", "problemsOnly": True}),
    ),
)
