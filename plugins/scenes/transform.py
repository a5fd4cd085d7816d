"""`gameobject.set-transform`: position, rotation (Euler degrees or quaternion) and scale, local or world.

Unity rotates by `m_LocalRotation` (a quaternion); `m_LocalEulerAnglesHint` is the Inspector's Euler display of
it, so both are written together, as the Editor does: the hint is the Euler angles the caller gave, or those
of the quaternion (applied Z, then X, then Y). World values are converted through the parent chain the way
Unity's `Transform.position` / `rotation` setters do, which needs every ancestor's Transform in this file (not
inside a prefab instance) and an invertible parent matrix (no zero scale). Scale is always local: Unity's world
scale (`lossyScale`) cannot be set either. Only the components given change, each as one value edit.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command, same_call
from unitycli.plugins.scenes.common import GameObjectWriteInput, Names, WriteOutput, finish, open_model
from unitycli.scene import OBJECT_FILE_SUFFIXES, SceneModel, SceneNode, find_gameobject, instance_unsupported
from unitycli.scene.pose import Pose, compose, euler_hint, invert, local_affine, world
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityclasses import RECT_TRANSFORM
from unitycli.unityyaml import Document
from unitycli.unityyaml.floats import to_float32

Vec = tuple[float, float, float]
Quat = tuple[float, float, float, float]


class VectorInput(ToolInput):
    x: float | None = None
    y: float | None = None
    z: float | None = None


class RotationInput(ToolInput):
    x: float = 0
    y: float = 0
    z: float = 0
    w: float | None = Field(None, description="Given: x, y, z, w is a quaternion; omitted: x, y, z are Euler degrees")


class SetTransformInput(GameObjectWriteInput):
    position: VectorInput | None = Field(None, description="{x, y, z}; omitted axes keep their value")
    rotation: RotationInput | None = Field(None, description="Euler degrees {x, y, z} (Unity's Z, X, Y order) or a "
                                                             "quaternion {x, y, z, w}")
    scale: VectorInput | None = Field(None, description="Local scale {x, y, z}; omitted axes keep their value")
    space: Literal["local", "world"] = Field("local", description="Whether position and rotation are relative to "
                                                                   "the parent (local) or the scene (world)")


class LocalTransform(ToolOutput):
    position: dict[str, float]
    rotation: dict[str, float]
    euler_hint: dict[str, float]
    scale: dict[str, float]


class SetTransformOutput(WriteOutput):
    game_object: str
    file_id: int = Field(alias="fileID", description="The Transform's fileID")
    local: LocalTransform = Field(description="The local values as written")
    changed: bool


def _tidy(value: float) -> float:
    """Float noise of the conversions (`6e-17`, `0.99999994`) becomes the number Unity's own math would round to."""
    nearest = round(value)
    value = float(nearest) if abs(value - nearest) < 1e-6 else value
    return value + 0.0  # no -0


def _vec(doc: Document, key: str) -> Vec:
    value = doc.get(key)
    return (float(value["x"]), float(value["y"]), float(value["z"]))


def _quat(doc: Document) -> Quat:
    q = doc.get("m_LocalRotation")
    return (float(q["x"]), float(q["y"]), float(q["z"]), float(q["w"]))


def _pose(doc: Document) -> Pose:
    return Pose(_vec(doc, "m_LocalPosition"), _quat(doc), _vec(doc, "m_LocalScale"))


def euler_to_quat(euler: Vec) -> Quat:
    """Unity's `Quaternion.Euler`: rotate about Z, then X, then Y (q = qY · qX · qZ)."""
    hx, hy, hz = (math.radians(a) / 2 for a in euler)
    cx, sx, cy, sy, cz, sz = math.cos(hx), math.sin(hx), math.cos(hy), math.sin(hy), math.cos(hz), math.sin(hz)
    return (cy * sx * cz + sy * cx * sz, sy * cx * cz - cy * sx * sz, cy * cx * sz - sy * sx * cz,
            cy * cx * cz + sy * sx * sz)


def _qmul(a: Quat, b: Quat) -> Quat:
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return (aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz)


def _normalized(q: Quat) -> Quat:
    n = math.sqrt(sum(c * c for c in q))
    if not math.isfinite(n) or n < 1e-9:
        raise UnityCliError("E_VALUE_OUT_OF_RANGE", "a rotation quaternion cannot be zero; give a unit quaternion "
                            "{x, y, z, w}, or Euler degrees {x, y, z}",
                            details={"property": "rotation", "value": list(q)}, next_actions=[])
    return tuple(c / n for c in q)  # type: ignore[return-value]


def _ancestors(model: SceneModel, node: SceneNode) -> list[Document]:
    """The Transforms of `node`'s ancestors, root first; E_TRANSFORM_WORLD_UNKNOWN when one is not in the file."""
    chain: list[Document] = []
    parent = node.parent
    if node.dangling_parent is not None:
        raise _unknown(node, f"its parent &{node.dangling_parent} is not in the file")
    while parent is not None:
        if parent.is_instance or parent.transform_id is None or parent.dangling_parent is not None:
            raise _unknown(node, f"its ancestor {parent.path!r} is a prefab instance or has no Transform here")
        chain.append(model.file.get(parent.transform_id))
        parent = parent.parent
    return list(reversed(chain))


def _unknown(node: SceneNode, why: str) -> UnityCliError:
    return UnityCliError("E_TRANSFORM_WORLD_UNKNOWN", f"{node.path!r}: world values need the parent chain, but {why}",
                         details={"gameObject": node.path, "fileID": node.file_id},
                         next_actions=[same_call(space="local")])  # values relative to the parent


def _merge(current: Vec, given: VectorInput | None) -> Vec:
    if given is None:
        return current
    return (current[0] if given.x is None else given.x, current[1] if given.y is None else given.y,
            current[2] if given.z is None else given.z)


def _as_dict(keys: str, values: tuple[float, ...]) -> dict[str, float]:
    return dict(zip(keys, values, strict=True))


def _write(doc: Document, key: str, keys: str, values: tuple[float, ...]) -> None:
    """Set only the components whose float32 value changes (an unchanged number keeps its text)."""
    current = doc.get(key)
    for axis, value in zip(keys, values, strict=True):
        value = _tidy(to_float32(value))
        if to_float32(float(current[axis])) != value:
            doc.set(f"{key}.{axis}", int(value) if value.is_integer() and abs(value) < 2**53 else value)


def _check(values: tuple[float, ...], what: str) -> None:
    for value in values:
        if not math.isfinite(value) or abs(value) > 3.4028234663852886e38:
            raise UnityCliError("E_VALUE_OUT_OF_RANGE", f"{what}: {value!r} is not a finite float32",
                                details={"property": what, "value": str(value)},
                                next_actions=[])  # the message says: finite, within ±3.4028235e38


def gameobject_set_transform(ctx: ToolContext, request: SetTransformInput) -> SetTransformOutput:
    if request.position is None and request.rotation is None and request.scale is None:
        raise UnityCliError("E_SCHEMA_INVALID", "give at least one of position, rotation, scale",
                            details={"errors": [{"path": "position", "message": "nothing to set"}]})
    in_world = request.space == "world"
    if in_world and request.scale is not None:
        raise UnityCliError("E_SCHEMA_INVALID", "scale is always local (Unity's world scale, lossyScale, is "
                            "read-only); give it with space: local",
                            details={"errors": [{"path": "scale", "message": "not settable in world space"}]})
    with Names(Path(ctx.project.root), ctx.known_scripts) as names:
        loaded, model = open_model(ctx, request.file, OBJECT_FILE_SUFFIXES, names, write=True,
                                   expected_revision=request.expected_revision)
    node = find_gameobject(model, request.game_object)
    if node.is_instance or node.transform_id is None:
        raise instance_unsupported(node, "its Transform lives in the source prefab")
    doc = model.file.get(node.transform_id)
    if request.position is not None and doc.class_id == RECT_TRANSFORM:
        raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{node.path!r} has a RectTransform: its position follows "
                            "its anchors", details={"gameObject": node.path, "fileID": doc.file_id},
                            next_actions=[describe_command("component.set")])  # m_AnchoredPosition, with it
    pose = _pose(doc)
    parent_world = parent_rotation = None
    if in_world:
        chain = [_pose(d) for d in _ancestors(model, node)]
        parent_world = world(chain)
        parent_rotation = (0.0, 0.0, 0.0, 1.0)
        for p in chain:
            parent_rotation = _qmul(parent_rotation, p.rotation)
    position = pose.position
    if request.position is not None:
        if parent_world is None:
            position = _merge(pose.position, request.position)
        else:
            inverse = invert(parent_world)
            if inverse is None:
                raise _unknown(node, "its parent chain has a zero scale, so no local position gives that point")
            here = compose(parent_world, local_affine(pose)).offset
            target = _merge(here, request.position)
            position = compose(inverse, local_affine(Pose(target))).offset
        _check(position, "position")
    rotation, hint = pose.rotation, None
    if request.rotation is not None:
        r = request.rotation
        given = _normalized((r.x, r.y, r.z, r.w)) if r.w is not None else euler_to_quat((r.x, r.y, r.z))
        if parent_rotation is not None:
            px, py, pz, pw = parent_rotation
            given = _qmul((-px, -py, -pz, pw), given)
        rotation = tuple(_tidy(c) for c in given)  # type: ignore[assignment]
        hint = (r.x, r.y, r.z) if r.w is None and not in_world else euler_hint(rotation)
        _check(rotation, "rotation")
    scale = _merge(pose.scale, request.scale)
    _check(scale, "scale")
    _write(doc, "m_LocalPosition", "xyz", position)
    _write(doc, "m_LocalRotation", "xyzw", rotation)
    if hint is not None and doc.has("m_LocalEulerAnglesHint"):
        _write(doc, "m_LocalEulerAnglesHint", "xyz", hint)
    _write(doc, "m_LocalScale", "xyz", scale)
    changed = loaded.yaml.dirty
    written = _pose(doc)
    return SetTransformOutput(
        file=loaded.path, revision=finish(ctx, loaded), game_object=node.path, fileID=doc.file_id, changed=changed,
        local=LocalTransform(position=_as_dict("xyz", written.position), rotation=_as_dict("xyzw", written.rotation),
                             euler_hint=_as_dict("xyz", _vec(doc, "m_LocalEulerAnglesHint"))
                             if doc.has("m_LocalEulerAnglesHint") else {},
                             scale=_as_dict("xyz", written.scale)))

