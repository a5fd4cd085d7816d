"""Import an installed extension only as the bytes its RECORD vouches for.

`install_for(dist)` puts a `VerifiedFinder` first on `sys.meta_path` for the distribution's top-level packages,
while its entry point loads and afterwards (a tool may import a submodule lazily). Each `.py` file is read once,
its sha256 compared with the RECORD row, and those same bytes are compiled: no `.pyc` is read, a file RECORD
does not list or lists without a hash is refused, and so is a native module (its bytes could not be the ones
checked). A refusal raises `VerificationError`, an ImportError that carries the catalogued code.

Pinned digests: `pin_digests([...])` records what the selected project's lock pins (extension id, distribution,
version, RECORD digest); `check_pin(dist, id)` compares the installed distribution with it before anything is
imported, so a RECORD rewritten to match tampered files is still caught, and so is a METADATA edited to step
around the pin (another version or name is a mismatch, and METADATA must agree with its dist-info folder).
"""

from __future__ import annotations

import csv
import importlib
import importlib.abc
import importlib.util
import io
import sys
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class LockPin:
    """What a project's lock pins for one extension id: the distribution, its version and its RECORD digest."""

    extension_id: str
    distribution: str
    version: str | None
    digest: str


_PINS: list[LockPin] = []


class VerificationError(ImportError):
    """An import refused because its bytes are not the verified ones."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}


def _norm(name: str | None) -> str:
    return (name or "").lower().replace("_", "-").replace(".", "-")


def pin_digests(pins: list[LockPin]) -> None:
    """The pins of the selected project's lock (`.unitycli/extensions.toml`)."""
    _PINS[:] = list(pins)


def _folder_identity(dist: Any) -> tuple[str, str] | None:
    """(name, version) as pip spelled them in the `<name>-<version>.dist-info` folder it created, if it is one."""
    folder = getattr(dist, "_path", None)
    name = getattr(folder, "name", "")
    if not name.endswith(".dist-info") or "-" not in name:
        return None
    stem, version = name[:-len(".dist-info")].rsplit("-", 1)
    return stem, version


def identity_mismatch(dist: Any) -> VerificationError | None:
    """METADATA's name and version against the dist-info folder pip named after them: editing METADATA (to step
    around a version pin) leaves the folder as it was."""
    from packaging.version import InvalidVersion, Version

    found = _folder_identity(dist)
    if found is None:
        return None
    name, version = dist.metadata["Name"], dist.version
    try:
        same_version = Version(found[1]) == Version(version or "")
    except InvalidVersion:
        same_version = found[1] == version
    if _norm(found[0]) == _norm(name) and same_version:
        return None
    return VerificationError(
        "E_EXTENSION_INTEGRITY_MISMATCH",
        f"{name} {version}: its METADATA does not match the installed folder {found[0]}-{found[1]}.dist-info "
        "(METADATA was edited after install)",
        {"distribution": name, "version": version, "expected": f"{found[0]} {found[1]}", "actual": f"{name} {version}",
         "file": str(getattr(dist, "_path", ""))})


def check_pin(dist: Any, extension_id: str | None = None) -> VerificationError | None:
    """The lock's pin against the installed distribution before anything of it is imported: a pin found by
    extension id or by distribution name must match name, version and RECORD digest — a different version or name
    is a mismatch, never a reason to skip the check."""
    from unitycli.host.installed import distribution_digest

    name, version = dist.metadata["Name"], dist.version
    mismatch = identity_mismatch(dist)
    if mismatch is not None:
        return mismatch
    pins = [p for p in _PINS if (extension_id is not None and p.extension_id == extension_id)
            or _norm(p.distribution) == _norm(name)]
    actual = distribution_digest(dist)
    for pin in pins:
        details = {"distribution": name, "version": version, "extensionId": pin.extension_id,
                   "file": ".unitycli/extensions.toml", "expected": f"{pin.distribution} {pin.version} {pin.digest}",
                   "actual": f"{name} {version} {actual}"}
        if _norm(pin.distribution) != _norm(name) or (pin.version is not None and pin.version != version):
            return VerificationError(
                "E_EXTENSION_INTEGRITY_MISMATCH",
                f"the project lock pins {pin.extension_id} as {pin.distribution} {pin.version}, but {name} {version} "
                "is installed", details)
        if actual is None:
            return VerificationError("E_EXTENSION_INTEGRITY_UNVERIFIABLE",
                                     f"{name} {version} has no RECORD, but the project lock pins {pin.digest}", details)
        if actual != pin.digest:
            return VerificationError(
                "E_EXTENSION_INTEGRITY_MISMATCH",
                f"{name} {version}: the installed RECORD ({actual}) is not the one the project lock pins ({pin.digest})",
                details)
    return None


class VerifiedLoader(importlib.abc.Loader):
    def __init__(self, finder: VerifiedFinder, path: Path) -> None:
        self.finder = finder
        self.path = path

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return None

    def get_filename(self, fullname: str | None = None) -> str:
        return str(self.path)

    def is_package(self, fullname: str) -> bool:
        return self.path.name == "__init__.py"

    def get_resource_reader(self, fullname: str | None = None) -> Any:
        """Package data (`importlib.resources`) is read from the package folder, as the file loader would."""
        from importlib.readers import FileReader

        return FileReader(self)  # type: ignore[arg-type]

    def exec_module(self, module: ModuleType) -> None:
        from unitycli.host.record import record_digest

        data = self.path.read_bytes()  # once: these bytes are hashed and compiled
        expected = self.finder.hashes.get(self.path)
        actual = record_digest(data)
        details = {"distribution": self.finder.name, "file": str(self.path), "expected": expected or None,
                   "actual": actual}
        if expected is None:
            raise VerificationError("E_EXTENSION_INTEGRITY_MISMATCH",
                                    f"{self.path} is not in the RECORD of {self.finder.name}", details)
        if not expected:
            raise VerificationError("E_EXTENSION_INTEGRITY_UNVERIFIABLE",
                                    f"{self.path} has no hash in the RECORD of {self.finder.name}", details)
        if expected != actual:
            raise VerificationError("E_EXTENSION_INTEGRITY_MISMATCH",
                                    f"{self.path} is changed compared with the RECORD of {self.finder.name}",
                                    details)
        code = compile(data, str(self.path), "exec", dont_inherit=True)
        exec(code, module.__dict__)  # noqa: S102 - the verified bytes, by design


class VerifiedFinder(importlib.abc.MetaPathFinder):
    def __init__(self, name: str, base: Path, top_level: set[str], hashes: dict[Path, str]) -> None:
        self.name = name
        self.base = base
        self.top_level = top_level
        self.hashes = hashes

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        parts = fullname.split(".")
        if parts[0] not in self.top_level:
            return None
        folder = self.base.joinpath(*parts)
        init = folder / "__init__.py"
        module = self.base.joinpath(*parts[:-1], parts[-1] + ".py")
        if init.is_file():
            spec = importlib.util.spec_from_file_location(fullname, init, loader=VerifiedLoader(self, init.resolve()),
                                                          submodule_search_locations=[str(folder)])
        elif module.is_file():
            spec = importlib.util.spec_from_file_location(fullname, module,
                                                          loader=VerifiedLoader(self, module.resolve()))
        else:
            parent = self.base.joinpath(*parts[:-1])
            native = [p for p in parent.glob(parts[-1] + ".*") if p.suffix in (".so", ".pyd", ".pyc", ".pyw")] \
                if parent.is_dir() else []
            if native:
                raise VerificationError("E_EXTENSION_INTEGRITY_UNVERIFIABLE",
                                        f"{native[0]} cannot be imported as verified bytes",
                                        {"distribution": self.name, "file": str(native[0])})
            return None  # a namespace folder (no code) or not part of this distribution
        if spec is not None:
            spec.cached = None
            spec.has_location = True
        return spec


def _top_level(base: Path, rows: list[list[str]]) -> set[str]:
    names: set[str] = set()
    for row in rows:
        parts = Path(row[0]).parts
        if not parts or parts[0] == ".." or parts[0].endswith((".dist-info", ".data")) or parts[0] == "__pycache__":
            continue
        if len(parts) > 1:
            names.add(parts[0])
        elif parts[0].endswith(".py"):
            names.add(parts[0][:-3])
    return names


def install_for(dist: Any) -> VerifiedFinder | None:
    """Guard the imports of `dist`'s top-level packages from now on; None when it has no RECORD."""
    text = dist.read_text("RECORD")
    if text is None:
        return None
    base = Path(str(dist.locate_file(""))).resolve()
    rows = [row for row in csv.reader(io.StringIO(text)) if row]
    hashes = {(base / row[0]).resolve(): (row[1] if len(row) > 1 else "") for row in rows}
    finder = VerifiedFinder(dist.metadata["Name"], base, _top_level(base, rows), hashes)
    sys.meta_path[:] = [f for f in sys.meta_path
                        if not (isinstance(f, VerifiedFinder) and _norm(f.name) == _norm(finder.name))]
    sys.meta_path.insert(0, finder)
    importlib.invalidate_caches()
    return finder
