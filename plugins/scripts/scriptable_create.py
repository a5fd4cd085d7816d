"""`scriptable.create`: a new `.asset` of a project ScriptableObject class, with its `.meta`.

Nothing in the new file is invented. The object header (`m_ObjectHideFlags` .. `m_EditorClassIdentifier`) and the
file's own header are copied from a ScriptableObject `.asset` the Editor wrote in this project (one of the same
class when there is one), with `m_Script` and `m_Name` (the file's name, as the Editor names a new asset) set.
The fields follow the class's C# layout in Unity's order, each at the default the source proves, in the form
`unitycli.csharp.defaults` documents (the same values component.add writes); a field whose default is not
proven is left out and listed in `omitted`: Unity gives a
field missing from the file its C# initializer when it loads the asset, and writes it on the next save.
The `.meta` is the NativeFormatImporter meta with `mainObjectFileID: 11400000`, every fixture ScriptableObject's.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.csharp import SerializationModel
from unitycli.csharp.defaults import default_values
from unitycli.csharp.script_lookup import resolve_script
from unitycli.csharp.sources import meta_guid
from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command, tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.create_common import make_parents, refuse_taken, require_new_asset_location
from unitycli.plugins.scripts.scriptable import ScriptableAsset, open_scriptable
from unitycli.plugins.scripts.typed import HEADER_KEYS
from unitycli.scene import list_files
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles import new_meta
from unitycli.unityyaml import Ref, ensure_roundtrips
from unitycli.unityyaml.values import to_json

_MAIN = b"--- !u!114 &11400000"
MAIN_FILE_ID = 11400000
_MONOSCRIPT = 11500000
_SCRIPTABLE_BASES = ("ScriptableObject",)  # `engine_base` names the engine class without namespace


class ScriptableCreateInput(ToolInput):
    file: str = Field(description="Project-relative path of the new .asset (Assets/Data/Level 2.asset)")
    script: str = Field(description="The ScriptableObject class: its name (the .cs file stem), the .cs path, or "
                                    "the script's GUID")


class OmittedField(ToolOutput):
    name: str = Field(description="The field's path (Outer.Inner for a nested class's field)")
    reason: str = Field(description="Why its default is not written")


class ScriptableCreateOutput(ToolOutput):
    file: str
    guid: str = Field(description="The new asset's GUID (in its .meta)")
    script: dict[str, Any] = Field(description="The m_Script reference written, with the class and .cs path")
    fields: dict[str, Any] = Field(description="The fields written, at their C# defaults")
    omitted: list[OmittedField] = Field(description="Fields whose default the source does not prove: left out of "
                                                    "the file; Unity applies their C# initializers when it loads it")
    template: str = Field(description="The Editor-written .asset whose object header was copied")
    created_folders: list[str]


def _script_guid(ctx: ToolContext, model: SerializationModel, script: str) -> str:
    """The GUID of the script `script` names: a `.cs` path here; a class name or GUID as component.add resolves
    one (`resolve_script`), its refusals told as this tool's."""
    if script.endswith(".cs"):
        file = model.project.file_named(script)
        guid = meta_guid(file.disk, file.shown) if file is not None else None
        if guid:
            return guid
        raise UnityCliError("E_SCRIPTABLE_OBJECT_NOT_FOUND", f"{script!r} names no single ScriptableObject script: "
                            f"no .cs file with a .meta has that path", details={"script": script},
                            next_actions=[tool_command("asset.find", {"name": "*.cs"}, project=ctx.project.root)])
    try:
        return resolve_script(Path(ctx.project.root), script, ctx.known_scripts, model.project).guid
    except UnityCliError as exc:
        if exc.code not in ("E_COMPONENT_NOT_FOUND", "E_COMPONENT_AMBIGUOUS"):
            raise
        raise UnityCliError("E_SCRIPTABLE_OBJECT_NOT_FOUND", f"{script!r} names no single ScriptableObject script: "
                            f"{exc.message}", details=exc.details, next_actions=[describe_command("scriptable.create")]) from None


def _template(ctx: ToolContext, guid: str) -> ScriptableAsset:
    """An Editor-written ScriptableObject asset of the project: one of the same script when there is one."""
    others: list[ScriptableAsset] = []
    for path in list_files(Path(ctx.project.root), (".asset",)):
        if not path.startswith("Assets/"):
            continue
        try:
            if _MAIN not in ctx.transaction.read_bytes(path)[:200]:
                continue
            asset = open_scriptable(ctx, path)
        except UnityCliError:
            continue
        if len(asset.loaded.yaml.documents) != 1 or asset.doc.get("m_GameObject", None) != Ref(0):
            continue
        if asset.script.guid == guid:
            return asset
        others.append(asset)
    if others:
        return others[0]
    raise UnityCliError("E_LAYOUT_UNAVAILABLE", "the project has no ScriptableObject .asset under Assets/ to copy "
                        "the object header from, and unitycli keeps no per-version template (create one "
                        "ScriptableObject asset with the Unity Editor, Assets > Create, then retry)",
                        details={"kind": "ScriptableObject", "unityVersion": ctx.unity_version.editor_version},
                        next_actions=[])


def scriptable_create(ctx: ToolContext, request: ScriptableCreateInput) -> ScriptableCreateOutput:
    file = access.project_path(ctx, request.file)
    if PurePosixPath(file).suffix != ".asset":
        raise access.invalid_path(file, "a ScriptableObject asset's file name ends in .asset")
    require_new_asset_location(file)
    refuse_taken(ctx, file, "scriptable.create")
    model = SerializationModel(Path(ctx.project.root))
    guid = _script_guid(ctx, model, request.script)
    decl = model.script_class(guid)
    base = model.engine_base(decl)
    if base not in _SCRIPTABLE_BASES or "abstract" in decl.modifiers or decl.type_params:
        why = "it is abstract" if "abstract" in decl.modifiers else "it is generic" if decl.type_params else \
            f"it derives from {base or 'no UnityEngine.Object'}, not ScriptableObject"
        raise UnityCliError("E_SCRIPTABLE_OBJECT_NOT_FOUND", f"{decl.full_name} ({decl.file}) cannot be "
                            f"created as an asset: {why}", details={"script": request.script, "class":
                                                                   decl.full_name, "file": decl.file},
                            next_actions=[tool_command("asset.find", {"name": "*.cs"}, project=ctx.project.root)])
    layout = model.layout_of(decl)
    template = _template(ctx, guid)
    identifier = template.doc.get("m_EditorClassIdentifier", "")
    if identifier:
        raise UnityCliError("E_LAYOUT_UNAVAILABLE", f"{template.path} writes m_EditorClassIdentifier "
                            f"{identifier!r}; the value for {layout.full_name} is not derivable here",
                            details={"template": template.path, "m_EditorClassIdentifier": identifier})
    yaml = ensure_roundtrips(template.loaded.yaml.to_bytes(), template.path)
    header = {k: v for k, v in yaml.get(MAIN_FILE_ID).to_python().items() if k in HEADER_KEYS}
    header["m_Script"] = Ref(_MONOSCRIPT, guid, 3)
    header["m_Name"] = PurePosixPath(file).stem
    fields, left_out = default_values(layout)
    omitted = [OmittedField(name=name, reason=why) for name, why in left_out.items()]
    yaml.remove_document(MAIN_FILE_ID)
    yaml.add_document(114, "MonoBehaviour", {**header, **fields}, file_id=MAIN_FILE_ID)
    created = [f for f, _ in make_parents(ctx, file)]
    asset_guid = ctx.transaction.new_guid(file)
    ctx.transaction.write_bytes(file, yaml.to_bytes())
    ctx.transaction.write_bytes(file + ".meta", new_meta(file, asset_guid))
    script_path = model.project.file_of_guid(guid)
    return ScriptableCreateOutput(
        file=file, guid=asset_guid,
        script={**to_json(header["m_Script"]), "class": layout.full_name,
                "path": script_path.shown if script_path else None},
        fields=to_json(fields), omitted=omitted, template=template.path, created_folders=created)
