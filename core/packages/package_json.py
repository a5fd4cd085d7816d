"""Read the `package.json` of a package on disk: an embedded folder, a `file:` folder or tarball, a git cache folder.

Problems are returned as a reason rather than raised: one unreadable package makes that package unverifiable,
not the whole project unreadable.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from unitycli.safefs import open_regular, read_bytes
from unitycli.strict_json import loads_file_text
from unitycli.unityfiles.lfs import is_lfs_pointer

_TARBALL_SUFFIXES = (".tgz", ".tar.gz")


@dataclass(frozen=True)
class PackageJson:
    """The fields of a package.json the resolver uses; `reason` is set (and the rest empty) when it can't be read."""

    name: str | None = None
    version: str | None = None
    dependencies: dict[str, str] = field(default_factory=dict)
    reason: str | None = None


def _from_bytes(raw: bytes, where: str) -> PackageJson:
    if is_lfs_pointer(raw):
        return PackageJson(reason=f"{where} is a Git LFS pointer")
    try:
        data = loads_file_text(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:  # JSONDecodeError and the limits included
        return PackageJson(reason=f"{where} cannot be parsed ({exc})")
    if not isinstance(data, dict):
        return PackageJson(reason=f"{where} is not a JSON object")
    name, version, deps = data.get("name"), data.get("version"), data.get("dependencies") or {}
    if not isinstance(name, str) or not isinstance(version, str):
        return PackageJson(reason=f"{where} has no string `name` and `version`")
    if not isinstance(deps, dict):
        deps = {}
    return PackageJson(name, version, {str(k): str(v) for k, v in deps.items()})


def read_package_json(location: Path, display: str) -> PackageJson:
    """The package.json of a package folder, or of a `.tgz` tarball (npm layout: `package/package.json`)."""
    if location.name.endswith(_TARBALL_SUFFIXES):
        import tarfile  # only a tarball package needs it, and it costs every project read a millisecond

        try:
            with os.fdopen(open_regular(location), "rb") as handle, tarfile.open(fileobj=handle, mode="r:gz") as tar:
                member = tar.extractfile("package/package.json")
                if member is None:
                    return PackageJson(reason=f"{display} has no package/package.json")
                return _from_bytes(member.read(), f"{display}!package/package.json")
        except (OSError, KeyError, tarfile.TarError) as exc:
            return PackageJson(reason=f"{display} cannot be read as a package tarball ({exc})")
    target = location / "package.json"
    try:
        raw = read_bytes(target)
    except FileNotFoundError:
        return PackageJson(reason=f"{display}/package.json not found")
    except OSError as exc:
        return PackageJson(reason=f"{display}/package.json cannot be read ({exc.strerror or exc})")
    return _from_bytes(raw, f"{display}/package.json")
