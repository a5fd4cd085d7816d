"""Volume profiles of `com.unity.render-pipelines.core`, shared by URP and HDRP: read, add, remove and set overrides.

A VolumeProfile asset is one main MonoBehaviour (script `d7fd9488…`, fileID 11400000) whose `components:` lists
the override sub-assets by local fileID, in order, plus one MonoBehaviour per override (`m_ObjectHideFlags: 3`,
`m_Name` = class name, `active`, then one `{m_OverrideState, m_Value}` mapping per parameter). Unity reads
`components` only: a sub-asset it does not list is an orphan (the Editor leaves them behind), which is reported
and never picked as "the" override of its class, and a listed fileID without a document is reported as missing.

Which overrides exist and how their parameters are laid out is the pipeline's business: an extension passes its
`OverrideSpec`s (class name, script GUID, parameters in serialized order with defaults and clamps). Clamps live in
C# only (`min`/`max` are not serialized since core 12), so values outside them are refused here.

Errors are `VolumeModelError` with a `kind` (see `KINDS`); each extension maps the kinds to its own catalogued
codes (`raise_as`), so a URP failure says E_URP_… and an HDRP one E_HDRP_….
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import NextAction
from unitycli.unityclasses import MONOBEHAVIOUR
from unitycli.unityyaml import Document, Flow, Ref, UnityYamlFile
from unitycli.unityyaml.values import FLOAT32_MAX, to_json

VOLUME_PROFILE_SCRIPT_GUID = "d7fd9488000d3734a9e00ee676215985"
VOLUME_SCRIPT_GUID = "172515602e62fb746b5d573b38a5fe58"
PROFILE_FILE_ID = 11400000
_NULL = Ref(0)

KINDS = ("not-a-profile", "override-unknown", "override-exists", "override-not-found", "parameter-not-found",
         "parameter-invalid")
PARAMETER_KINDS = ("bool", "int", "float", "enum", "color", "vector2", "vector3", "vector4", "texture", "object",
                   "curve", "texture-curve")
_VECTOR_KEYS = {"vector2": ("x", "y"), "vector3": ("x", "y", "z"), "vector4": ("x", "y", "z", "w"),
                "color": ("r", "g", "b", "a")}


class VolumeModelError(Exception):
    """A volume-model failure of one `kind` (one of `KINDS`), with a message and details for the error object."""

    def __init__(self, kind: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        assert kind in KINDS, kind
        self.kind = kind
        self.message = message
        self.details = details or {}


def raise_as(exc: VolumeModelError, codes: Mapping[str, str], next_actions: Iterable[NextAction] = ()
             ) -> UnityCliError:
    """The catalogued error for `exc`: `codes` maps each kind to the caller's code (raise the result)."""
    return UnityCliError(codes[exc.kind], exc.message, details=exc.details, next_actions=list(next_actions))


@dataclass(frozen=True)
class ParameterSpec:
    """One VolumeParameter of an override: name, value kind, C# default, clamps, and extra serialized keys
    (TextureParameter writes `dimension` after `m_Value`)."""

    name: str
    kind: str
    default: Any
    min: float | None = None
    max: float | None = None
    enum: tuple[tuple[str, int], ...] = ()
    extra: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        assert self.kind in PARAMETER_KINDS, self.kind

    def yaml_default(self) -> Any:
        return to_yaml_value(self, self.default)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default}
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.enum:
            out["values"] = dict(self.enum)
        return out


@dataclass(frozen=True)
class OverrideSpec:
    """A VolumeComponent class: its short name (`Bloom`), script GUID, parameters in serialized order, and the
    `Assembly::Namespace` prefix Unity 6000.2+ writes into `m_EditorClassIdentifier` of new objects."""

    name: str
    script_guid: str
    parameters: tuple[ParameterSpec, ...]
    class_identifier_prefix: str = ""

    def parameter(self, name: str) -> ParameterSpec | None:
        return next((p for p in self.parameters if p.name == name), None)


@dataclass
class ParameterValue:
    name: str
    override_state: bool
    value: Any  # JSON form (see `to_json_value`)


@dataclass
class VolumeOverride:
    """One override sub-asset as read: listed (in `components`) or an orphan."""

    file_id: int
    script_guid: str | None
    name: str
    active: bool
    listed: bool
    index: int | None  # position in `components` when listed
    document: Document
    spec: OverrideSpec | None = None

    @property
    def class_name(self) -> str:
        return self.spec.name if self.spec is not None else self.name

    def parameters(self) -> list[ParameterValue]:
        """Every `{m_OverrideState, m_Value}` entry of the document, in file order."""
        body = self.document.to_python()
        found = []
        for key, value in body.items():
            if isinstance(value, dict) and "m_OverrideState" in value and "m_Value" in value:
                found.append(ParameterValue(key, bool(value["m_OverrideState"]), to_json_value(value["m_Value"])))
        return found


# A decoded YAML value as JSON (references as `{fileID, guid, type}`): the scene model's one conversion.
to_json_value = to_json


def _invalid(spec: ParameterSpec, value: Any, why: str) -> VolumeModelError:
    return VolumeModelError("parameter-invalid", f"{spec.name}: {why} (got {value!r})",
                            details={"parameter": spec.name, "kind": spec.kind, "value": value,
                                     **({"min": spec.min} if spec.min is not None else {}),
                                     **({"max": spec.max} if spec.max is not None else {})})


def _finite32(value: Any) -> bool:
    """A number a Unity float field can hold (finite, within ±3.4028235e38)."""
    return (not isinstance(value, bool) and isinstance(value, int | float) and math.isfinite(value)
            and abs(value) <= FLOAT32_MAX)


def _number(spec: ParameterSpec, value: Any) -> float:
    if not _finite32(value):
        raise _invalid(spec, value, "expected a finite number within ±3.4028235e38")
    if spec.min is not None and value < spec.min:
        raise _invalid(spec, value, f"below the minimum {spec.min}")
    if spec.max is not None and value > spec.max:
        raise _invalid(spec, value, f"above the maximum {spec.max}")
    return value


def to_yaml_value(spec: ParameterSpec, value: Any, *, texture_guid: str | None = None) -> Any:
    """The YAML model of `value` for `spec` (checked: type, clamps, enum names); raises `parameter-invalid`."""
    kind = spec.kind
    if kind == "bool":
        if not isinstance(value, bool) and value not in (0, 1):
            raise _invalid(spec, value, "expected true or false")
        return int(bool(value))
    if kind in ("int", "enum"):
        if kind == "enum" and isinstance(value, str):
            names = dict(spec.enum)
            if value not in names:
                raise _invalid(spec, value, f"expected one of {', '.join(names)}")
            return names[value]
        if isinstance(value, bool) or not isinstance(value, int):
            raise _invalid(spec, value, "expected an integer")
        if kind == "enum" and spec.enum and value not in dict(spec.enum).values():
            raise _invalid(spec, value, f"expected one of {dict(spec.enum)}")
        return int(_number(spec, value))
    if kind == "float":
        return _number(spec, value)
    if kind in _VECTOR_KEYS:
        keys = _VECTOR_KEYS[kind]
        if not isinstance(value, Mapping) or set(value) != set(keys):
            raise _invalid(spec, value, f"expected an object with keys {', '.join(keys)}")
        for k in keys:
            if not _finite32(value[k]):
                raise _invalid(spec, value, f"{k} must be a finite number within ±3.4028235e38")
        return Flow({k: value[k] for k in keys})
    if kind in ("texture", "object"):
        if value is None:
            return _NULL
        if isinstance(value, Ref):
            return value
        if isinstance(value, Mapping) and "fileID" in value:
            return Ref(int(value["fileID"]), value.get("guid"), value.get("type"))
        raise _invalid(spec, value, "expected null or a reference {fileID, guid, type}")
    if kind == "texture-curve":
        return _texture_curve(spec, value)
    raise _invalid(spec, value, "this parameter kind is not editable headlessly")


def _keyframe(time: float, value: float, in_slope: float, out_slope: float) -> dict[str, Any]:
    """A Keyframe as `new Keyframe(time, value, inTangent, outTangent)` serializes it (no weights, free tangents)."""
    return {"serializedVersion": 3, "time": time, "value": value, "inSlope": in_slope, "outSlope": out_slope,
            "tangentMode": 0, "weightedMode": 0, "inWeight": 0, "outWeight": 0}


def _texture_curve(spec: ParameterSpec, value: Any) -> dict[str, Any]:
    """core's TextureCurve (Runtime/Utilities/TextureCurve.cs, same fields in 14.0.9 and 17.x): the cached key count,
    loop, zero value and range (class constants of the parameter, taken from the spec's default), then the
    AnimationCurve. `value` is the list of keys `{time, value, inSlope?, outSlope?}` (or `{"keys": [...]}`); times
    lie in the curve's 0 … 1 bounds and increase strictly, as the curve editor keeps them."""
    keys = value.get("keys") if isinstance(value, Mapping) else value
    if not isinstance(keys, list):
        raise _invalid(spec, value, "expected a list of keys {time, value, inSlope, outSlope}")
    frames = []
    for key in keys:
        if not isinstance(key, Mapping) or not {"time", "value"} <= set(key) or \
                set(key) - {"time", "value", "inSlope", "outSlope"}:
            raise _invalid(spec, value, "each key is {time, value} with optional inSlope and outSlope")
        numbers = [key["time"], key["value"], key.get("inSlope", 0), key.get("outSlope", 0)]
        if not all(_finite32(n) for n in numbers):
            raise _invalid(spec, value, "key times, values and slopes must be finite numbers within ±3.4028235e38")
        if not 0 <= numbers[0] <= 1:
            raise _invalid(spec, value, f"key time {numbers[0]} is outside the curve's 0 … 1")
        if frames and numbers[0] <= frames[-1]["time"]:
            raise _invalid(spec, value, "key times must increase")
        frames.append(_keyframe(*numbers))
    shape = spec.default
    return {"<length>k__BackingField": len(frames), "m_Loop": int(bool(shape["loop"])),
            "m_ZeroValue": shape["zeroValue"], "m_Range": shape["range"],
            "m_Curve": {"serializedVersion": 2, "m_Curve": frames, "m_PreInfinity": 2, "m_PostInfinity": 2,
                        "m_RotationOrder": 4}}


def is_volume_profile(yaml: UnityYamlFile) -> bool:
    main = yaml.find(PROFILE_FILE_ID)
    return main is not None and _script_guid(main) == VOLUME_PROFILE_SCRIPT_GUID


def _script_guid(doc: Document) -> str | None:
    if doc.class_id != MONOBEHAVIOUR or doc.stripped:
        return None
    if "m_Script:" not in doc.text:
        return None
    script = doc.get("m_Script", None)
    return script.guid if isinstance(script, Ref) else None


@dataclass
class VolumeProfile:
    """A VolumeProfile asset: the main object, its overrides in `components` order, orphans and missing entries."""

    path: str
    yaml: UnityYamlFile
    specs: dict[str, OverrideSpec] = field(default_factory=dict)  # by script GUID

    @classmethod
    def load(cls, path: str, yaml: UnityYamlFile, specs: Iterable[OverrideSpec] = ()) -> VolumeProfile:
        if not is_volume_profile(yaml):
            raise VolumeModelError("not-a-profile", f"{path} is not a VolumeProfile asset",
                                   details={"file": path})
        return cls(path, yaml, {s.script_guid: s for s in specs})

    @property
    def main(self) -> Document:
        return self.yaml.get(PROFILE_FILE_ID)

    @property
    def name(self) -> str:
        return str(self.main.get("m_Name", ""))

    def component_ids(self) -> list[int]:
        items = self.main.get("components", []) or []
        return [r.file_id for r in items if isinstance(r, Ref)]

    def _override(self, doc: Document, index: int | None) -> VolumeOverride:
        guid = _script_guid(doc)
        return VolumeOverride(doc.file_id, guid, str(doc.get("m_Name", "")), bool(doc.get("active", 1)),
                              index is not None, index, doc, self.specs.get(guid or ""))

    def overrides(self) -> list[VolumeOverride]:
        """The listed overrides, in `components` order (what Unity uses)."""
        found = []
        for index, file_id in enumerate(self.component_ids()):
            doc = self.yaml.find(file_id)
            if doc is not None and doc.class_id == MONOBEHAVIOUR:
                found.append(self._override(doc, index))
        return found

    def missing(self) -> list[int]:
        """fileIDs `components` lists that have no document (Unity drops them on load)."""
        return [i for i in self.component_ids() if i != 0 and self.yaml.find(i) is None]

    def orphans(self) -> list[VolumeOverride]:
        """Override-like sub-assets that `components` does not list (ignored by Unity; never resurrected)."""
        listed = set(self.component_ids())
        return [self._override(doc, None) for doc in self.yaml.of_class(MONOBEHAVIOUR)
                if doc.file_id != PROFILE_FILE_ID and doc.file_id not in listed and not doc.stripped]

    def find(self, spec: str | int) -> VolumeOverride:
        """A listed override by class name (`Bloom`), `m_Name` or fileID; orphans are never matched."""
        text = str(spec).strip()
        listed = self.overrides()
        if text.lstrip("-&").isdigit():
            wanted = int(text.lstrip("&"))
            hit = [o for o in listed if o.file_id == wanted]
        else:
            hit = [o for o in listed if o.class_name == text] or [o for o in listed if o.name == text]
        if not hit:
            orphaned = [o.file_id for o in self.orphans() if str(o.file_id) == text or o.class_name == text]
            raise VolumeModelError("override-not-found",
                                   f"{self.path} has no override {text!r} in its components",
                                   details={"file": self.path, "override": text,
                                            "overrides": [o.class_name for o in listed],
                                            **({"orphans": orphaned} if orphaned else {})})
        return hit[0]

    # --- editing ---------------------------------------------------------------------------------------------
    def add_override(self, spec: OverrideSpec, *, class_identifier: str = "",
                     overrides_on: bool = False) -> VolumeOverride:
        """Add `spec` as the Editor's Add Override does: a new sub-asset with the class defaults, every override
        state off (or on), appended to `components`. Refuses a class the profile already lists."""
        for existing in self.overrides():
            if existing.script_guid == spec.script_guid:
                raise VolumeModelError("override-exists",
                                       f"{self.path} already has a {spec.name} override (&{existing.file_id})",
                                       details={"file": self.path, "override": spec.name,
                                                "fileID": existing.file_id})
        fields: dict[str, Any] = {
            "m_ObjectHideFlags": 3, "m_CorrespondingSourceObject": _NULL, "m_PrefabInstance": _NULL,
            "m_PrefabAsset": _NULL, "m_GameObject": _NULL, "m_Enabled": 1, "m_EditorHideFlags": 0,
            "m_Script": Ref(11500000, spec.script_guid, 3), "m_Name": spec.name,
            "m_EditorClassIdentifier": class_identifier, "active": 1,
        }
        for p in spec.parameters:
            fields[p.name] = {"m_OverrideState": int(overrides_on), "m_Value": p.yaml_default(), **dict(p.extra)}
        doc = self.yaml.add_document(MONOBEHAVIOUR, "MonoBehaviour", fields)
        main = self.main
        count = len(main.get("components", []) or [])
        main.insert_item("components", count, Ref(doc.file_id))
        return self._override(self.yaml.get(doc.file_id), count)

    def remove_override(self, target: VolumeOverride) -> None:
        """Remove a listed override: its `components` entry and its sub-asset."""
        assert target.listed and target.index is not None
        self.main.remove_item("components", target.index)
        if not self.yaml.references_to(target.file_id):
            self.yaml.remove_document(target.file_id)

    def set_parameter(self, target: VolumeOverride, name: str, *, value: Any = None, set_value: bool = False,
                      override_state: bool | None = None) -> list[str]:
        """Set a parameter's `m_Value` (checked against its spec) and/or `m_OverrideState`; returns the keys
        changed. A parameter the document lacks (a file saved by an older package) is added after the previous
        parameter of the spec that it has."""
        doc = target.document
        spec = target.spec.parameter(name) if target.spec is not None else None
        present = doc.has(name) and isinstance(doc.get(name), dict) and doc.has(f"{name}.m_OverrideState")
        if spec is None and not present:
            known = [p.name for p in target.spec.parameters] if target.spec else [p.name for p in target.parameters()]
            raise VolumeModelError("parameter-not-found", f"{target.class_name} has no parameter {name!r}",
                                   details={"override": target.class_name, "parameter": name, "parameters": known})
        changed: list[str] = []
        if set_value:
            if spec is not None:
                new = to_yaml_value(spec, value)
            else:
                raise VolumeModelError("parameter-invalid",
                                       f"{target.class_name}.{name} has no known layout, so its value is not written",
                                       details={"override": target.class_name, "parameter": name})
        if not present:
            assert spec is not None and target.spec is not None
            before = [p.name for p in target.spec.parameters[: target.spec.parameters.index(spec)] if doc.has(p.name)]
            entry = {"m_OverrideState": int(bool(override_state)), "m_Value": new if set_value else spec.yaml_default(),
                     **dict(spec.extra)}
            doc.insert_key("", name, entry, after=before[-1] if before else None)
            return [f"{name}.m_OverrideState", f"{name}.m_Value"]
        if set_value:
            old = doc.get(f"{name}.m_Value")
            if _differs(old, new):
                doc.set(f"{name}.m_Value", new)
                changed.append(f"{name}.m_Value")
        if override_state is not None and bool(doc.get(f"{name}.m_OverrideState")) != override_state:
            doc.set(f"{name}.m_OverrideState", int(override_state))
            changed.append(f"{name}.m_OverrideState")
        return changed

    def set_active(self, target: VolumeOverride, active: bool) -> bool:
        doc = target.document
        if bool(doc.get("active", 1)) == active:
            return False
        doc.set("active", int(active))
        return True


def _differs(old: Any, new: Any) -> bool:
    if isinstance(new, Flow) and isinstance(old, dict):
        return any(old.get(k) != v for k, v in new.items()) or set(old) != set(new)
    return old != new
