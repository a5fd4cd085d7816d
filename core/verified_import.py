"""Import an installed extension only as the bytes its RECORD vouches for (DESIGN §7.3).

`install_for(dist)` puts a `VerifiedFinder` first on `sys.meta_path` for the distribution's top-level packages,
while its entry point loads and afterwards (a tool may import a submodule lazily). Each `.py` file is read once,
its sha256 compared with the RECORD row, and those same bytes are compiled: no `.pyc` is read, a file RECORD
does not list or lists without a hash is refused, and so is a native module (its bytes could not be the ones
checked). A refusal raises `VerificationError`, an ImportError that carries the catalogued code.

Pinned digests: `pin_digests({...})` records what the selected project's lock pins (distribution -> version,
RECORD digest); `check_pin(dist)` compares the installed RECORD with it before anything is imported, so a RECORD
rewritten to match tampered files is still caught.
"""

from __future__ import annotations

import csv
import importlib
import importlib.abc
import importlib.util
import io
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

_PINS: dict[str, tuple[str | None, str]] = {}


class VerificationError(ImportError):
    """An import refused because its bytes are not the verified ones."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}


def _norm(name: str | None) -> str:
    return (name or "").lower().replace("_", "-").replace(".", "-")


def pin_digests(pins: dict[str, tuple[str | None, str]]) -> None:
    """Distribution name -> (locked version, locked RECORD digest), from the selected project's lock."""
    _PINS.clear()
    _PINS.update({_norm(k): v for k, v in pins.items()})


def check_pin(dist: Any) -> VerificationError | None:
    """The lock's pinned RECORD digest against the installed one, when the lock pins this version."""
    from unitycli.extension_manager.installed import distribution_digest

    name = dist.metadata["Name"]
    pin = _PINS.get(_norm(name))
    if pin is None or (pin[0] is not None and pin[0] != dist.version):
        return None
    actual = distribution_digest(dist)
    if actual is None:
        return VerificationError("E_EXTENSION_INTEGRITY_UNVERIFIABLE",
                                 f"{name} {dist.version} has no RECORD, but the project lock pins {pin[1]}",
                                 {"distribution": name, "version": dist.version, "expected": pin[1]})
    if actual != pin[1]:
        return VerificationError(
            "E_EXTENSION_INTEGRITY_MISMATCH",
            f"{name} {dist.version}: the installed RECORD ({actual}) is not the one the project lock pins ({pin[1]})",
            {"distribution": name, "version": dist.version, "expected": pin[1], "actual": actual,
             "file": ".unitycli/extensions.toml"})
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
        from unitycli.extension_manager.record import record_digest

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
