"""The scene model shared by the scene, prefab, GameObject and component tools.

`files` names and opens a scene or prefab through the tool's transaction; `tree` builds the GameObject tree
(Transforms, prefab instances, stripped objects, SceneRoots); `lookup` finds a GameObject by path or fileID;
`components` lists and matches components (JSON values are type-checked by `unitycli.unityyaml.values`);
`edits` creates GameObjects (in the type-tree layout of the project's Editor, `unitycli.typetree`), adds and
removes components and deletes subtrees; `references` finds local references.

Names are exported lazily (as in `unitycli.transaction`), so a tool that reads a scene does not import the
editing half (`edits` and the type trees it writes objects with).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unitycli.lazy_exports import lazy_exports

_EXPORTS = {
    "ComponentRef": "components",
    "components_of": "components",
    "describe": "components",
    "find_component": "components",
    "known_class": "components",
    "names_a_script": "components",
    "unnamed_scripts": "components",
    "Created": "edits",
    "Deleted": "edits",
    "add_component": "edits",
    "add_script": "edits",
    "append_component": "edits",
    "create_gameobject": "edits",
    "delete_gameobject": "edits",
    "editor_for": "edits",
    "project_editor": "edits",
    "remove_component": "edits",
    "subtree_objects": "edits",
    "uses_root_order": "edits",
    "FILE_DESCRIPTION": "files",
    "OBJECT_FILE_SUFFIXES": "files",
    "PREFAB_SUFFIXES": "files",
    "SCENE_SUFFIXES": "files",
    "LoadedFile": "files",
    "list_files": "files",
    "open_for_read": "files",
    "open_for_write": "files",
    "resolve_file": "files",
    "GAMEOBJECT_DESCRIPTION": "lookup",
    "find_gameobject": "lookup",
    "find_owner_gameobject": "lookup",
    "instance_unsupported": "lookup",
    "Scanned": "opening",
    "SkippedFile": "opening",
    "open_path": "opening",
    "open_scene_file": "opening",
    "scan_scene_files": "opening",
    "unreadable_file": "opening",
    "Reference": "references",
    "null_references": "references",
    "references_to": "references",
    "SceneModel": "tree",
    "SceneNode": "tree",
    "instance_modifications": "tree",
    "instance_name": "tree",
}

__all__ = [
    "FILE_DESCRIPTION", "GAMEOBJECT_DESCRIPTION", "OBJECT_FILE_SUFFIXES", "PREFAB_SUFFIXES", "SCENE_SUFFIXES",
    "ComponentRef", "Created", "Deleted", "LoadedFile", "Reference", "Scanned", "SceneModel", "SceneNode",
    "SkippedFile", "add_component", "add_script", "append_component", "components_of", "create_gameobject",
    "delete_gameobject", "describe", "editor_for", "project_editor", "find_component", "find_gameobject",
    "find_owner_gameobject", "instance_modifications", "instance_name", "instance_unsupported", "known_class",
    "list_files", "names_a_script", "null_references", "open_for_read", "open_for_write", "open_path",
    "open_scene_file", "references_to", "remove_component", "resolve_file", "scan_scene_files", "subtree_objects",
    "unnamed_scripts", "unreadable_file", "uses_root_order",
]

if TYPE_CHECKING:
    from unitycli.scene.components import (
        ComponentRef,
        components_of,
        describe,
        find_component,
        known_class,
        names_a_script,
        unnamed_scripts,
    )
    from unitycli.scene.edits import (
        Created,
        Deleted,
        add_component,
        add_script,
        append_component,
        create_gameobject,
        delete_gameobject,
        editor_for,
        project_editor,
        remove_component,
        subtree_objects,
        uses_root_order,
    )
    from unitycli.scene.files import (
        FILE_DESCRIPTION,
        OBJECT_FILE_SUFFIXES,
        PREFAB_SUFFIXES,
        SCENE_SUFFIXES,
        LoadedFile,
        list_files,
        open_for_read,
        open_for_write,
        resolve_file,
    )
    from unitycli.scene.lookup import (
        GAMEOBJECT_DESCRIPTION,
        find_gameobject,
        find_owner_gameobject,
        instance_unsupported,
    )
    from unitycli.scene.opening import (
        Scanned,
        SkippedFile,
        open_path,
        open_scene_file,
        scan_scene_files,
        unreadable_file,
    )
    from unitycli.scene.references import Reference, null_references, references_to
    from unitycli.scene.tree import SceneModel, SceneNode, instance_modifications, instance_name

__getattr__ = lazy_exports(__name__, _EXPORTS)
