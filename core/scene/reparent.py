"""Moving a GameObject or prefab instance under another parent (or to the roots), optionally keeping its world
pose, the way the Hierarchy window's drag and drop does.

The world pose is read down the Transform chain. A prefab instance's root pose is its `m_LocalPosition.*`,
`m_LocalRotation.*`, `m_LocalScale.*` overrides on the source root Transform, falling back to the source prefab's
own values (`instance_pose`); a Transform of an instance other than its root, and RectTransforms (whose pose
depends on anchors and the parent's rect), are refused with `E_WORLD_POSE_INEXACT` rather than guessed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call
from unitycli.scene.edits import renumber
from unitycli.scene.links import attach, detach
from unitycli.scene.lookup import instance_unsupported
from unitycli.scene.overrides import find_override, set_override
from unitycli.scene.pose import IDENTITY, Affine, Pose, compose, euler_hint, local_affine, rebase
from unitycli.scene.prefab_source import PrefabRoot, transform_pose
from unitycli.scene.tree import SceneModel, SceneNode
from unitycli.unityclasses import TRANSFORM
from unitycli.unityyaml import Document, Flow, Ref

SourceRoot = Callable[[SceneNode], PrefabRoot | None]  # a prefab instance node -> its source prefab's root


def _inexact(node: SceneNode, why: str, **details: object) -> UnityCliError:
    return UnityCliError("E_WORLD_POSE_INEXACT", f"cannot keep the world pose of {node.path!r}: {why}",
                         details={"gameObject": node.path, **details},
                         next_actions=[same_call(keepWorldPose=False)])  # keeps the local values instead


_AXES = {"m_LocalPosition": "xyz", "m_LocalRotation": "xyzw", "m_LocalScale": "xyz"}


def instance_pose(doc: Document, root: PrefabRoot, guid: str) -> Pose:
    """An instance root's local pose: its overrides where it has them, the source prefab's values elsewhere."""
    defaults = {"m_LocalPosition": root.pose.position, "m_LocalRotation": root.pose.rotation,
                "m_LocalScale": root.pose.scale}
    values: dict[str, tuple[float, ...]] = {}
    target = Ref(root.transform, guid, 3)
    for field, axes in _AXES.items():
        parts = []
        for axis, default in zip(axes, defaults[field], strict=True):
            found = find_override(doc, target, f"{field}.{axis}")
            try:
                parts.append(float(found.value) if found is not None else default)
            except (TypeError, ValueError):
                parts.append(default)
        values[field] = tuple(parts)
    return Pose(values["m_LocalPosition"], values["m_LocalRotation"], values["m_LocalScale"])  # type: ignore[arg-type]


@dataclass
class _Chain:
    model: SceneModel
    source_root: SourceRoot

    def local(self, node: SceneNode, subject: SceneNode) -> Pose:
        file = self.model.file
        if node.is_instance:
            root = self.source_root(node)
            guid = node.source_prefab_guid
            if root is None or not guid:
                raise _inexact(subject, f"the pose of prefab instance {node.path!r} lives in its source prefab, "
                                        "which is not in the project", instance=node.path)
            if root.transform_class != TRANSFORM:
                raise _inexact(subject, f"{node.path!r} has a RectTransform", instance=node.path)
            doc = file.get(node.file_id)
            if not root.scale_known and not all(find_override(doc, Ref(root.transform, guid, 3), f"m_LocalScale.{a}")
                                                for a in "xyz"):
                raise _inexact(subject, f"the scale of {node.path!r} comes from a model file, which is not read",
                               instance=node.path)
            return instance_pose(doc, root, guid)
        doc = file.get(node.transform_id) if node.transform_id is not None else None
        if doc is None or doc.class_id != TRANSFORM:
            raise _inexact(subject, f"{node.path!r} has a RectTransform, whose pose depends on its anchors",
                           transform=node.transform_id)
        return transform_pose(doc.to_python())

    def world(self, node: SceneNode | None, subject: SceneNode) -> Affine:
        """The world matrix of `node` (identity for the scene root)."""
        chain = []
        while node is not None:
            if node.parent is not None and node.parent.is_instance:
                raise _inexact(subject, f"{node.path!r} hangs under an object inside prefab instance "
                                        f"{node.parent.path!r}, whose pose is in the source prefab",
                               instance=node.parent.path)
            chain.append(node)
            node = node.parent
        result = IDENTITY
        for item in reversed(chain):
            result = compose(result, local_affine(self.local(item, subject)))
        return result


@dataclass
class Moved:
    previous_parent: str | None
    index: int
    pose: Pose | None  # the new local pose, when the world pose was kept


def reparent(model: SceneModel, node: SceneNode, parent: SceneNode | None, index: int | None, *,
             keep_world_pose: bool, source_root: SourceRoot) -> Moved:
    """Move `node` to sibling `index` (default: last) under `parent` (None: the roots)."""
    if parent is not None:
        if parent is node or any(a is node for a in _ancestors(parent)):
            raise UnityCliError("E_HIERARCHY_CYCLE", f"{parent.path!r} is {node.path!r} itself or one of its "
                                f"descendants", details={"gameObject": node.path, "parent": parent.path})
        if parent.is_instance:
            raise instance_unsupported(parent, "a child added to a prefab instance is an override "
                                       "(m_AddedGameObjects), which this tool does not write")
        if parent.transform_id is None:
            raise UnityCliError("E_OBJECT_NOT_FOUND", f"{parent.path!r} has no Transform",
                                details={"gameObject": parent.path})
    if node.parent is not None and node.parent.is_instance:
        raise instance_unsupported(node.parent, f"{node.path!r} is a child added to it (m_AddedGameObjects), "
                                   "which this tool does not rewrite")
    chain = _Chain(model, source_root)
    new_pose = None
    if keep_world_pose and node.parent is not parent:
        old_world, new_world = chain.world(node.parent, node), chain.world(parent, node)
        pose = chain.local(node, node)
        new_pose = rebase(old_world, new_world, pose)
        if new_pose is None:
            raise _inexact(node, "the new local transform would need shear (non-uniform scale with rotation "
                           "on the way), which a Transform cannot hold")
    previous = node.parent
    old_siblings = previous.children if previous is not None else model.roots
    detach(model, node)
    target = parent.children if parent is not None else model.roots
    index = len(target) if index is None else max(0, min(index, len(target)))
    attach(model, node, parent, index)
    if new_pose is not None:
        _write_pose(model, node, new_pose, source_root)
    renumber(model, old_siblings)
    if target is not old_siblings:
        renumber(model, target)
    return Moved(previous.path if previous is not None else None, index, new_pose)


def _ancestors(node: SceneNode) -> list[SceneNode]:
    found, cur = [], node.parent
    while cur is not None:
        found.append(cur)
        cur = cur.parent
    return found


def _flow(values: tuple[float, ...], keys: str) -> Flow:
    return Flow({k: v for k, v in zip(keys, values, strict=True)})


def _write_pose(model: SceneModel, node: SceneNode, pose: Pose, source_root: SourceRoot) -> None:
    hint = euler_hint(pose.rotation)
    if not node.is_instance:
        doc = model.file.get(node.transform_id)  # type: ignore[arg-type]
        before = transform_pose(doc.to_python())
        if before.position != pose.position:
            doc.set("m_LocalPosition", _flow(pose.position, "xyz"))
        if before.scale != pose.scale:
            doc.set("m_LocalScale", _flow(pose.scale, "xyz"))
        if before.rotation != pose.rotation:
            doc.set("m_LocalRotation", _flow(pose.rotation, "xyzw"))
            if doc.has("m_LocalEulerAnglesHint"):
                doc.set("m_LocalEulerAnglesHint", _flow(hint, "xyz"))
        return
    root = source_root(node)
    assert root is not None and node.source_prefab_guid  # chain.local checked both
    doc = model.file.get(node.file_id)
    target = Ref(root.transform, node.source_prefab_guid, 3)
    current = instance_pose(doc, root, node.source_prefab_guid)
    for field, values, old in (("m_LocalPosition", pose.position, current.position),
                               ("m_LocalRotation", pose.rotation, current.rotation),
                               ("m_LocalScale", pose.scale, current.scale)):
        for axis, value, was in zip(_AXES[field], values, old, strict=True):
            if value != was:
                set_override(doc, target, f"{field}.{axis}", value)
    if current.rotation != pose.rotation:
        for axis, value in zip("xyz", hint, strict=True):
            set_override(doc, target, f"m_LocalEulerAnglesHint.{axis}", value)
