"""Whether a project has the Unity packages a tool's extension was verified against (DESIGN §7.2).

Read offline from the project's resolved packages. Three ways to be unavailable, each with a catalogued code,
a reason that names the profile (`com.unity.probuilder@5.2.2`) and what the project has, and next actions
that are exact commands for this project. A package absent from a project without a lock file may still
arrive as another package's dependency, so that is `UNVERIFIABLE`, not `MISSING`: fail closed, don't guess.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from unitycli import CORE_API_VERSION
from unitycli.availability import Availability, PackageRequirement
from unitycli.extensions.config import CONFIG, ProjectConfig
from unitycli.extensions.manifest import ExtensionManifest, PackageProfile
from unitycli.packages.models import ResolvedPackage, ResolvedPackages


def package_add_command(root: Path, name: str, version: str) -> str:
    """The exact `package.add` call that puts a verified version into the project's manifest.json."""
    payload = json.dumps({"name": name, "version": version}, separators=(",", ":"))
    return f"unitycli tools run package.add --project {shlex.quote(str(root))} --input {shlex.quote(payload)}"


def doctor_command(root: Path) -> str:
    return f"unitycli extensions doctor --project {shlex.quote(str(root))}"


def _has(package: ResolvedPackage | None) -> str:
    if package is None:
        return "none"
    if package.version is None:
        return f"{package.name} ({package.source}, version unknown)"
    return f"{package.name}@{package.version} ({package.source})"


def _requirement(profile: PackageProfile, package: ResolvedPackage | None) -> PackageRequirement:
    return PackageRequirement(name=profile.name, versions=list(profile.versions),
                              project_has=package.version if package else None)


def check_profile(profile: PackageProfile, root: Path, resolved: ResolvedPackages, config: ProjectConfig,
                  tool_name: str) -> Availability:
    """One package requirement against the project; available answers carry `profileVerified`."""
    package = resolved.get(profile.name)
    requirement = [_requirement(profile, package)]
    needs = f"{tool_name} needs {profile.profile()}"
    add = package_add_command(root, profile.name, profile.newest)
    doctor = doctor_command(root)
    if package is None:
        if resolved.transitive_known:
            return Availability.unavailable(
                "E_EXTENSION_DEPENDENCY_MISSING",
                f"{needs}; the project has none (not in Packages/packages-lock.json)", [add, doctor], requirement)
        return Availability.unavailable(
            "E_EXTENSION_DEPENDENCY_UNVERIFIABLE",
            f"{needs}; it is not in Packages/manifest.json and the project has no usable packages-lock.json, so it "
            "may or may not arrive as another package's dependency (open the project in the Unity Editor once to "
            "write the lock)", [doctor, add], requirement)
    if package.version is None or not package.verifiable:
        why = package.reason or "its version cannot be read offline"
        return Availability.unavailable(
            "E_EXTENSION_DEPENDENCY_UNVERIFIABLE", f"{needs}; the project has {_has(package)}: {why}",
            [doctor], requirement)
    if profile.verified(package.version):
        return Availability.ok(requirement)
    if config.accept_unverified.get(profile.name) == package.version:
        return Availability.ok(requirement, profile_verified=False)
    answer = Availability.unavailable(
        "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED",
        f"{needs}; the project has {_has(package)}, which is not a verified version "
        f"(to accept it for this project: [accept-unverified] \"{profile.name}\" = \"{package.version}\" in {CONFIG})",
        [add, doctor], requirement)
    return answer


def core_api_refusal(manifest: ExtensionManifest, root: Path) -> Availability | None:
    """An unavailable answer when the extension does not support this core's plugin API, else None."""
    if manifest.supports_core(CORE_API_VERSION):
        return None
    return Availability.unavailable(
        "E_EXTENSION_CORE_API_UNSUPPORTED",
        f"{manifest.distribution} supports core API {manifest.core_api}; this unitycli has {CORE_API_VERSION}",
        [f"python -m pip install --upgrade {manifest.distribution}", doctor_command(root)])


def check_tool(manifest: ExtensionManifest, tool_name: str, root: Path, resolved: ResolvedPackages,
               config: ProjectConfig) -> Availability:
    """Every package profile the tool's name matches must be satisfied; the first failure is the answer."""
    refused = core_api_refusal(manifest, root)
    if refused is not None:
        return refused
    requires: list[PackageRequirement] = []
    verified = True
    for profile in manifest.requirements_for(tool_name):
        answer = check_profile(profile, root, resolved, config, tool_name)
        if not answer.available:
            return answer
        requires.extend(answer.requires_packages)
        verified = verified and answer.profile_verified
    return Availability.ok(requires, profile_verified=verified)
