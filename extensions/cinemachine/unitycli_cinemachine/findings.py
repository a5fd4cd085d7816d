"""What `cinemachine.check` and the `extensions doctor` hook look for, on parsed scenes and prefabs.

- legacy-class: a 2.x class in a 3.x project. CM3 keeps them in `Runtime/Deprecated` under their 2.x GUIDs
  so old files still load, but they are not maintained and the 3.x tools and inspector target their
  replacements (the Cinemachine upgrader's mapping is given as the suggestion).
- no-brain: a scene with Cinemachine cameras and no CinemachineBrain: nothing drives a Unity Camera from them.
  (Prefabs are not checked: their brain is usually in the scene they are placed in.)
- broken-target: a Follow / LookAt (3.x Tracking / LookAt) reference to an object that is not in the file.
- equal-priority: several enabled, active cameras of a scene with the same effective priority (3.x: on the same
  output channel), outside any manager camera: which one is live then depends on activation order.

Pure functions of a parsed file, so the tool (through its transaction) and the doctor hook (straight from disk,
having no tool context) share them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from unitycli.api import Field, Ref, SceneModel, ToolOutput, UnityYamlFile, read_regular_text
from unitycli_cinemachine import locate, read, scripts
from unitycli_cinemachine.layout import CM3
from unitycli_cinemachine.values import number

CHECKS = ("legacy-class", "no-brain", "broken-target", "equal-priority")

# 2.x classes that 3.x keeps only in Runtime/Deprecated, with what the Cinemachine upgrader turns them into.
DEPRECATED_IN_CM3 = {
    "45e653bab7fb20e499bda25e1b646fea": "CinemachineCamera",  # CinemachineVirtualCamera
    "319d2fe34a804e245819465c9505ea59": "CinemachineCamera + CinemachineOrbitalFollow",  # CinemachineFreeLook
    "ac0b09e7857660247b1477e93731de29": "(none: 3.x components sit on the camera)",  # CinemachinePipeline
    "fa7155796051b734daa718462081dc5f": "CinemachineFollow",  # CinemachineTransposer
    "6ad980451443d70438faac0bc6c235a0": "CinemachinePositionComposer",  # CinemachineFramingTransposer
    "9384ab8608cdc3d479fe89cd51eed48f": "CinemachineOrbitalFollow",  # CinemachineOrbitalTransposer
    "418e42c7d0405cc48a7b83f63ea53bb3": "CinemachineSplineDolly",  # CinemachineTrackedDolly
    "bd6043bde05a7fc4cba197d06915c1e3": "CinemachineThirdPersonFollow",  # Cinemachine3rdPersonFollow
    "f4044717213e31446939f7bd49c896ea": "CinemachineRotationComposer",  # CinemachineComposer
    "0f7633c93f0364a418841eeb8b058634": "CinemachineRotationComposer + CinemachineGroupFraming",
    "3c9beda531928fc40968802117a5d256": "CinemachinePanTilt",  # CinemachinePOV
    "a4c41ac9245b87c4192012080077d830": "CinemachineRotateWithFollowTarget",  # CinemachineSameAsFollowTarget
    "e501d18bb52cf8c40b1853ca4904654f": "CinemachineDeoccluder",  # CinemachineCollider
}
MANAGER_GUIDS = frozenset({"319d2fe34a804e245819465c9505ea59", "d62f748f5292bb343be9e6b0c84416d9",
                           "325a6a3050a061e4b8aa51386c30e8e1", "6c26251a3e1f5ac41afa5ffb404c5f71",
                           "53258ad9ad6e71e48bb8643c9522112e"})


class Finding(ToolOutput):
    check: str = Field(description="legacy-class | no-brain | broken-target | equal-priority")
    file: str
    game_object: str | None = None
    file_id: int | None = Field(None, description="fileID of the component concerned")
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


def file_findings(path: str, yaml: UnityYamlFile, model: SceneModel, major: str | None) -> list[Finding]:
    found: list[Finding] = []
    sites = locate.cameras_in(path, yaml, model)
    if major == "cm3":
        found += _legacy(path, yaml, model)
    if path.endswith(".unity") and sites and not locate.brains_in(path, yaml, model):
        found.append(Finding(check="no-brain", file=path, message=(
            f"{path} has {len(sites)} Cinemachine camera(s) and no CinemachineBrain: no Unity Camera follows them"),
            details={"cameras": [s.path for s in sites]}))
    for site in sites:
        found += _broken_targets(site)
    if path.endswith(".unity"):
        found += _equal_priorities(path, sites)
    return found


def _legacy(path: str, yaml: UnityYamlFile, model: SceneModel) -> list[Finding]:
    out = []
    for doc in yaml.of_class(locate.MONO_BEHAVIOUR):
        if doc.stripped or "guid: " not in doc.text:
            continue
        script = doc.get("m_Script", None)
        guid = (script.guid or "").lower() if isinstance(script, Ref) else ""
        if guid not in DEPRECATED_IN_CM3:
            continue
        owner = doc.get("m_GameObject", None)
        node = model.node_of_object(owner.file_id) if isinstance(owner, Ref) and owner.is_local else None
        name = scripts.BY_GUID[guid].cm2_name
        out.append(Finding(check="legacy-class", file=path, game_object=node.path if node else None,
                           file_id=doc.file_id, message=(
                               f"{name} is a Cinemachine 2.x class, kept in 3.x only as deprecated; the 3.x "
                               f"equivalent is {DEPRECATED_IN_CM3[guid]}"),
                           details={"class": name, "replacement": DEPRECATED_IN_CM3[guid]}))
    return out


def _broken_targets(site: locate.CameraSite) -> list[Finding]:
    follow, look_at, _custom = read.targets(site)
    out = []
    for role, ref in (("follow", follow), ("lookAt", look_at)):
        if not isinstance(ref, Ref) or ref.is_null or not ref.is_local:
            continue
        if site.model.file.find(ref.file_id) is None:
            out.append(Finding(check="broken-target", file=site.file, game_object=site.path, file_id=site.doc.file_id,
                               message=(f"the {role} target of {site.path!r} names &{ref.file_id}, which is not in "
                                        "the file"), details={"target": role, "fileID": ref.file_id}))
    return out


def _inside_manager(site: locate.CameraSite, hosts: dict[int, str]) -> bool:
    node = site.node.parent
    while node is not None:
        if hosts.get(node.file_id) in MANAGER_GUIDS:
            return True
        node = node.parent
    return False


def _equal_priorities(path: str, sites: list[locate.CameraSite]) -> list[Finding]:
    hosts = {s.node.file_id: s.script.guid for s in sites}
    groups: dict[tuple[int, int], list[locate.CameraSite]] = {}
    for site in sites:
        if not (read.enabled(site.doc) and read.active_in_hierarchy(site.node)) or _inside_manager(site, hosts):
            continue
        channel = number(site.doc, "OutputChannel", 1) if site.layout.layout == CM3 else 1
        groups.setdefault((read.priority(site).value, channel), []).append(site)
    top = max((p for p, _c in groups), default=None)
    out = []
    for (priority, channel), members in groups.items():
        if len(members) < 2:
            continue
        names = [s.path for s in members]
        out.append(Finding(check="equal-priority", file=path, message=(
            f"{len(members)} cameras compete with priority {priority}"
            + (" (the highest: which one is live depends on activation order)" if priority == top else "")
            + f": {', '.join(names)}"),
            details={"priority": priority, "outputChannel": channel, "cameras": names,
                     "highest": priority == top}))
    return out


# --- the project without a tool context (doctor) ---------------------------------------------------------------

def installed_major(root: Path) -> str | None:
    """cm2 | cm3 from Packages/packages-lock.json (else manifest.json), or None without Cinemachine."""
    for name in ("packages-lock.json", "manifest.json"):
        try:
            data = json.loads(read_regular_text(root / "Packages" / name))
        except (OSError, ValueError):
            continue
        entry = (data.get("dependencies") or {}).get("com.unity.cinemachine")
        version = entry.get("version") if isinstance(entry, dict) else entry
        if isinstance(version, str):
            return "cm2" if version.startswith("2.") else "cm3" if version.startswith("3.") else None
    return None
