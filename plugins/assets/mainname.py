"""A renamed asset's main object takes the new file name, as the Editor keeps it.

Evidence (checked over all fixtures with a script): the main object's `m_Name` equals the file name without
extension in every YAML asset whose main object the meta or the `classID * 100000` convention names (104 `.asset`
ScriptableObjects, 79 `.mat`, 9 `.physicMaterial`, 5 `.controller`, 3 `.preset`, 2 `.lighting`, 1 `.renderTexture`),
in 108 of 109 `.prefab` roots (the root GameObject, whose Transform has `m_Father: {fileID: 0}`), and in 38 of 42
prefab variants, through the variant's `m_Name` modification. So the name is rewritten only where it still equals
the old file name; a name that already differs (PhysicsSamples' `DynamicSphereGO.prefab` root is `DynamicSphere GO`)
or a variant without that modification is left as it is. Scenes have no main object and are never touched.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.plugins.assets.mainobject import conventional_main_id, main_file_id
from unitycli.toolspec import ToolOutput
from unitycli.unityclasses import PREFAB_INSTANCE, TRANSFORM_CLASSES
from unitycli.unityfiles import MetaFile
from unitycli.unityyaml import Document, UnityYamlFile

_SKIPPED = (".unity", ".vfx", ".vfxblock", ".vfxoperator")


class RenamedObject(ToolOutput):
    """The main object whose m_Name went from the old file name to the new one (both stems of the answer's paths,
    so not repeated here; the diff shows the line)."""

    file_id: int = Field(alias="fileID", description="The main object (a prefab's root GameObject, or a variant's "
                                                     "PrefabInstance holding the name override)")


@dataclass(frozen=True)
class NameEdit:
    file_id: int
    previous: str
    name: str
    data: bytes

    def output(self) -> RenamedObject:
        return RenamedObject(fileID=self.file_id)


def _stem(path: str) -> str:
    return PurePosixPath(path).stem


def _prefab_root(file: UnityYamlFile) -> Document | None:
    """The root GameObject of a prefab: the one whose (Rect)Transform has no father."""
    roots = []
    for doc in file:
        if doc.class_id in TRANSFORM_CLASSES and not doc.stripped:
            father = doc.get("m_Father", None)
            if father is not None and getattr(father, "is_null", False):
                roots.append(doc.get("m_GameObject").file_id)
    return file.find(roots[0]) if len(roots) == 1 else None


def _variant_name(file: UnityYamlFile, old: str) -> tuple[Document, str] | None:
    """A variant's root name: its one `m_Name` modification that still holds the old file name."""
    instances = [d for d in file if d.class_id == PREFAB_INSTANCE and not d.stripped]
    if len(instances) != 1:
        return None
    mods = instances[0].get("m_Modification.m_Modifications", [])
    hits = [i for i, m in enumerate(mods) if isinstance(m, dict) and m.get("propertyPath") == "m_Name"
            and str(m.get("value")) == old]
    return (instances[0], f"m_Modification.m_Modifications[{hits[0]}].value") if len(hits) == 1 else None


def _named_doc(path: str, file: UnityYamlFile, meta: MetaFile | None, data: bytes, old: str) -> tuple[Document, str] | None:
    if path.lower().endswith(".prefab"):
        root = _prefab_root(file)
        if root is not None:
            return root, "m_Name"
        return _variant_name(file, old)
    file_id = main_file_id(meta) or conventional_main_id(data)
    doc = file.find(file_id) if file_id is not None else None
    return (doc, "m_Name") if doc is not None and not doc.stripped else None


def rename_main_object(source: str, destination: str, data: bytes, meta: MetaFile | None) -> NameEdit | None:
    """The asset's bytes with its main object renamed after `destination`, or None when nothing is to change."""
    old, new = _stem(source), _stem(destination)
    if old == new or source.lower().endswith(_SKIPPED) or not data.startswith(b"%YAML"):
        return None
    try:
        file = UnityYamlFile.parse(data, source)
        found = _named_doc(source, file, meta, data, old)
        if found is None:
            return None
        doc, key = found
        if str(doc.get(key, "")) != old:
            return None
        file.ensure_editable()
        doc.set(key, new)
        return NameEdit(doc.file_id, old, new, file.to_bytes())
    except UnityCliError:
        return None  # a file this model cannot edit is moved as it is; the name stays as the Editor left it
