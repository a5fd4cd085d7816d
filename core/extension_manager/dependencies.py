"""Whether a project has the Unity packages a tool's extension was verified against (DESIGN §7.2).

Read offline from the project's resolved packages, where a direct dependency's manifest value wins over a stale
lock (so `package.add`/`package.remove` change the answer at once, marked as not yet resolved by Unity). Three
ways to be unavailable, each with a catalogued code, a reason that names the profile (`com.unity.probuilder@5.2.2`)
and what the project has, and next actions that change the state: exact commands for this project, or a plainly
stated human step. A package absent from a project whose dependency lists are not all known (no lock file, or a
manifest changed since the lock) may still arrive as another package's dependency, so that is `UNVERIFIABLE`,
not `MISSING`: fail closed, don't guess.
"""

from __future__ import annotations

import shlex
from pathlib import Path

from unitycli import CORE_API_VERSION
from unitycli.availability import Availability, PackageRequirement
from unitycli.extension_manager.config import CONFIG, ProjectConfig
from unitycli.extension_manager.manifest import ExtensionManifest, PackageProfile
from unitycli.next_actions import tool_command
from unitycli.packages.models import ResolvedPackage, ResolvedPackages
from unitycli.packages.resolver import LOCK, MANIFEST, is_unity6_or_later


def package_add_command(root: Path, name: str, version: str) -> str:
    """The exact `package.add` call that puts a verified version into the project's manifest.json."""
    return tool_command("package.add", {"name": name, "version": version}, project=root)


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


def unity_resolve_step(resolved: ResolvedPackages) -> str:
    """The plain human step that makes Unity resolve the project and write what we read (never a loop)."""
    if not resolved.lock_enabled:
        return (f'Set "enableLockFile": true in {MANIFEST} (or delete that line), then open the project in the Unity '
                f"Editor so it resolves packages and writes {LOCK}")
    if not resolved.lock_present:
        return f"Open the project in the Unity Editor so it resolves packages and writes {LOCK}"
    return f"Open the project in the Unity Editor so it resolves {MANIFEST} and rewrites {LOCK}"


def _accept_step(name: str, version: str) -> str:
    return (f'To run the tools unverified on this version instead, add "{name}" = "{version}" under '
            f"[accept-unverified] in {CONFIG}")


def _absent(profile: PackageProfile, root: Path, resolved: ResolvedPackages, needs: str,
            requirement: list[PackageRequirement]) -> Availability:
    add = package_add_command(root, profile.name, profile.newest)
    doctor = doctor_command(root)
    removed = resolved.removed.get(profile.name)
    if removed is not None:
        has = (f"none: {MANIFEST} no longer asks for it, directly or through another package ({LOCK} still "
               f"lists {removed} until Unity resolves the project again)")
    elif resolved.lock_usable:
        has = f"none (not in {LOCK})"
    else:
        has = f"none (not in {MANIFEST}, and no known dependency list names it)"
    if resolved.transitive_known:
        return Availability.unavailable("E_EXTENSION_DEPENDENCY_MISSING", f"{needs}; the project has {has}",
                                        [add, doctor], requirement)
    unknown = resolved.unknown_dependencies_of
    names = ", ".join(unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
    if resolved.lock_usable:
        why = (f"the project has {has}, but {names} changed in {MANIFEST} since Unity wrote the lock and may "
               "bring it in as a dependency")
    else:
        why = (f"it is not in {MANIFEST} and the project has no usable packages-lock.json, so it may or may not "
               f"arrive as another package's dependency (the dependency lists of {names} are unknown offline)")
    return Availability.unavailable("E_EXTENSION_DEPENDENCY_UNVERIFIABLE", f"{needs}; {why}",
                                    [add, unity_resolve_step(resolved), doctor], requirement)


def _unverifiable_actions(profile: PackageProfile, package: ResolvedPackage, root: Path,
                          resolved: ResolvedPackages) -> list[str]:
    """What changes an unverifiable package: pin a verified version in the manifest, or let Unity fill in what
    cannot be read offline. An embedded package wins over the manifest, so only its folder can change it."""
    add = package_add_command(root, profile.name, profile.newest)
    if package.source == "embedded":
        return [f"Restore {package.path}/package.json so it names {profile.name} with a semver version, or replace "
                f"the embedded folder {package.path} with {profile.profile(profile.newest)}", doctor_command(root)]
    actions = [add]
    if package.source == "local" and package.path:
        actions.append(f"Restore the package.json of {package.path} so it names {profile.name} with a semver version")
    elif package.source == "git":
        if resolved.lock_usable and package.hash and not is_unity6_or_later(root):
            actions.append(f"Open the project in the Unity Editor so it downloads {profile.name} into "
                           "Library/PackageCache")
        elif not package.hash:
            actions.append(unity_resolve_step(resolved))
        # Unity 6 names cache folders by a fingerprint: opening the Editor cannot make a git package verifiable.
    else:
        actions.append(unity_resolve_step(resolved))
    actions.append(doctor_command(root))
    return actions


def check_profile(profile: PackageProfile, root: Path, resolved: ResolvedPackages, config: ProjectConfig,
                  tool_name: str) -> Availability:
    """One package requirement against the project; available answers carry `profileVerified` and whether
    Unity has resolved the package yet.

    Every unavailable answer's next actions change its state: the exact `package.add` of a verified version
    (a direct dependency's manifest value is what Unity resolves), or a plainly stated step for a person. The
    trailing `extensions doctor` only reports; it is never the only way out.
    """
    package = resolved.get(profile.name)
    requirement = [_requirement(profile, package)]
    needs = f"{tool_name} needs {profile.profile()}"
    if package is None:
        return _absent(profile, root, resolved, needs, requirement)
    if package.version is None or not package.verifiable:
        why = package.reason or "its version cannot be read offline"
        return Availability.unavailable(
            "E_EXTENSION_DEPENDENCY_UNVERIFIABLE", f"{needs}; the project has {_has(package)}: {why}",
            _unverifiable_actions(profile, package, root, resolved), requirement)
    verified = profile.verified(package.version)
    if verified or config.accept_unverified.get(profile.name) == package.version:
        if package.resolved_by_unity:
            return Availability.ok(requirement, profile_verified=verified)
        note = (f"{profile.name}@{package.version} comes from {MANIFEST}; Unity has not resolved it yet "
                f"({package.reason or LOCK + ' is older than the manifest'})")
        return Availability.ok(requirement, profile_verified=verified, resolved_by_unity=False, notes=[note],
                               next_actions=[unity_resolve_step(resolved)])
    if package.source == "embedded":
        fix = (f"Replace the embedded package folder {package.path} with {profile.profile(profile.newest)} (Unity "
               f"uses the embedded copy whatever {MANIFEST} says)")
    else:
        fix = package_add_command(root, profile.name, profile.newest)
    return Availability.unavailable(
        "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED",
        f"{needs}; the project has {_has(package)}, which is not a verified version "
        f"(to accept it for this project: [accept-unverified] \"{profile.name}\" = \"{package.version}\" in {CONFIG})",
        [fix, _accept_step(profile.name, package.version), doctor_command(root)], requirement)


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
    answers: list[Availability] = []
    for profile in manifest.requirements_for(tool_name):
        answer = check_profile(profile, root, resolved, config, tool_name)
        if not answer.available:
            return answer
        answers.append(answer)
    return Availability.merged(answers)
