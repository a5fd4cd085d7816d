"""A script named by class or GUID, resolved to the GUID a MonoBehaviour's `m_Script` holds.

Unity requires a MonoBehaviour's class to live in a `.cs` file of the same name, and the script's GUID is in that
file's `.meta` (which is all a MonoBehaviour needs, even where the `.cs` itself is missing); package scripts whose `.cs` is not on disk are known to extensions by GUID (`KnownScript`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import same_call
from unitycli.safefs import is_regular, read_bytes
from unitycli.unityfiles.meta import parse_meta

if TYPE_CHECKING:
    from unitycli.csharp.project import CSharpProject

_GUID = re.compile(r"^[0-9a-fA-F]{32}$")
_SEARCHED = ("Assets", "Packages")


@dataclass(frozen=True)
class Script:
    guid: str
    class_name: str | None
    path: str | None  # the .cs file, when it is in the project


def _meta_guid(cs: Path) -> str | None:
    meta = cs.with_name(cs.name + ".meta")
    try:
        return parse_meta(read_bytes(meta), meta.as_posix()).guid
    except (OSError, UnityCliError):
        return None


def _scripts_named(root: Path, name: str) -> list[Path]:
    found: list[Path] = []
    for top in _SEARCHED:
        if (root / top).is_dir():
            # the .meta is what counts: a clone may hold it without the .cs (the fixtures do)
            found.extend(p.with_name(p.name[:-5]) for p in (root / top).rglob(f"{name}.cs.meta") if p.is_file())
    return sorted(found)


def _by_guid(root: Path, guid: str) -> list[Path]:
    hits = []
    for top in _SEARCHED:
        if (root / top).is_dir():
            for meta in (root / top).rglob("*.cs.meta"):
                if is_regular(meta) and guid.encode() in read_bytes(meta) and _meta_guid(meta.with_name(meta.name[:-5])) == guid:
                    hits.append(meta.with_name(meta.name[:-5]))
    return hits


def _package_source(root: Path, project: CSharpProject | None, *, guid: str | None = None,
                    name: str | None = None) -> Script | None:
    """A script among the sources of packages outside `Assets/` and `Packages/` (a `file:` folder the manifest
    names, `Library/PackageCache`), read link-safely by `CSharpProject` (the request's own, when it has one);
    one match only."""
    if project is None:
        from unitycli.csharp.project import CSharpProject

        project = CSharpProject(root)
    if guid is not None:
        file = project.file_of_guid(guid)
        return Script(guid, file.disk.name[:-3], file.shown) if file is not None else None
    project.file_of_guid("")  # reads every .cs.meta once, so each file knows its GUID
    hits = [f for f in project.files if f.disk.name == f"{name}.cs" and f.guid and project.file_of_guid(f.guid) is f]
    if len(hits) != 1 or hits[0].guid is None:
        return None
    return Script(hits[0].guid, str(name), hits[0].shown)


def resolve_script(root: Path, wanted: str, known: Mapping[str, Any] | None = None,
                   project: CSharpProject | None = None) -> Script:
    """The script `wanted` names (a class name or a GUID); `E_COMPONENT_NOT_FOUND` when the project has none.
    `project`: the C# project the request already holds, so package sources are read once per request."""
    text = wanted.strip()
    known = known or {}
    if _GUID.match(text):
        guid = text.lower()
        if guid in known:
            return Script(guid, known[guid].class_name, None)
        paths = _by_guid(root, guid)
        if paths:
            return Script(guid, paths[0].stem, paths[0].relative_to(root).as_posix())
        source = _package_source(root, project, guid=guid)
        if source is not None:
            return source
        raise UnityCliError("E_COMPONENT_NOT_FOUND", f"no .cs script of the project has the GUID {guid}",
                            details={"script": text}, next_actions=[])
    paths = [p for p in _scripts_named(root, text) if _meta_guid(p)]
    if len(paths) == 1:
        return Script(str(_meta_guid(paths[0])), text, paths[0].relative_to(root).as_posix())
    if len(paths) > 1:
        raise UnityCliError("E_COMPONENT_AMBIGUOUS", f"{len(paths)} scripts are named {text}.cs",
                            details={"script": text, "candidates": [
                                {"path": p.relative_to(root).as_posix(), "guid": _meta_guid(p)} for p in paths]},
                            next_actions=[same_call(script=_meta_guid(p)) for p in paths[:5]])
    package = [k for k in known.values() if k.class_name == text]
    if len(package) == 1:
        return Script(package[0].guid, text, None)
    source = _package_source(root, project, name=text)
    if source is not None:
        return source
    raise UnityCliError("E_COMPONENT_NOT_FOUND", f"the project has no script {text}.cs with a .meta",
                        details={"script": text, "hint": "a MonoBehaviour lives in a .cs file of the same name; or "
                                                         "give the script's GUID"},
                        next_actions=[])
