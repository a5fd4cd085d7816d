"""Reading Cinemachine fields as JSON: references, settings of a component, targets as GameObject paths.

(`unitycli.unityyaml.values.to_json` does the first part in the core but is not part of `unitycli.api`; this is the
same conversion, kept here.)
"""

from __future__ import annotations

from typing import Any

from unitycli.api import Document, Ref, SceneModel, to_json

# The MonoBehaviour fields every component has; a component's settings are the fields after them.
HEADER_FIELDS = frozenset({"m_ObjectHideFlags", "m_CorrespondingSourceObject", "m_PrefabInstance", "m_PrefabAsset",
                           "m_GameObject", "m_Enabled", "m_EditorHideFlags", "m_Script", "m_Name",
                           "m_EditorClassIdentifier"})


def settings(doc: Document, skip: frozenset[str] = frozenset()) -> dict[str, Any]:
    """The component's own fields (after the MonoBehaviour header), as JSON, in file order."""
    return {k: to_json(v) for k, v in doc.to_python().items() if k not in HEADER_FIELDS and k not in skip}


def number(doc: Document, path: str, default: Any = None) -> Any:
    value = doc.get(path, default)
    return value if isinstance(value, int | float) and not isinstance(value, bool) else default


def target_path(model: SceneModel, value: Any) -> str | None:
    """The hierarchy path of the GameObject a local reference points into (its Transform, usually); None for a
    null reference, an external one or one that names nothing in the file."""
    if not isinstance(value, Ref) or value.is_null or not value.is_local:
        return None
    node = model.node_of_object(value.file_id)
    return node.path if node is not None else None
