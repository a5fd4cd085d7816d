"""A project's C# as one searchable set: which file declares a type, which file a script GUID is, and the
package each source belongs to.

Declarations are found by name: files whose bytes contain the name are parsed (the parse decides; the byte test
only skips files that cannot declare it), so a project with large packages parses only what a question needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from unitycli.csharp.sources import (
    AssemblySymbols,
    CSharpFile,
    SourceRoot,
    meta_guid,
    parse_file,
    read_bounded,
    walk_sources,
)
from unitycli.csharp.syntax import SourceFile, TypeDecl
from unitycli.errors import UnityCliError
from unitycli.packages.models import ResolvedPackages
from unitycli.packages.package_json import read_package_json
from unitycli.packages.resolver import resolve_packages
from unitycli.unityfiles.project_version import read_project_version

_INPUT_HANDLER = re.compile(rb"\n  activeInputHandler: (\d+)")
_RAW_BUDGET = 256 << 20
_PACKAGE_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,213}$")  # Unity's package naming rule


@dataclass(frozen=True)
class PackageInfo:
    name: str
    version: str | None
    source: str
    disk: Path
    shown: str


def _input_handler(root: Path) -> int | None:
    try:
        raw = read_bounded(root / "ProjectSettings" / "ProjectSettings.asset", "ProjectSettings/ProjectSettings.asset",
                           16 << 20)
    except UnityCliError:
        return None
    match = _INPUT_HANDLER.search(raw)
    return int(match.group(1)) if match else None


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


class CSharpProject:
    """The C# sources of one Unity project and its packages."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root).resolve()
        try:
            self.editor_version = read_project_version(self.root).editor_version
        except UnityCliError:
            self.editor_version = ""
        self._parsed: dict[str, SourceFile] = {}
        self._raw_cache: dict[str, bytes | None] = {}
        self._raw_bytes = 0

    @cached_property
    def _symbols(self) -> AssemblySymbols:
        """Each file's define symbols, built on the first parse (a model that parses nothing reads no settings)."""
        return AssemblySymbols(self.editor_version, _input_handler(self.root), self.package_versions)

    @cached_property
    def _resolved(self) -> ResolvedPackages | None:
        try:
            return resolve_packages(self.root)
        except UnityCliError:
            return None

    @cached_property
    def package_versions(self) -> dict[str, str]:
        """Every resolved package's version (what asmdef `versionDefines` test), on disk or not."""
        resolved = self._resolved
        return {n: p.version for n, p in resolved.packages.items() if p.version} if resolved is not None else {}

    @cached_property
    def packages(self) -> dict[str, PackageInfo]:
        """The project's packages whose folder is on this machine: embedded and `file:` packages where the
        manifest puts them, registry and git packages in `Library/PackageCache/<name>@…` at the resolved version."""
        resolved = self._resolved
        if resolved is None:
            return {}
        out: dict[str, PackageInfo] = {}
        for name, package in resolved.packages.items():
            if not _PACKAGE_NAME.match(name) or ".." in name:
                continue  # a hostile name (`../x`) never becomes a path
            disk = self._package_folder(name, package.path, package.source, package.version)
            if disk is not None:
                out[name] = PackageInfo(name, package.version, str(package.source), disk, f"Packages/{name}")
        return out

    def _package_folder(self, name: str, path: str | None, source: str, version: str | None) -> Path | None:
        if path is not None:
            if path.startswith("Library/"):  # a cached git package
                return self._cache_folder(name, version, exact=self.root / path)
            disk = (self.root / path).resolve()
            if source != "local" and not _inside(disk, self.root):
                return None  # only the manifest's `file:` path may lead out of the project
            return disk if disk.is_dir() else None
        return self._cache_folder(name, version)

    def _cache_folder(self, name: str, version: str | None, exact: Path | None = None) -> Path | None:
        """`Library/PackageCache/<name>@…` whose package.json has the resolved version (Unity 6 names the folder
        by a hash, older Editors by the version); a link or a folder resolving outside the project is skipped."""
        cache = self.root / "Library" / "PackageCache"
        if exact is not None:
            candidates = [exact]
        elif cache.is_dir() and not cache.is_symlink():
            candidates = [cache / f"{name}@{version}"] + sorted(cache.glob(f"{name}@*"))
        else:
            candidates = []
        for folder in candidates:
            if folder.is_symlink() or not folder.is_dir():
                continue
            resolved = folder.resolve()
            # the resolver's own git cache folder (`exact`) stands even where no version is known
            shown = f"Library/PackageCache/{folder.name}"
            known = read_package_json(resolved, shown).version == version if version is not None else exact is not None
            if _inside(resolved, self.root) and known:
                return resolved
        return None

    @cached_property
    def roots(self) -> list[SourceRoot]:
        assets = self.root / "Assets"
        safe = assets.is_dir() and not assets.is_symlink()
        roots = [SourceRoot("Assets", assets)] if safe else []
        roots += [SourceRoot(p.shown, p.disk, p.name, p.version, p.source) for p in self.packages.values()]
        return roots

    @cached_property
    def files(self) -> list[CSharpFile]:
        from unitycli.csharp.sources import MAX_SOURCE_FILES

        out: list[CSharpFile] = []
        for root in self.roots:
            for shown, disk in walk_sources(root):
                if len(out) >= MAX_SOURCE_FILES:
                    raise UnityCliError("E_PROJECT_FILE_UNREADABLE", f"the project has more than {MAX_SOURCE_FILES} "
                                        "C# files, more than unitycli reads", details={"limit": MAX_SOURCE_FILES})
                out.append(CSharpFile(shown, disk, root))
        return out

    @cached_property
    def _by_guid(self) -> dict[str, CSharpFile]:
        out: dict[str, CSharpFile] = {}
        for file in self.files:
            file.guid = meta_guid(file.disk, file.shown)
            if file.guid:
                out.setdefault(file.guid, file)
        return out

    def file_of_guid(self, guid: str) -> CSharpFile | None:
        return self._by_guid.get(guid.lower())

    def file_named(self, shown: str) -> CSharpFile | None:
        return next((f for f in self.files if f.shown == shown), None)

    def parsed(self, file: CSharpFile) -> SourceFile:
        if file.shown not in self._parsed:
            file.symbols = self._symbols.for_file(file.disk, file.root.disk)
            self._parsed[file.shown] = parse_file(file)
        return self._parsed[file.shown]

    def _raw(self, file: CSharpFile) -> bytes | None:
        """A source's bytes for the name test, kept for this object's life up to `_RAW_BUDGET` bytes in all (one
        question asks for many names; re-reading every file per name is what this avoids)."""
        if file.shown in self._raw_cache:
            return self._raw_cache[file.shown]
        try:
            raw = read_bounded(file.disk, file.shown)
        except UnityCliError:
            raw = None
        if raw is not None and self._raw_bytes + len(raw) <= _RAW_BUDGET:
            self._raw_cache[file.shown] = raw
            self._raw_bytes += len(raw)
        return raw

    def declarations(self, simple_name: str) -> tuple[list[TypeDecl], list[SourceFile]]:
        """Every type declared with that simple name, and the files that may declare it but do not parse."""
        needle = simple_name.encode()
        found: list[TypeDecl] = []
        broken: list[SourceFile] = []
        for file in self.files:
            raw = self._raw(file)
            if raw is None or needle not in raw:
                continue
            parsed = self.parsed(file)
            if parsed.issues:
                broken.append(parsed)
            found.extend(t for t in parsed.types if t.name == simple_name)
        return found, broken
