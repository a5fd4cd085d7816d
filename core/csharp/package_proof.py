"""A package class's serialized layout proven from the package's own C# at the version the project resolves:
embedded (`Packages/<name>/`), a `file:` folder the manifest names, or `Library/PackageCache/<name>@<version>/`.

The proof is a path anyone can open (`verifiedBy: "package source <path>"`, the `.cs` relative to the project
root, e.g. `../../com.unity.cinemachine/Runtime/Behaviours/CinemachineCamera.cs` for the Cinemachine fixture's
`file:` package). The manifests stay the team's verified list; this is a second, local proof.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from unitycli.csharp.model import ClassLayout, SerializationModel
from unitycli.csharp.project import PackageInfo
from unitycli.csharp.sources import CSharpFile
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command


@dataclass(frozen=True)
class PackageSourceProof:
    package: str
    version: str | None
    source: str  # embedded, local, registry, git, ...
    path: str  # the .cs relative to the project root, as it is on disk
    unity_path: str  # Unity's name for it: Packages/<name>/...
    guid: str | None  # the script GUID from its .cs.meta
    layout: ClassLayout

    @property
    def verified_by(self) -> str:
        return f"package source {self.path}"


def package_folder(model: SerializationModel, package: str) -> PackageInfo:
    """The on-disk folder of `package`: E_PACKAGE_NOT_FOUND when the project does not have it,
    E_PACKAGE_SOURCE_UNAVAILABLE when it has it but its source is not on this machine."""
    project = model.project
    info = project.packages.get(package)
    if info is not None:
        return info
    if package not in project.package_versions:
        raise UnityCliError("E_PACKAGE_NOT_FOUND", f"the project has no package {package}",
                            details={"package": package}, next_actions=[tool_command("package.list")])
    version = project.package_versions[package]
    raise UnityCliError("E_PACKAGE_SOURCE_UNAVAILABLE",
                        f"{package} {version} is a dependency, but its source is not on this machine (not embedded, "
                        f"not a file: folder, and Library/PackageCache has no {package}@{version})",
                        details={"package": package, "version": version},
                        next_actions=[],
                        manual_steps=["Open the project in the Unity Editor once so it fills Library/PackageCache"])


def _in_package(file: CSharpFile, info: PackageInfo) -> bool:
    return file.root.package == info.name


def package_class_proof(model: SerializationModel, package: str, class_name: str | None = None, *,
                        guid: str | None = None) -> PackageSourceProof:
    """The serialized layout of a package class named `class_name` (simple or full name) or of the script `guid`,
    from the package's source, with the path that proves it."""
    info = package_folder(model, package)
    if guid is not None:
        file = model.project.file_of_guid(guid)
        if file is None or not _in_package(file, info):
            raise UnityCliError("E_SCRIPT_CLASS_NOT_FOUND", f"no .cs of {package} {info.version} has the GUID {guid}",
                                details={"package": package, "scriptGuid": guid})
        decl = model.script_class(guid)
    elif class_name:
        simple = class_name.rsplit(".", 1)[-1]
        decls = [d for d in model.resolver.declared(simple)
                 if (model.project.file_named(d.file) is not None
                     and _in_package(model.project.file_named(d.file), info))  # type: ignore[arg-type]
                 and (d.full_name == class_name or "." not in class_name) and d.kind in ("class", "struct")]
        if not decls:
            raise UnityCliError("E_SCRIPT_CLASS_NOT_FOUND", f"{package} {info.version} declares no class {class_name}",
                                details={"package": package, "class": class_name})
        if len(decls) > 1:
            raise UnityCliError("E_SCRIPT_LAYOUT_UNPROVABLE", f"{package} declares {len(decls)} classes named "
                                f"{class_name}; give the full name", details={
                                    "package": package, "candidates": [d.full_name for d in decls],
                                    "file": decls[0].file, "line": decls[0].line})
        decl = decls[0]
        file = model.project.file_named(decl.file)
    else:
        raise ValueError("give class_name or guid")
    assert file is not None
    layout = model.layout_of(decl)
    relative = Path(os.path.relpath(file.disk, model.project.root)).as_posix()
    return PackageSourceProof(package, info.version, info.source, relative, file.shown, _guid_of(model, file), layout)


def _guid_of(model: SerializationModel, file: CSharpFile) -> str | None:
    model.project.file_of_guid("")  # fills every file's GUID once
    return file.guid
