"""The core as users get it: this checkout built by pip and installed non-editably into a child venv.

Canary tests run that venv's `python -m unitycli` (or its `unitycli` console script), so what they prove holds for
the installed package, not only for the editable source tree. The child sees the running environment's packages
(pydantic, pluggy, pip, the build backend) through plain path entries, without their `.pth` files, so no editable
finder of the checkout can take over. `UNITYCLI_CANARY_CORE=<export of an older commit>` installs that tree instead,
to show a canary fails there. `tests/security/conftest.py` imports the fixture for every module of this folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.security.helpers import NO_BUILD, REPO, Venv

# What `pip install` needs to build the core; copied out so the build leaves nothing in the checkout.
_SOURCES = ("core", "plugins", "setup.py", "pyproject.toml", "README.md")


def _core_source() -> Path:
    return Path(os.environ.get("UNITYCLI_CANARY_CORE") or REPO)


def make_installed_core(path: Path, scratch: Path) -> Venv:
    """A venv at `path` whose `unitycli` is a regular install of the core and built-in plugins."""
    source = scratch / "src"
    source.mkdir(parents=True)
    for name in _SOURCES:
        item = _core_source() / name
        if item.is_dir():
            shutil.copytree(item, source / name, symlinks=False,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        else:
            shutil.copy2(item, source / name)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    venv = Venv(path)
    parents = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (venv.site_packages() / "zz-parent-packages.pth").write_text("".join(f"{p}\n" for p in parents))
    # The build backend (setuptools>=70.1 builds wheels on its own) comes from the test environment: no network.
    venv.pip("install", *NO_BUILD, "--no-index", str(source))
    done = subprocess.run([str(venv.python), "-c", "import unitycli; print(unitycli.__file__)"],
                          capture_output=True, text=True, timeout=120, cwd="/")
    location = Path(done.stdout.strip())
    assert location.is_relative_to(venv.site_packages()), (done.stdout, done.stderr)
    assert not location.resolve().is_relative_to(REPO), f"the child venv imports the checkout: {location}"
    return venv


@pytest.fixture(scope="session")
def installed_core(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    base = tmp_path_factory.mktemp("installed-core")
    return make_installed_core(base / "venv", base)
