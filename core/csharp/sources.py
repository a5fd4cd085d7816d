"""The C# a project compiles: its `Assets/` scripts and the sources of its packages (embedded, `file:` and
`Library/PackageCache/<name>@<version>`), each with its `.cs.meta` GUID and the define symbols of its assembly.

Every file is read through `safefs` (never blocking, never a FIFO), bounded (`MAX_SOURCE_BYTES` per file,
`MAX_SOURCE_FILES` per project), and no link is followed: folders are walked without following links and a `.cs`
that is a link is skipped. The only folder outside the project that is read is a `file:` package the manifest
names, after checking it is a real folder. Parsed files are cached per content digest and define set (the
cache's one invalidation rule: other bytes or other symbols are another key).
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from unitycli.csharp.preprocess import PreprocessorError, preprocess
from unitycli.csharp.symbols import assembly_symbols, editor_symbols
from unitycli.csharp.syntax import SourceFile, SyntaxIssue, parse_source
from unitycli.errors import UnityCliError
from unitycli.safefs import open_regular, read_fd
from unitycli.unityfiles.jsonfiles import parse_json_bytes
from unitycli.unityfiles.meta import parse_meta

MAX_SOURCE_BYTES = 4 << 20
MAX_SOURCE_FILES = 50_000
_PARSED: dict[tuple[str, frozenset[str]], SourceFile] = {}
_PARSED_LIMIT = 20_000


@dataclass(frozen=True)
class SourceRoot:
    """A folder of C# sources: `shown` is Unity's name for it (`Assets`, `Packages/<name>`), `disk` where it is."""

    shown: str
    disk: Path
    package: str | None = None
    version: str | None = None
    source: str | None = None  # the package's source kind (embedded, local, registry, ...)


@dataclass
class CSharpFile:
    shown: str  # Unity's path: Assets/... or Packages/<name>/...
    disk: Path
    root: SourceRoot
    guid: str | None = None
    symbols: frozenset[str] = field(default_factory=frozenset)


def read_bounded(path: Path, shown: str, limit: int = MAX_SOURCE_BYTES) -> bytes:
    """A regular file's bytes, refusing links at the last step, special files and files over `limit`."""
    try:
        fd = open_regular(path, nofollow=True, shown=shown)
    except OSError as exc:
        raise UnityCliError("E_PROJECT_FILE_UNREADABLE", f"{shown} cannot be read: {exc.strerror or exc}",
                            details={"file": shown}) from None
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise UnityCliError("E_PROJECT_FILE_UNREADABLE", f"{shown} is {size} bytes, over the {limit} bytes a "
                                "C# source may have here", details={"file": shown, "bytes": size, "limit": limit})
        return read_fd(fd)[: limit + 1]
    finally:
        os.close(fd)


def walk_sources(root: SourceRoot) -> Iterator[tuple[str, Path]]:
    """(Unity path, disk path) of every `.cs` below a source root, in a stable order. Folders Unity ignores
    (names starting with `.` or ending with `~`) and links are skipped."""
    for folder, dirs, files in os.walk(root.disk, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not d.endswith("~")
                         and not os.path.islink(os.path.join(folder, d)))
        rel = os.path.relpath(folder, root.disk)
        for name in sorted(files):
            if not name.endswith(".cs"):
                continue
            disk = Path(folder, name)
            try:
                if not stat.S_ISREG(os.lstat(disk).st_mode):
                    continue
            except OSError:
                continue
            shown = "/".join(p for p in (root.shown, "" if rel == "." else rel.replace(os.sep, "/"), name) if p)
            yield shown, disk


def meta_guid(disk: Path, shown: str) -> str | None:
    """The GUID of `<file>.meta`, or None when it is missing or unreadable."""
    meta = disk.with_name(disk.name + ".meta")
    try:
        return parse_meta(read_bounded(meta, shown + ".meta", 1 << 20), shown + ".meta").guid
    except UnityCliError:
        return None


def active_source(file: CSharpFile) -> bytes:
    """The file's bytes as the compiler sees them under its define symbols (inactive `#if` lines blanked, so line
    numbers hold), read bounded and without following links. Raises PreprocessorError."""
    # a UTF-8 BOM may stand before a first-line `#if` (Cinemachine's CinemachineStoryboard.cs)
    return preprocess(read_bounded(file.disk, file.shown).removeprefix(b"\xef\xbb\xbf"), file.symbols)


def parse_file(file: CSharpFile) -> SourceFile:
    """The file's declarations under its define symbols; cached per (content digest, symbols)."""
    raw = read_bounded(file.disk, file.shown)
    key = (hashlib.sha256(raw).hexdigest(), file.symbols)
    cached = _PARSED.get(key)
    if cached is not None:
        return SourceFile(file.shown, cached.types, cached.issues) if cached.path != file.shown else cached
    try:
        # a UTF-8 BOM may stand before a first-line `#if` (Cinemachine's CinemachineStoryboard.cs)
        parsed = parse_source(preprocess(raw.removeprefix(b"\xef\xbb\xbf"), file.symbols), file.shown)
    except PreprocessorError as exc:
        parsed = SourceFile(file.shown, (), (SyntaxIssue(exc.line, 1, str(exc)),))
    except RecursionError:  # a hostile file nesting types or expressions thousands deep
        parsed = SourceFile(file.shown, (), (SyntaxIssue(1, 1, "nested deeper than unitycli reads"),))
    if len(_PARSED) >= _PARSED_LIMIT:
        _PARSED.clear()
    _PARSED[key] = parsed
    return parsed


class AssemblySymbols:
    """Define symbols per folder: the Editor's, plus the `versionDefines` of the nearest `.asmdef` above a file."""

    def __init__(self, editor_version: str, input_handler: int | None, package_versions: dict[str, str]) -> None:
        self.editor_version = editor_version
        self.base = frozenset(editor_symbols(editor_version, input_handler))
        self.package_versions = package_versions
        self._by_folder: dict[Path, frozenset[str]] = {}

    def for_file(self, disk: Path, root: Path) -> frozenset[str]:
        return self._folder(disk.parent, root)

    def _folder(self, folder: Path, root: Path) -> frozenset[str]:
        if folder in self._by_folder:
            return self._by_folder[folder]
        symbols = None
        try:
            asmdefs = sorted(p for p in folder.iterdir() if p.suffix == ".asmdef" and not p.is_symlink())
        except OSError:
            asmdefs = []
        if asmdefs:
            symbols = self.base | self._asmdef(asmdefs[0])
        elif folder != root and root in folder.parents:
            symbols = self._folder(folder.parent, root)
        else:
            symbols = self.base
        self._by_folder[folder] = symbols
        return symbols

    def _asmdef(self, path: Path) -> frozenset[str]:
        try:
            data = parse_json_bytes(read_bounded(path, path.name, 1 << 20), path.name)
        except UnityCliError:
            return frozenset()
        defines = data.get("versionDefines") if isinstance(data, dict) else None
        if not isinstance(defines, list):
            return frozenset()
        return frozenset(assembly_symbols([d for d in defines if isinstance(d, dict)], self.package_versions.get,
                                          self.editor_version))
