"""`extensions doctor`: every extension check, each pass | warn | fail | unverifiable with next actions.

Checks read what the session computed (load failures, registry problems, manifests, integrity, availability),
once every tool's schemas are built (listings build none, so only here does a tool whose schema fails show), and
the project's lock and tool files; then each plugin's `unitycli_doctor_checks` hook adds its own, called one
plugin at a time so a raising hook is itself reported instead of ending the doctor.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from unitycli import CORE_API_VERSION
from unitycli.doctor_report import DoctorReport
from unitycli.errors import UnityCliError
from unitycli.extension_manager.lfs_doctor import lfs_check
from unitycli.extension_manager.lock import LOCK, read_lock
from unitycli.host.availability import Availability, Operation
from unitycli.host.catalog import load_catalog
from unitycli.host.dependencies import ProjectPackages, check_profile, doctor_command
from unitycli.host.installed import distribution_digest, installed_extensions, same_name
from unitycli.host.manifest import ExtensionManifest, PackageProfile
from unitycli.host.record import reinstall_installed, reinstall_line
from unitycli.next_actions import NextAction, describe_command, for_project

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.host.owners import ToolOwner
    from unitycli.host.registry import RegistryProblem
    from unitycli.host.session import Session

_INTEGRITY_STATUS = {"verified": "pass", "builtin": "pass", "editable": "warn", "failed": "fail",
                     "unverifiable": "unverifiable"}
_AVAILABILITY_STATUS = {"E_EXTENSION_DEPENDENCY_MISSING": "warn",
                        "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED": "warn",
                        "E_EXTENSION_DEPENDENCY_UNVERIFIABLE": "unverifiable"}


def _project_flag(session: Session) -> str:
    project = session.optional_project()
    return f" --project {shlex.quote(str(project.root))}" if project else ""


def _schema_failures(session: Session) -> None:
    """Build every registered tool's input and output schema, as `describe` and a run would: listings read tool
    heads and build none, so a model with no JSON Schema, or a by-path module changed on disk since its RECORD,
    is only found here. `Session.with_schemas` records each failure as a registry problem with its error code."""
    session.with_schemas(session.heads())


def _problem_actions(session: Session, problem: RegistryProblem) -> list[NextAction]:
    """A tool whose schema fails: describe it (the full error), reinstall its extension when its files changed,
    or run without it; any other problem: the extension list."""
    project = session.optional_project()
    listing = "unitycli extensions list" + _project_flag(session)
    if problem.kind == "refused":  # the refusing check's own steps (approve the file), then the list
        return [*problem.details.get("nextActions", []), listing]
    if problem.tool is None or problem.kind not in ("malformed", "integrity"):
        return [listing]
    describe = describe_command(problem.tool)
    actions: list[NextAction] = [for_project(describe, project.root) if project else describe]
    for owner in problem.providers:
        if problem.kind == "integrity" and owner.kind == "extension" and owner.distribution:
            actions.append(reinstall_line(owner.distribution, owner.version))
        if owner.kind == "extension" and owner.extension_id:
            actions.append(f"UNITYCLI_DISABLE_EXTENSIONS={owner.extension_id} unitycli tools group"
                           + _project_flag(session))
    return [*actions, listing]


def _load_checks(session: Session, report: DoctorReport) -> None:
    _schema_failures(session)
    loaded = session.plugins
    for failure in loaded.failures:
        if failure.stage in ("approval",) or failure.plugin.startswith("project:"):
            continue  # project tool files are reported by _project_tool_checks
        ext_id = failure.plugin.removeprefix("ext:")
        report.add(f"load:{ext_id}", "fail",
                   f"{failure.distribution or failure.plugin} failed at {failure.stage}: {failure.error}",
                   [*(failure.details.get("nextActions") or [])] or
                   [reinstall_installed(failure.distribution)
                    if failure.distribution else "unitycli extensions list",
                    f"UNITYCLI_DISABLE_EXTENSIONS={ext_id} unitycli tools group"],
                   failure.to_dict())
    for owner in loaded.disabled:
        report.add(f"load:{owner.extension_id}", "warn",
                   f"{owner.label()} is disabled (config or UNITYCLI_DISABLE_EXTENSIONS); its code was not imported")
    for problem in session.registry.problems:
        if problem.kind == "load-error":
            continue  # already reported above from the failure itself
        code = {"code": problem.details["code"]} if "code" in problem.details else {}
        report.add(f"registry:{problem.kind}:{problem.tool or ''}".rstrip(":"), "fail", problem.message,
                   _problem_actions(session, problem), {**code, **problem.to_dict()})
    if not any(c.name.startswith(("load:", "registry:")) and c.status == "fail" for c in report.checks):
        report.add("registry", "pass", f"{len(session.registry.tools)} tools from {len(loaded.owners)} plugins, "
                   "no load errors, clashes or malformed specs; every input and output schema builds")


def _extension_owners(session: Session) -> list[ToolOwner]:
    return [o for o in session.plugins.owners.values() if o.kind == "extension"]


def _manifest_checks(session: Session, report: DoctorReport) -> dict[str, ExtensionManifest]:
    """Manifest validity, core API range and catalog agreement per loaded extension."""
    catalog = load_catalog()
    for error in catalog.errors:
        report.add(f"catalog:{error.details.get('file')}", "fail", error.message, error.next_actions, error.details,
                   error.manual_steps)
    manifests: dict[str, ExtensionManifest] = {}
    for owner in _extension_owners(session):
        name = f"manifest:{owner.extension_id}"
        manifest = session.checks.manifest_for(session.plugins.manager, owner)
        if isinstance(manifest, UnityCliError):
            report.add(name, "fail", manifest.message, manifest.next_actions, manifest.details,
                       manifest.manual_steps)
            continue
        if manifest is None:
            report.add(name, "warn", f"{owner.label()} declares no manifest: its tools are treated as needing no "
                       "Unity package", manual_steps=[f"Add a manifest (manifests/README.md) to {owner.label()} and "
                                                      "its unitycli_extension_manifest hook"])
            continue
        manifests[owner.plugin] = manifest
        if not manifest.supports_core(CORE_API_VERSION):
            report.add(name, "fail", f"{owner.label()} supports core API {manifest.core_api}; this unitycli has "
                       f"{CORE_API_VERSION}", [f"python -m pip install --upgrade {owner.distribution}"])
            continue
        listed = catalog.get(manifest.id)
        if listed is not None and listed != manifest:
            report.add(name, "warn", f"{owner.label()}'s packaged manifest differs from the core catalog's "
                       f"{manifest.id}.toml (a newer or older release of one of them)",
                       [f"python -m pip install --upgrade {owner.distribution} unitycli"])
        else:
            report.add(name, "pass", f"{manifest.id}: manifest valid, core API {manifest.core_api} satisfied")
    return manifests


def _integrity_checks(session: Session, report: DoctorReport) -> None:
    manager = session.plugins.manager
    for owner in _extension_owners(session):
        result = session.checks.integrity(manager, owner)
        if result is not None:
            status = _INTEGRITY_STATUS.get(result.status, "unverifiable")
            report.add(f"integrity:{owner.extension_id}", status, result.message, result.next_actions,
                       result.details)


def _package_checks(session: Session, report: DoctorReport, manifests: dict[str, ExtensionManifest]) -> None:
    """Each installed extension's package profiles against the project, and catalog extensions that apply."""
    project = session.optional_project()
    if project is None:
        report.add("project", "warn", "no Unity project selected: package availability, lock and project tools "
                   "were not checked", ["unitycli extensions doctor --project <path-to-unity-project>"])
        return
    resolved = session.checks.resolved(project.root)
    if isinstance(resolved, UnityCliError):
        report.add("packages", "unverifiable", f"the project's Unity packages cannot be read: {resolved.message}",
                   resolved.next_actions, resolved.details, resolved.manual_steps)
        return
    config = session.checks.config(project.root)
    if isinstance(config, UnityCliError):
        report.add("config", "fail", config.message, [doctor_command(project.root)], config.details,
                   config.manual_steps)
        return
    report.add("packages", "warn" if resolved.warnings else "pass",
               f"{len(resolved.packages)} Unity packages resolved from "
               + ("packages-lock.json" if resolved.certainty == "lock" else "manifest.json only (less certain)"),
               details={"warnings": resolved.warnings})
    packages = ProjectPackages.of(project.root, resolved, config)
    for owner in _extension_owners(session):
        manifest = manifests.get(owner.plugin)
        if manifest is None:
            continue
        for profile in manifest.packages:
            _profile_check(report, manifest, profile, packages)
    installed_ids = {o.extension_id for o in _extension_owners(session)}
    try:
        locked = set(read_lock(project.root))
    except UnityCliError:
        locked = set()  # reported by the lock check
    for ext_id, manifest in load_catalog().manifests.items():
        if ext_id in installed_ids or ext_id in locked:
            continue  # installed: checked above; locked but missing: the lock check says so
        present = [(p, resolved.get(p.name)) for p in manifest.packages if resolved.get(p.name) is not None]
        if present:  # it applies and is missing: name it, whether or not the index publishes it
            has = ", ".join(f"{p.name}@{pkg.version or '?'}" for p, pkg in present)
            quoted = shlex.quote(str(project.root))
            report.add(f"catalog:{ext_id}", "warn", f"the project has {has}; extension {ext_id} "
                       f"({manifest.distribution}) applies but is not installed",
                       [f"unitycli extensions install {ext_id} --project {quoted}",
                        f"unitycli extensions install {ext_id} --find-links <folder of built wheels> --project {quoted}"])


OPERATIONS: tuple[Operation, ...] = ("read", "edit", "create")


def _operation_entry(answer: Availability) -> dict[str, object]:
    if answer.available:
        return {"available": True, "verifiedBy": answer.verified_by}
    return {"available": False, "code": answer.code, "reason": answer.unavailable_reason}


def _profile_check(report: DoctorReport, manifest: ExtensionManifest, profile: PackageProfile,
                   packages: ProjectPackages) -> None:
    """One package profile, judged per operation: a verified version passes; a present version the manifest does
    not list is reported as unverified with what reads, edits and creates can do on it (a warning, not a failure:
    the tools that can run, run); an absent package passes (nothing to fix)."""
    tools = f"{manifest.id} ({', '.join(profile.tools)})"
    answers = {op: check_profile(profile, packages, tools, op) for op in OPERATIONS}
    for tool in profile.proves:  # creators that write only what the project proves: their own answer
        answers[f"create by {tool}"] = check_profile(profile, packages, tool, "create")
    create = answers["create"]
    name = f"package:{manifest.id}:{profile.name}"
    operations = {op: _operation_entry(answer) for op, answer in answers.items()}
    if create.available and create.profile_verified:
        has = create.requires_packages[0].project_has if create.requires_packages else None
        report.add(name, "pass", f"{profile.profile(has)} is a verified profile of {manifest.id}",
                   details={"operations": operations})
        return
    if create.code == "E_EXTENSION_DEPENDENCY_MISSING":
        # The project does not use the package: nothing to fix, and no advice to add a package it never asked for.
        report.add(name, "pass", f"the project has no {profile.name}: {manifest.id}'s tools for it are listed as "
                   "unavailable here", details={"code": create.code})
        return
    read = answers["read"]
    if not read.available:  # the package's version cannot be known: nothing runs until it can
        report.add(name, _AVAILABILITY_STATUS.get(read.code or "", "fail"), read.unavailable_reason or "",
                   read.next_actions, {"code": read.code, "operations": operations}, read.manual_steps)
        return
    has = read.requires_packages[0].project_has if read.requires_packages else None
    state = "not yet resolved by Unity" if not read.resolved_by_unity else "unverified"
    summary = "; ".join(f"{op}: " + (f"available ({answer.verified_by})" if answer.available else
                                     f"unavailable ({answer.code})") for op, answer in answers.items())
    steps = list(dict.fromkeys([*read.next_actions, *create.next_actions]))
    manual = list(dict.fromkeys([*read.manual_steps, *create.manual_steps]))
    report.add(name, "warn", f"{profile.name}@{has} is {state} for {manifest.id}: {summary}"
               + "".join(f"; {note}" for note in read.notes), steps,
               {"code": create.code, "operations": operations}, manual)


def _lock_checks(session: Session, report: DoctorReport) -> None:
    project = session.optional_project()
    if project is None:
        return
    try:
        entries = read_lock(project.root)
    except UnityCliError as exc:
        report.add("lock", "fail", exc.message, exc.next_actions, exc.details, exc.manual_steps)
        return
    sync = f"unitycli extensions sync --project {shlex.quote(str(project.root))}"
    installed = {e.id: e for e in installed_extensions()}
    for ext_id, entry in sorted(entries.items()):
        ext = installed.get(ext_id)
        name = f"lock:{ext_id}"
        if ext is None or not same_name(ext.distribution, entry.distribution):
            report.add(name, "fail", f"{LOCK} wants {entry.distribution} {entry.version or ''}".rstrip()
                       + ", which is not installed", [sync, f"unitycli extensions remove {ext_id} --project "
                                                             f"{shlex.quote(str(project.root))}"])
        elif entry.version and ext.version != entry.version:
            report.add(name, "warn", f"{LOCK} wants {entry.distribution} {entry.version}; {ext.version} is "
                       "installed", [sync])
        elif entry.digest and distribution_digest(ext.dist) != entry.digest:
            report.add(name, "warn", f"{entry.distribution} {ext.version} is installed, but not the same build "
                       f"as the one in {LOCK} (RECORD digest differs)", [sync])
        else:
            report.add(name, "pass", f"{entry.distribution} {ext.version} matches {LOCK}")
    catalog = load_catalog()
    resolved = session.checks.resolved(project.root)
    for ext_id, ext in sorted(installed.items()):
        if ext_id in entries:
            continue
        manifest = catalog.get(ext_id)
        if manifest is not None and manifest.packages and not isinstance(resolved, UnityCliError) and \
                resolved is not None and not any(resolved.get(p.name) for p in manifest.packages):
            report.add(f"lock:{ext_id}", "pass", f"{ext.distribution} {ext.version} is installed; the project has "
                       f"none of its packages ({', '.join(p.name for p in manifest.packages)}), so it is not recorded")
            continue
        report.add(f"lock:{ext_id}", "warn", f"{ext.distribution} {ext.version} is installed but not recorded "
                   f"in {LOCK}", [f"unitycli extensions install {ext_id} --project {shlex.quote(str(project.root))}"])


def _project_tool_checks(session: Session, report: DoctorReport) -> None:
    project = session.optional_project()
    if project is None:
        return
    setup = session.project_setup
    # Approved files that failed to load: an import error, a hook that raised, or a misspelled hook name.
    import_failures = {f.plugin: f for f in session.plugins.failures if f.stage in ("import", "hooks", "register",
                                                                                   "register-tools")}
    for tool_file in setup.files:
        name = f"project-tool:{tool_file.relative}"
        blocked = setup.closure_errors.get(tool_file.relative)
        if tool_file.status == "approved" and blocked is not None:
            report.add(name, "fail", blocked.message, blocked.next_actions, {"code": blocked.code, **blocked.details},
                       blocked.manual_steps)
            continue
        if tool_file.status == "approved":
            failure = import_failures.get(f"project:{tool_file.relative}")
            if failure is not None:
                report.add(name, "fail", f"{tool_file.relative} is approved but failed at {failure.stage}: "
                           f"{failure.error}", details=failure.to_dict())
            else:
                report.add(name, "pass", f"{tool_file.relative} is approved ({tool_file.digest})")
            continue
        error = tool_file.blocking_error(project.root)
        status = "warn" if tool_file.status == "untrusted" else "fail"
        report.add(name, status, error.message, error.next_actions, {"code": error.code, **error.details},
                   error.manual_steps)


def _plugin_checks(session: Session, report: DoctorReport) -> None:
    manager = session.plugins.manager
    for impl in manager.hook.unitycli_doctor_checks.get_hookimpls():
        owner = session.plugins.owners.get(impl.plugin_name)
        report.source = owner.label() if owner else impl.plugin_name
        try:
            impl.function(report=report)
        except Exception as exc:  # a guest's doctor check may raise anything
            report.add(f"doctor-hook:{impl.plugin_name}", "fail", f"{report.source}'s doctor check raised {exc!r}")
        finally:
            report.source = "unitycli"


def extension_checks(session: Session, report: DoctorReport) -> DoctorReport:
    """Run every extension check into `report` (also used by the top-level `doctor`)."""
    _load_checks(session, report)
    manifests = _manifest_checks(session, report)
    _integrity_checks(session, report)
    _package_checks(session, report, manifests)
    _lock_checks(session, report)
    _project_tool_checks(session, report)
    lfs_check(report)
    _plugin_checks(session, report)
    return report


def doctor_next_command(session: Session) -> str:
    project = session.optional_project()
    return doctor_command(project.root) if project else "unitycli extensions doctor"
