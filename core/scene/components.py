"""The components of a GameObject (`m_Component: - component: {fileID}`) and how a request names one.

A component is named by class name (`Light`, `Transform`: which also finds a RectTransform, as `GetComponent`
does), by the script class of a MonoBehaviour (the `.cs` file stem whose `.meta` GUID is `m_Script.guid`: the
fixtures hold the `.cs.meta` files even where the `.cs` files are missing), by script GUID, or by fileID.

A script whose `.cs` is not in the project (a package's, e.g. CinemachineVirtualCamera in chicken-defense, or one
compiled into a DLL) has no name offline, so "no component X" is unprovable while such a script is present: the
answer then names those components so the caller can ask again by GUID or fileID.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.knownscripts import class_from_identifier
from unitycli.next_actions import same_call, tool_command
from unitycli.scene.lookup import instance_unsupported
from unitycli.scene.tree import SceneModel, SceneNode, component_ref
from unitycli.suggest import closest
from unitycli.unityclasses import CLASS_IDS, MONOBEHAVIOUR
from unitycli.unityyaml import Document, Ref

_GUID = re.compile(r"^[0-9a-fA-F]{32}$")
_FILE_ID = re.compile(r"^-?[0-9]+$")

ScriptPath = Callable[[str], str | None]  # script GUID -> asset path (None when unknown)
# Either that callable, or an object with `path_for_guid(guid)` and `class_for_guid(guid)` (a package script's
# class name from the known scripts), such as the scene tools' `Names`.
Scripts = ScriptPath | Any


@dataclass
class ComponentRef:
    """One component of a GameObject, with what is needed to name it back to the caller."""

    file_id: int
    class_id: int
    class_name: str
    script_guid: str | None = None
    script_path: str | None = None
    missing: bool = False  # listed in m_Component but absent from the file
    package_class: str | None = None  # a package script's class, from the known scripts or the file itself

    @property
    def script_class(self) -> str | None:
        """The script's class name: its `.cs` file stem (Unity requires the two to match for MonoBehaviours),
        else the class a package declares for its GUID or Unity 6's `m_EditorClassIdentifier` names."""
        if self.script_path and self.script_path.endswith(".cs"):
            return self.script_path.rsplit("/", 1)[-1][:-3]
        return self.package_class

    @property
    def display_name(self) -> str:
        return self.script_class or self.class_name


def components_of(model: SceneModel, node: SceneNode, script_path: Scripts | None = None) -> list[ComponentRef]:
    """The components of a GameObject in `m_Component` order (a prefab instance has none in this file)."""
    if node.is_instance:
        return []
    out: list[ComponentRef] = []
    entries = model.file.get(node.file_id).get("m_Component", []) or []
    for entry in entries:
        ref = component_ref(entry)
        if ref is None:
            continue
        doc = model.file.find(ref.file_id)
        if doc is None:
            out.append(ComponentRef(ref.file_id, 0, "", missing=True))
            continue
        out.append(describe(doc, script_path))
    return out


def describe(doc: Document, script_path: Scripts | None = None) -> ComponentRef:
    """A component document as a `ComponentRef` (script GUID, path and package class resolved for MonoBehaviours)."""
    guid = package_class = None
    if doc.class_id == MONOBEHAVIOUR and not doc.stripped:
        script = doc.get("m_Script", None)
        guid = script.guid if isinstance(script, Ref) else None
    path = None
    if guid and script_path is not None:
        path = getattr(script_path, "path_for_guid", script_path)(guid)
        by_guid = getattr(script_path, "class_for_guid", None)
        package_class = by_guid(guid) if by_guid is not None else None
    if guid and package_class is None:
        package_class = class_from_identifier(doc.get("m_EditorClassIdentifier", None))
    return ComponentRef(doc.file_id, doc.class_id, doc.class_name, guid, path, package_class=package_class)


def unnamed_scripts(components: list[ComponentRef]) -> list[ComponentRef]:
    """MonoBehaviours whose script GUID does not lead to a `.cs` in the project, so their class is unknown offline."""
    return [c for c in components if not c.missing and c.script_guid and c.script_class is None]


def names_a_script(wanted: str | int) -> bool:
    """Whether `wanted` may be a script class name (not a class ID, script GUID or fileID)."""
    text = str(wanted).strip()
    return not isinstance(wanted, int) and bool(text) and not _GUID.match(text) and not _FILE_ID.match(text)


def known_class(model: SceneModel, wanted: str, script_path: Scripts | None = None) -> bool:
    """Whether some object in the file is of class `wanted` (any letter case): a built-in class, or a script whose
    `.cs` is in the project. Such a name is not one of the file's unnamed scripts (Unity requires unique class
    names among the scripts of a project, and scripts cannot take a built-in class's name)."""
    text = wanted.strip().lower()
    for doc in model.file:
        if doc.stripped:
            continue
        if doc.class_id != MONOBEHAVIOUR:
            if doc.class_name.lower() == text:
                return True
        elif script_path is not None and (describe(doc, script_path).script_class or "").lower() == text:
            return True
    return False


def unnamed_scripts_error(where: str, wanted: str | int, unnamed: list[ComponentRef],
                          details: dict[str, object]) -> UnityCliError:
    """`E_COMPONENT_NOT_FOUND` that says the answer is unknown rather than no: `unnamed` may include `wanted`."""
    count = len(unnamed)
    have = "component has a script" if count == 1 else "components have scripts"
    return UnityCliError(
        "E_COMPONENT_NOT_FOUND",
        f"{where} has no component {wanted!r} among those that can be named offline, but {count} {have} that "
        f"cannot be named offline (the .cs is not in the project, e.g. it comes from a package); {wanted!r} may be "
        f"{'it' if count == 1 else 'one of them'}",
        details={**details, "unresolvedScripts": [{"fileID": c.file_id, "scriptGuid": c.script_guid} for c in unnamed]},
        next_actions=[same_call(component=str(c.file_id)) for c in unnamed[:5]])


def _matches(component: ComponentRef, wanted: str) -> bool:
    if component.missing:
        return False
    if _GUID.match(wanted):
        return component.script_guid is not None and component.script_guid.lower() == wanted.lower()
    return wanted in (component.class_name, component.script_class)


def _component_not_found(model: SceneModel, node: SceneNode, where: str, text: str, components: list[ComponentRef],
                         details: dict[str, object]) -> UnityCliError:
    """`E_COMPONENT_NOT_FOUND` with the components meant (a typo, another case) as runnable reads, and the
    component.add call when the name is a Unity class."""
    file = model.file.name or ""
    names = [n for c in components if not c.missing for n in (c.class_name, c.script_class) if n]
    near = closest(text, names)
    actions = [tool_command("component.get", {"file": file, "gameObject": node.file_id, "component": n})
               for n in near[:3]]
    builtin = next((name for name in CLASS_IDS if name.lower() == text.lower()), None)
    if builtin is not None:
        actions.append(tool_command("component.add", {"file": file, "gameObject": node.file_id, "component": builtin}))
    return UnityCliError("E_COMPONENT_NOT_FOUND", f"{where} has no component {text!r}"
                         + (f"; did you mean {', '.join(near)}?" if near else ""),
                         details={**details, "didYouMean": near},
                         next_actions=actions or [same_call(component=str(c.file_id)) for c in components
                                                  if not c.missing][:5])


def find_component(model: SceneModel, node: SceneNode, wanted: str | int,
                   script_path: Scripts | None = None) -> ComponentRef:
    """The one component `wanted` names on `node`: `E_COMPONENT_NOT_FOUND` / `E_COMPONENT_AMBIGUOUS` with the
    GameObject's components listed so the caller can pick one.

    A string is a class name, script class name, script GUID or (all digits) a fileID; an int is a class ID
    (`65` for BoxCollider), for callers that know the class rather than a name.

    The class name of one built-in (non-script) component of the GameObject is that component, found without
    naming the GameObject's scripts (which opens the project index, re-reading any file changed since: a whole
    scene): Unity warns that a script with a built-in class's name is not found by that name (`GetComponent`).
    """
    if node.is_instance:
        raise instance_unsupported(node, "its components live in the source prefab")
    text = str(wanted).strip()
    if isinstance(wanted, str):
        builtin = [c for c in components_of(model, node)
                   if c.class_id != MONOBEHAVIOUR and c.class_name == text and not c.missing]
        if len(builtin) == 1:
            return builtin[0]
    components = components_of(model, node, script_path)
    if isinstance(wanted, int):
        hits = [c for c in components if c.class_id == wanted and not c.missing]
    elif _FILE_ID.match(text) and not _GUID.match(text):
        hits = [c for c in components if c.file_id == int(text) and not c.missing]
    else:
        hits = [c for c in components if _matches(c, text)]
        if not hits and text == "Transform":
            hits = [c for c in components if c.class_name == "RectTransform"]
        if not hits and not _GUID.match(text):  # the same name in another letter case, if that is unique
            hits = [c for c in components if not c.missing
                    and text.lower() in (c.class_name.lower(), (c.script_class or "").lower())]
    listed = [{"fileID": c.file_id, "class": c.class_name, "script": c.script_class, "scriptGuid": c.script_guid}
              for c in components]
    if len(hits) == 1:
        return hits[0]
    where = f"{node.path!r} (&{node.file_id}) in {model.file.name}"
    details: dict[str, object] = {"component": wanted, "gameObject": node.path, "fileID": node.file_id,
                                  "components": listed}
    unnamed = unnamed_scripts(components) if not hits and names_a_script(wanted) else []
    if unnamed and not known_class(model, text, script_path):
        raise unnamed_scripts_error(where, wanted, unnamed, details)
    if not hits:
        raise _component_not_found(model, node, where, text, components, details)
    raise UnityCliError("E_COMPONENT_AMBIGUOUS", f"{where} has {len(hits)} components {wanted!r}",
                        details={"component": wanted, "gameObject": node.path,
                                 "candidates": [d for d in listed if d["fileID"] in {h.file_id for h in hits}]},
                        next_actions=[same_call(component=str(h.file_id)) for h in hits[:5]])
