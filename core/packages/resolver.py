"""What Unity packages a project really has, read offline from its own files (DESIGN §5.4).

Sources, most trusted first: `Packages/packages-lock.json` (what Unity last resolved, including transitive
packages), the package.json of embedded, `file:` and cached git packages, and `Packages/manifest.json` (what is
requested). Without a usable lock (`"enableLockFile": false`, or no file) the answer is `manifest-only`: direct
dependencies only, and a package that is not listed may still arrive transitively.

A lock file that exists but does not parse or has the wrong shape is an error (`E_PROJECT_FILE_UNREADABLE`), not
a silent fall-back to the manifest. Falling back would report versions Unity did not resolve (transitive packages
vanish, a direct one may differ) while looking authoritative; the product fails closed and says what to do
(restore the file from git, or let the Editor rewrite it).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.packages.lockfile import KNOWN_SOURCES, LockEntry, lock_entries
from unitycli.packages.models import PackageSource, ResolvedPackage, ResolvedPackages
from unitycli.packages.package_json import PackageJson, read_package_json
from unitycli.packages.semver import is_semver
from unitycli.unityfiles.jsonfiles import load_json_file
from unitycli.unityfiles.project_version import read_project_version

MANIFEST = "Packages/manifest.json"
LOCK = "Packages/packages-lock.json"
_GIT_PREFIXES = ("git@", "git+", "git://", "ssh://")
_REOPEN = "open the project in the Unity Editor once so it resolves packages and rewrites packages-lock.json"


def is_git_url(value: str) -> bool:
    """Whether a manifest value names a git package (`...repo.git#rev`, `git@host:...`, `git+https://...`)."""
    if value.startswith(_GIT_PREFIXES):
        return True
    return "://" in value and ".git" in value.split("#", 1)[0]


def _manifest_dependencies(data: Any) -> dict[str, str]:
    deps = data.get("dependencies", {}) if isinstance(data, dict) else None
    if not isinstance(deps, dict) or not all(isinstance(v, str) for v in deps.values()):
        raise UnityCliError(
            "E_PROJECT_FILE_UNREADABLE",
            f"{MANIFEST} must be an object whose `dependencies` map package names to version strings",
            details={"file": MANIFEST, "problem": "unexpected shape"},
        )
    return dict(deps)


def _is_unity6_or_later(root: Path) -> bool:
    """Unity 6 (6000.x) changed the PackageCache folder naming; an unreadable ProjectVersion.txt counts as older."""
    try:
        version = read_project_version(root)
    except UnityCliError:
        return False
    return version.major >= 6000


class _Resolver:
    """One resolution run over one project; collects warnings as it goes."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.packages_dir = root / "Packages"
        self.warnings: list[str] = []
        self.unity6 = _is_unity6_or_later(root)

    # --- helpers -------------------------------------------------------------------------------------------
    def _rel(self, path: Path) -> str:
        return Path(os.path.relpath(path, self.root)).as_posix()

    def _file_target(self, value: str) -> Path:
        """A `file:` value points at a folder or tarball, relative to the Packages folder unless absolute."""
        spec = value[len("file:") :]
        path = Path(spec)
        return path if path.is_absolute() else self.packages_dir / path

    def _checked(self, name: str, pj: PackageJson) -> tuple[str | None, str | None]:
        """(version, reason) from a package.json: version only when the file names this package with semver."""
        if pj.reason:
            return None, pj.reason
        if pj.name != name:
            return None, f"its package.json names {pj.name!r}, not {name!r}"
        if not is_semver(pj.version or ""):
            return None, f"its package.json version {pj.version!r} is not semver"
        return pj.version, None

    def _on_disk(self, name: str, target: Path, **fields: Any) -> ResolvedPackage:
        pj = read_package_json(target, self._rel(target))
        version, reason = self._checked(name, pj)
        return ResolvedPackage(
            name=name,
            version=version,
            path=self._rel(target),
            dependencies=fields.pop("dependencies", None) or pj.dependencies,
            verifiable=version is not None,
            reason=reason,
            **fields,
        )

    def _git(self, name: str, hash_: str | None, **fields: Any) -> ResolvedPackage:
        """A git package's version is in its cache folder, `Library/PackageCache/<name>@<first 10 hex of hash>`.

        That naming is Unity 2019.3-2022.3's (2019.2 used the full hash). Unity 6 names cache folders by a
        fingerprint that is not the commit, so there the folder cannot be tied to the locked commit and the
        version stays unverifiable rather than guessed from whichever folder happens to be there.
        """
        cache = self.root / "Library" / "PackageCache"
        if hash_:
            for folder in (f"{name}@{hash_[:10]}", f"{name}@{hash_}"):
                if (cache / folder / "package.json").is_file():
                    return self._on_disk(name, cache / folder, source="git", hash=hash_, **fields)
            others = sorted(p.name for p in cache.glob(f"{name}@*")) + (
                [name] if (cache / name).is_dir() else []
            )
            if self.unity6:
                reason = (
                    f"Unity 6 names Library/PackageCache folders by a fingerprint, not by the git commit, so "
                    f"no cached package.json can be tied to the locked commit {hash_[:10]}"
                )
            elif others:
                reason = (
                    f"Library/PackageCache has {', '.join(others)} but no folder named for the locked commit "
                    f"{hash_[:10]}, so the cached version cannot be tied to the lock"
                )
            else:
                reason = (
                    f"git package at commit {hash_[:10]}: Library/PackageCache/{name}@{hash_[:10]}/package.json "
                    "not found (the Unity Editor fills the cache when it opens the project)"
                )
        else:
            reason = "git package without a packages-lock.json entry: the commit it resolves to is unknown"
        return ResolvedPackage(name=name, source="git", hash=hash_, verifiable=False, reason=reason, **fields)

    # --- from the lock -------------------------------------------------------------------------------------
    def from_lock(self, entry: LockEntry, requested: str | None) -> ResolvedPackage:
        common: dict[str, Any] = {
            "requested": requested,
            "depth": entry.depth,
            "direct": requested is not None,
            "dependencies": entry.dependencies,
        }
        if entry.source in ("registry", "builtin"):
            ok = is_semver(entry.version)
            package = ResolvedPackage(
                name=entry.name,
                version=entry.version if ok else None,
                source=entry.source,
                url=entry.url,
                verifiable=ok,
                reason=None if ok else f"lock version {entry.version!r} is not semver",
                **common,
            )
        elif entry.source == "git":
            package = self._git(entry.name, entry.hash, url=entry.version, **common)
        elif entry.source in ("local", "embedded") and entry.version.startswith("file:"):
            package = self._on_disk(
                entry.name, self._file_target(entry.version), source=entry.source, **common
            )
        else:
            known = entry.source in KNOWN_SOURCES
            package = ResolvedPackage(
                name=entry.name,
                source=entry.source if known else "unknown",
                verifiable=False,
                reason=f"lock entry with source {entry.source!r} and version {entry.version!r} is not understood",
                **common,
            )
        stale = self._stale(entry, requested)
        if stale:
            self.warnings.append(stale)
            package = package.model_copy(update={"verifiable": False, "reason": stale})
        return package

    @staticmethod
    def _stale(entry: LockEntry, requested: str | None) -> str | None:
        """Unity always uses the manifest's value for a direct dependency; a lock that disagrees is out of date.

        Embedded packages win over the manifest, so they are never stale by this rule.
        """
        if requested is None or entry.source == "embedded" or requested == entry.version:
            return None
        return (
            f"{entry.name}: {MANIFEST} requests {requested!r} but {LOCK} has {entry.version!r}; "
            f"the lock is older than the manifest"
        )

    # --- from the manifest alone ---------------------------------------------------------------------------
    def from_manifest(self, name: str, requested: str) -> ResolvedPackage:
        common: dict[str, Any] = {"requested": requested, "direct": True}
        if requested.startswith("file:"):
            return self._on_disk(name, self._file_target(requested), source="local", **common)
        if is_git_url(requested):
            return self._git(name, None, url=requested, **common)
        if is_semver(requested):
            # Unity resolves a direct dependency to exactly the manifest's version.
            source: PackageSource = "builtin" if name.startswith("com.unity.modules.") else "unknown"
            return ResolvedPackage(name=name, version=requested, source=source, **common)
        return ResolvedPackage(
            name=name,
            source="unknown",
            verifiable=False,
            reason=f"manifest value {requested!r} is not a version, git URL or file: path",
            **common,
        )

    # --- embedded ------------------------------------------------------------------------------------------
    def embedded(self) -> dict[str, ResolvedPackage]:
        """Folders in Packages/ with a package.json. Folders without one (NuGet's `System.Buffers.4.4.0/` in
        minigolf) are not Unity packages and are skipped."""
        found: dict[str, ResolvedPackage] = {}
        if not self.packages_dir.is_dir():
            return found
        for folder in sorted(p for p in self.packages_dir.iterdir() if p.is_dir()):
            if not (folder / "package.json").is_file():
                continue
            pj = read_package_json(folder, self._rel(folder))
            name = pj.name or folder.name
            found[name] = self._on_disk(name, folder, source="embedded", direct=False)
        return found

    # --- the whole project ---------------------------------------------------------------------------------
    def run(self) -> ResolvedPackages:
        manifest = load_json_file(self.root / MANIFEST, MANIFEST).data
        requested = _manifest_dependencies(manifest)
        enable_lock = manifest.get("enableLockFile", True)
        lock_enabled = enable_lock is not False
        lock_path = self.root / LOCK
        lock_present = lock_path.is_file()
        embedded = self.embedded()
        packages: dict[str, ResolvedPackage] = {}

        if lock_enabled and lock_present:
            entries = lock_entries(load_json_file(lock_path, LOCK).data, LOCK)
            for name, entry in entries.items():
                packages[name] = self.from_lock(entry, requested.get(name))
            for name, value in requested.items():
                if name not in packages:
                    message = (
                        f"{name}: listed in {MANIFEST} but not in {LOCK}; the lock is older than the manifest"
                    )
                    self.warnings.append(message)
                    packages[name] = self.from_manifest(name, value).model_copy(
                        update={"verifiable": False, "reason": message}
                    )
            for name, package in embedded.items():
                if name not in packages:
                    self.warnings.append(f"{name}: embedded in {package.path} but not in {LOCK}")
                    packages[name] = package.model_copy(
                        update={"verifiable": False, "reason": f"embedded package missing from {LOCK}"}
                    )
            certainty = "lock"
        else:
            if lock_present:
                self.warnings.append(f"{MANIFEST} sets enableLockFile: false, so {LOCK} is ignored")
            reason = "enableLockFile is false" if not lock_enabled else f"there is no {LOCK}"
            self.warnings.append(
                f"{reason}: versions come from {MANIFEST} and package.json files of embedded "
                "and local packages; transitive dependencies are unknown"
            )
            for name, value in requested.items():
                packages[name] = self.from_manifest(name, value)
            for name, package in embedded.items():
                if name in packages and packages[name].source == "local":
                    continue
                # An embedded package wins over the manifest's entry of the same name.
                packages[name] = package.model_copy(
                    update={"requested": requested.get(name), "direct": name in requested}
                )
            certainty = "manifest-only"

        return ResolvedPackages(
            lock_present=lock_present,
            lock_enabled=lock_enabled,
            certainty=certainty,
            packages=packages,
            warnings=self.warnings,
        )


def resolve_packages(project_root: Path) -> ResolvedPackages:
    """Resolve a project's Unity packages offline. Raises `E_PROJECT_FILE_UNREADABLE` for a missing or broken
    manifest.json and for a broken packages-lock.json, and `E_ASSET_LFS_POINTER` when either is an LFS pointer."""
    return _Resolver(Path(project_root)).run()
