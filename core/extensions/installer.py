"""`extensions install | remove | sync`: pip in a subprocess, a load check, then the project's lock.

The lock is written only after pip succeeded and the installed extension loaded, so a failed install (network,
build error, broken import) leaves `.unitycli/extensions.toml` exactly as it was.
"""

from __future__ import annotations

import importlib
import os
import tomllib
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError
from unitycli.extensions import pip
from unitycli.extensions.catalog import load_catalog
from unitycli.extensions.installed import distribution_digest, installed_extensions, same_name
from unitycli.extensions.lock import LOCK, LockEntry, read_lock, write_lock
from unitycli.project.root import Project


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class InstallResult(_Model):
    ids: list[str]
    distribution: str
    version: str
    source: str
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


class SyncResult(_Model):
    project: str
    lock_file: str
    dry_run: bool
    items: list[SyncItem]
    lock_changed: bool = False


def _looks_like_path(target: str) -> bool:
    return os.sep in target or "/" in target or target.endswith(".whl") or target.startswith(".") \
        or Path(target).exists()


def _distribution_name_at(path: Path) -> str:
    """The distribution a local path or wheel will install, read without building it."""
    if path.suffix == ".whl":
        return path.name.split("-", 1)[0].replace("_", "-")
    pyproject = path / "pyproject.toml"
    try:
        name = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["name"]
    except (OSError, KeyError, tomllib.TOMLDecodeError) as exc:
        raise UnityCliError("E_EXTENSION_NOT_FOUND", f"{path} is not an installable extension: {exc!r}",
                            details={"path": str(path)},
                            next_actions=["unitycli extensions install <id>|<path-to-extension>"]) from None
    return str(name)


def _installed(name: str) -> Distribution | None:
    importlib.invalidate_caches()
    try:
        return distribution(name)
    except PackageNotFoundError:
        return None


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


def install(target: str, project: Project | None, pip_args: tuple[str, ...] = ()) -> InstallResult:
    if _looks_like_path(target):
        path = Path(target).expanduser().resolve()
        if not path.exists():
            raise UnityCliError("E_EXTENSION_NOT_FOUND", f"no extension folder or wheel at {path}",
                                details={"path": str(path)}, next_actions=["unitycli extensions list"])
        name, requirement, source = _distribution_name_at(path), str(path), str(path)
    else:
        manifest = load_catalog().get(target)
        if manifest is None:
            raise UnityCliError("E_EXTENSION_NOT_FOUND", f"no extension {target!r} in the catalog",
                                details={"id": target, "catalog": sorted(load_catalog().manifests)},
                                next_actions=["unitycli extensions list"])
        if not manifest.version:
            # Without a released version there is nothing to pin, and an unpinned name on a public index is
            # exactly what a typosquatter would register: refuse rather than guess.
            raise UnityCliError(
                "E_EXTENSION_NOT_FOUND",
                f"extension {target!r} ({manifest.distribution}) has no released version yet; install it from a "
                "source folder or wheel instead",
                details={"id": target, "distribution": manifest.distribution, "published": False},
                next_actions=[f"unitycli extensions install ./extensions/{target}",
                              "unitycli extensions list"])
        name = manifest.distribution
        requirement = f"{name}=={manifest.version}"
        source = "index"
    result = pip.run_pip(["install", *pip_args, requirement])
    if not result.ok:
        raise pip.pip_failed(result, f"pip install {requirement}")
    dist = _installed(name)
    if dist is None:
        raise UnityCliError("E_EXTENSION_INSTALL_FAILED", f"pip reported success but {name} is not installed",
                            details={"command": result.command, "pipOutput": result.tail()})
    ids, integrity = _verify_loads(name, result.command)
    outcome = InstallResult(ids=ids, distribution=dist.metadata["Name"], version=dist.version, source=source,
                            pip_command=result.command, integrity=integrity)
    if project is not None:
        entries = read_lock(project.root)
        updated = dict(entries)
        for ext_id in ids:
            updated[ext_id] = LockEntry(distribution=outcome.distribution, version=dist.version,
                                        digest=distribution_digest(dist), source=source)
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


def sync(project: Project, dry_run: bool, pip_args: tuple[str, ...] = ()) -> SyncResult:
    """Install exactly what the lock says; entries `init` recorded without a version get the catalog's."""
    entries = read_lock(project.root)
    catalog = load_catalog()
    items: list[SyncItem] = []
    updated = dict(entries)
    for ext_id, entry in sorted(entries.items()):
        dist = _installed(entry.distribution)
        drift = _drift(entry, dist)
        wanted = entry.version or (catalog.get(ext_id).version if catalog.get(ext_id) else None)
        item = SyncItem(id=ext_id, distribution=entry.distribution, wanted=entry.version,
                        installed=dist.version if dist else None, drift=drift, action="none")
        items.append(item)
        if not drift and (dist is not None):
            continue
        if dry_run:
            item.action = "planned"
            continue
        if entry.source and entry.source != "index":
            requirement = entry.source
        else:
            requirement = f"{entry.distribution}=={wanted}" if wanted else entry.distribution
        extra = ["--force-reinstall", "--no-deps"] if dist is not None and entry.version == dist.version else []
        result = pip.run_pip(["install", *extra, *pip_args, requirement])
        if not result.ok:
            raise pip.pip_failed(result, f"pip install {requirement}")
        _verify_loads(entry.distribution, result.command)
        fresh = _installed(entry.distribution)
        item.action = "reinstalled" if dist is not None else "installed"
        item.installed = fresh.version if fresh else None
        if fresh is not None and (entry.version is None or entry.digest is None):
            updated[ext_id] = LockEntry(distribution=entry.distribution, version=fresh.version,
                                        digest=distribution_digest(fresh), source=entry.source or "index")
    changed = updated != entries and not dry_run
    if changed:
        write_lock(project.root, updated)
    return SyncResult(project=str(project.root), lock_file=str(project.root / LOCK), dry_run=dry_run, items=items,
                      lock_changed=changed)

