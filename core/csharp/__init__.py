"""Unity's serialized fields of a project's scripts, read from their C# (tree-sitter's C# grammar + Unity's rules).

Public API (stable; grows by addition):
- `SerializationModel(project_root)`: one per project.
  - `.script_layout(guid) -> ClassLayout`: the class behind script GUID `guid` (the `.cs` whose `.meta` has it,
    class named like the file) and its serialized fields in Unity's order.
  - `.script_class(guid) -> TypeDecl`, `.layout_of(decl) -> ClassLayout`, `.project` (a `CSharpProject`).
- `serialized_fields(project_root, guid) -> ClassLayout`: the same in one call.
- `ClassLayout`: `full_name`, `file`, `line`, `unity_base` (MonoBehaviour, ScriptableObject, …), `fields`.
- `SerializedField`: `name` (the YAML key), `kind` (int/float/bool/string/… | enum | value | object | class |
  reference | array), `csharp_type`, `type_name`, `default` (`UNPROVEN` when the source does not prove it),
  `fields` (nested class), `element` (array/List), `former_names`, `hidden`, `enum_members`, `file`, `line`.
- Errors (catalogued): E_SCRIPT_CLASS_NOT_FOUND, E_SCRIPT_SOURCE_UNPARSEABLE, E_SCRIPT_LAYOUT_UNPROVABLE, each
  naming the file and line.
"""

from __future__ import annotations

from pathlib import Path

from unitycli.csharp.model import UNPROVEN, ClassLayout, SerializationModel, SerializedField
from unitycli.csharp.project import CSharpProject, PackageInfo


def serialized_fields(project_root: str | Path, guid: str) -> ClassLayout:
    """The serialized layout of the class behind script `guid` in the project at `project_root`."""
    return SerializationModel(Path(project_root)).script_layout(guid)


__all__ = ["UNPROVEN", "CSharpProject", "ClassLayout", "PackageInfo", "SerializationModel", "SerializedField",
           "serialized_fields"]
