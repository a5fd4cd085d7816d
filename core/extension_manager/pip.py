"""pip in a subprocess: the one supported way to install an extension into the interpreter running unitycli.

Also a small, deterministic builder of pure-Python extension wheels, so source folders install offline.

Failures keep pip's own last lines in `details`, so a network error reads as pip said it.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from unitycli.errors import UnityCliError
from unitycli.extension_manager import tomlfile

TAIL_LINES = 25


@dataclass
class PipResult:
    command: list[str]
    returncode: int
    output: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def tail(self) -> list[str]:
        return [line for line in self.output.splitlines() if line.strip()][-TAIL_LINES:]


def run_pip(args: list[str], timeout: float = 900) -> PipResult:
    """`python -I -m pip <args>` with the interpreter running unitycli; output goes to the result, not the terminal.

    `-I` (isolated mode: no working directory or script folder on sys.path, no PYTHON* variables, no user site)
    so a project folder's own `pip/__main__.py` never runs in place of pip; PYTHON* variables are
    also dropped from the environment so pip's own build subprocesses inherit none of them.
    """
    command = [sys.executable, "-I", "-m", "pip", *args]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update({"PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"})
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, check=False)
    except subprocess.TimeoutExpired as exc:
        output = (exc.stdout or "") + (exc.stderr or "") if isinstance(exc.stdout, str) else ""
        return PipResult(command, -1, output + f"\n(pip did not finish within {timeout:g} s)")
    except OSError as exc:
        return PipResult(command, -1, f"could not start pip: {exc}")
    return PipResult(command, done.returncode, (done.stdout or "") + (done.stderr or ""))


def pip_failed(result: PipResult, what: str, next_actions: list[str] | None = None) -> UnityCliError:
    tail = result.tail()
    last = tail[-1] if tail else "no output"
    # "No matching distribution" is final (the name or version does not exist there); network trouble is not.
    text = "\n".join(tail)
    offline = any(word in text for word in ("NewConnectionError", "Retrying", "Temporary failure", "timed out"))
    missing = not offline and ("No matching distribution" in text or "Could not find a version" in text)
    return UnityCliError(
        "E_EXTENSION_INSTALL_FAILED", f"{what} failed (pip exit {result.returncode}): {last}",
        details={"command": result.command, "exitCode": result.returncode, "pipOutput": tail,
                 "distributionMissing": missing},
        next_actions=next_actions or [shlex.join(result.command)],
        transient=False if missing else None)


# --- wheels of pure-Python source folders, built without pip, setuptools or a network ------------------------------

_FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def _wheel_safe(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _metadata(project: dict, folder: Path) -> str | None:
    """Core metadata 2.1 from a static `[project]` table, or None for anything this builder does not handle."""
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {project['version']}"]
    if isinstance(project.get("description"), str):
        lines.append(f"Summary: {project['description']}")
    if isinstance(project.get("requires-python"), str):
        lines.append(f"Requires-Python: {project['requires-python']}")
    license_ = project.get("license")
    if isinstance(license_, dict) and isinstance(license_.get("text"), str):
        lines.append(f"License: {license_['text']}")
    elif license_ is not None:
        return None
    dependencies = project.get("dependencies", [])
    if not isinstance(dependencies, list):
        return None
    lines += [f"Requires-Dist: {dep}" for dep in dependencies]
    for extra, deps in sorted(project.get("optional-dependencies", {}).items()):
        lines.append(f"Provides-Extra: {extra}")
        lines += [f"Requires-Dist: {dep} ; extra == {extra!r}".replace("'", '"') for dep in deps]
    readme = project.get("readme")
    body = ""
    if isinstance(readme, str):
        try:
            body = (folder / readme).read_text(encoding="utf-8")
        except OSError:
            return None
        kind = {".md": "text/markdown", ".rst": "text/x-rst"}.get(Path(readme).suffix.lower(), "text/plain")
        lines.append(f"Description-Content-Type: {kind}")
    elif readme is not None:
        return None
    return "\n".join(lines) + "\n\n" + body


def _entry_points(project: dict) -> str:
    groups: dict[str, dict[str, str]] = {}
    if project.get("scripts"):
        groups["console_scripts"] = project["scripts"]
    if project.get("gui-scripts"):
        groups["gui_scripts"] = project["gui-scripts"]
    for group, table in sorted(project.get("entry-points", {}).items()):
        groups[group] = table
    return "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(table.items())) + "\n"
                   for group, table in groups.items())


def build_pure_wheel(folder: Path, out: Path) -> Path | None:
    """A `py3-none-any` wheel of a pure-Python setuptools project declared statically in pyproject.toml.

    Offline and deterministic (sorted entries, fixed timestamps), so the same source gives the same wheel and
    hence the same installed RECORD on every machine, whatever setuptools (or none) is installed there. Returns
    None for anything outside that shape (a setup.py, dynamic metadata, package-dir, MANIFEST.in, other
    backends): the caller then builds with pip.
    """
    import base64
    import hashlib
    import zipfile
    from fnmatch import fnmatch

    try:
        data = tomlfile.read(folder / "pyproject.toml")
    except (OSError, ValueError):  # TOMLDecodeError and UnicodeDecodeError are ValueErrors
        return None
    project = data.get("project")
    backend = data.get("build-system", {}).get("build-backend")
    tool = data.get("tool", {}).get("setuptools", {})
    if (not isinstance(project, dict) or backend != "setuptools.build_meta" or project.get("dynamic")
            or not isinstance(project.get("version"), str) or not isinstance(tool, dict)
            or any((folder / f).exists() for f in ("setup.py", "setup.cfg", "MANIFEST.in"))
            or set(tool) - {"packages", "package-data"} or not isinstance(tool.get("packages"), list)):
        return None
    metadata = _metadata(project, folder)
    if metadata is None:
        return None
    files: dict[str, bytes] = {}
    package_data = tool.get("package-data", {})
    for package in tool["packages"]:
        base = folder.joinpath(*package.split("."))
        if not (base / "__init__.py").is_file():
            return None
        patterns = ["*.py", *package_data.get(package, []), *package_data.get("*", [])]
        for path in sorted(base.iterdir()):
            if path.is_file() and any(fnmatch(path.name, p) for p in patterns):
                files["/".join([*package.split("."), path.name])] = path.read_bytes()  # follows symlinks
    name, version = _wheel_safe(project["name"]), project["version"]
    info = f"{name}-{version}.dist-info"
    files[f"{info}/METADATA"] = metadata.encode("utf-8")
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: unitycli\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entry_points = _entry_points(project)
    if entry_points:
        files[f"{info}/entry_points.txt"] = entry_points.encode("utf-8")
    top = sorted({p.split(".")[0] for p in tool["packages"]})
    files[f"{info}/top_level.txt"] = "".join(f"{t}\n" for t in top).encode("utf-8")
    record = []
    for arcname in sorted(files):
        digest = base64.urlsafe_b64encode(hashlib.sha256(files[arcname]).digest()).rstrip(b"=").decode()
        record.append(f"{arcname},sha256={digest},{len(files[arcname])}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode("utf-8")
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for arcname in [*sorted(a for a in files if not a.endswith("/RECORD")), f"{info}/RECORD"]:
            entry = zipfile.ZipInfo(arcname, _FIXED_TIME)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[arcname])
    return wheel
