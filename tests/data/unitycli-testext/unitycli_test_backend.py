"""A minimal, stdlib-only PEP 517/660 build backend for the test extension (tests only).

It exists so tests can run a real `pip install --no-build-isolation` offline: setuptools here would need the
`wheel` package. Like setuptools, it copies a symlink's target bytes into the wheel.
"""

from __future__ import annotations

import base64
import hashlib
import os
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _project() -> dict:
    return tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _names() -> tuple[str, str, str]:
    project = _project()
    dist = project["name"]
    return dist, project["version"], dist.replace("-", "_")


def _hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _metadata_files() -> dict[str, bytes]:
    dist, version, module = _names()
    project = _project()
    info = f"{module}-{version}.dist-info"
    eps = project.get("entry-points", {})
    ep_text = "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in items.items()) + "\n"
                      for group, items in eps.items())
    return {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n".encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: unitycli-test-backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/entry_points.txt": ep_text.encode(),
    }


def _write_wheel(directory: str, files: dict[str, bytes]) -> str:
    dist, version, module = _names()
    name = f"{module}-{version}-py3-none-any.whl"
    info = f"{module}-{version}.dist-info"
    record = [f"{path},{_hash(data)},{len(data)}" for path, data in files.items()] + [f"{info}/RECORD,,"]
    with zipfile.ZipFile(os.path.join(directory, name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files.items():
            wheel.writestr(path, data)
        wheel.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _, _, module = _names()
    files: dict[str, bytes] = {}
    for path in sorted((HERE / module).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            files[path.relative_to(HERE).as_posix()] = path.read_bytes()  # follows symlinks
    files.update(_metadata_files())
    return _write_wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _, _, module = _names()
    files = {f"__editable__.{module}.pth": (str(HERE) + "\n").encode()}
    files.update(_metadata_files())
    return _write_wheel(wheel_directory, files)
