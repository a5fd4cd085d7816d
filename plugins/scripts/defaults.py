"""A serialized field's default as the value the YAML writer takes, in the form the Editor writes it.

The C# model (`unitycli.csharp`) proves a default or marks it UNPROVEN; this turns a proven one into Unity's
form: numbers and strings as they are, bools and enums as integers, an object reference as `{fileID: 0}`, a
list as `[]`, a nested serializable class as its fields in order (Unity constructs it, so its own initializers
apply), and these engine value types at `default(T)`, each in the form Editor-written files show:
- Vector2/3/4, Vector2Int/3Int, Quaternion, Color: one inline map (`m_LocalPosition: {x: 0, y: 0, z: 0}` on every
  Transform, `m_Color: {r: 1, g: 1, b: 1, a: 1}` on every Light, Vector3Int `first: {x: -5, y: -8, z: 0}` in the
  Cinemachine sample `2D Platformer.unity`);
- LayerMask: `serializedVersion: 2` and `m_Bits` (NavMeshSurface `m_LayerMask` in chicken-defense `Game.unity`);
- UnityEvent (and its generic forms): `m_PersistentCalls: {m_Calls: []}` as a block (the CinemachineBrain's
  `m_CameraActivatedEvent` in chicken-defense `Game.unity`; Image's `m_OnCullStateChanged` in minigolf).
Any other value type (AnimationCurve, Gradient, Rect, Bounds...) is UNPROVEN here, so a caller leaves it out.
"""

from __future__ import annotations

from typing import Any

from unitycli.csharp import UNPROVEN, SerializedField
from unitycli.unityyaml import Flow, Ref

_INLINE = {"Vector2": "xy", "Vector2Int": "xy", "Vector3": "xyz", "Vector3Int": "xyz", "Vector4": "xyzw",
           "Quaternion": "xyzw", "Color": "rgba"}
_EVENT = "UnityEngine.Events.UnityEvent"


def _number(value: Any) -> Any:
    inner = getattr(value, "value", value)  # a C# real literal keeps its text beside its value
    if isinstance(inner, bool):
        return int(inner)
    return inner


def value_type_default(type_name: str) -> Any:
    """`default(T)` of an engine value type in Unity's form, or UNPROVEN."""
    simple = type_name.rsplit(".", 1)[-1]
    if simple in _INLINE and type_name in (simple, f"UnityEngine.{simple}"):
        return Flow({axis: 0 for axis in _INLINE[simple]})
    if type_name in ("LayerMask", "UnityEngine.LayerMask"):
        return {"serializedVersion": 2, "m_Bits": 0}
    if type_name == _EVENT or type_name.startswith(_EVENT + "<") or type_name.startswith(_EVENT + "`"):
        return {"m_PersistentCalls": {"m_Calls": []}}
    return UNPROVEN


def default_value(field: SerializedField) -> Any:
    """The field's default in Unity's form, or UNPROVEN when the source or this module cannot prove it."""
    if field.kind == "object":
        return Ref(0) if field.default is None else UNPROVEN
    if field.kind == "array":
        return [] if field.default == [] else UNPROVEN
    if field.kind == "value":
        return value_type_default(field.type_name) if field.default is None else UNPROVEN
    if field.kind == "class":
        if field.default is not None:
            return UNPROVEN
        out: dict[str, Any] = {}
        for child in field.fields:
            value = default_value(child)
            if value is UNPROVEN:
                return UNPROVEN
            out[child.name] = value
        return out
    if field.kind == "reference" or field.default is UNPROVEN:
        return UNPROVEN
    return _number(field.default)
