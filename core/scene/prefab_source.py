"""What an instance of a prefab is made of, read from the prefab file: its root GameObject and root Transform
fileIDs (the targets of the overrides Unity writes when the prefab is dropped), the root's name and local pose,
and the path and class of any object of the prefab.

A prefab variant's root is a PrefabInstance of its base; its objects have fileIDs
`(base fileID XOR PrefabInstance fileID) & 2^63-1` whether or not a stripped document is written for them (all
703 stripped documents in the fixture prefabs follow it), so a variant's root is found through its base.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from unitycli.errors import UnityCliError
from unitycli.scene.pose import Pose
from unitycli.scene.tree import SceneModel, instance_modifications, instance_name
from unitycli.unityclasses import CLASS_NAMES
from unitycli.unityyaml import Document, Ref, UnityYamlFile, stripped_file_id

Loader = Callable[[str], UnityYamlFile | None]  # prefab GUID -> its parsed file, None when not in the project
_MAX_DEPTH = 16


@dataclass(frozen=True)
class PrefabRoot:
    game_object: int
    transform: int
    transform_class: int
    name: str
    pose: Pose
    scale_known: bool = True  # False: a model-based variant without m_LocalScale overrides (scale is the model's)
    hint: tuple[float, float, float] | None = None  # the root's m_LocalEulerAnglesHint, which a drop copies


def _vec(value: object, default: tuple[float, ...]) -> tuple[float, ...]:
    if not isinstance(value, dict):
        return default
    keys = ("x", "y", "z", "w")[: len(default)]
    try:
        return tuple(float(value.get(k, d)) for k, d in zip(keys, default, strict=True))
    except (TypeError, ValueError):
        return default


def transform_pose(doc_values: dict) -> Pose:
    return Pose(_vec(doc_values.get("m_LocalPosition"), (0.0, 0.0, 0.0)),  # type: ignore[arg-type]
                _vec(doc_values.get("m_LocalRotation"), (0.0, 0.0, 0.0, 1.0)),  # type: ignore[arg-type]
                _vec(doc_values.get("m_LocalScale"), (1.0, 1.0, 1.0)))  # type: ignore[arg-type]


def _not_readable(name: str | None, why: str) -> UnityCliError:
    return UnityCliError("E_PREFAB_TARGET_NOT_FOUND", f"{name or 'the prefab'}: {why}", details={"file": name})


def prefab_root(file: UnityYamlFile, load: Loader, depth: int = 0) -> PrefabRoot:
    """The root of the prefab in `file` (a variant's through its base, loaded with `load`)."""
    if depth > _MAX_DEPTH:
        raise _not_readable(file.name, "its variant chain is deeper than 16 prefabs (or loops)")
    model = SceneModel(file)
    if len(model.roots) != 1:
        raise _not_readable(file.name, f"it has {len(model.roots)} root objects, not one")
    root = model.roots[0]
    if not root.is_instance:
        transform = file.get(root.transform_id) if root.transform_id is not None else None
        if transform is None:
            raise _not_readable(file.name, "its root GameObject has no Transform")
        values = transform.to_python()
        hint = _vec(values.get("m_LocalEulerAnglesHint"), (0.0, 0.0, 0.0)) if "m_LocalEulerAnglesHint" in values \
            else None
        return PrefabRoot(root.file_id, transform.file_id, transform.class_id, root.name, transform_pose(values),
                          hint=hint)  # type: ignore[arg-type]
    doc = file.get(root.file_id)
    source = doc.get("m_SourcePrefab", None)
    guid = source.guid.lower() if isinstance(source, Ref) and source.guid else ""
    base_file = load(guid) if guid else None
    base = prefab_root(base_file, load, depth + 1) if base_file is not None else _drop_root(doc, guid, file.name)
    values = _transform_overrides(doc, base.transform, guid)
    pose = Pose(_merge(base.pose.position, values.get("m_LocalPosition"), "xyz"),  # type: ignore[arg-type]
                _merge(base.pose.rotation, values.get("m_LocalRotation"), "xyzw"),  # type: ignore[arg-type]
                _merge(base.pose.scale, values.get("m_LocalScale"), "xyz"))  # type: ignore[arg-type]
    name = instance_name(doc)
    return PrefabRoot(stripped_file_id(base.game_object, root.file_id), stripped_file_id(base.transform, root.file_id),
                      base.transform_class, name if name else base.name, pose,
                      base.scale_known or len(values.get("m_LocalScale", {})) == 3,
                      _hint(base.hint, values.get("m_LocalEulerAnglesHint")))


def _hint(base: tuple[float, float, float] | None, given: dict[str, float] | None) -> tuple[float, float, float] | None:
    if base is None and not given:
        return None
    return _merge(base or (0.0, 0.0, 0.0), given, "xyz")  # type: ignore[return-value]


def _transform_overrides(doc: Document, transform: int, guid: str) -> dict[str, dict[str, float]]:
    """`{"m_LocalPosition": {"x": 1.0, ...}, ...}` from an instance's overrides of `transform`."""
    values: dict[str, dict[str, float]] = {}
    for mod in instance_modifications(doc):
        target, path = mod.get("target"), str(mod.get("propertyPath", ""))
        if isinstance(target, Ref) and target.file_id == transform and (target.guid or "").lower() == guid:
            field, _, axis = path.partition(".")
            if field in ("m_LocalPosition", "m_LocalRotation", "m_LocalScale", "m_LocalEulerAnglesHint") \
                    and axis in ("x", "y", "z", "w"):
                with contextlib.suppress(TypeError, ValueError):
                    values.setdefault(field, {})[axis] = float(mod.get("value"))
    return values


def _merge(default: tuple[float, ...], given: dict[str, float] | None, keys: str) -> tuple[float, ...]:
    return tuple((given or {}).get(k, d) for k, d in zip(keys, default, strict=True))


_DROP_PATHS = {f"m_LocalPosition.{a}" for a in "xyz"} | {f"m_LocalRotation.{a}" for a in "xyzw"}


def _drop_root(doc: Document, guid: str, name: str | None) -> PrefabRoot:
    """The base's root as the variant's own drop overrides name it, for a base that is not a readable prefab (a
    model: `chicken-defense/.../huge tree/huge_tree.prefab` varies an .fbx). The Editor writes the root
    Transform's position and rotation and the root GameObject's `m_Name` when it makes a variant; each must name
    exactly one target, else the root is unknown."""
    paths: dict[int, set[str]] = {}
    for mod in instance_modifications(doc):
        target = mod.get("target")
        if isinstance(target, Ref) and (target.guid or "").lower() == guid:
            paths.setdefault(target.file_id, set()).add(str(mod.get("propertyPath", "")))
    transforms = [fid for fid, found in paths.items() if found >= _DROP_PATHS]
    named = [fid for fid, found in paths.items() if "m_Name" in found]
    if len(transforms) != 1 or len(named) != 1:
        raise _not_readable(name, "it is a variant whose base is not a prefab in the project, and its overrides do "
                                  "not name one root Transform and one root GameObject")
    values = _transform_overrides(doc, transforms[0], guid)
    pose = Pose(_merge((0.0, 0.0, 0.0), values.get("m_LocalPosition"), "xyz"),  # type: ignore[arg-type]
                _merge((0.0, 0.0, 0.0, 1.0), values.get("m_LocalRotation"), "xyzw"))  # type: ignore[arg-type]
    return PrefabRoot(named[0], transforms[0], 4, instance_name(doc) or "", pose, scale_known=False,
                      hint=_hint(None, values.get("m_LocalEulerAnglesHint")))


@dataclass(frozen=True)
class SourceObject:
    file_id: int
    class_name: str | None
    path: str | None


def describe_object(file: UnityYamlFile, file_id: int, load: Loader, model: SceneModel | None = None,
                    depth: int = 0) -> SourceObject | None:
    """The class and hierarchy path of object `file_id` of a prefab: its document there, or for an object of a
    nested prefab or a variant's base (no document of its own), that object in the nested prefab."""
    doc = file.find(file_id)
    if doc is None or doc.stripped:
        for instance in file.of_class(1001):
            source = instance.get("m_SourcePrefab", None)
            nested = load(source.guid) if isinstance(source, Ref) and source.guid and depth < _MAX_DEPTH else None
            found = describe_object(nested, stripped_file_id(file_id, instance.file_id), load, None, depth + 1) \
                if nested is not None else None
            if found is not None:
                return SourceObject(file_id, found.class_name, found.path)
        if doc is None:
            return None
    model = model or SceneModel(file)
    node = model.node_of_object(file_id)
    owner = doc.get("m_GameObject", None) if node is None and not doc.stripped else None
    if node is None and isinstance(owner, Ref) and owner.guid is None:
        node = model.node_of_object(owner.file_id)
    class_name = CLASS_NAMES.get(doc.class_id) or doc.class_name or None
    return SourceObject(file_id, class_name, node.path if node is not None else None)


def source_document(file: UnityYamlFile, file_id: int, load: Loader, depth: int = 0) -> Document | None:
    """The document that holds object `file_id` of a prefab's fields: its own, or for an object of a nested
    prefab or a variant's base, the nested prefab's document (through the XOR rule); None when unreadable."""
    doc = file.find(file_id)
    if doc is not None and not doc.stripped:
        return doc
    if depth >= _MAX_DEPTH:
        return None
    for instance in file.of_class(1001):
        source = instance.get("m_SourcePrefab", None)
        nested = load(source.guid) if isinstance(source, Ref) and source.guid else None
        found = source_document(nested, stripped_file_id(file_id, instance.file_id), load, depth + 1) \
            if nested is not None else None
        if found is not None:
            return found
    return None
