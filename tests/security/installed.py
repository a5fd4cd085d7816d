"""The core as users get it: built from this checkout and installed non-editably into a child venv.

Canary tests run `python -m unitycli` of that venv, so what they prove holds for the installed package, not only
for the editable source tree. Use it by importing the fixture into a test module:
`from tests.security.installed import installed_core  # noqa: F401`.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.security.helpers import NO_BUILD, REPO, Venv
from unitycli.testing import child_venv

# What `pip install` needs to build the core; copied out so the build leaves nothing in the checkout.
_SOURCES = ("core", "plugins", "setup.py", "pyproject.toml", "README.md")


@pytest.fixture(scope="session")
def installed_core(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """A venv whose `unitycli` is a regular (non-editable) install of this checkout's core and built-in plugins."""
    base = tmp_path_factory.mktemp("installed-core")
    source = base / "src"
    for name in _SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(path, source / name)
    child_venv(base / "venv")
    venv = Venv(base / "venv")
    # The build backend the checkout declares (setuptools>=68 builds wheels on its own), from the configured index.
    venv.pip("install", "--no-deps", "setuptools>=70.1")
    venv.pip("install", *NO_BUILD, str(source))
    where = subprocess.run([str(venv.python), "-c", "import unitycli; print(unitycli.__file__)"], capture_output=True,
                           text=True, timeout=120, cwd="/", check=True).stdout.strip()
    assert not Path(where).resolve().is_relative_to(REPO), f"the child venv imports the checkout: {where}"
    assert Path(where).resolve().is_relative_to(venv.site_packages().resolve()), where
    return venv
