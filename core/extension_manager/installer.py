"""`extensions install | remove | sync`: pip in a subprocess, a load check, then the project's lock.

The lock is written only after pip succeeded and the installed extension loaded, so a failed install (network,
build error, broken import) leaves `.unitycli/extensions.toml` exactly as it was.

Where an extension comes from (`unitycli.extension_manager.sources`-style resolution lives here):

- `repo`: a source folder `<extensions>/<id>/pyproject.toml` — the `extensions/` folder of the unitycli checkout
  this code runs from, or `[sources] extensions` in `.unitycli/config.toml`. Lock source `repo:extensions/<id>`.
- `wheelhouse`: a folder of built wheels, `[sources] wheelhouse` in `.unitycli/config.toml`. Lock source
  `wheelhouse`.
- `pypi`: pip's index, only for extensions the catalog says are published (a pinned `version`). Lock source `pypi`.

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
import tomllib
from dataclasses import dataclass, field
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError
from unitycli.extension_manager import pip
from unitycli.extension_manager.catalog import Catalog, load_catalog
from unitycli.extension_manager.installed import distribution_digest, installed_extensions, same_name
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
from unitycli.project.root import Project

SourceKind = Literal["repo", "wheelhouse", "pypi", "path"]
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
    digest_matches: bool | None = Field(None, description="After an install: whether the installed RECORD digest "
                                                          "is the one the lock pins (None when it pins none)")


class SyncResult(_Model):
    project: str
    lock_file: str
    dry_run: bool
    items: list[SyncItem]
    lock_changed: bool = False


# --- sources ----------------------------------------------------------------------------------------------------

def _normalise(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def checkout_extensions_dir() -> Path | None:
    """The `extensions/` folder of the unitycli source checkout this code runs from (an editable install), if any."""
    import unitycli

    root = Path(unitycli.__file__).resolve().parent.parent
    try:
        name = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"]
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return None
    folder = root / "extensions"
    return folder if name == "unitycli" and folder.is_dir() else None


@dataclass
class Sources:
    """The places `install <id>` and `sync` may take an extension from, in the order they are tried."""

    wheelhouses: list[Path] = field(default_factory=list)
    extensions_dir: Path | None = None
    index: bool = True

    @classmethod
    def for_project(cls, project: Project | None) -> Sources:
        if project is None:
            return cls(extensions_dir=checkout_extensions_dir())
        from unitycli.extension_manager.config import read_project_config

        config = read_project_config(project.root).sources
        return cls(wheelhouses=config.wheelhouse_dirs(project.root),
                   extensions_dir=config.extensions_dir(project.root) or checkout_extensions_dir(),
                   index=config.index)

    def describe(self) -> dict[str, object]:
        return {"extensions": str(self.extensions_dir) if self.extensions_dir else None,
                "wheelhouse": [str(w) for w in self.wheelhouses], "index": self.index}


@dataclass
class Candidate:
    kind: SourceKind
    distribution: str
    version: str | None
    location: Path | None  # a source folder or a wheel (repo, path), a wheelhouse folder, None for the index
    source: str  # the portable lock value


def _pyproject(folder: Path) -> tuple[str, str | None] | None:
    try:
        project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))["project"]
        name = project["name"]
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError):
        return None
    version = project.get("version")
    return str(name), (str(version) if isinstance(version, str) else None)


def repo_folders(sources: Sources) -> dict[str, tuple[Path, str | None]]:
    """Normalised distribution name -> (source folder, static version) for every extension folder in the repo."""
    found: dict[str, tuple[Path, str | None]] = {}
    folder = sources.extensions_dir
    if folder is None or not folder.is_dir():
        return found
    for child in sorted(folder.iterdir()):
        meta = _pyproject(child) if child.is_dir() else None
        if meta is not None:
            found.setdefault(_normalise(meta[0]), (child, meta[1]))
    return found


def _wheel_name_version(path: Path) -> tuple[str, str] | None:
    parts = path.name[:-len(".whl")].split("-") if path.name.endswith(".whl") else []
    return (_normalise(parts[0]), parts[1]) if len(parts) >= 5 else None


def _wheel_in(folders: list[Path], name: str, version: str | None) -> tuple[Path, str] | None:
    """(wheelhouse folder, version) holding a wheel of `name` (that version, else the newest), or None."""
    from packaging.version import InvalidVersion, Version

    best: tuple[Version, Path, str] | None = None
    for folder in folders:
        if not folder.is_dir():
            continue
        for wheel in folder.glob("*.whl"):
            parsed = _wheel_name_version(wheel)
            if parsed is None or parsed[0] != _normalise(name):
                continue
            try:
                found = Version(parsed[1])
            except InvalidVersion:
                continue
            if version is not None:
                if found == Version(version):
                    return folder, parsed[1]
                continue
            if best is None or found > best[0]:
                best = (found, folder, parsed[1])
    return (best[1], best[2]) if best else None


def locate(ext_id: str, distribution_name: str, version: str | None, sources: Sources, catalog: Catalog,
           prefer: str | None = None) -> tuple[Candidate | None, list[str]]:
    """Where `distribution_name` (at `version`, when given) can be installed from, and what was searched.

    `prefer` is a lock source: its kind is tried first. The index is used only for a published catalog
    extension (or a lock that says `pypi` and pins a version)."""
    searched: list[str] = []
    manifest = catalog.get(ext_id)
    published = manifest.version if manifest is not None and same_name(manifest.distribution, distribution_name) \
        else None

    def from_repo() -> Candidate | None:
        folders = repo_folders(sources)
        hit = folders.get(_normalise(distribution_name))
        if sources.extensions_dir is None:
            searched.append("repo: no unitycli checkout and no [sources] extensions configured")
            return None
        if hit is None:
            searched.append(f"repo: {sources.extensions_dir} has no {distribution_name} folder")
            return None
        folder, found = hit
        if version is not None and found is not None and found != version:
            searched.append(f"repo: {folder} is {distribution_name} {found}, not {version}")
            return None
        return Candidate("repo", distribution_name, found or version, folder,
                         REPO_PREFIX + folder.relative_to(sources.extensions_dir).as_posix())

    def from_wheelhouse() -> Candidate | None:
        if not sources.wheelhouses:
            searched.append("wheelhouse: none configured ([sources] wheelhouse in .unitycli/config.toml)")
            return None
        hit = _wheel_in(sources.wheelhouses, distribution_name, version)
        if hit is None:
            searched.append("wheelhouse: no " + distribution_name.replace("-", "_") + (f"-{version}" if version else "")
                            + "-*.whl in " + ", ".join(map(str, sources.wheelhouses)))
            return None
        return Candidate("wheelhouse", distribution_name, hit[1], hit[0], WHEELHOUSE_SOURCE)

    def from_index() -> Candidate | None:
        pinned = published or (version if prefer in (INDEX_SOURCE, LEGACY_INDEX_SOURCE) else None)
        if not sources.index:
            searched.append("pypi: disabled ([sources] index = false)")
            return None
        if not pinned:
            searched.append(f"pypi: {distribution_name} is not published (the catalog pins no released version)")
            return None
        if version is not None and pinned != version:
            searched.append(f"pypi: the catalog pins {distribution_name} {pinned}, not {version}")
            return None
        return Candidate("pypi", distribution_name, pinned, None, INDEX_SOURCE)

    order = [from_wheelhouse, from_repo, from_index]
    if prefer and prefer.startswith(REPO_PREFIX):
        order = [from_repo, from_wheelhouse, from_index]
    elif prefer in (INDEX_SOURCE, LEGACY_INDEX_SOURCE):
        order = [from_index, from_wheelhouse, from_repo]
    for attempt in order:
        candidate = attempt()
        if candidate is not None:
            return candidate, searched
    return None, searched


def _not_found(ext_id: str, distribution_name: str, version: str | None, searched: list[str],
               published: bool | None, project: Project | None) -> UnityCliError:
    wheel = distribution_name.replace("-", "_") + (f"-{version}" if version else "") + "-*.whl"
    where = f" --project {shlex.quote(str(project.root))}" if project is not None else ""
    details: dict[str, object] = {"id": ext_id, "distribution": distribution_name}
    if version:
        details["version"] = version
    if published is not None:
        details["published"] = published
    details["searched"] = searched
    return UnityCliError(
        "E_EXTENSION_NOT_FOUND",
        f"no configured source has {distribution_name}" + (f" {version}" if version else "")
        + (" (it is in the catalog but not published)" if published is False else "") + ": " + "; ".join(searched),
        details=details,
        next_actions=[f"unitycli extensions install <folder-or-wheel-of-{distribution_name}>{where}",
                      f'add [sources] wheelhouse = "<folder holding {wheel}>" to .unitycli/config.toml',
                      "unitycli extensions list" + where])


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
    meta = _pyproject(path)
    if meta is None:
        raise UnityCliError("E_EXTENSION_NOT_FOUND", f"{path} is not an installable extension (no pyproject.toml "
                            "with [project] name)", details={"path": str(path)},
                            next_actions=["unitycli extensions install <id>|<path-to-extension>",
                                          "unitycli extensions list"])
    return meta[0]


def _path_candidate(path: Path, sources: Sources) -> Candidate:
    """A folder or wheel given on the command line, with the portable source the lock records for it."""
    name = _distribution_name_at(path)
    if path.suffix == ".whl":
        parsed = _wheel_name_version(path)
        return Candidate("path", name, parsed[1] if parsed else None, path, WHEELHOUSE_SOURCE)
    version = (_pyproject(path) or (name, None))[1]
    base = sources.extensions_dir
    if base is not None and path.parent == base.resolve():
        return Candidate("path", name, version, path, REPO_PREFIX + path.name)
    return Candidate("path", name, version, path, LOCAL_SOURCE)


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
        requires = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8")).get(
            "build-system", {}).get("requires", ["setuptools>=40.8.0"])
        for text in requires:
            requirement = Requirement(text)
            found = _installed(requirement.name)
            if found is None or not requirement.specifier.contains(found.version, prereleases=True):
                return False
    except (OSError, tomllib.TOMLDecodeError, InvalidRequirement, TypeError, AttributeError):
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
                 target: str) -> pip.PipResult:
    """Install `candidate` with pip; a folder or wheel by exact name==version from a private find-links folder."""
    with tempfile.TemporaryDirectory(prefix="unitycli-install-") as scratch_name:
        scratch = Path(scratch_name)
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
            parsed = _wheel_name_version(wheel)
            version = parsed[1] if parsed else version
            links = [str(wheels)]
        elif candidate.kind == "wheelhouse" and candidate.location is not None:
            links = [str(candidate.location)]
        requirement = f"{candidate.distribution}=={version}" if version else candidate.distribution
        local = ["--no-index"] if links else []
        # Other wheelhouses can carry the extension's own dependencies, offline.
        for folder in sources.wheelhouses:
            if folder.is_dir() and str(folder) not in links:
                links.append(str(folder))
        finds = [arg for link in links for arg in ("--find-links", link)]
        result = pip.run_pip(["install", *local, *finds, *extra, *pip_args, requirement])
    if not result.ok:
        raise pip.pip_failed(result, f"pip install {requirement}",
                             next_actions=[f"unitycli extensions install {shlex.quote(target)}",
                                           "unitycli extensions doctor"] if links else None)
    return result


def _verify_loads(name: str, pip_command: list[str]) -> tuple[list[str], str]:
    """The entry point ids of the freshly installed distribution and its integrity, or why it is unusable."""
    from unitycli.plugin_loader import load_plugins

    ids = [e.id for e in installed_extensions() if same_name(e.distribution, name)]
    if not ids:
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED",
                            f"{name} installed, but it has no `unitycli.extensions` entry point",
                            details={"distribution": name, "command": pip_command},
                            next_actions=[f"python -m pip uninstall -y {name}"])
    loaded = load_plugins()
    failures = [f for f in loaded.failures if same_name(f.distribution, name)]
    if failures:
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED",
                            f"{name} installed, but it does not load: {failures[0].error}",
                            details={"distribution": name, "failures": [f.to_dict() for f in failures]},
                            next_actions=[f"python -m pip uninstall -y {name}", "unitycli extensions doctor"])
    owner = next(o for o in loaded.owners.values() if o.extension_id in ids)
    from unitycli.integrity import integrity_of

    results = integrity_of(loaded.manager, owner)
    bad = next((r for r in results if not r.ok), None)
    if bad is not None:
        raise UnityCliError(bad.code or "E_EXTENSION_INTEGRITY_MISMATCH", bad.message, details=bad.details,
                            next_actions=bad.next_actions)
    return ids, (results[0].status if results else "unverifiable")


def lock_digest(dist: Distribution) -> str | None:
    """The digest a lock pins: the RECORD's, except for an editable install (its RECORD names this machine)."""
    from unitycli.extension_manager.record import is_editable

    return None if is_editable(dist) else distribution_digest(dist)


def install(target: str, project: Project | None, pip_args: tuple[str, ...] = (),
            source: str | None = None) -> InstallResult:
    """Install by catalog id (or an id with a folder in the repo's extensions/) or from a folder or wheel."""
    sources = Sources.for_project(project)
    catalog = load_catalog()
    path = _target_path(target)
    if path is not None:
        candidate = _path_candidate(path, sources)
    else:
        manifest = catalog.get(target)
        repo = repo_folders(sources)
        name = manifest.distribution if manifest is not None else f"unitycli-{target}"
        if manifest is None and _normalise(name) not in repo and not _wheel_in(sources.wheelhouses, name, None):
            raise UnityCliError("E_EXTENSION_NOT_FOUND", f"no extension {target!r} in the catalog or any source",
                                details={"id": target, "catalog": sorted(catalog.manifests),
                                         "sources": sources.describe()},
                                next_actions=["unitycli extensions list"])
        if source is not None:
            sources = _only(sources, source)
        candidate, searched = locate(target, name, None, sources, catalog)
        if candidate is None:
            raise _not_found(target, name, None, searched, bool(manifest.version) if manifest else None, project)
    result = _pip_install(candidate, sources, [], pip_args, target)
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


def _only(sources: Sources, kind: str) -> Sources:
    """`--source repo|wheelhouse|pypi`: just that one kind."""
    return Sources(wheelhouses=sources.wheelhouses if kind == "wheelhouse" else [],
                   extensions_dir=sources.extensions_dir if kind == "repo" else None,
                   index=sources.index and kind == "pypi")


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
        candidate = _path_candidate(Path(legacy), sources)
        if wanted is None or candidate.version in (None, wanted):
            return candidate
    prefer = source if source in (INDEX_SOURCE, LEGACY_INDEX_SOURCE) or source.startswith(REPO_PREFIX) else None
    if source.startswith(REPO_PREFIX) and is_portable_source(source) and sources.extensions_dir is not None:
        folder = sources.extensions_dir / source[len(REPO_PREFIX):]
        meta = _pyproject(folder)
        if meta is not None and same_name(meta[0], entry.distribution) and (wanted is None or meta[1] in (None, wanted)):
            return Candidate("repo", entry.distribution, meta[1] or wanted, folder, source)
    candidate, searched = locate(ext_id, entry.distribution, wanted, sources, catalog, prefer=prefer)
    if candidate is None:
        manifest = catalog.get(ext_id)
        raise _not_found(ext_id, entry.distribution, wanted, searched,
                         bool(manifest.version) if manifest else None, project)
    return candidate


def sync(project: Project, dry_run: bool, pip_args: tuple[str, ...] = ()) -> SyncResult:
    """Install exactly what the lock says, from the configured sources; entries `init` recorded without a version
    get the version their source has (the catalog's for the index)."""
    entries = read_lock(project.root)
    catalog = load_catalog()
    sources = Sources.for_project(project)
    items: list[SyncItem] = []
    updated = dict(entries)
    ignore_installed = any(a in ("--ignore-installed", "-I") for a in pip_args)
    for ext_id, entry in sorted(entries.items()):
        dist = _installed(entry.distribution)
        drift = _drift(entry, dist)
        manifest = catalog.get(ext_id)
        wanted = entry.version or (manifest.version if manifest else None)
        item = SyncItem(id=ext_id, distribution=entry.distribution, wanted=entry.version,
                        installed=dist.version if dist else None, drift=drift, action="none", source=entry.source)
        items.append(item)
        if not drift and (dist is not None):
            continue
        if dry_run:
            item.action = "planned"
            continue
        candidate = _lock_candidate(ext_id, entry, wanted, sources, catalog, project)
        same_version = dist is not None and entry.version == dist.version
        extra = ["--force-reinstall", "--no-deps"] if same_version and not ignore_installed else []
        result = _pip_install(candidate, sources, extra, pip_args, ext_id)
        _verify_loads(entry.distribution, result.command)
        fresh = _installed(entry.distribution)
        item.action = "reinstalled" if dist is not None else "installed"
        item.installed = fresh.version if fresh else None
        if fresh is not None and entry.digest:
            item.digest_matches = lock_digest(fresh) == entry.digest
        if fresh is not None and (entry.version is None or entry.digest is None):
            digest = lock_digest(fresh)
            if entry.version is None or digest is not None:
                updated[ext_id] = LockEntry(distribution=entry.distribution, version=fresh.version,
                                            digest=digest, source=_portable(entry.source, candidate))
    changed = updated != entries and not dry_run
    if changed:
        write_lock(project.root, updated)
    return SyncResult(project=str(project.root), lock_file=str(project.root / LOCK), dry_run=dry_run, items=items,
                      lock_changed=changed)


def _portable(recorded: str | None, candidate: Candidate) -> str:
    """The lock keeps a portable source it already has; a legacy path or URL becomes the candidate's."""
    if recorded in (INDEX_SOURCE, WHEELHOUSE_SOURCE, LOCAL_SOURCE) or (recorded or "").startswith(REPO_PREFIX):
        return recorded  # type: ignore[return-value]
    return candidate.source


def installed_source(dist: Distribution, sources: Sources | None = None) -> str:
    """The portable lock source of an already installed distribution (PEP 610 `direct_url.json`)."""
    from unitycli.extension_manager.record import direct_url

    info = direct_url(dist)
    url = info.get("url")
    if not isinstance(url, str) or not url:
        return INDEX_SOURCE
    if "archive_info" in info:
        return WHEELHOUSE_SOURCE if url.endswith(".whl") else LOCAL_SOURCE
    if url.startswith("file://"):
        from urllib.parse import unquote, urlparse

        folder = Path(unquote(urlparse(url).path))
        base = (sources or Sources(extensions_dir=checkout_extensions_dir())).extensions_dir
        if base is not None and folder.parent == base.resolve():
            return REPO_PREFIX + folder.name
        if folder.parent.name == "extensions" and (_pyproject(folder.parent.parent) or ("", None))[0] == "unitycli":
            return REPO_PREFIX + folder.name  # a unitycli checkout's extensions/ this code does not run from
    return LOCAL_SOURCE
