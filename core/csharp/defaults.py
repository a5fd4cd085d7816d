"""A script's serialized fields at their defaults, as the values the Editor writes for a new component.

Each written form is one the Editor wrote in the fixtures for a field of that kind: `{fileID: 0}` for a null
reference and `[]` for an empty array (chicken-defense `Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity`),
bools as `0`/`1`, enums as their integer, nested serializable classes as block mappings (`CameraConfig` in
Game.unity), `{x: 0, y: 0, z: 0}` vectors, LayerMask as `serializedVersion: 2` + `m_Bits`, an empty
AnimationCurve (minigolf `Scenes/Game.unity` line 507), an empty UnityEvent's `m_PersistentCalls: m_Calls: []`
(Cinemachine `Samples~/3D Samples/FreeLook on Spherical Surface.unity` line 641). A field whose default the source
does not prove, or whose written form no Editor file shows, is left out and listed: Unity fills it on load.
"""

from __future__ import annotations

import copy
from typing import Any

from unitycli.csharp.literals import Construct, MemberRef, Real
from unitycli.csharp.model import UNPROVEN, ClassLayout, SerializedField
from unitycli.unityyaml.emit import Flow, Verbatim
from unitycli.unityyaml.floats import format_float
from unitycli.unityyaml.nodes import Ref

_INTEGERS = frozenset({"byte", "sbyte", "short", "ushort", "int", "uint", "long", "ulong"})
_VECTOR_KEYS = {"UnityEngine.Vector2": "xy", "UnityEngine.Vector3": "xyz", "UnityEngine.Vector4": "xyzw",
                "UnityEngine.Quaternion": "xyzw", "UnityEngine.Vector2Int": "xy", "UnityEngine.Vector3Int": "xyz",
                "UnityEngine.Color": "rgba"}
# The engine's static values (UnityCsReference Runtime/Export/Math/Vector2.cs, Vector3.cs, Vector4.cs,
# Quaternion.cs, Color.cs, Vector2Int.cs, Vector3Int.cs).
_STATIC_VALUES: dict[tuple[str, str], tuple[float, ...]] = {
    ("Vector2", "zero"): (0, 0), ("Vector2", "one"): (1, 1), ("Vector2", "up"): (0, 1), ("Vector2", "down"): (0, -1),
    ("Vector2", "left"): (-1, 0), ("Vector2", "right"): (1, 0),
    ("Vector3", "zero"): (0, 0, 0), ("Vector3", "one"): (1, 1, 1), ("Vector3", "up"): (0, 1, 0),
    ("Vector3", "down"): (0, -1, 0), ("Vector3", "left"): (-1, 0, 0), ("Vector3", "right"): (1, 0, 0),
    ("Vector3", "forward"): (0, 0, 1), ("Vector3", "back"): (0, 0, -1),
    ("Vector4", "zero"): (0, 0, 0, 0), ("Vector4", "one"): (1, 1, 1, 1),
    ("Vector2Int", "zero"): (0, 0), ("Vector2Int", "one"): (1, 1), ("Vector3Int", "zero"): (0, 0, 0),
    ("Vector3Int", "one"): (1, 1, 1), ("Quaternion", "identity"): (0, 0, 0, 1),
    ("Color", "white"): (1, 1, 1, 1), ("Color", "black"): (0, 0, 0, 1), ("Color", "clear"): (0, 0, 0, 0),
    ("Color", "red"): (1, 0, 0, 1), ("Color", "green"): (0, 1, 0, 1), ("Color", "blue"): (0, 0, 1, 1),
    ("Color", "gray"): (0.5, 0.5, 0.5, 1), ("Color", "grey"): (0.5, 0.5, 0.5, 1),
}
_EMPTY_CURVE = {"serializedVersion": 2, "m_Curve": [], "m_PreInfinity": 2, "m_PostInfinity": 2,
                "m_RotationOrder": 4}
_VALUE_DEFAULTS: dict[str, Any] = {
    "UnityEngine.LayerMask": {"serializedVersion": 2, "m_Bits": 0},
    "UnityEngine.AnimationCurve": _EMPTY_CURVE,
    "UnityEngine.Events.UnityEvent": {"m_PersistentCalls": {"m_Calls": []}},
}


class _Omit(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def default_values(layout: ClassLayout) -> tuple[dict[str, Any], dict[str, str]]:
    """(fields in Unity's order with their default values, {omitted field path: why})."""
    values: dict[str, Any] = {}
    omitted: dict[str, str] = {}
    _fill(layout.fields, values, omitted, "")
    return values, omitted


def _fill(fields: tuple[SerializedField, ...], values: dict[str, Any], omitted: dict[str, str], prefix: str) -> None:
    for f in fields:
        try:
            values[f.name] = _value(f, omitted, prefix + f.name)
        except _Omit as why:
            omitted[prefix + f.name] = why.reason


def _value(f: SerializedField, omitted: dict[str, str], path: str) -> Any:
    if f.default is UNPROVEN:
        raise _Omit(f.unproven_reason or f"its initializer is not a literal ({f.file}:{f.line})")
    kind = f.kind
    if kind in _INTEGERS or kind == "enum":
        if not isinstance(f.default, int) or isinstance(f.default, bool):
            raise _Omit("its default is not an integer")
        return f.default
    if kind in ("float", "double"):
        number = f.default.value if isinstance(f.default, Real) else f.default
        if not isinstance(number, int | float) or isinstance(number, bool):
            raise _Omit("its default is not a number")
        return float(number) if kind == "float" else Verbatim(format_float(float(number), single=False))
    if kind == "bool":
        return bool(f.default)
    if kind == "string":
        return f.default if isinstance(f.default, str) else ""
    if kind == "object":
        return Ref(0)
    if kind == "array":
        if f.default != []:
            raise _Omit("its initializer fills the collection")
        return []
    if kind == "class":
        if not f.fields:
            raise _Omit("no Editor-written file here shows how an empty serializable class is written")
        nested: dict[str, Any] = {}
        _fill(f.fields, nested, omitted, path + ".")
        return nested
    if kind == "value":
        return _engine_value(f)
    raise _Omit(f"no Editor-written file here shows the default of a {kind} field")


def _engine_value(f: SerializedField) -> Any:
    engine = f.engine_type or f.type_name
    keys = _VECTOR_KEYS.get(engine)
    if keys is not None and isinstance(f.default, MemberRef):
        owner = f.default.path[-2] if len(f.default.path) >= 2 else ""
        static = _STATIC_VALUES.get((owner, f.default.path[-1]))
        if static is None or owner != engine.rsplit(".", 1)[-1]:
            raise _Omit("its initializer is not a literal")
        return Flow({k: (int(n) if engine.endswith("Int") else float(n)) for k, n in zip(keys, static, strict=True)})
    if keys is not None:
        args = f.default.args if isinstance(f.default, Construct) else ()
        if f.default is not None and not isinstance(f.default, Construct):
            raise _Omit("its initializer is not a literal")
        if args and len(args) != len(keys):
            raise _Omit(f"new {f.type_name.rsplit('.', 1)[-1]}(…) with {len(args)} arguments")
        numbers = [a.value if isinstance(a, Real) else a for a in args] or [0] * len(keys)
        if any(not isinstance(n, int | float) or isinstance(n, bool) for n in numbers):
            raise _Omit("its initializer is not a literal")
        integer = f.type_name.endswith("Int")
        return Flow({k: (int(n) if integer else float(n)) for k, n in zip(keys, numbers, strict=True)})
    short = engine.rsplit(".", 1)[-1]
    if f.default is not None and not (isinstance(f.default, Construct) and not f.default.args
                                      and f.default.type.split("<", 1)[0].rsplit(".", 1)[-1] in ("", short)):
        raise _Omit("its initializer is not a literal")  # `new AnimationCurve()` is the default; keys are not
    template = _VALUE_DEFAULTS.get(engine)
    if template is None:
        raise _Omit(f"no Editor-written file here shows the default of a {engine}")
    return copy.deepcopy(template)
