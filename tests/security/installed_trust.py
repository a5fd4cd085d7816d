"""A child venv where unitycli itself is installed from a wheel (not editable), for canaries that must hold on
the package users get (issue 29). The child sees the running environment's dependencies (pydantic, pluggy, pip)
through a plain path entry, without its `.pth` files, so no editable finder of the checkout can take over.

Import `installed_core` into a test module to use it; one per test session.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.security.helpers import REPO, Venv


def _core_source() -> Path:
    """The unitycli tree to install: this checkout, or `UNITYCLI_CANARY_CORE` (an export of an older commit, to
    show that a canary fails there)."""
    return Path(os.environ.get("UNITYCLI_CANARY_CORE") or REPO)


def _wheel_of_the_checkout(scratch: Path) -> Path:
    """A wheel of unitycli as `pip install .` would lay it out (core/ as `unitycli`, plugins/ as
    `unitycli.plugins`, the catalog's links followed), built offline by unitycli's own wheel builder from a
    copy, so neither setuptools' wheel support nor the network is needed and the checkout is never written."""
    import tomllib

    import tomli_w

    from unitycli.extension_manager.pip import build_pure_wheel

    tree = _core_source()
    source = scratch / "unitycli-src"
    package = source / "unitycli"
    shutil.copytree(tree / "core", package, symlinks=False, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(tree / "plugins", package / "plugins", symlinks=False,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (package / "catalog" / "__init__.py").write_text("")
    shutil.copyfile(tree / "README.md", source / "README.md")
    packages = sorted(".".join(p.parent.relative_to(source).parts) for p in package.rglob("__init__.py"))
    data = tomllib.loads((tree / "pyproject.toml").read_text(encoding="utf-8"))
    data["tool"] = {"setuptools": {"packages": packages,
                                   "package-data": {"unitycli": ["py.typed"], "unitycli.catalog": ["*.toml"]}}}
    (source / "pyproject.toml").write_text(tomli_w.dumps(data), encoding="utf-8")
    wheel = build_pure_wheel(source, scratch / "wheels")
    assert wheel is not None, "unitycli's wheel builder no longer takes this layout"
    return wheel


def make_installed_core(path: Path, scratch: Path) -> Venv:
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    venv = Venv(path)
    parents = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (venv.site_packages() / "zz-parent-packages.pth").write_text("".join(f"{p}\n" for p in parents))
    venv.pip("install", "--no-deps", "--no-index", str(_wheel_of_the_checkout(scratch)))
    done = subprocess.run([str(venv.python), "-c", "import unitycli; print(unitycli.__file__)"],
                          capture_output=True, text=True, timeout=120, cwd="/")
    location = Path(done.stdout.strip())
    assert location.is_relative_to(venv.site_packages()), (done.stdout, done.stderr)
    assert not location.resolve().is_relative_to(REPO)
    return venv


@pytest.fixture(scope="session")
def installed_core(tmp_path_factory) -> Venv:
    base = tmp_path_factory.mktemp("installed-core")
    return make_installed_core(base / "env", base)
