"""A `.mat` file's Material object read as Unity writes it, for the material tools.

A material keeps its values in `m_SavedProperties` (serializedVersion 3 in every fixture material): `m_TexEnvs`
(texture + `m_Scale`/`m_Offset`), `m_Floats`, `m_Colors` (colours and vectors alike, both as `{r, g, b, a}`) and,
in newer Editors, `m_Ints`; each list holds one-key mappings sorted by property name. Keywords are one
space-separated `m_ShaderKeywords` string in older materials (Material serializedVersion 6, PhysicsSamples
SpaceSky.mat) and the `m_ValidKeywords` / `m_InvalidKeywords` lists from 2021.2 (serializedVersion 8, every
2022.3 and Unity 6 fixture material).

A Material Variant (2022.1+) names its parent material in `m_Parent` and keeps only its overrides in
`m_SavedProperties`; which other settings (render queue, keywords, flags) it overrides is the bitmask
`m_ModifiedSerializedProperties`, whose bits no fixture shows, so variants are read (as overrides) but not written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.next_actions import respelled_call, tool_command
from unitycli.plugins.assets import access
from unitycli.scene import LoadedFile, open_for_read, open_for_write
from unitycli.scene.files import list_files
from unitycli.suggest import closest, closest_files
from unitycli.unityyaml import Document, Ref

MATERIAL_CLASS_ID = 21
MAIN_FILE_ID = 2100000
# Kind of property -> the m_SavedProperties list that holds it.
LISTS = {"texture": "m_TexEnvs", "float": "m_Floats", "color": "m_Colors", "int": "m_Ints"}
KIND_OF_LIST = {v: k for k, v in LISTS.items()}
# How a material points at a shader asset: a .shader's main object, a Shader Graph's (guid of the graph).
SHADER_FILE_IDS = {".shader": 4800000, ".shadergraph": -6465566751694194690}
BUILTIN_GUID = "0000000000000000f000000000000000"
_SHADER_NAME = re.compile(r'^\s*Shader\s+"([^"]+)"', re.M)


@dataclass
class Material:
    """The loaded file and its Material document."""

    loaded: LoadedFile
    doc: Document

    @property
    def path(self) -> str:
        return self.loaded.path

    def saved(self, kind: str) -> list[dict[str, Any]] | None:
        """The one-key mappings of a property list, or None when this version has no such list."""
        key = f"m_SavedProperties.{LISTS[kind]}"
        if not self.doc.has(key):
            return None
        value = self.doc.get(key)
        return list(value) if isinstance(value, list) else []

    def find(self, name: str) -> tuple[str, int] | None:
        """(kind, index) of a property by its exact name, in whichever list holds it."""
        for kind in LISTS:
            for index, entry in enumerate(self.saved(kind) or []):
                if isinstance(entry, dict) and name in entry:
                    return kind, index
        return None

    @property
    def parent(self) -> Ref | None:
        """The parent material of a Material Variant; None for a material that stands alone."""
        parent = self.doc.get("m_Parent", None)
        return parent if isinstance(parent, Ref) and not parent.is_null else None

    def require_not_variant(self, why: str) -> None:
        """`E_MATERIAL_VARIANT_UNSUPPORTED` for a variant: its values are overrides of its parent's."""
        parent = self.parent
        if parent is not None:
            raise UnityCliError("E_MATERIAL_VARIANT_UNSUPPORTED", f"{self.path} is a Material Variant (m_Parent guid "
                                f"{parent.guid}): it keeps only its overrides, and which settings it overrides is "
                                f"a bitmask not verified here, so {why}",
                                details={"file": self.path, "parentGuid": parent.guid},
                                next_actions=[tool_command("asset.find", {"guid": parent.guid})],
                                manual_steps=["Edit the variant in the Unity Editor, or edit its parent material"])

    @property
    def keyword_style(self) -> str:
        """`lists` (m_ValidKeywords/m_InvalidKeywords) or `string` (m_ShaderKeywords)."""
        return "lists" if self.doc.has("m_ValidKeywords") else "string"

    def keywords(self) -> tuple[list[str], list[str]]:
        """(valid, invalid) keywords; an old material's m_ShaderKeywords are all counted valid."""
        if self.keyword_style == "lists":
            return list(self.doc.get("m_ValidKeywords") or []), list(self.doc.get("m_InvalidKeywords") or [])
        text = self.doc.get("m_ShaderKeywords", "")
        return (str(text).split() if text not in (None, "") else []), []


def _by_name(ctx: ToolContext, name: str) -> str | None:
    """The one `.mat` whose name (with or without `.mat`) is `name`, as the scene tools take a unique asset name;
    None when no material has it; E_MATERIAL_AMBIGUOUS with the candidates when several do."""
    stem = name[:-len(".mat")] if name.lower().endswith(".mat") else name
    matches = [p for p in list_files(Path(ctx.project.root), (".mat",))
               if PurePosixPath(p).name[:-len(".mat")] == stem]
    if len(matches) > 1:
        raise UnityCliError("E_MATERIAL_AMBIGUOUS", f"{len(matches)} materials are named {name!r}; give the path",
                            details={"file": name, "candidates": matches},
                            next_actions=[respelled_call(name, match) for match in matches[:5]])
    return matches[0] if matches else None


def _no_material_named(ctx: ToolContext, name: str) -> UnityCliError:
    """`E_ASSET_NOT_FOUND` naming the materials meant (a typo, another case, a longer name), each a runnable read."""
    stem = name[:-len(".mat")] if name.lower().endswith(".mat") else name
    near = closest_files(stem, list_files(Path(ctx.project.root), (".mat",)))
    root = ctx.project.root
    return UnityCliError("E_ASSET_NOT_FOUND", f"no material is named {name!r}"
                         + (f"; closest: {', '.join(near)}" if near else ""),
                         details={"path": name, "closeMatches": near},
                         next_actions=[tool_command("material.get", {"file": p}, project=root) for p in near[:3]]
                         or [tool_command("asset.find", {"type": "Material"}, project=root)])


def _require_material_path(ctx: ToolContext, file: str) -> str:
    path = access.project_path(ctx, file)
    if "/" not in path:
        found = _by_name(ctx, path)
        if found is None and PurePosixPath(path).suffix.lower() in ("", ".mat"):
            raise _no_material_named(ctx, path)
        path = found or path
    if PurePosixPath(path).suffix.lower() != ".mat":
        raise access.invalid_path(path, "a material is a .mat file (give its path, or the name of one .mat)")
    if not ctx.transaction.exists(path):
        with ProjectIndex.open(ctx.project.root) as index:
            raise access.not_found(ctx, index, path)
    return path


def _material_doc(loaded: LoadedFile) -> Document:
    docs = loaded.yaml.of_class(MATERIAL_CLASS_ID)
    main = [d for d in docs if d.file_id == MAIN_FILE_ID] or docs
    if len(main) != 1:
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{loaded.path} holds {len(docs)} Material objects, not one",
                            details={"file": loaded.path, "materials": len(docs)})
    doc = main[0]
    if doc.get("m_SavedProperties.serializedVersion", None) != 3:
        raise UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{loaded.path}: m_SavedProperties is not the "
                            "serializedVersion 3 layout these tools read", details={"file": loaded.path})
    return doc


def open_material(ctx: ToolContext, file: str, *, write: bool = False, expected_revision: str | None = None) -> Material:
    path = _require_material_path(ctx, file)
    loaded = open_for_write(ctx, path, expected_revision) if write else open_for_read(ctx, path)
    return Material(loaded, _material_doc(loaded))


def property_not_found(ctx: ToolContext, material: Material, name: str, kind: str) -> UnityCliError:
    """Names the properties of that kind the material has: a shader's colour is often `_BaseColor` in one
    pipeline and `_Color` in another, and the list says which this material uses."""
    have = [next(iter(item)) for item in material.saved(kind) or [] if isinstance(item, dict) and item]
    listing = f"its {kind} properties: {', '.join(have)}" if have else f"it has no {kind} properties"
    near = closest(name, have)
    meant = f"did you mean {', '.join(near)}? or " if near else ""
    return UnityCliError("E_PROPERTY_NOT_FOUND", f"{material.path} has no {kind} property {name!r} ({listing}); "
                         f"{meant}pass add: true to add it",
                         details={"file": material.path, "property": name, "kind": kind, "available": have,
                                  "didYouMean": near},
                         next_actions=[tool_command("material.get", {"file": material.path},
                                                    project=ctx.project.root)])


def kind_mismatch(material: Material, name: str, has: str, given: str) -> UnityCliError:
    return UnityCliError("E_VALUE_TYPE_MISMATCH", f"{name} is a {has} property of {material.path}, not a {given}",
                         details={"file": material.path, "property": name, "kind": has, "given": given})


def shader_name(ctx: ToolContext, index: ProjectIndex, ref: Ref) -> tuple[str | None, str | None]:
    """(project path, shader name) of a shader reference: the name from a project `.shader` file's `Shader "..."`
    line; None where it cannot be read (built-in shaders, Shader Graphs, package files outside the project)."""
    if not ref.guid or ref.guid == BUILTIN_GUID:
        return None, None
    paths = index.paths_for_guid(ref.guid)
    if not paths:
        return None, None
    path = paths[0]
    if PurePosixPath(path).suffix.lower() != ".shader":
        return path, None
    data = access.read_bytes(ctx, index, path)
    if data is None:
        return path, None
    match = _SHADER_NAME.search(data.decode("utf-8", "replace"))
    return path, match.group(1) if match else None
