"""Verify an installed distribution against the sha256 hashes pip wrote into its `RECORD` (DESIGN §7.3).

Hashing every file on every call would slow each command, so each file's digest is cached under the user cache
directory keyed by (path, size, mtime_ns): a changed file changes its size or mtime and is hashed again. Python
files in the distribution's packages that RECORD does not list are reported too, since an added module can
run as easily as a changed one. Editable installs (PEP 610 `dir_info.editable`) point at a working tree that
is meant to change, so they are reported as `editable`, not hashed.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import shlex
import sys
from contextlib import suppress
from importlib.metadata import Distribution
from pathlib import Path
from typing import Any

from unitycli.integrity import IntegrityResult
from unitycli.project.userdata import user_cache_dir

CACHE_VERSION = 1


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


def is_editable(dist: Distribution) -> bool:
    info = direct_url(dist).get("dir_info")
    return isinstance(info, dict) and bool(info.get("editable"))


def reinstall_command(dist: Distribution) -> str:
    """The pip command that puts back the original files: from the same path/URL when it came from one."""
    url = direct_url(dist).get("url")
    name = dist.metadata["Name"]
    python = shlex.quote(sys.executable)  # this environment's interpreter, never whatever `python` is on PATH
    if isinstance(url, str) and url.startswith("file://"):
        return f"{python} -m pip install --force-reinstall --no-deps {shlex.quote(url[len('file://'):])}"
    return f"{python} -m pip install --force-reinstall --no-deps {name}=={dist.version}"


class _DigestCache:
    """Per-distribution cache of file digests, keyed by absolute path with (size, mtime_ns)."""

    def __init__(self, dist_base: Path, dist_name: str) -> None:
        key = hashlib.sha256(f"{dist_base}\n{dist_name}".encode()).hexdigest()[:24]
        self.path = user_cache_dir() / "integrity" / f"{key}.json"
        self.entries: dict[str, list[Any]] = {}
        self.dirty = False
        with suppress(OSError, ValueError):
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("v") == CACHE_VERSION and isinstance(data.get("files"), dict):
                self.entries = data["files"]

    def digest(self, file: Path) -> str | None:
        """The RECORD-form digest of `file`, or None when it does not exist."""
        try:
            st = file.stat()
        except OSError:
            return None
        cached = self.entries.get(str(file))
        if cached and cached[0] == st.st_size and cached[1] == st.st_mtime_ns:
            return cached[2]
        try:
            value = record_digest(file.read_bytes())
        except OSError:
            return None
        self.entries[str(file)] = [st.st_size, st.st_mtime_ns, value]
        self.dirty = True
        return value

    def save(self) -> None:
        if not self.dirty:
            return
        with suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"v": CACHE_VERSION, "files": self.entries}), encoding="utf-8")
            os.replace(tmp, self.path)


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
    if is_editable(dist):
        return IntegrityResult(status="editable", message=f"{name} {version} is an editable install (not hashed)",
                               details={**details, "url": direct_url(dist).get("url")})
    text = dist.read_text("RECORD")
    if text is None:
        return IntegrityResult(
            status="unverifiable", code="E_EXTENSION_INTEGRITY_UNVERIFIABLE",
            message=f"{name} {version} has no RECORD file, so its code cannot be verified",
            details=details, next_actions=[reinstall_command(dist)])
    base = Path(str(dist.locate_file(""))).resolve()
    cache = _DigestCache(base, name)
    problems: list[dict[str, Any]] = []
    listed: set[Path] = set()
    for rel, expected, _size in _rows(text):
        file = (base / rel).resolve()
        listed.add(file)
        if not expected:
            continue  # RECORD itself, INSTALLER-less rows and .pyc files carry no hash
        algorithm = expected.split("=", 1)[0]
        if algorithm != "sha256":
            problems.append({"file": rel, "problem": f"unsupported hash {algorithm}", "expected": expected})
            continue
        actual = cache.digest(file)
        if actual is None:
            problems.append({"file": rel, "problem": "missing", "expected": expected, "actual": None})
        elif actual != expected:
            problems.append({"file": rel, "problem": "changed", "expected": expected, "actual": actual})
    for file in _unlisted_python_files(base, listed):
        problems.append({"file": file.relative_to(base).as_posix(), "problem": "not in RECORD",
                         "expected": None, "actual": cache.digest(file)})
    cache.save()
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
