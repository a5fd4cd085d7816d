"""Whether a project has the Unity packages a tool's extension was verified against.

Read offline from the project's resolved packages, where a direct dependency's manifest value wins over a stale
lock (so `package.add`/`package.remove` change the answer at once, marked as not yet resolved by Unity, and then
never verified). Availability is per operation: a read runs whenever the package is present at any version, an
edit whenever it is present (it changes only fields the file already holds: the file's own layout is the proof),
a create only with proof of the whole layout it writes (a verified version in the manifest, or the package's own
source on disk).

Every unavailable answer has a catalogued code, a reason that names the profile (`com.unity.probuilder@5.2.2`)
and what the project has, and a way out that changes the state, resolved as Unity resolves packages: next
actions an agent runs (the exact `package.add` call, then `extensions doctor`) and manual steps only a person can
take (open the project in the Unity Editor, add a package the Editor ships from its Package Manager); an
Editor-bundled package (`"source": "builtin"`: the render pipelines, Shader Graph, VFX Graph, uGUI, modules)
follows the Editor and is never offered to add, remove or re-version (only restored to the exact version the lock
records as the Editor's); a registry package is offered only at a verified version whose package.json `unity`
minimum the project's Editor meets. A package absent from a project whose dependency lists are not all known (no
lock file, or a manifest changed since the lock) may still arrive as another package's dependency, so that is
`UNVERIFIABLE`, not `MISSING`: fail closed, don't guess.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path

from unitycli import CORE_API_VERSION
from unitycli.errors import UnityCliError
from unitycli.extension_manager.config import ProjectConfig
from unitycli.host.availability import Availability, Operation, PackageRequirement
from unitycli.host.manifest import ExtensionManifest, PackageProfile, unity_stream
from unitycli.next_actions import NextAction, ToolCall, tool_command
from unitycli.packages.bundled import EDITOR_BUNDLED, is_editor_bundled
from unitycli.packages.models import ResolvedPackage, ResolvedPackages
from unitycli.packages.resolver import LOCK, MANIFEST, is_unity6_or_later
from unitycli.unityfiles.project_version import read_project_version


def package_add_command(root: Path, name: str, version: str) -> ToolCall:
    """The exact `package.add` call that puts a verified version into the project's manifest.json."""
    return tool_command("package.add", {"name": name, "version": version}, project=root)


def doctor_command(root: Path) -> str:
    return f"unitycli extensions doctor --project {shlex.quote(str(root))}"


@dataclass(frozen=True)
class ProjectPackages:
    """What availability reads of one project: its root, resolved packages, config and Editor stream."""

    root: Path
    resolved: ResolvedPackages
    config: ProjectConfig
    editor: tuple[int, int] | None  # (2022, 3); None when ProjectVersion.txt cannot be read
    editor_version: str | None  # 2022.3.17f1
    sources: PackageSources  # each package's own source on disk, the local proof a tool reports

    @classmethod
    def of(cls, root: Path, resolved: ResolvedPackages, config: ProjectConfig) -> ProjectPackages:
        sources = PackageSources(root)
        try:
            version = read_project_version(root)
        except UnityCliError:
            return cls(root, resolved, config, None, None, sources)
        return cls(root, resolved, config, (version.major, version.minor), version.editor_version, sources)

    @property
    def editor_text(self) -> str:
        return f"Unity {self.editor_version}" if self.editor_version else "this project's Unity Editor (unknown)"


class PackageSources:
    """Where each package's own source is on this machine (embedded, `file:`, Library/PackageCache at the resolved
    version), as the C# model finds it (`unitycli.csharp`): the local proof a tool reports as `verifiedBy`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._folders: dict[str, Path] | None = None

    def folder(self, package: ResolvedPackage) -> str | None:
        """The package's folder relative to the project root, when its source is there at this version."""
        if self._folders is None:
            from unitycli.csharp.project import CSharpProject

            try:
                infos = CSharpProject(self.root).packages
            except (UnityCliError, OSError):
                infos = {}
            self._folders = {name: info.disk for name, info in infos.items()}
        disk = self._folders.get(package.name)
        return Path(os.path.relpath(disk, self.root)).as_posix() if disk is not None else None


def operation_of(manifest: ExtensionManifest, tool_name: str, read_only: bool) -> Operation:
    """Read for read-only tools; create for tools a `creates` glob names; every other writer edits."""
    if read_only:
        return "read"
    return "create" if any(p.creates_objects(tool_name) for p in manifest.requirements_for(tool_name)) else "edit"


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
    """The manual step that makes Unity resolve the project and write what we read (never a loop)."""
    if not resolved.lock_enabled:
        return (f'Set "enableLockFile": true in {MANIFEST} (or delete that line), then open the project in the Unity '
                f"Editor so it resolves packages and writes {LOCK}")
    if not resolved.lock_present:
        return f"Open the project in the Unity Editor so it resolves packages and writes {LOCK}"
    return f"Open the project in the Unity Editor so it resolves {MANIFEST} and rewrites {LOCK}"


def get_version_step(profile: PackageProfile, project: ProjectPackages) -> ToolCall | str:
    """The step that brings a verified version of the package, as Unity resolves it: the `package.add` call, or
    (a `str`) the manual step a person takes in the Editor, the Unity Hub or a file."""
    name = profile.name
    if is_editor_bundled(name, project.resolved):
        removed = project.resolved.removed.get(name)
        if name in project.resolved.removed_bundled and removed and removed != "?":
            # Restores exactly the version the lock records as the Editor's: what the Package Manager writes.
            return package_add_command(project.root, name, removed)
        if project.resolved.get(name) is not None:
            return (f"Open the project in a Unity Editor that ships {profile.profile()} (from the Unity Hub): {name} "
                    f"comes with the Editor ({project.editor_text}), which decides its version, so no package.add "
                    "can change it")
        return (f"Add {name} from the Unity Package Manager in the Editor: it ships with the Editor, which decides its "
                f"version ({project.editor_text}); for another version open the project in a Unity Editor that "
                f"ships {profile.profile()}")
    version = profile.proposable(project.editor)
    if version is not None:
        return package_add_command(project.root, name, version)
    if name in EDITOR_BUNDLED:  # a registry package in an older Editor: newer Editors ship a verified version
        return (f"Open the project in a Unity Editor that ships {profile.profile()} with it (the project has "
                f"{project.editor_text}), from the Unity Hub")
    if project.editor is None:
        return (f"Restore ProjectSettings/ProjectVersion.txt (or open the project in the Unity Editor), so the Editor "
                f"version that decides which {name} versions resolve is known")
    floors = [max(profile.unity[v], profile.verified_unity.get(v, "0.0"), key=unity_stream)
              for v in profile.versions if v in profile.unity]
    if not floors:
        return (f"No verified version of {name} records the Unity Editor it needs; upgrade {name} in the Unity "
                f"Package Manager to one of {', '.join(profile.versions)} where {project.editor_text} offers it")
    oldest = min(floors, key=unity_stream)
    return (f"No verified version of {name} resolves on {project.editor_text} with the layout its evidence covers "
            f"(each needs Unity {oldest} or later): upgrade the project to Unity {oldest} or later in the Unity Hub")


def _unavailable(code: str, reason: str, project: ProjectPackages, steps: list[ToolCall | str],
                 requirement: list[PackageRequirement], operation: Operation, *, doctor: bool = True) -> Availability:
    """An unavailable answer whose calls are next actions and whose words are manual steps. The doctor joins the
    next actions (it reports the state after a step), and always when no call leads out: an agent then has a
    command to run once the person has taken the step."""
    calls: list[NextAction] = [step for step in steps if isinstance(step, ToolCall)]
    manual = [step for step in steps if isinstance(step, str)]
    if doctor or not calls:
        calls.append(doctor_command(project.root))
    return Availability.unavailable(code, reason, calls, requirement, operation, manual_steps=manual)


def _absent(profile: PackageProfile, project: ProjectPackages, needs: str,
            requirement: list[PackageRequirement], operation: Operation) -> Availability:
    resolved = project.resolved
    get = get_version_step(profile, project)
    removed = resolved.removed.get(profile.name)
    if removed is not None:
        has = (f"none: {MANIFEST} no longer asks for it, directly or through another package ({LOCK} still "
               f"lists {removed} until Unity resolves the project again)")
    elif resolved.lock_usable:
        has = f"none (not in {LOCK})"
    else:
        has = f"none (not in {MANIFEST}, and no known dependency list names it)"
    if resolved.transitive_known:
        # The doctor has nothing to add for a package the project does not use: the call that brings it is all.
        return _unavailable("E_EXTENSION_DEPENDENCY_MISSING", f"{needs}; the project has {has}", project, [get],
                            requirement, operation, doctor=False)
    unknown = resolved.unknown_dependencies_of
    names = ", ".join(unknown[:5]) + (f" and {len(unknown) - 5} more" if len(unknown) > 5 else "")
    if resolved.lock_usable:
        why = (f"the project has {has}, but {names} changed in {MANIFEST} since Unity wrote the lock and may "
               "bring it in as a dependency")
    else:
        why = (f"it is not in {MANIFEST} and the project has no usable packages-lock.json, so it may or may not "
               f"arrive as another package's dependency (the dependency lists of {names} are unknown offline)")
    return _unavailable("E_EXTENSION_DEPENDENCY_UNVERIFIABLE", f"{needs}; {why}", project,
                        [get, unity_resolve_step(resolved)], requirement, operation)


def _unverifiable_steps(profile: PackageProfile, package: ResolvedPackage,
                        project: ProjectPackages) -> list[ToolCall | str]:
    """What changes an unverifiable package: pin a verified version in the manifest, or let Unity fill in what
    cannot be read offline. An embedded package wins over the manifest, so only its folder can change it."""
    root, resolved = project.root, project.resolved
    if package.source == "embedded":
        return [f"Restore {package.path}/package.json so it names {profile.name} with a semver version, or replace "
                f"the embedded folder {package.path} with {profile.profile()}"]
    actions = [get_version_step(profile, project)]
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
    return actions


def _unproven_basis(operation: Operation, profile: PackageProfile, version: str, tool_name: str,
                    source: str | None) -> str | None:
    """Why a read, an edit or a proving create may run on a version the manifest does not list; None for a create
    that would need the whole layout proven."""
    if operation == "read":
        return (f"reads any version: {profile.name}@{version} is not a verified version, so fields the tool does not "
                "know are reported as unknown")
    if operation == "edit":
        return (f"the file's own layout: {profile.name}@{version} is not a verified version, so only fields the "
                "file already holds are edited")
    if profile.proves_objects(tool_name):
        where = (f"package source {source}" if source else
                 "an object of the class in the project (looked for when it runs; none: E_SCRIPT_LAYOUT_UNPROVABLE)")
        return (f"{where}: {profile.name}@{version} is not a verified version, so only the fields that proves are "
                "written, the rest omitted and listed")
    return None


def _create_refusal(profile: PackageProfile, package: ResolvedPackage, project: ProjectPackages, needs: str,
                    requirement: list[PackageRequirement]) -> Availability:
    """A create on a version nothing proves: which proof is missing, and each way to get one."""
    fix: ToolCall | str
    if package.source == "embedded":
        fix = (f"Replace the embedded package folder {package.path} with {profile.profile()} (Unity uses the embedded "
               f"copy whatever {MANIFEST} says)")
    else:
        fix = get_version_step(profile, project)
    return _unavailable(
        "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED",
        f"{needs} to create new objects; the project has {_has(package)}, which is not a verified version, so the "
        "layout a new object needs is not proven (reads, and edits of fields the files already hold, run)",
        project, [fix], requirement, "create")


def check_profile(profile: PackageProfile, project: ProjectPackages, tool_name: str,
                  operation: Operation = "create") -> Availability:
    """One package requirement against the project for one operation; available answers carry
    `profileVerified` (only a manifest version Unity has resolved), `verifiedBy` and whether Unity has resolved
    the package yet.

    Every unavailable answer's way out changes its state: a call in `next_actions`, or a person's step in
    `manual_steps`. The trailing `extensions doctor` only reports; it is never the only way out.
    """
    resolved = project.resolved
    package = resolved.get(profile.name)
    requirement = [_requirement(profile, package)]
    needs = f"{tool_name} needs {profile.profile()}"
    if package is None:
        return _absent(profile, project, needs, requirement, operation)
    if package.version is None or not package.verifiable:
        why = package.reason or "its version cannot be read offline"
        return _unavailable(
            "E_EXTENSION_DEPENDENCY_UNVERIFIABLE", f"{needs}; the project has {_has(package)}: {why}", project,
            _unverifiable_steps(profile, package, project), requirement, operation)
    notes: list[str] = []
    steps: list[str] = []
    bundled = is_editor_bundled(profile.name, resolved)
    if not package.resolved_by_unity:
        notes.append(f"not yet resolved by Unity: {profile.name}@{package.version} comes from {MANIFEST} "
                     f"({package.reason or LOCK + ' is older than the manifest'})"
                     + ("; the Editor decides the version of a package it ships" if bundled else ""))
        steps.append(unity_resolve_step(resolved))
        if operation == "create" and bundled:
            return _unavailable(
                "E_EXTENSION_DEPENDENCY_UNVERIFIABLE",
                f"{needs} to create new objects; {profile.name} ships with the Editor, and {MANIFEST} asks for "
                f"{package.version} which Unity has not resolved yet, so the version whose layout a new object "
                "needs is not known", project, [*steps], requirement, operation)
    verified = profile.verified(package.version) and profile.verified_on(package.version, project.editor)
    source = project.sources.folder(package) if operation == "create" or verified else None
    basis: str | None
    if verified:
        # The manifest lists the version; the package's source on disk is the local proof of the same layout.
        basis = f"package source {source}" if source else f"manifest {profile.profile(package.version)}"
    elif (basis := _unproven_basis(operation, profile, package.version, tool_name, source)) is None:
        return _create_refusal(profile, package, project, needs, requirement)
    return Availability.ok(requirement, profile_verified=verified and package.resolved_by_unity,
                           resolved_by_unity=package.resolved_by_unity, notes=notes, manual_steps=steps,
                           operation=operation, verified_by=basis)


def core_api_refusal(manifest: ExtensionManifest, root: Path) -> Availability | None:
    """An unavailable answer when the extension does not support this core's plugin API, else None."""
    if manifest.supports_core(CORE_API_VERSION):
        return None
    return Availability.unavailable(
        "E_EXTENSION_CORE_API_UNSUPPORTED",
        f"{manifest.distribution} supports core API {manifest.core_api}; this unitycli has {CORE_API_VERSION}",
        [f"python -m pip install --upgrade {manifest.distribution}", doctor_command(root)])


def check_tool(manifest: ExtensionManifest, tool_name: str, project: ProjectPackages,
               read_only: bool = False) -> Availability:
    """Every package profile the tool's name matches must be satisfied; the first failure is the answer."""
    refused = core_api_refusal(manifest, project.root)
    if refused is not None:
        return refused
    operation = operation_of(manifest, tool_name, read_only)
    answers: list[Availability] = []
    for profile in manifest.requirements_for(tool_name):
        answer = check_profile(profile, project, tool_name, operation)
        if not answer.available:
            return answer
        answers.append(answer)
    return Availability.merged(answers)
