"""What Unity packages a project really has, read offline from its own files.

Direct dependencies in `Packages/manifest.json` decide their version: Unity always resolves a direct dependency to
the manifest's value, so after `package.add`/`package.remove` the answer changes at once, marked as not yet
resolved by Unity (`resolved_by_unity=False`, a `reason` and a warning). `Packages/packages-lock.json` fills in the
rest: transitive packages, git commits, builtin/embedded sources; a lock entry that nothing needs any more (removed
from the manifest, no other package depends on it) is dropped, as Unity will drop it. Without a usable lock
(`"enableLockFile": false`, or no file) the answer is `manifest-only`: direct dependencies, plus transitive ones
found in the package.json dependency lists that can be read offline (embedded, `file:`, cached packages); a
package that is not listed may still arrive through a package whose list is unknown.

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
from unitycli.packages.bundled import EDITOR_BUNDLED, known_edges
from unitycli.packages.lockfile import KNOWN_SOURCES, LockEntry, lock_entries
from unitycli.packages.models import PackageSource, ResolvedPackage, ResolvedPackages
from unitycli.packages.package_json import PackageJson, read_package_json
from unitycli.packages.semver import compare_versions, is_semver
from unitycli.unityfiles.jsonfiles import load_json_file
from unitycli.unityfiles.project_version import read_project_version

MANIFEST = "Packages/manifest.json"
LOCK = "Packages/packages-lock.json"
_GIT_PREFIXES = ("git@", "git+", "git://", "ssh://")
_REOPEN = "open the project in the Unity Editor once so it resolves packages and rewrites packages-lock.json"
_MODULES = "com.unity.modules."
_UNRESOLVED = "Unity has not resolved it yet (the Editor rewrites the lock when it next opens the project)"


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


def _highest(versions: list[str]) -> str | None:
    """The highest of some semver versions (Unity resolves a transitive package to the highest one requested)."""
    if not versions or not all(is_semver(v) for v in versions):
        return None
    best = versions[0]
    for version in versions[1:]:
        if compare_versions(version, best) > 0:
            best = version
    return best


def is_unity6_or_later(root: Path) -> bool:
    """Whether the project is Unity 6 or later (its git cache folders cannot be tied to a commit)."""
    return _is_unity6_or_later(root)


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
        self.unknown_lists: set[str] = set()  # packages whose own dependency list is not known
        self.removed: dict[str, str] = {}  # lock entries Unity will drop, with the version the lock had
        self.removed_bundled: set[str] = set()  # of those, the ones the lock names `source: builtin`

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

    # --- the manifest changed since Unity wrote the lock ----------------------------------------------------
    def changed(self, entry: LockEntry, requested: str) -> ResolvedPackage:
        """A direct dependency whose manifest value differs from the lock: Unity will resolve the manifest's."""
        note = (f"{entry.name}: {MANIFEST} requests {requested!r} and {LOCK} still has {entry.version!r}; "
                f"{_UNRESOLVED}")
        self.warnings.append(note)
        if is_semver(requested) and entry.source in ("registry", "builtin"):
            # Same source, another version: the lock's dependency list is the old version's, the best known.
            self.unknown_lists.add(entry.name)
            return ResolvedPackage(name=entry.name, requested=requested, version=requested, source=entry.source,
                                   depth=entry.depth, direct=True, url=entry.url, dependencies=entry.dependencies,
                                   reason=note, resolved_by_unity=False)
        package = self.from_manifest(entry.name, requested)
        if not self._list_known(package):
            self.unknown_lists.add(entry.name)
        reason = note if package.verifiable else f"{note}; {package.reason}"
        return package.model_copy(update={"depth": entry.depth, "reason": reason, "resolved_by_unity": False})

    def added(self, name: str, requested: str) -> ResolvedPackage:
        """A direct dependency the lock does not list yet (added by `package.add` or by hand)."""
        note = f"{name}: listed in {MANIFEST} but not in {LOCK}; {_UNRESOLVED}"
        self.warnings.append(note)
        package = self.from_manifest(name, requested)
        if not self._list_known(package):
            self.unknown_lists.add(name)
        reason = note if package.verifiable else f"{note}; {package.reason}"
        return package.model_copy(update={"reason": reason, "resolved_by_unity": False})

    @staticmethod
    def _list_known(package: ResolvedPackage) -> bool:
        """Whether the package's own dependency list is known: read from its package.json on disk, or a builtin
        module (modules depend only on other modules)."""
        if package.name.startswith(_MODULES):
            return True
        return package.path is not None and package.verifiable

    def prune(self, packages: dict[str, ResolvedPackage], entries: dict[str, LockEntry],
              requested: dict[str, str], embedded: dict[str, ResolvedPackage]) -> dict[str, ResolvedPackage]:
        """Drop lock entries nothing needs any more, as Unity will; re-read ones that stopped being direct."""
        roots = [n for n in packages if n in requested or n in embedded]
        reached: set[str] = set()
        needed_by: dict[str, dict[str, str]] = {}
        stack = list(roots)
        while stack:
            name = stack.pop()
            if name in reached or name not in packages:
                continue
            reached.add(name)
            for dep, version in packages[name].dependencies.items():
                needed_by.setdefault(dep, {})[name] = version
                stack.append(dep)
        kept: dict[str, ResolvedPackage] = {}
        for name, package in packages.items():
            entry = entries.get(name)
            if name not in reached:
                version = entry.version if entry else package.version
                self.removed[name] = version or "?"
                if entry is not None and entry.source == "builtin":
                    self.removed_bundled.add(name)
                gone = (f"it is no longer in {MANIFEST} and no other package needs it"
                        if entry is None or entry.depth == 0 else "no package that needs it is left")
                self.warnings.append(
                    f"{name}: {LOCK} still lists {version!r}, but {gone}; Unity removes it when it next resolves "
                    "the project")
                continue
            if entry is not None and entry.depth == 0 and name not in requested and entry.source != "embedded":
                package = self._no_longer_direct(package, entry, needed_by.get(name, {}))
            kept[name] = package
        return kept

    def _no_longer_direct(self, package: ResolvedPackage, entry: LockEntry,
                          needers: dict[str, str]) -> ResolvedPackage:
        """Removed from the manifest but still a dependency of another package: Unity resolves the highest
        version the remaining dependents ask for."""
        who = ", ".join(f"{n} needs {v}" for n, v in sorted(needers.items()))
        note = (f"{entry.name}: no longer in {MANIFEST} but still a dependency ({who}); {_UNRESOLVED}")
        self.warnings.append(note)
        update: dict[str, Any] = {"direct": False, "requested": None, "resolved_by_unity": False}
        highest = _highest(list(needers.values()))
        if entry.source in ("registry", "builtin") and highest is not None:
            update["version"] = highest
        if package.verifiable:
            update["reason"] = note
        return package.model_copy(update=update)

    # --- without a lock: transitive packages from the dependency lists we can read ----------------------------
    def cached_registry(self, package: ResolvedPackage) -> ResolvedPackage:
        """A registry package's dependency list from its Library/PackageCache folder, when the Editor left one for
        exactly this version (`<name>@<version>` before Unity 6, `<name>@<fingerprint>` since)."""
        if package.version is None or package.name.startswith(_MODULES) or package.path is not None:
            return package
        cache = self.root / "Library" / "PackageCache"
        if not cache.is_dir():
            return package
        for folder in sorted(cache.glob(f"{package.name}@*")):
            pj = read_package_json(folder, self._rel(folder))
            if pj.reason is None and pj.name == package.name and pj.version == package.version:
                return package.model_copy(update={"path": self._rel(folder), "dependencies": pj.dependencies})
        return package

    def transitive(self, packages: dict[str, ResolvedPackage]) -> dict[str, ResolvedPackage]:
        """Add packages that arrive only as dependencies, where the lists that bring them are known."""
        packages = {name: self.cached_registry(p) for name, p in packages.items()}
        requests: dict[str, dict[str, str]] = {}
        for name, package in list(packages.items()):  # Unity's own packages: edges known from their package.json
            if self._list_known(package):
                continue
            for dep, version in known_edges(name, package.version).items():
                requests.setdefault(dep, {})[name] = version
                if dep not in packages:
                    packages[dep] = ResolvedPackage(name=dep, version=version, direct=False, source="builtin")
        stack = [n for n, p in packages.items() if self._list_known(p)]
        seen: set[str] = set()
        while stack:
            name = stack.pop()
            if name in seen:
                continue
            seen.add(name)
            for dep, version in packages[name].dependencies.items():
                if dep in packages and dep not in requests:
                    continue
                requests.setdefault(dep, {})[name] = version
                highest = _highest(list(requests[dep].values()))
                if dep in packages and packages[dep].version == highest:
                    continue
                found = self.cached_registry(ResolvedPackage(
                    name=dep, version=highest, direct=False,
                    source="builtin" if dep.startswith(_MODULES) else "unknown"))
                packages[dep] = found
                if self._list_known(found):
                    seen.discard(dep)
                    stack.append(dep)
        self.unknown_lists.update(n for n, p in packages.items() if not self._list_known(p))
        for dep, needers in requests.items():
            who = ", ".join(f"{n} needs {v}" for n, v in sorted(needers.items()))
            package = packages[dep]
            unknown = sorted(n for n in self.unknown_lists if n != dep)
            if package.version is None:
                reason = f"not in {MANIFEST}; {who}, and these are not all semver versions"
                packages[dep] = package.model_copy(update={"verifiable": False, "reason": reason})
            elif unknown and not dep.startswith(_MODULES) and dep not in EDITOR_BUNDLED:
                reason = (f"not in {MANIFEST}; {who}, but the dependency lists of {', '.join(unknown[:5])}"
                          f"{' and others' if len(unknown) > 5 else ''} are unknown without {LOCK}, so Unity may "
                          f"resolve a higher version")
                packages[dep] = package.model_copy(update={"verifiable": False, "reason": reason})
            else:
                packages[dep] = package.model_copy(
                    update={"reason": f"not in {MANIFEST}; {who} (version from those dependency lists)"})
        return packages

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
                wanted = requested.get(name)
                if self._stale(entry, wanted):
                    packages[name] = self.changed(entry, wanted or "")
                else:
                    packages[name] = self.from_lock(entry, wanted)
            for name, value in requested.items():
                if name not in packages:
                    packages[name] = self.added(name, value)
            for name, package in embedded.items():
                if name not in packages:
                    # Unity uses an embedded folder whatever the lock says; its package.json gives the version.
                    note = f"{name}: embedded in {package.path} but not in {LOCK}; {_UNRESOLVED}"
                    self.warnings.append(note)
                    packages[name] = package.model_copy(update={
                        "reason": note if package.verifiable else f"{note}; {package.reason}",
                        "resolved_by_unity": False})
            packages = self.prune(packages, entries, requested, embedded)
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
            packages = self.transitive(packages)
            certainty = "manifest-only"

        return ResolvedPackages(
            lock_present=lock_present,
            lock_enabled=lock_enabled,
            certainty=certainty,
            packages=packages,
            warnings=self.warnings,
            unknown_dependencies_of=sorted(self.unknown_lists),
            removed=self.removed,
            removed_bundled=sorted(self.removed_bundled),
        )


def resolve_packages(project_root: Path) -> ResolvedPackages:
    """Resolve a project's Unity packages offline. Raises `E_PROJECT_FILE_UNREADABLE` for a missing or broken
    manifest.json and for a broken packages-lock.json, and `E_ASSET_LFS_POINTER` when either is an LFS pointer."""
    return _Resolver(Path(project_root)).run()
