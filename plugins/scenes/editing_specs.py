"""The descriptors of the GameObject editing tools that move, copy and label objects (reparent, duplicate, tag,
layer)."""

from __future__ import annotations

from unitycli.toolspec import WRITES, ToolSpec

_GARDEN = "Assets/Scenes/Garden.unity"
_WRITER = (" Name the file by path or unique asset name, the GameObject by hierarchy path (Root/Child) or fileID. "
           "Checks expectedRevision (E_STALE_WRITE), refuses files that do not round-trip byte-identically, "
           "changes only the lines it must; --dry-run shows the diff and writes nothing.")

EDITING_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="gameobject.reparent", title="Reparent a GameObject",
        summary="Move a GameObject under another parent or to the root, keeping its world pose.",
        description=("Moves a GameObject or prefab instance under `parent` (or to the scene root when omitted) at "
                     "`siblingIndex` (last by default), rewriting both parents' m_Children, m_Father (an "
                     "instance's m_TransformParent), SceneRoots and m_RootOrder where the file has it. With "
                     "keepWorldPose (default true) the local position, rotation and scale are recomputed from the "
                     "parent chains; E_WORLD_POSE_INEXACT when that needs shear (non-uniform scale with rotation) "
                     "or passes a RectTransform or an instance whose source prefab is missing. Moving into its own "
                     "subtree is E_HIERARCHY_CYCLE; a child of a prefab instance is refused "
                     "(E_PREFAB_INSTANCE_UNSUPPORTED)." + _WRITER),
        input_model="unitycli.plugins.scenes.reparent:ReparentInput",
        output_model="unitycli.plugins.scenes.reparent:ReparentOutput",
        handler="unitycli.plugins.scenes.reparent:gameobject_reparent",
        read_only=False, destructive=True, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Debug Marker", "parent": "Player"},
                  {"file": _GARDEN, "gameObject": "Player/Hat", "siblingIndex": 0},
                  {"file": _GARDEN, "gameObject": "Lantern", "parent": "Trees", "keepWorldPose": False}),
    ),
    ToolSpec(
        name="gameobject.duplicate", title="Duplicate a GameObject",
        summary="Copy a GameObject with its children and components, as Edit > Duplicate does.",
        description=("Copies the GameObject (or prefab instance) and its whole subtree with fresh fileIDs; "
                     "references between the copied objects point to the copies, references to anything else "
                     "stay. The copy is named `Name (1)` (the next free number among its siblings) unless `name` "
                     "is given, and placed right after the original (m_Children, SceneRoots, m_RootOrder "
                     "updated)." + _WRITER),
        input_model="unitycli.plugins.scenes.duplicate:DuplicateInput",
        output_model="unitycli.plugins.scenes.duplicate:DuplicateOutput",
        handler="unitycli.plugins.scenes.duplicate:gameobject_duplicate",
        read_only=False, idempotent=False, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Player"}, {"file": _GARDEN, "gameObject": "Lantern",
                                                             "name": "Lantern B"}),
    ),
    ToolSpec(
        name="gameobject.set-tag", title="Set a GameObject's tag",
        summary="Set m_TagString to a built-in tag or one from the TagManager.",
        description=("Writes the GameObject's m_TagString. The tag must be built in (Untagged, Respawn, Finish, "
                     "EditorOnly, MainCamera, Player, GameController) or listed in ProjectSettings/"
                     "TagManager.asset, else E_TAG_UNKNOWN (project.add-tag adds one). A prefab instance's tag is "
                     "an override: prefab.set-override." + _WRITER),
        input_model="unitycli.plugins.scenes.labels:SetTagInput",
        output_model="unitycli.plugins.scenes.labels:SetTagOutput",
        handler="unitycli.plugins.scenes.labels:gameobject_set_tag",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Trees/Tree A", "tag": "Pickup"},
                  {"file": _GARDEN, "gameObject": "Player/Hat", "tag": "Untagged"}),
    ),
    ToolSpec(
        name="gameobject.set-layer", title="Set a GameObject's layer",
        summary="Set m_Layer by layer name or index, optionally for all children.",
        description=("Writes m_Layer of the GameObject (and with `recursive` of every GameObject below it; prefab "
                     "instances below are skipped and listed). The layer is a name from ProjectSettings/"
                     "TagManager.asset or an index 0-31 of a named layer, else E_LAYER_UNKNOWN." + _WRITER),
        input_model="unitycli.plugins.scenes.labels:SetLayerInput",
        output_model="unitycli.plugins.scenes.labels:SetLayerOutput",
        handler="unitycli.plugins.scenes.labels:gameobject_set_layer",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _GARDEN, "gameObject": "Player", "layer": "Interactable", "recursive": True},
                  {"file": _GARDEN, "gameObject": "Ground", "layer": 4}),
    ),
)
