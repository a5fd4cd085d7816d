"""Verify an installed distribution against the sha256 hashes pip wrote into its `RECORD`.

Every file is hashed on every check: a cache keyed on stat fields (size, mtime) is fooled by an edit that puts
them back, and extensions are small. A row with a blank hash fails closed (only the RECORD's own row and
`.pyc` files, which are never executed, may have none). Python files in the distribution's packages that RECORD
does not list are reported too, since an added module can run as easily as a changed one. What is executed is
checked again as it is imported (`unitycli.host.verified_import`: the bytes hashed are the bytes compiled).

An editable install (PEP 610 `dir_info.editable`) points at a working tree that is meant to change, so it is
reported as `editable` (unverified), not hashed — but only when the claim is true: the URL names a source
checkout (pyproject.toml or setup.py) outside every site-packages folder, and the import system finds the
distribution's modules in that checkout (a `direct_url.json` naming some real project while the files imported
sit in site-packages is not believed). Otherwise the claim is ignored and the RECORD is checked like any other
install.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import shlex
import sys
from contextlib import suppress
from functools import lru_cache
from importlib.metadata import Distribution, PackageNotFoundError, distribution
from pathlib import Path
from typing import Any

from unitycli.host.integrity import IntegrityResult


def record_digest(data: bytes) -> str:
    """The RECORD form of a sha256: `sha256=` + urlsafe base64 without padding (PEP 376 / wheel spec)."""
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def direct_url(dist: Distribution) -> dict[str, Any]:
    """The PEP 610 `direct_url.json` of a distribution installed from a path or URL, else {}."""
    text = dist.read_text("direct_url.json")
    if not text:
        return {}
    with suppress(ValueError):
        data = json.loads(text)
        if isinstance(data, dict):
            return data
    return {}


def claims_editable(dist: Distribution) -> bool:
    info = direct_url(dist).get("dir_info")
    return isinstance(info, dict) and bool(info.get("editable"))


def _site_dirs() -> list[Path]:
    return list(_site_dirs_for(tuple(sys.path)))


@lru_cache(maxsize=4)
def _site_dirs_for(path: tuple[str, ...]) -> tuple[Path, ...]:
    """Resolving every site folder costs ~2 ms (measured), asked per extension several times a command; the
    answer depends only on `sys.path` (the key) and this interpreter's fixed site configuration."""
    import site
    import sysconfig

    found = [*getattr(site, "getsitepackages", list)(), getattr(site, "getusersitepackages", str)(),
             sysconfig.get_paths().get("purelib", ""), sysconfig.get_paths().get("platlib", ""), *path]
    dirs = []
    for entry in found:
        if entry and Path(entry).name in ("site-packages", "dist-packages"):
            with suppress(OSError):
                dirs.append(Path(entry).resolve())
    return tuple(dirs)


def editable_checkout(dist: Distribution) -> Path | None:
    """The source checkout an editable install really points at, or None when the claim is not believable:
    the URL must be a local folder with a pyproject.toml or setup.py, not inside any site-packages folder
    (nor holding the distribution's installed files)."""
    if not claims_editable(dist):
        return None
    url = direct_url(dist).get("url")
    if not isinstance(url, str) or not url.startswith("file://"):
        return None
    from urllib.parse import unquote, urlparse

    try:
        folder = Path(unquote(urlparse(url).path)).resolve()
        base = Path(str(dist.locate_file(""))).resolve()
    except (OSError, ValueError):
        return None
    if not folder.is_dir() or not any((folder / f).is_file() for f in ("pyproject.toml", "setup.py")):
        return None
    if any(part in ("site-packages", "dist-packages") for part in folder.parts):
        return None
    for site_dir in [*_site_dirs(), base]:
        if folder == site_dir or folder.is_relative_to(site_dir):
            return None
    return folder if _imported_from(dist, folder) else None


def _top_modules(dist: Distribution) -> set[str]:
    """The top-level modules that running the distribution imports first: those its entry points name, else
    those `top_level.txt` lists."""
    names = {ep.value.split(":", 1)[0].split(".", 1)[0].strip() for ep in dist.entry_points}
    if not names:
        names = set((dist.read_text("top_level.txt") or "").split())
    return {n for n in names if n.isidentifier()}


def _imported_from(dist: Distribution, folder: Path) -> bool:
    """Whether every top-level module of `dist` is found (by the import system, without running it) inside
    `folder`: only then are the files that run the checkout's, and not files beside the metadata that were
    never hashed."""
    import importlib.util

    names = _top_modules(dist)
    if not names:
        return False
    for name in sorted(names):
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError, AttributeError):
            return False
        locations = [spec.origin] if spec is not None and spec.has_location and spec.origin else []
        if spec is not None and spec.submodule_search_locations and not locations:
            locations = list(spec.submodule_search_locations)  # a namespace package: its folders
        if not locations:
            return False
        for location in locations:
            try:
                if not Path(location).resolve().is_relative_to(folder):
                    return False
            except (OSError, ValueError):
                return False
    return True


def is_editable(dist: Distribution) -> bool:
    """Whether `dist` is a genuine editable install (see `editable_checkout`)."""
    return editable_checkout(dist) is not None


def reinstall_command(dist: Distribution) -> str:
    """The pip command that puts back the original files, by exact name and version from the sources this
    environment's pip is configured with: never a path the install once came from (a checkout or a wheel on
    another machine)."""
    return reinstall_line(dist.metadata["Name"], dist.version)


def reinstall_installed(name: str) -> str:
    """`reinstall_command` of the installed distribution `name`, or the unpinned line when its metadata is gone."""
    try:
        return reinstall_command(distribution(name))
    except PackageNotFoundError:
        return reinstall_line(name, None)


def reinstall_line(name: str, version: str | None) -> str:
    """`reinstall_command` by name and version: only that distribution (`--no-deps`: never the core or pydantic
    from the index), pinned when the version is known."""
    python = shlex.quote(sys.executable)  # this environment's interpreter, never whatever `python` is on PATH
    wanted = f"{name}=={version}" if version else name
    return f"{python} -m pip install --force-reinstall --no-deps {shlex.quote(wanted)}"


def file_digest(file: Path) -> str | None:
    """The RECORD-form digest of `file`'s current bytes (always re-read), or None when it cannot be read."""
    try:
        return record_digest(file.read_bytes())
    except OSError:
        return None


def _may_be_unhashed(rel: str) -> bool:
    """RECORD's own row (and its signatures) and compiled files, which unitycli never executes."""
    parts = rel.replace("\\", "/").split("/")
    return (len(parts) == 2 and parts[0].endswith(".dist-info") and parts[1] in ("RECORD", "RECORD.jws", "RECORD.p7s")) \
        or rel.endswith((".pyc", ".pyo"))


def _rows(text: str) -> list[tuple[str, str, str]]:
    return [(row[0], row[1] if len(row) > 1 else "", row[2] if len(row) > 2 else "")
            for row in csv.reader(io.StringIO(text)) if row]


def _unlisted_python_files(base: Path, listed: set[Path]) -> list[Path]:
    """`.py` files inside the distribution's own top-level packages that RECORD does not mention."""
    packages: set[Path] = set()
    for path in listed:
        try:
            relative = path.relative_to(base)
        except ValueError:
            continue
        if len(relative.parts) > 1 and not relative.parts[0].endswith((".dist-info", ".data")) \
                and relative.parts[0] != "..":
            packages.add(base / relative.parts[0])
    extra: list[Path] = []
    for package in sorted(packages):
        for file in package.rglob("*.py"):
            if file.resolve() not in listed:
                extra.append(file)
    return extra


def verify_distribution(dist: Distribution) -> IntegrityResult:
    """`verified`, `editable`, `unverifiable` (no RECORD) or `failed` naming each changed file."""
    name, version = dist.metadata["Name"], dist.version
    details: dict[str, Any] = {"distribution": name, "version": version}
    checkout = editable_checkout(dist)
    if checkout is not None:
        return IntegrityResult(status="editable",
                               message=f"{name} {version} is an editable install of {checkout} (unverified: not hashed)",
                               details={**details, "url": direct_url(dist).get("url"), "verified": False})
    text = dist.read_text("RECORD")
    if text is None:
        return IntegrityResult(
            status="unverifiable", code="E_EXTENSION_INTEGRITY_UNVERIFIABLE",
            message=f"{name} {version} has no RECORD file, so its code cannot be verified",
            details=details, next_actions=[reinstall_command(dist)])
    base = Path(str(dist.locate_file(""))).resolve()
    problems: list[dict[str, Any]] = []
    listed: set[Path] = set()
    for rel, expected, _size in _rows(text):
        file = (base / rel).resolve()
        listed.add(file)
        if not expected:
            if not _may_be_unhashed(rel):
                problems.append({"file": rel, "problem": "without a hash in RECORD", "expected": None,
                                 "actual": file_digest(file)})
            continue
        algorithm = expected.split("=", 1)[0]
        if algorithm != "sha256":
            problems.append({"file": rel, "problem": f"unsupported hash {algorithm}", "expected": expected})
            continue
        actual = file_digest(file)
        if actual is None:
            problems.append({"file": rel, "problem": "missing", "expected": expected, "actual": None})
        elif actual != expected:
            problems.append({"file": rel, "problem": "changed", "expected": expected, "actual": actual})
    for file in _unlisted_python_files(base, listed):
        problems.append({"file": file.relative_to(base).as_posix(), "problem": "not in RECORD",
                         "expected": None, "actual": file_digest(file)})
    if not problems:
        return IntegrityResult(status="verified", message=f"{name} {version}: every file matches its RECORD hash",
                               details=details)
    first = problems[0]
    location = str(base / first["file"])
    return IntegrityResult(
        status="failed", code="E_EXTENSION_INTEGRITY_MISMATCH",
        message=f"{name} {version}: {location} is {first['problem']} compared with its RECORD"
        + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""),
        details={**details, "location": str(base), "files": problems}, next_actions=[reinstall_command(dist)])
