"""Unity's serialized fields of a project's scripts, read from their C# (tree-sitter's C# grammar + Unity's rules).

Public API (stable; grows by addition):
- `SerializationModel(project_root)`: one per project.
  - `.script_layout(guid) -> ClassLayout`: the class behind script GUID `guid` (the `.cs` whose `.meta` has it,
    class named like the file) and its serialized fields in Unity's order.
  - `.script_class(guid) -> TypeDecl`, `.layout_of(decl) -> ClassLayout`, `.is_unity_object(decl)`,
    `.base_chain(decl)`, `.engine_base(decl)`, `.project` (a `CSharpProject`: `.packages`, `.files`,
    `.file_of_guid(guid)`, `.parsed(file)`), `.resolver` (`.declared(simple_name)`, `.resolve(type, context)`).
- `serialized_fields(project_root, guid) -> ClassLayout`: the same in one call.
- `ClassLayout`: `full_name`, `file`, `line`, `unity_base` (MonoBehaviour, ScriptableObject, …), `fields`,
  `base_classes` (nearest first).
- `SerializedField`: `name` (the YAML key), `kind` (int/float/bool/string/… | enum | value | object | class |
  reference | array), `csharp_type`, `type_name`, `default` (`UNPROVEN` when the source does not prove it, with
  `unproven_reason` when a method the Editor runs assigns it), `fields` (nested class), `element` (array/List),
  `former_names`, `hidden`, `enum_members`, `engine_type`, `type_args` (UnityEvent<float> -> ("float",)), `file`,
  `line`; `.keys()` gives names and nesting.
- `unitycli.csharp.agreement.compare(layout, document_body) -> Agreement` (`exact`, `stale`, `missing`, `extra`,
  `renamed`): a document measured against the layout.
- `unitycli.csharp.defaults.default_values(layout) -> (values, omitted)`: the fields at their defaults as the
  Editor writes them (for `component.add`), and the fields left out with why.
- `unitycli.csharp.package_proof.package_class_proof(model, package, class_name=None, guid=None)
  -> PackageSourceProof` (`verified_by` = "package source <path>", `version`, `source`, `layout`).
- `unitycli.csharp.script_component.script_fields(root, guid, scene_model, node) -> ScriptFields`.
- `unitycli.csharp.script_lookup.resolve_script(root, wanted, known) -> Script`: the script a class name or GUID
  names (its `.cs.meta`, a known package script, or a package source), for a MonoBehaviour's `m_Script`.
- Errors (catalogued): E_SCRIPT_CLASS_NOT_FOUND, E_SCRIPT_SOURCE_UNPARSEABLE, E_SCRIPT_LAYOUT_UNPROVABLE,
  E_PACKAGE_SOURCE_UNAVAILABLE, each naming the file and line (or package and version).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from unitycli.csharp.model import UNPROVEN, ClassLayout, SerializationModel, SerializedField
    from unitycli.csharp.project import CSharpProject, PackageInfo

# Loaded on first use (PEP 562): the model imports tree-sitter and its C# grammar, which a tool that touches no
# script (component.set on a Transform, a reader of the file's constants in `agreement`) should not pay for.
_LAZY = {"UNPROVEN": "model", "ClassLayout": "model", "SerializationModel": "model", "SerializedField": "model",
         "CSharpProject": "project", "PackageInfo": "project"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def serialized_fields(project_root: str | Path, guid: str) -> ClassLayout:
    """The serialized layout of the class behind script `guid` in the project at `project_root`."""
    from unitycli.csharp.model import SerializationModel

    return SerializationModel(Path(project_root)).script_layout(guid)


__all__ = ["UNPROVEN", "CSharpProject", "ClassLayout", "PackageInfo", "SerializationModel", "SerializedField",
           "serialized_fields"]
