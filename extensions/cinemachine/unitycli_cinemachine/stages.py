"""The Body / Aim / Noise edit shared by set-body, set-aim and set-noise: find where the camera keeps its stage
components, edit the present one's settings, or replace it (or add one) with another supported type.

Where the components live: a 2.x camera (CinemachineVirtualCamera, also inside a 3.x
project) keeps them on its hidden `cm` child next to the CinemachinePipeline; a 3.x CinemachineCamera on its own
GameObject. A replacement takes the old component's place in the GameObject's `m_Component` list (Cinemachine
orders the pipeline by stage, not by list order) with a fresh fileID; a component another object still references
(a 3.x CinemachineInputAxisController's `Owner` names the OrbitalFollow) is not replaced.
"""

from __future__ import annotations

import re
from typing import Any

from unitycli.api import (
    Document,
    Field,
    ProjectIndex,
    Ref,
    ToolContext,
    ToolOutput,
    UnityCliError,
    UnityYamlFile,
    open_for_read,
)
from unitycli_cinemachine import components, locate, scripts
from unitycli_cinemachine.components import BINDING_ALIASES, BINDING_MODES, ComponentType, Options, Setting
from unitycli_cinemachine.editing import set_field
from unitycli_cinemachine.inputs import CameraEdit, EditResult
from unitycli_cinemachine.layout import CM2, CM3

MONO_BEHAVIOUR = 114
CINEMACHINE_CAMERA_GUID = "f9dfa5b682dcd46bda6128250e975f58"
_GUID = re.compile(r"^[0-9a-fA-F]{32}$")

VectorValue = float | list[float] | dict[str, float]
VECTOR_NOTE = ("; a number sets every axis, a list gives each axis ([x, y, z]), an object sets the axes it names "
               "({\"y\": 2})")


class StageEdit(CameraEdit):
    type: str | None = Field(None, description=(
        "Replace the present component with this class (or add one when the stage is empty); omitted: edit the "
        "present component"))


class ComponentSummary(ToolOutput):
    class_name: str = Field(alias="class")
    file_id: int
    game_object: str = Field(description="The hidden `cm` child in 2.x, the camera's GameObject in 3.x")


class StageResult(EditResult):
    stage: str = Field(description="body | aim | noise")
    component: ComponentSummary = Field(description="The stage's component after the edit")
    replaced: ComponentSummary | None = Field(description="The component removed by a replacement (or None)")
    added: bool = Field(description="A new component document was written (replacement or empty stage)")


def options(ctx: ToolContext) -> Options:
    version = ctx.package_version("com.unity.cinemachine") or ""
    parts = [int(p) for p in re.findall(r"\d+", version)[:3]] + [0, 0, 0]
    return Options(physics=ctx.package_version("com.unity.modules.physics") is not None,
                   easing=tuple(parts[:3]) >= (3, 1, 4))


def holder(site: locate.CameraSite) -> tuple[str, Any]:
    """(family, node): which major's component classes the camera takes and the GameObject that holds them."""
    pipeline = site.pipeline_node()
    if pipeline is not None:
        return CM2, pipeline
    if site.script.guid == CINEMACHINE_CAMERA_GUID:
        return CM3, site.node
    why = ("has no hidden `cm` child with a CinemachinePipeline" if site.doc.has("m_ComponentOwner")
           else "has no Body/Aim/Noise pipeline (a manager camera drives child cameras)")
    raise UnityCliError("E_CINEMACHINE_LAYOUT_UNKNOWN", f"the {site.class_name} on {site.path!r} {why}",
                        details={"file": site.file, "gameObject": site.path, "class": site.class_name})


def supported(family: str, stage: str) -> list[str]:
    return sorted(components.types_for(family, stage))


def _unsupported(family: str, stage: str, name: str, why: str) -> UnityCliError:
    return UnityCliError("E_CINEMACHINE_COMPONENT_UNSUPPORTED", f"{name} {why}",
                         details={"type": name, "stage": stage, "layout": family,
                                  "supported": supported(family, stage)},
                         next_actions=[])  # details.supported lists the types this stage takes


def _numbers(name: str, value: Any, keys: list[str], current: dict[str, Any]) -> dict[str, float]:
    """The axes `value` sets, by key (x, y, z), checked against the axes the field has."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return dict.fromkeys(keys, value)
    if isinstance(value, list):
        if len(value) != len(keys):
            raise UnityCliError("E_CINEMACHINE_VALUE_INVALID",
                                f"{name} takes {len(keys)} numbers here, not {len(value)}",
                                details={"setting": name, "axes": keys, "value": value})
        return dict(zip(keys, value, strict=True))
    unknown = sorted(set(value) - set(keys))
    if unknown:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"{name} has no axis {', '.join(unknown)} here",
                            details={"setting": name, "axes": keys, "value": value})
    return {k: value[k] for k in keys if k in value}


def _noise_profile(ctx: ToolContext, value: str | None) -> Ref:
    if value is None:
        return Ref(0)
    text = value.strip()
    preset = next((g for n, g in components.NOISE_PRESETS.items() if n.lower() == text.lower()), None)
    if preset is not None:
        return Ref(11400000, preset, 2)
    guid: str | None
    path: str | None
    with ProjectIndex.open(ctx.project.root) as index:
        if _GUID.match(text):
            guid, path = text.lower(), index.path_for_guid(text)
        else:
            guid, path = index.guid_for_path(text), text
    if guid in components.NOISE_PRESETS.values():
        return Ref(11400000, guid, 2)
    if guid is None or path is None:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID",
                            f"noiseProfile {value!r} is neither a package noise preset nor a project asset",
                            details={"noiseProfile": value, "presets": sorted(components.NOISE_PRESETS)})
    data = open_for_read(ctx, path).yaml
    if not any(isinstance(s := d.get("m_Script", None), Ref) and (s.guid or "").lower() ==
               components.NOISE_SETTINGS_GUID for d in data.of_class(MONO_BEHAVIOUR)):
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"{path} is not a Cinemachine NoiseSettings asset",
                            details={"noiseProfile": value, "path": path})
    return Ref(11400000, guid, 2)


def write_settings(ctx: ToolContext, doc: Document, ctype: ComponentType, wanted: dict[str, Any], changed: list[str]) -> None:
    """Write the named settings onto a component of type `ctype` (only the values that change)."""
    for name, value in wanted.items():
        setting: Setting | None = ctype.settings.get(name)
        if setting is None:
            raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"{ctype.name} has no setting {name}",
                                details={"setting": name, "class": ctype.name, "settings": sorted(ctype.settings)})
        if setting.kind == "binding":
            index = BINDING_MODES.index(value) if value in BINDING_MODES else BINDING_ALIASES.get(value)
            if index is None:
                raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"bindingMode {value!r} is not a binding mode",
                                    details={"setting": name, "bindingModes": list(BINDING_MODES)})
            set_field(doc, setting.field_path, index, changed)
        elif setting.kind == "asset":
            set_field(doc, setting.field_path, _noise_profile(ctx, value), changed)
        elif setting.kind == "float":
            _check_minimum(name, [value], setting)
            set_field(doc, setting.field_path, value, changed)
        else:
            if setting.path is not None:
                current = doc.get(setting.path, {})
                keys = [k for k in ("x", "y", "z") if isinstance(current, dict) and k in current]
                keys = keys or ["x", "y", "z"][: setting.axes]
                values = _numbers(name, value, keys, current)
                _check_minimum(name, list(values.values()), setting)
                for key, number in values.items():
                    set_field(doc, f"{setting.path}.{key}", number, changed)
            else:
                keys = ["x", "y", "z"][: setting.axes]
                values = _numbers(name, value, keys, {})
                _check_minimum(name, list(values.values()), setting)
                for key, number in values.items():
                    set_field(doc, setting.parts[keys.index(key)], number, changed)
            for path, extra in setting.also:
                set_field(doc, path, extra, changed)


def _check_minimum(name: str, values: list[Any], setting: Setting) -> None:
    if setting.minimum is not None and any(v < setting.minimum for v in values):
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID",
                            f"{name} must be at least {setting.minimum} (Cinemachine clamps it)",
                            details={"setting": name, "value": values, "minimum": setting.minimum})


def add_component(yaml: UnityYamlFile, node_doc: Document, ctype: ComponentType, opts: Options, *, index: int | None = None,
                  enabled: bool = True) -> Document:
    """A new component document on the GameObject `node_doc`, listed at `index` of its `m_Component` (None: last),
    with the GameObject's hide flags (3 on a 2.x `cm` child in a scene)."""
    hide = node_doc.get("m_ObjectHideFlags", 0)
    doc = yaml.add_document(MONO_BEHAVIOUR, "MonoBehaviour",
                            ctype.document(node_doc.file_id, hide if isinstance(hide, int) else 0, opts, enabled))
    entries = node_doc.get("m_Component", []) or []
    if index is None:
        node_doc.insert_item("m_Component", len(entries), {"component": Ref(doc.file_id)})
    else:
        node_doc.set(f"m_Component[{index}].component", Ref(doc.file_id))
    return doc


def _component_index(node_doc: Document, file_id: int) -> int:
    for i, entry in enumerate(node_doc.get("m_Component", []) or []):
        ref = entry.get("component") if isinstance(entry, dict) else None
        if isinstance(ref, Ref) and ref.file_id == file_id and ref.guid is None:
            return i
    raise UnityCliError("E_CINEMACHINE_LAYOUT_UNKNOWN", f"component &{file_id} is not in its GameObject's m_Component",
                        details={"fileID": file_id, "gameObject": node_doc.file_id})


def apply(ctx: ToolContext, request: StageEdit, stage: str) -> StageResult:
    """Apply a set-body / set-aim / set-noise request to the camera's `stage` component: edit its settings, or
    replace (add) it with `type` first."""
    wanted = request_settings(request)
    if request.type is None and not wanted:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", f"give type and/or at least one {stage} setting",
                            details={"stage": stage, "fields": ["type", *setting_names(type(request))]})
    loaded, site = locate.find_camera(ctx, request.file, request.game_object,
                                      expected_revision=request.expected_revision, for_write=True)
    family, node = holder(site)
    yaml = loaded.yaml
    present = next((p for p in site.parts() if p.script.kind == stage), None)
    changed: list[str] = []
    replaced: ComponentSummary | None = None
    wanted_type = request.type
    if present is None and wanted_type is None and stage == scripts.NOISE:
        wanted_type = "CinemachineBasicMultiChannelPerlin"
    present_name = present.script.name(family) if present is not None else None
    if wanted_type is None or wanted_type == present_name:  # edit the present component
        if present is None:
            raise UnityCliError("E_CINEMACHINE_STAGE_EMPTY",
                                f"the camera on {site.path!r} has no {stage} component; give type to add one",
                                details={"file": loaded.path, "gameObject": site.path, "stage": stage,
                                         "supported": supported(family, stage)})
        doc = present.doc
        ctype = components.type_of(family, stage, present.script.guid)
        if ctype is None:
            raise _unsupported(family, stage, present_name or "?",
                               "has no typed settings in this tool; replace it with type")
    else:  # add a component of wanted_type, in the place of the present one if there is one
        ctype = components.types_for(family, stage).get(wanted_type)
        if ctype is None:
            raise _unsupported(family, stage, wanted_type,
                               f"is not a {stage} component this tool writes for a {family} camera")
        node_doc = yaml.get(node.file_id)
        index = None
        if present is not None:
            old = present.doc.file_id
            users = [d for d in yaml.references_to(old) if d.file_id not in (old, node.file_id)]
            if users:
                raise UnityCliError(
                    "E_CINEMACHINE_COMPONENT_REFERENCED",
                    f"the {present_name} on {node.path!r} is referenced by {len(users)} other object(s); it is "
                    "not replaced", details={"file": loaded.path, "fileID": old, "class": present_name,
                                             "referencedBy": [{"fileID": d.file_id, "classId": d.class_id}
                                                              for d in users]})
            index = _component_index(node_doc, old)
            replaced = ComponentSummary(class_name=present_name, file_id=old, game_object=node.path)
        doc = add_component(yaml, node_doc, ctype, options(ctx), index=index)
        if present is not None:
            yaml.remove_document(present.doc.file_id)
        changed.append("m_Component")
    write_settings(ctx, doc, ctype, wanted, changed)
    if changed:
        loaded.save(ctx)
    return StageResult(file=loaded.path, game_object=site.path, file_id=site.doc.file_id, layout=family,
                       changed_fields=changed, revision=ctx.transaction.revision(loaded.path) or loaded.revision,
                       stage=stage, component=ComponentSummary(class_name=ctype.name, file_id=doc.file_id,
                                                               game_object=node.path),
                       replaced=replaced, added=replaced is not None or present is None)


def request_settings(request: Any) -> dict[str, Any]:
    """The settings given in a request, by their camelCase names (null counts only for noiseProfile)."""
    out: dict[str, Any] = {}
    for attr in type(request).model_fields:
        if attr in StageEdit.model_fields or attr not in request.model_fields_set:
            continue
        value = getattr(request, attr)
        name = type(request).model_fields[attr].alias or _camel(attr)
        if value is None and name != "noiseProfile":
            continue
        out[name] = value
    return out


def setting_names(model: Any) -> list[str]:
    return sorted(f.alias or _camel(a) for a, f in model.model_fields.items() if a not in StageEdit.model_fields)


def _camel(attr: str) -> str:
    head, *rest = attr.split("_")
    return head + "".join(p.title() for p in rest)
