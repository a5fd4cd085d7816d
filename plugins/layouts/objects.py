"""`object.get` / `object.set`: read and write any native object of a Unity-YAML file, typed by Unity's own layout.

Scene settings (RenderSettings, LightmapSettings, NavMeshSettings), native assets (.mat, .controller and its
state-machine objects, .physicMaterial, .renderTexture, .lighting, .anim) and every ProjectSettings/*.asset: the
object is named by `fileID` or `class` (or is the file's only object), its layout is the one the project's Editor
writes (`layoutFrom`), and every value is checked against it (`unitycli.typetree.typed`). A field the layout has but
the file lacks is inserted where the Editor writes it. Scripts' own fields (MonoBehaviour) are component.set's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.given_paths import exact_path
from unitycli.next_actions import describe_command, tool_command
from unitycli.scene.files import LoadedFile, open_for_read, open_for_write
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.typetree import PICK_RULE, Layout, Picked, layouts_of, pick_version, require_layout
from unitycli.typetree.check import SCRIPTED_CLASSES
from unitycli.typetree.importers import (
    IMPORTER_RULE,
    MetaImporter,
    open_importer,
    read_importer,
    set_importer_value,
)
from unitycli.typetree.report import document_class_name
from unitycli.typetree.table import versions
from unitycli.typetree.typed import FieldWrite, describe, field_node, missing_fields, set_field, typed_read
from unitycli.unityfiles import ensure_not_lfs
from unitycli.unityyaml import Document

FILE_DESCRIPTION = ("Project-relative path of a Unity-YAML file: a scene or prefab, a native asset (.mat, "
                    ".controller, .anim, .physicMaterial, .renderTexture, .lighting, .asset), "
                    "ProjectSettings/*.asset, or an asset's .meta for its importer")
REVISION_DESCRIPTION = "Refuse unless the file is at this revision (from a previous answer)"


class ObjectInput(ToolInput):
    file: str = Field(description=FILE_DESCRIPTION)
    file_id: int | None = Field(None, alias="fileID", description="The object's fileID (the number after & in "
                                                                  "its `--- !u!` header)")
    class_name: str | None = Field(None, alias="class", description="The object's class (RenderSettings, "
                                   "LightmapSettings, AnimatorState, …) when the file holds one object of it")


class ObjectGetInput(ObjectInput):
    property: str | None = Field(None, description="Property path (m_Fog, m_GISettings.m_BounceScale, "
                                                   "m_ChildStates[0].m_Position); all values when absent")


class FieldType(ToolOutput):
    name: str
    type: str = Field(description="Its type in the layout: int, float, bool (0/1), string, PPtr<T>, "
                                  "Struct {fields}, list of …")
    present: bool = Field(description="Whether the file holds it (Unity writes a missing one at its next save)")


class ObjectAnswer(ToolOutput):
    file: str
    revision: str
    file_id: int | None = Field(alias="fileID", description="null for a .meta file's importer")
    class_name: str = Field(alias="class", description="The class whose layout the values are checked against "
                                                       "(a .meta's ModelImporter block: FBXImporter)")
    unity_version: str = Field(description="The project's Editor version (ProjectVersion.txt)")
    layout_from: str = Field(description="The Editor dump whose layout the values are checked against (for a "
                                         ".meta: the newest Editor that wrote the importer's serializedVersion)")
    rule: str = Field(description="How layoutFrom was picked")
    serialized_version: int = Field(description="The class's serializedVersion in that layout")


class ObjectGetOutput(ObjectAnswer):
    property: str | None
    type: str | None = Field(description="The property's type in the layout (null for the whole object)")
    value: Any = Field(description="The property's value, or every value of the object")
    fields: list[FieldType] = Field(description="The layout's top-level fields with their types (whole object)")


class ObjectSetInput(ObjectInput):
    property: str | None = Field(None, description="Property path to set (m_Fog, m_FogColor, "
                                                   "m_GISettings.m_BounceScale)")
    value: Any = Field(None, description="JSON value of the layout's type: a number for int/float (an enum is "
                                         "its number), 0/1 or true/false for a bool, a string, {fileID, guid?, "
                                         "type?} for a reference, an object with exactly the struct's fields, "
                                         "a list")
    values: dict[str, Any] | None = Field(None, description="Several properties at once: {path: value}")
    expected_revision: str | None = Field(None, description=REVISION_DESCRIPTION)

    @model_validator(mode="after")
    def _one_form(self) -> ObjectSetInput:
        if (self.property is None) == (self.values is None) or (self.values is not None and not self.values):
            raise ValueError("give `property` and `value`, or a non-empty `values`")
        return self

    def pairs(self) -> list[tuple[str, Any]]:
        return list(self.values.items()) if self.values is not None else [(self.property or "", self.value)]


class ObjectChange(ToolOutput):
    property: str
    type: str = Field(description="The field's type in the layout")
    previous: Any = Field(description="The value before (null when the field was inserted)")
    value: Any = Field(description="The value as written, read back from the edited file")
    inserted: bool = Field(description="The file lacked the field: it was inserted where the Editor writes it")


class ObjectSetOutput(ObjectAnswer):
    changes: list[ObjectChange]
    changed: bool = Field(description="False when every value already was that (nothing written)")


def _path(ctx: ToolContext, file: str) -> str:
    path = exact_path(Path(ctx.project.root), file)
    if not path or not ctx.transaction.exists(path):
        raise UnityCliError("E_ASSET_NOT_FOUND", f"no file {file!r} in the project", details={"path": file},
                            next_actions=[describe_command("asset.find")])
    return path


def _document(loaded: LoadedFile, request: ObjectInput) -> Document:
    """The object the request names: by fileID, else the one object of `class`, else the file's only object."""
    file = loaded.yaml
    if request.file_id is not None:
        doc = file.get(request.file_id)
        if request.class_name is not None and document_class_name(doc) != request.class_name:
            raise UnityCliError("E_OBJECT_NOT_FOUND", f"{loaded.path} &{request.file_id} is a "
                                f"{document_class_name(doc)}, not a {request.class_name}",
                                details={"file": loaded.path, "fileID": request.file_id})
        return doc
    docs = [doc for doc in file.documents if not doc.stripped
            and (request.class_name is None or document_class_name(doc) == request.class_name)]
    if len(docs) == 1:
        return docs[0]
    listing = [{"fileID": doc.file_id, "class": document_class_name(doc)} for doc in docs[:20]]
    if not docs:
        raise UnityCliError("E_OBJECT_NOT_FOUND", f"{loaded.path} holds no {request.class_name} object",
                            details={"file": loaded.path, "class": request.class_name},
                            next_actions=[tool_command("asset.check-layout", {"file": loaded.path})])
    raise UnityCliError("E_OBJECT_AMBIGUOUS", f"{loaded.path} holds {len(docs)} "
                        f"{request.class_name + ' ' if request.class_name else ''}objects; name one by fileID",
                        details={"file": loaded.path, "candidates": listing},
                        next_actions=[describe_command("object.get")])


def _layout(ctx: ToolContext, doc: Document, path: str) -> tuple[str, Picked, Layout]:
    name = document_class_name(doc)
    if name is None or not layouts_of(name):
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{path} &{doc.file_id}: class ID {doc.class_id} is no "
                            "native class of the layout table", details={"file": path, "classID": doc.class_id})
    if name in SCRIPTED_CLASSES:
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{path} &{doc.file_id} is a script's object: its fields "
                            "are the script's, not in Unity's native layout",
                            details={"file": path, "fileID": doc.file_id, "class": name},
                            next_actions=[describe_command("component.set")])
    picked = pick_version(ctx.unity_version.editor_version)
    return name, picked, require_layout(name, picked)


def _answer(ctx: ToolContext, loaded: LoadedFile, doc: Document, name: str, picked: Picked,
            layout: Layout) -> dict[str, Any]:
    return {"file": loaded.path, "revision": ctx.transaction.revision(loaded.path) or loaded.revision,
            "fileID": doc.file_id, "class": name, "unity_version": picked.requested,
            "layout_from": picked.layout_from, "rule": PICK_RULE, "serialized_version": layout.serialized_version}


def _importer(ctx: ToolContext, path: str, request: ObjectInput) -> tuple[MetaImporter, Picked]:
    """The meta's importer, held against the layout of the project's Editor (picked once per request)."""
    if request.file_id is not None:
        raise UnityCliError("E_OBJECT_NOT_FOUND", f"{path} holds one importer and no objects by fileID",
                            details={"file": path, "fileID": request.file_id},
                            next_actions=[tool_command("object.get", {"file": path})])
    data = ctx.transaction.read_bytes(path)
    ensure_not_lfs(path, data)
    picked = pick_version(ctx.unity_version.editor_version)
    importer = open_importer(data, path, picked)
    if request.class_name is not None and request.class_name not in (importer.key, importer.class_name):
        raise UnityCliError("E_OBJECT_NOT_FOUND", f"{path} holds a {importer.key}, not a {request.class_name}",
                            details={"file": path, "importer": importer.key})
    return importer, picked


def _importer_answer(ctx: ToolContext, path: str, importer: MetaImporter, picked: Picked) -> dict[str, Any]:
    newest = picked.layout_from if importer.layout.holds(picked.index) else versions()[importer.layout.newest]
    return {"file": path, "revision": ctx.transaction.revision(path) or "", "fileID": None,
            "class": importer.class_name, "unity_version": ctx.unity_version.editor_version,
            "layout_from": newest, "rule": IMPORTER_RULE,
            "serialized_version": importer.layout.serialized_version}


def object_get(ctx: ToolContext, request: ObjectGetInput) -> ObjectGetOutput:
    path = _path(ctx, request.file)
    if path.endswith(".meta"):
        importer, picked = _importer(ctx, path, request)
        value, kind = read_importer(importer, request.property)
        return ObjectGetOutput(**_importer_answer(ctx, path, importer, picked), property=request.property, type=kind,
                               value=value, fields=[])
    loaded = open_for_read(ctx, path)
    doc = _document(loaded, request)
    name, picked, layout = _layout(ctx, doc, loaded.path)
    value = typed_read(doc, layout, request.property)
    if request.property:
        kind, fields = describe(field_node(layout, request.property)), []
    else:
        missing = set(missing_fields(doc, layout))
        kind, fields = None, [FieldType(name=child.name, type=describe(child), present=child.name not in missing)
                              for child in layout.root.children]
    return ObjectGetOutput(**_answer(ctx, loaded, doc, name, picked, layout), property=request.property,
                           type=kind, value=value, fields=fields)


def _set_importer(ctx: ToolContext, path: str, request: ObjectSetInput) -> ObjectSetOutput:
    if request.expected_revision is not None:
        ctx.transaction.expect_revision(path, request.expected_revision)
    importer, picked = _importer(ctx, path, request)
    before = importer.to_bytes()
    done = [set_importer_value(importer, prop, value) for prop, value in request.pairs()]
    after = importer.to_bytes()
    if after != before:
        ctx.transaction.write_bytes(path, after)
    reread = open_importer(after, path, picked)
    changes = [ObjectChange(property=w.path, type=w.field_type, previous=w.previous,
                            value=read_importer(reread, w.path)[0], inserted=False) for w in done]
    return ObjectSetOutput(**_importer_answer(ctx, path, importer, picked), changes=changes, changed=after != before)


def object_set(ctx: ToolContext, request: ObjectSetInput) -> ObjectSetOutput:
    path = _path(ctx, request.file)
    if path.endswith(".meta"):
        return _set_importer(ctx, path, request)
    loaded = open_for_write(ctx, path, request.expected_revision)
    doc = _document(loaded, request)
    name, picked, layout = _layout(ctx, doc, loaded.path)
    writes: list[FieldWrite] = [set_field(doc, layout, path, value, loaded.yaml) for path, value in request.pairs()]
    changed = loaded.yaml.dirty
    if changed:
        loaded.save(ctx)
    changes = [ObjectChange(property=w.path, type=w.field_type, previous=w.previous, value=typed_read(doc, layout,
                                                                                                     w.path),
                            inserted=w.inserted) for w in writes]
    return ObjectSetOutput(**_answer(ctx, loaded, doc, name, picked, layout), changes=changes, changed=changed)
