"""What a new override (or a parameter a file lacks) may be written with on this project, and on what evidence
(write only proven fields, never silently the nearest version's layout).

The pipeline's `OverrideSpec` tables are the manifest's verified layout: used whole only when the project's package
version is one the manifest lists and Unity has resolved it. On any other version the layout comes from the
project itself, and a parameter is written only when that evidence shows it:

- the package's own C# at the version on disk (`unitycli.csharp.package_proof`: the class behind the override's
  script GUID, its serialized field names), or
- an object of that class already in the project (same script GUID), written by the Editor: its keys.

Either proves the class (its script GUID) and which parameters it serializes; neither proves the *value* a new
parameter starts at on this version (a VolumeParameter's default is a constructor argument), so a new override's
parameters are all omitted and listed in `omitted`: Unity reads by key and gives a missing parameter its class
default on load, exactly what the Editor's Add Override writes. Nothing proven at all: E_SCRIPT_LAYOUT_UNPROVABLE,
with the steps that bring proof.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache
from importlib.resources import files
from typing import Any

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.next_actions import describe_command
from unitycli.toolspec import ToolOutput
from unitycli.volumes.model import OverrideSpec, VolumeModelError, VolumeProfile

_OBJECTS_READ = 20  # files holding objects of the class that are opened to find one with parameters


@dataclass(frozen=True)
class ClassEvidence:
    """Where the class's serialized parameter names come from on this project (`source` names it)."""

    source: str
    names: tuple[str, ...]  # the parameters it serializes, in the evidence's order


class ProvenFieldsOutput(ToolOutput):
    """The two fields every writer of a new override answers with: what proves it and what it left out."""

    layout_source: str = Field(description=(
        "What proves the layout written: `manifest <package>@<version>` (a verified version: every parameter at "
        "its default), else `package source <path>` or `object <profile> &<fileID>` (the class, from the project)"))
    omitted_fields: list[str] = Field(default_factory=list, description=(
        "Fields left out, each with why (on an unverified version parameter defaults are not proven; Unity gives "
        "a missing field its class default on load)"))


@dataclass(frozen=True)
class ProvenOverride:
    """The spec to write (only proven parameters), what proves it, and the parameters left out and why."""

    spec: OverrideSpec
    layout_source: str
    omitted: tuple[str, ...] = ()


@cache
def packaged_versions(module: str, package: str) -> tuple[str, ...]:
    """The versions of `package` listed in the manifest an extension ships (`<module>/manifest.toml`): the versions
    its tables are the verified layout of. Read from the manifest, never listed twice."""
    data = tomllib.loads(files(module).joinpath("manifest.toml").read_text(encoding="utf-8"))
    return tuple(next(p for p in data["packages"] if p["name"] == package)["versions"])


def verified_basis(ctx: Any, package: str, verified_versions: Iterable[str]) -> str | None:
    """`manifest <package>@<version>` when the project's version is verified and Unity has resolved it, else None."""
    found = ctx.packages.get(package)
    version = getattr(found, "version", None)
    if version is None or version not in set(verified_versions) or not getattr(found, "resolved_by_unity", True):
        return None
    return f"manifest {package}@{version}"


def source_evidence(ctx: Any, package: str, script_guid: str) -> ClassEvidence | None:
    """The class behind `script_guid` in the package's own source on disk, or None when it is not there."""
    from unitycli.csharp.model import SerializationModel
    from unitycli.csharp.package_proof import package_class_proof

    try:
        proof = package_class_proof(SerializationModel(ctx.project.root), package, guid=script_guid)
    except UnityCliError:
        return None
    return ClassEvidence(f"package source {proof.path}", tuple(f.name for f in proof.layout.fields))


def object_evidence(ctx: Any, script_guid: str, skip: str | None = None) -> ClassEvidence | None:
    """An override of the class (same script GUID) listed in a profile of the project, with at least one
    parameter: its parameter keys. `skip` is the profile being written (it may hold what this call adds).

    Its limit, said where it is used (`layoutSource` names the object): Unity does not re-save a profile when the
    package is upgraded, so the object shows the parameter names of whichever version last saved it; it proves
    that the class serializes those names, never a value or default (writers take values only from the caller).
    An override this tool added off the manifest holds no parameter and so is never taken as evidence."""
    from unitycli.indexes import ProjectIndex
    from unitycli.scene.files import open_for_read

    with ProjectIndex.open(ctx.project.root) as index:
        paths = sorted(r.path for r in index.referrers(script_guid) if r.path != skip and r.path.endswith(".asset"))
    for path in paths[:_OBJECTS_READ]:
        try:
            profile = VolumeProfile.load(path, open_for_read(ctx, path).yaml)
        except (UnityCliError, VolumeModelError):
            continue
        for found in profile.overrides():
            names = tuple(p.name for p in found.parameters())
            if found.script_guid == script_guid and names:
                return ClassEvidence(f"object {path} &{found.file_id}", names)
    return None


def class_evidence(ctx: Any, package: str, spec: OverrideSpec, skip: str | None = None) -> ClassEvidence | None:
    return source_evidence(ctx, package, spec.script_guid) or object_evidence(ctx, spec.script_guid, skip)


def unprovable(ctx: Any, package: str, spec: OverrideSpec, what: str) -> UnityCliError:
    version = ctx.package_version(package)
    return UnityCliError(
        "E_SCRIPT_LAYOUT_UNPROVABLE",
        f"{what}: {package}@{version} is not a verified version, its source is not on this machine and the project "
        f"has no {spec.name} object to take the layout from, so the fields cannot be proven",
        details={"package": package, "version": version, "class": spec.name, "scriptGuid": spec.script_guid,
                 "tried": ["manifest", f"package source ({package}@{version} in Library/PackageCache)",
                           f"an object of {spec.name} in the project"]},
        next_actions=[],
        manual_steps=[f"Open the project in the Unity Editor once so it fills Library/PackageCache with "
                      f"{package}@{version} (its C# is then the proof), or add a {spec.name} override to any "
                      "profile in the Unity Editor (that object is then the proof)"])


def prove_new_override(ctx: Any, package: str, spec: OverrideSpec, verified_versions: Iterable[str],
                       profile: str) -> ProvenOverride:
    """The override `spec` as it may be added to `profile` on this project (see the module docstring)."""
    basis = verified_basis(ctx, package, verified_versions)
    if basis is not None:
        return ProvenOverride(spec, basis)
    evidence = class_evidence(ctx, package, spec, skip=profile)
    if evidence is None:
        raise unprovable(ctx, package, spec, f"adding {spec.name}")
    version = ctx.package_version(package)
    omitted = tuple(f"{p.name}: its default at {package}@{version} is not proven; Unity gives it the class "
                    "default on load" for p in spec.parameters if p.name in evidence.names)
    unknown = tuple(f"{name}: serialized by {spec.name} at {version} but unknown to this tool; Unity gives it the "
                    "class default on load" for name in evidence.names if spec.parameter(name) is None)
    return ProvenOverride(replace(spec, parameters=()), evidence.source, omitted + unknown)


def prove_parameter(ctx: Any, package: str, spec: OverrideSpec, name: str, verified_versions: Iterable[str],
                    profile: str, *, value_given: bool, tool: str) -> str:
    """What proves that parameter `name` may be added to an override of `spec` whose file lacks it. Off the
    manifest only the parameter's name is proven, not its default: a new parameter needs its value given."""
    basis = verified_basis(ctx, package, verified_versions)
    if basis is not None:
        return basis
    evidence = class_evidence(ctx, package, spec, skip=profile)
    if evidence is None:
        raise unprovable(ctx, package, spec, f"adding {spec.name}.{name}, which the file does not hold,")
    if name not in evidence.names:
        raise UnityCliError(
            "E_SCRIPT_LAYOUT_UNPROVABLE",
            f"{spec.name} at {package}@{ctx.package_version(package)} does not serialize {name} ({evidence.source} "
            f"holds {', '.join(evidence.names)}): set one of those instead",
            details={"package": package, "class": spec.name, "parameter": name, "layoutSource": evidence.source,
                     "parameters": list(evidence.names)},
            next_actions=[describe_command(tool)])
    if not value_given:
        raise UnityCliError(
            "E_SCRIPT_LAYOUT_UNPROVABLE",
            f"{spec.name}.{name} is not in the file, and at {package}@{ctx.package_version(package)} nothing proves "
            f"its default ({evidence.source} proves only that it is serialized): give its value in parameters",
            details={"package": package, "class": spec.name, "parameter": name, "layoutSource": evidence.source},
            next_actions=[describe_command(tool)])
    return evidence.source
