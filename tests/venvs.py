"""Throwaway venvs that see the running interpreter's packages (unitycli and its dependencies) and add their own.

`venv --system-site-packages` is not that: it exposes the *base* interpreter's site-packages, so a child of
`.venv/bin/python` would not see `.venv` at all (unitycli there is invisible and the test passes only where
unitycli happens to be installed system-wide too). Instead the child gets a `.pth` file that adds the running
interpreter's own site-packages as a site dir, after the child's own: what the child installs wins, and the
parent's editable-install finders still run.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path


def child_venv(path: Path) -> Path:
    """Create a venv at `path` layered over the running interpreter's site-packages; return its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    site_packages = next((path / "lib").glob("python3*/site-packages"))
    parents = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    lines = "".join(f"import site; site.addsitedir({p!r})\n" for p in parents)
    (site_packages / "zz-parent-environment.pth").write_text(lines)
    return path / "bin" / "python"
