"""Which assembly a script compiles into, for the `Namespace.Class, Assembly` names Unity writes
(`m_TargetAssemblyTypeName: Unity.Cinemachine.Samples.CursorLockManager, Assembly-CSharp` in the Cinemachine
sample `ThirdPersonWithAimMode.unity`; `ProjectIntoFutureOnCueAuthoring, Unity.Physics.Samples` in PhysicsSamples'
`Pool.unity`, whose script sits under an `.asmdef` of that name).

Unity's rule (manual, "Special folder names" and "Assembly definitions"): a script belongs to the `.asmdef` in its
folder or the nearest folder above; else `Assembly-CSharp`, except scripts in `Editor` folders (editor assemblies,
never called by a scene at runtime) and in the top-level `Plugins`/`Standard Assets` folders (`-firstpass`). An
`.asmref` points at another assembly by GUID, which is not followed here; such scripts are refused.
"""

from __future__ import annotations

from pathlib import Path

from unitycli.csharp.sources import read_bounded
from unitycli.errors import UnityCliError
from unitycli.unityfiles.jsonfiles import parse_json_bytes

_FIRSTPASS = ("Plugins", "Standard Assets", "Pro Standard Assets")


def _refused(shown: str, why: str) -> UnityCliError:
    return UnityCliError("E_LISTENER_METHOD_NOT_FOUND", f"{shown}: {why}, so the assembly name a listener records "
                         "cannot be written", details={"script": shown, "reason": why})


def assembly_of(disk: Path, shown: str, project_root: Path) -> str:
    """The assembly name of the script at `disk` (shown to the user as `shown`)."""
    folder = disk.parent
    root = project_root.resolve()
    while True:
        asmdefs = sorted(folder.glob("*.asmdef"))
        if asmdefs:
            try:  # bounded, and a link is not followed but refused (a project's files may be crafted)
                data = parse_json_bytes(read_bounded(asmdefs[0], asmdefs[0].name, 1 << 20), asmdefs[0].name)
                name = data.get("name") if isinstance(data, dict) else None
            except UnityCliError:
                name = None
            if not isinstance(name, str) or not name:
                raise _refused(shown, f"{asmdefs[0].name} has no readable name")
            return name
        if any(folder.glob("*.asmref")):
            raise _refused(shown, "it belongs to an assembly through an .asmref")
        if folder.resolve() == root or folder.parent == folder:
            break
        folder = folder.parent
    parts = shown.split("/")
    if "Editor" in parts[:-1]:
        raise _refused(shown, "it is an Editor script (an editor assembly a scene does not call at runtime)")
    if parts[0] == "Assets" and len(parts) > 2 and parts[1] in _FIRSTPASS:
        return "Assembly-CSharp-firstpass"
    if parts[0] != "Assets":
        raise _refused(shown, "a package script outside any .asmdef")
    return "Assembly-CSharp"
