"""`extensions install | remove | sync`: pip in a subprocess, a load check in another, then the project's lock.

The lock is written only after pip succeeded and the installed extension loaded, so a failed install (network,
build error, broken import) leaves `.unitycli/extensions.toml` exactly as it was. Where an extension comes from
is `sources`; code from a place the project chose, or an extension the lock names that is not the catalog's, is
built only after a person approved it, from a private copy of exactly the approved files (`source_approvals`).
The installing process never imports what it installed: a child interpreter answers whether it loads.

Source folders and local wheels are installed the same way: the wheel is built from a private copy of the folder
(offline: `--no-build-isolation` when setuptools is importable) and pip installs it by exact name and version
from a private `--find-links` folder with `--no-index`, so nothing machine-local (no `direct_url.json`) enters
the installed RECORD, and the digest recorded in the lock is the same on every machine that builds the same
source.
"""

from __future__ import annotations

import importlib
import os
import re
import shlex
import shutil
import tempfile
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError
from unitycli.extension_manager import pip, tomlfile
from unitycli.extension_manager.lock import (
    INDEX_SOURCE,
    LEGACY_INDEX_SOURCE,
    LOCAL_SOURCE,
    LOCK,
    REPO_PREFIX,
    WHEELHOUSE_SOURCE,
    LockEntry,
    is_portable_source,
    read_lock,
    write_lock,
)
from unitycli.extension_manager.source_approvals import (
    SourceOffer,
    approval_reasons,
    approvals_for,
    offer_for,
    snapshot,
    unapproved_error,
)
from unitycli.extension_manager.sources import (
    CHECKOUT,
    COMMAND_LINE,
    PROJECT_LOCK,
    Candidate,
    Place,
    Sources,
    checkout_extensions_dir,
    in_any_repo,
    locate,
    not_found,
    pyproject_name_version,
    wheel_in,
    wheel_name_version,
)
from unitycli.host.catalog import Catalog, load_catalog
from unitycli.host.installed import distribution_digest, installed_extensions, same_name
from unitycli.project.root import Project

__all__ = ["Sources", "installed_source", "install", "lock_digest", "locate", "remove", "sync"]
_COPY_IGNORE = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__", ".git", "*.pyc")


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class InstallResult(_Model):
    ids: list[str]
    distribution: str
    version: str
    source: str  # as recorded in the lock: repo:extensions/<id>, wheelhouse, pypi or local (never a local path)
    pip_command: list[str]
    integrity: str
    lock_file: str | None = None
    lock_changed: bool = False


class RemoveResult(_Model):
    id: str
    distribution: str | None
    lock_file: str | None = None
    removed_from_lock: bool
    uninstalled: bool
    pip_command: list[str] | None = None


class SyncItem(_Model):
    id: str
    distribution: str
    wanted: str | None
    installed: str | None
    drift: list[str] = Field(default_factory=list)
    action: Literal["none", "installed", "reinstalled", "planned"]
    source: str | None = None
    location: str | None = Field(None, description="The folder or wheelhouse it installs from, or `pypi`")
    chosen_by: str | None = Field(None, description="Who named that place: user config, command line, unitycli "
                                                    "checkout, catalog, project config or project lock")
    approval: Literal["not-needed", "approved", "needed"] | None = Field(
        None, description="Whether installing it needs a person's approval (`extensions approve`), and if given")
    digest_matches: bool | None = Field(None, description="After an install: whether the installed RECORD digest "
                                                          "is the one the lock pins (None when it pins none)")


class SyncResult(_Model):
    project: str
    lock_file: str
    dry_run: bool
    items: list[SyncItem]
    lock_changed: bool = False


# --- installing ---------------------------------------------------------------------------------------------------

_EXTENSION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


def _bad_target(target: str, problem: str) -> UnityCliError:
    return UnityCliError("E_OPTION_VALUE_INVALID", f"extensions install: {target[:120]!r} {problem}",
                         details={"parameter": "target", "problem": problem},
                         next_actions=["unitycli extensions list",
                                       "unitycli extensions install <id>|<path-to-extension>"])


def _target_path(target: str) -> Path | None:
    """The folder or wheel an `install` target names, None for an extension id; a target that is neither (a
    name too long for the file system, a loop of links) is a usage error, not an OSError."""
    try:
        if os.sep in target or "/" in target or target.endswith(".whl") or target.startswith(".") \
                or Path(target).exists():
            path = Path(target).expanduser().resolve()
            if not path.exists():
                raise UnityCliError("E_EXTENSION_NOT_FOUND", f"no extension folder or wheel at {path}",
                                    details={"path": str(path)}, next_actions=["unitycli extensions list"])
            return path
    except (OSError, ValueError, RuntimeError) as exc:  # ENAMETOOLONG, ELOOP, an embedded NUL
        raise _bad_target(target, f"is not a usable path ({getattr(exc, 'strerror', None) or exc})") from None
    if not _EXTENSION_ID.match(target):
        raise _bad_target(target, "is not an extension id (letters, digits, '.', '_', '-'; at most 100) "
                                  "nor a folder or wheel")
    return None


def _distribution_name_at(path: Path) -> str:
    """The distribution a local path or wheel will install, read without building it."""
    if path.suffix == ".whl":
        return path.name.split("-", 1)[0].replace("_", "-")
    meta = pyproject_name_version(path)
    if meta is None:
        raise UnityCliError("E_EXTENSION_NOT_FOUND", f"{path} is not an installable extension (no pyproject.toml "
                            "with [project] name)", details={"path": str(path)},
                            next_actions=["unitycli extensions install <id>|<path-to-extension>",
                                          "unitycli extensions list"])
    return meta[0]


def _path_candidate(path: Path, sources: Sources, chosen_by: str = COMMAND_LINE) -> Candidate:
    """A folder or wheel given on the command line (or, in an old lock, by the project), with the portable
    source the lock records for it."""
    name = _distribution_name_at(path)
    if path.suffix == ".whl":
        parsed = wheel_name_version(path)
        return Candidate("path", name, parsed[1] if parsed else None, path, WHEELHOUSE_SOURCE, chosen_by)
    version = (pyproject_name_version(path) or (name, None))[1]
    if any(path.parent == place.path.resolve() for place in sources.extension_dirs):
        return Candidate("path", name, version, path, REPO_PREFIX + path.name, chosen_by)
    return Candidate("path", name, version, path, LOCAL_SOURCE, chosen_by)


def _installed(name: str) -> Distribution | None:
    importlib.invalidate_caches()
    try:
        return distribution(name)
    except PackageNotFoundError:
        return None


_WHEEL_BUILD_ARGS = ("--no-build-isolation", "--find-links", "-f", "--no-index", "--index-url", "-i",
                     "--extra-index-url", "--config-settings", "--use-pep517", "--check-build-dependencies")


def _build_requirements_met(folder: Path) -> bool:
    """Whether every `[build-system] requires` is installed here, so pip can build without isolation (offline)."""
    from packaging.requirements import InvalidRequirement, Requirement

    try:
        requires = tomlfile.read(folder / "pyproject.toml").get(
            "build-system", {}).get("requires", ["setuptools>=40.8.0"])
        for text in requires:
            requirement = Requirement(text)
            found = _installed(requirement.name)
            if found is None or not requirement.specifier.contains(found.version, prereleases=True):
                return False
    except (OSError, ValueError, InvalidRequirement, TypeError, AttributeError):
        return False
    return True


def _build_wheel(folder: Path, out: Path, scratch: Path, target: str, pip_args: tuple[str, ...]) -> Path:
    """A wheel of a source folder: built by unitycli for a pure-Python setuptools project (offline, the same bytes
    everywhere), else by `pip wheel` from a private copy (the source tree is never written)."""
    built = pip.build_pure_wheel(folder, out)
    if built is not None:
        return built
    copy = scratch / "src" / folder.name
    try:
        shutil.copytree(folder, copy, symlinks=False, ignore=_COPY_IGNORE)
    except (OSError, shutil.Error) as exc:
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED", f"cannot copy {folder} to build it: {exc}",
                            details={"path": str(folder)}, next_actions=["unitycli extensions doctor"]) from None
    passed = [a for a in pip_args if a.split("=", 1)[0] in _WHEEL_BUILD_ARGS]
    isolation = ["--no-build-isolation"] if _build_requirements_met(folder) and not passed else []
    result = pip.run_pip(["wheel", "--no-deps", *isolation, *passed, "-w", str(out), str(copy)])
    if not result.ok:
        raise pip.pip_failed(result, f"building a wheel of {folder}",
                             next_actions=[f"unitycli extensions install {shlex.quote(target)}",
                                           "unitycli extensions doctor"])
    wheels = sorted(out.glob("*.whl"))
    if not wheels:
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED", f"pip built no wheel from {folder}",
                            details={"command": result.command, "pipOutput": result.tail()})
    return wheels[0]


def _pip_install(candidate: Candidate, sources: Sources, extra: list[str], pip_args: tuple[str, ...],
                 target: str, approval: tuple[SourceOffer, Project] | None = None) -> pip.PipResult:
    """Install `candidate` with pip; a folder or wheel by exact name==version from a private find-links folder.
    With an `approval`, from a private copy of exactly the approved files (checked as they are copied)."""
    with tempfile.TemporaryDirectory(prefix="unitycli-install-") as scratch_name:
        scratch = Path(scratch_name)
        if approval is not None:
            candidate = snapshot(candidate, approval[0], approval[1], scratch)
        links: list[str] = []
        version = candidate.version
        if candidate.kind in ("repo", "path") and candidate.location is not None:
            wheels = scratch / "wheels"
            wheels.mkdir()
            if candidate.location.suffix == ".whl":
                wheel = wheels / candidate.location.name
                shutil.copyfile(candidate.location, wheel)
            else:
                wheel = _build_wheel(candidate.location, wheels, scratch, target, pip_args)
            parsed = wheel_name_version(wheel)
            version = parsed[1] if parsed else version
            links = [str(wheels)]
        elif candidate.kind == "wheelhouse" and candidate.location is not None:
            links = [str(candidate.location)]
        requirement = f"{candidate.distribution}=={version}" if version else candidate.distribution
        local = ["--no-index"] if links else []
        if candidate.kind == "pypi" and sources.index_url is not None:
            local = ["--index-url", sources.index_url]
        # The person's own wheelhouses can carry the extension's dependencies, offline; a project's never do.
        for place in sources.wheelhouses:
            if place.trusted and place.path.is_dir() and str(place.path) not in links:
                links.append(str(place.path))
        finds = [arg for link in links for arg in ("--find-links", link)]
        result = pip.run_pip(["install", *local, *finds, *extra, *pip_args, requirement])
    if not result.ok:
        raise pip.pip_failed(result, f"pip install {requirement}",
                             next_actions=[f"unitycli extensions install {shlex.quote(target)}",
                                           "unitycli extensions doctor"] if links else None)
    return result


def _verify_loads(name: str, pip_command: list[str]) -> tuple[list[str], str]:
    """The entry point ids of the freshly installed distribution and its integrity, or why it is unusable —
    answered by a child interpreter (`load_check`): nothing installed is imported into this process."""
    from unitycli.host.load_check import check_in_child

    ids = [e.id for e in installed_extensions() if same_name(e.distribution, name)]
    if not ids:
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED",
                            f"{name} installed, but it has no `unitycli.extensions` entry point",
                            details={"distribution": name, "command": pip_command},
                            next_actions=[f"python -m pip uninstall -y {name}"])
    report = check_in_child(name)
    failures = report.get("failures") or []
    if "error" in report or failures:
        problem = report.get("error") or failures[0].get("error")
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED", f"{name} installed, but it does not load: {problem}",
                            details={"distribution": name, "failures": failures},
                            next_actions=[f"python -m pip uninstall -y {name}", "unitycli extensions doctor"])
    results = report.get("integrity") or []
    bad = next((r for r in results if r.get("status") not in ("verified", "editable", "builtin")), None)
    if bad is not None:
        raise UnityCliError(bad.get("code") or "E_EXTENSION_INTEGRITY_MISMATCH", bad.get("message", ""),
                            details=bad.get("details") or {}, next_actions=bad.get("nextActions") or [])
    return ids, (results[0]["status"] if results else "unverifiable")


def _gate(ext_id: str, candidate: Candidate, catalog: Catalog, project: Project | None,
          named_by_person: bool) -> tuple[SourceOffer, Project] | None:
    """The approval an install of `candidate` runs under, None when it needs none; E_EXTENSION_SOURCE_UNAPPROVED
    (nothing built) when it needs one that was not given."""
    reasons = approval_reasons(ext_id, candidate, catalog, named_by_person)
    if not reasons:
        return None
    if project is None:  # only a project's config can name an untrusted place
        raise UnityCliError("E_EXTENSION_SOURCE_UNAPPROVED", f"{candidate.distribution} needs an approval "
                            "and no project is selected", details={"reasons": reasons},
                            next_actions=["unitycli extensions install <id> --project <path>"])
    offer = offer_for(ext_id, candidate, reasons)
    if not offer.matches(approvals_for(project).get(ext_id) or {}):
        raise unapproved_error(project, [offer])
    return offer, project


def lock_digest(dist: Distribution) -> str | None:
    """The digest a lock pins: the RECORD's, except for an editable install (its RECORD names this machine)."""
    from unitycli.host.record import is_editable

    return None if is_editable(dist) else distribution_digest(dist)


def install(target: str, project: Project | None, pip_args: tuple[str, ...] = (),
            source: str | None = None, find_links: tuple[str, ...] = (), index_url: str | None = None) -> InstallResult:
    """Install by catalog id (or an id with a folder in the repo's extensions/) or from a folder or wheel; by id
    also from `--find-links` wheelhouses or an `--index-url` index the person names, resolved by pip."""
    sources = Sources.for_project(project).with_command_line(find_links, index_url)
    catalog = load_catalog()
    path = _target_path(target)
    if path is not None:
        candidate = _path_candidate(path, sources)
    else:
        manifest = catalog.get(target)
        name = manifest.distribution if manifest is not None else f"unitycli-{target}"
        if manifest is None and not in_any_repo(sources, name) and not wheel_in(sources.wheelhouses, name, None):
            raise UnityCliError("E_EXTENSION_NOT_FOUND", f"no extension {target!r} in the catalog or any source",
                                details={"id": target, "catalog": sorted(catalog.manifests),
                                         "sources": sources.describe()},
                                next_actions=["unitycli extensions list"])
        if source is not None:
            sources = sources.only(source)
        candidate, searched = locate(target, name, None, sources, catalog)
        if candidate is None:
            raise not_found(target, name, None, searched, bool(manifest.version) if manifest else None, project)
    approval = _gate(target, candidate, catalog, project, named_by_person=True)
    result = _pip_install(candidate, sources, [], pip_args, target, approval)
    dist = _installed(candidate.distribution)
    if dist is None:
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED",
                            f"pip reported success but {candidate.distribution} is not installed",
                            details={"command": result.command, "pipOutput": result.tail()})
    ids, integrity = _verify_loads(candidate.distribution, result.command)
    outcome = InstallResult(ids=ids, distribution=dist.metadata["Name"], version=dist.version,
                            source=candidate.source, pip_command=result.command, integrity=integrity)
    if project is not None:
        entries = read_lock(project.root)
        updated = dict(entries)
        for ext_id in ids:
            updated[ext_id] = LockEntry(distribution=outcome.distribution, version=dist.version,
                                        digest=lock_digest(dist), source=candidate.source)
        outcome.lock_file = str(project.root / LOCK)
        if updated != entries:
            write_lock(project.root, updated)
            outcome.lock_changed = True
    return outcome


def remove(ext_id: str, project: Project | None, uninstall: bool, pip_args: tuple[str, ...] = ()) -> RemoveResult:
    entries = read_lock(project.root) if project is not None else {}
    installed = next((e for e in installed_extensions() if e.id == ext_id), None)
    catalog = load_catalog().get(ext_id)
    name = (entries[ext_id].distribution if ext_id in entries else None) or (
        installed.distribution if installed else None) or (catalog.distribution if catalog else None)
    if ext_id not in entries and not (uninstall and installed):
        raise UnityCliError("E_EXTENSION_NOT_FOUND",
                            f"extension {ext_id!r} is not in " + (f"{LOCK}" if project else "a project lock")
                            + (" and not installed" if uninstall else ""),
                            details={"id": ext_id, "lock": sorted(entries)},
                            next_actions=["unitycli extensions list"])
    outcome = RemoveResult(id=ext_id, distribution=name, removed_from_lock=False, uninstalled=False)
    if uninstall and installed:
        result = pip.run_pip(["uninstall", "-y", *pip_args, installed.distribution])
        if not result.ok:
            raise pip.pip_failed(result, f"pip uninstall {installed.distribution}")
        outcome.uninstalled, outcome.pip_command = True, result.command
    if project is not None and ext_id in entries:
        remaining = {k: v for k, v in entries.items() if k != ext_id}
        write_lock(project.root, remaining)
        outcome.lock_file, outcome.removed_from_lock = str(project.root / LOCK), True
    return outcome


def _drift(entry: LockEntry, dist: Distribution | None) -> list[str]:
    if dist is None:
        return ["not installed"]
    drift = []
    if entry.version and dist.version != entry.version:
        drift.append(f"installed {dist.version}, lock says {entry.version}")
    if entry.digest and entry.version == dist.version and distribution_digest(dist) != entry.digest:
        drift.append("installed files differ from the locked install (RECORD digest)")
    return drift


def _lock_candidate(ext_id: str, entry: LockEntry, wanted: str | None, sources: Sources, catalog: Catalog,
                    project: Project) -> Candidate:
    """Where a lock entry's exact version comes from: its recorded source first, then any other source."""
    source = entry.source or ""
    legacy = source[len("file://"):] if source.startswith("file://") else source
    if legacy.startswith("/") and Path(legacy).exists():  # a lock written before sources were portable
        candidate = _path_candidate(Path(legacy), sources, PROJECT_LOCK)
        if wanted is None or candidate.version in (None, wanted):
            return candidate
    prefer = source if source in (INDEX_SOURCE, LEGACY_INDEX_SOURCE) or source.startswith(REPO_PREFIX) else None
    if source.startswith(REPO_PREFIX) and is_portable_source(source):
        for place in sources.extension_dirs:
            folder = place.path / source[len(REPO_PREFIX):]
            meta = pyproject_name_version(folder)
            if meta is not None and same_name(meta[0], entry.distribution) \
                    and (wanted is None or meta[1] in (None, wanted)):
                return Candidate("repo", entry.distribution, meta[1] or wanted, folder, source, place.chosen_by)
    candidate, searched = locate(ext_id, entry.distribution, wanted, sources, catalog, prefer=prefer)
    if candidate is None:
        manifest = catalog.get(ext_id)
        raise not_found(ext_id, entry.distribution, wanted, searched,
                        bool(manifest.version) if manifest else None, project)
    return candidate


def _plan(project: Project, entries: dict[str, LockEntry], catalog: Catalog, sources: Sources,
          dry_run: bool) -> tuple[list[SyncItem], dict[str, tuple[Candidate, SourceOffer | None]]]:
    """Every lock entry's drift and, for those to install, where from and whether a person must approve it —
    found before anything is built, so an unapproved one stops the sync before any install."""
    items: list[SyncItem] = []
    plans: dict[str, tuple[Candidate, SourceOffer | None]] = {}
    approvals = approvals_for(project)
    for ext_id, entry in sorted(entries.items()):
        dist = _installed(entry.distribution)
        drift = _drift(entry, dist)
        item = SyncItem(id=ext_id, distribution=entry.distribution, wanted=entry.version,
                        installed=dist.version if dist else None, drift=drift, action="none", source=entry.source)
        items.append(item)
        if not drift and dist is not None:
            continue
        manifest = catalog.get(ext_id)
        wanted = entry.version or (manifest.version if manifest else None)
        try:
            candidate = _lock_candidate(ext_id, entry, wanted, sources, catalog, project)
        except UnityCliError:
            if not dry_run:
                raise
            item.action = "planned"
            continue
        reasons = approval_reasons(ext_id, candidate, catalog, named_by_person=False)
        offer = offer_for(ext_id, candidate, reasons) if reasons else None
        item.location = str(candidate.location) if candidate.location else "pypi"
        item.chosen_by = candidate.chosen_by
        item.approval = "not-needed" if offer is None else \
            "approved" if offer.matches(approvals.get(ext_id) or {}) else "needed"
        if dry_run:
            item.action = "planned"
        plans[ext_id] = (candidate, offer)
    return items, plans


def plan_offers(project: Project, ids: list[str] | None) -> tuple[list[SourceOffer], list[str]]:
    """For `extensions approve`: what installing these ids (all lock entries when `ids` is None) needs approved —
    the offers to show and record — and the ids that need none. A lock entry is planned as `sync` would install
    it, any other id as `install <id>` would."""
    entries = read_lock(project.root)
    catalog, sources = load_catalog(), Sources.for_project(project)
    offers, not_needed = [], []
    for ext_id in ids if ids is not None else sorted(entries):
        entry = entries.get(ext_id)
        manifest = catalog.get(ext_id)
        if entry is not None:
            wanted = entry.version or (manifest.version if manifest else None)
            candidate = _lock_candidate(ext_id, entry, wanted, sources, catalog, project)
        else:
            name = manifest.distribution if manifest is not None else f"unitycli-{ext_id}"
            found, searched = locate(ext_id, name, None, sources, catalog)
            if found is None:
                raise not_found(ext_id, name, None, searched, bool(manifest.version) if manifest else None, project)
            candidate = found
        reasons = approval_reasons(ext_id, candidate, catalog, named_by_person=entry is None)
        if reasons:
            offers.append(offer_for(ext_id, candidate, reasons))
        else:
            not_needed.append(ext_id)
    return offers, not_needed


def sync(project: Project, dry_run: bool, pip_args: tuple[str, ...] = (), find_links: tuple[str, ...] = (),
         index_url: str | None = None) -> SyncResult:
    """Install exactly what the lock says, from the configured sources; entries `init` recorded without a version
    get the version their source has (the catalog's for the index). Anything the project chose that a person has
    not approved stops the sync before anything is built or installed."""
    entries = read_lock(project.root)
    catalog = load_catalog()
    sources = Sources.for_project(project).with_command_line(find_links, index_url)
    items, plans = _plan(project, entries, catalog, sources, dry_run)
    if dry_run:
        return SyncResult(project=str(project.root), lock_file=str(project.root / LOCK), dry_run=True, items=items)
    unapproved = [offer for _candidate, offer in plans.values()
                  if offer is not None and not offer.matches(approvals_for(project).get(offer.id) or {})]
    if unapproved:
        raise unapproved_error(project, unapproved)
    updated = dict(entries)
    ignore_installed = any(a in ("--ignore-installed", "-I") for a in pip_args)
    for item in items:
        if item.id not in plans:
            continue
        entry, (candidate, offer) = entries[item.id], plans[item.id]
        dist = _installed(entry.distribution)
        same_version = dist is not None and entry.version == dist.version
        extra = ["--force-reinstall", "--no-deps"] if same_version and not ignore_installed else []
        result = _pip_install(candidate, sources, extra, pip_args, item.id,
                              (offer, project) if offer is not None else None)
        _verify_loads(entry.distribution, result.command)
        fresh = _installed(entry.distribution)
        item.action = "reinstalled" if dist is not None else "installed"
        item.installed = fresh.version if fresh else None
        if fresh is not None and entry.digest:
            item.digest_matches = lock_digest(fresh) == entry.digest
        if fresh is not None and (entry.version is None or entry.digest is None):
            digest = lock_digest(fresh)
            if entry.version is None or digest is not None:
                updated[item.id] = LockEntry(distribution=entry.distribution, version=fresh.version,
                                             digest=digest, source=_portable(entry.source, candidate))
    changed = updated != entries
    if changed:
        write_lock(project.root, updated)
    return SyncResult(project=str(project.root), lock_file=str(project.root / LOCK), dry_run=False, items=items,
                      lock_changed=changed)


def _portable(recorded: str | None, candidate: Candidate) -> str:
    """The lock keeps a portable source it already has; a legacy path or URL becomes the candidate's."""
    if recorded in (INDEX_SOURCE, WHEELHOUSE_SOURCE, LOCAL_SOURCE) or (recorded or "").startswith(REPO_PREFIX):
        return recorded  # type: ignore[return-value]
    return candidate.source


def installed_source(dist: Distribution, sources: Sources | None = None) -> str:
    """The portable lock source of an already installed distribution (PEP 610 `direct_url.json`)."""
    from unitycli.host.record import direct_url

    info = direct_url(dist)
    url = info.get("url")
    if not isinstance(url, str) or not url:
        return INDEX_SOURCE
    if "archive_info" in info:
        return WHEELHOUSE_SOURCE if url.endswith(".whl") else LOCAL_SOURCE
    if url.startswith("file://"):
        from urllib.parse import unquote, urlparse

        folder = Path(unquote(urlparse(url).path))
        checkout = checkout_extensions_dir()
        places = sources.extension_dirs if sources is not None else [Place(checkout, CHECKOUT)] if checkout else []
        if any(folder.parent == place.path.resolve() for place in places):
            return REPO_PREFIX + folder.name
        if folder.parent.name == "extensions" and \
                (pyproject_name_version(folder.parent.parent) or ("", None))[0] == "unitycli":
            return REPO_PREFIX + folder.name  # a unitycli checkout's extensions/ this code does not run from
    return LOCAL_SOURCE
