"""Sync installs only what a person chose, on the installed (non-editable) unitycli.

A freshly cloned project whose `.unitycli/config.toml` points `[sources] extensions` into the repository and
whose lock names an extension there: `extensions sync` builds, installs and imports nothing until a person runs
`extensions approve`, which shows what will be installed, from where, who chose it and the digest of its files.
A source with a `setup.py` (code that runs while building) is not built either; a catalog id does not make the
project's own folder trusted; a change after approval is refused; and after approval the installing process
still imports nothing (the load check runs in a child interpreter).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.security.helpers import Venv, sample_project

PYPROJECT = '''
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "{version}"
description = "a project-supplied extension"
requires-python = ">=3.11"

[project.entry-points."unitycli.extensions"]
{ext_id} = "{package}"

[tool.setuptools]
packages = ["{package}"]
'''


def _canary(marker: Path) -> str:
    """Leaves which interpreter ran it (its sys.argv) in `marker`."""
    return f"import sys\nopen({str(marker)!r}, 'a').write(' '.join(sys.argv) + '\\n')\n"


def _vendor(root: Path, marker: Path, *, folder: str = "evil", name: str = "unitycli-evil",
            ext_id: str = "evil", version: str = "0.1.0", setup_py: bool = False) -> Path:
    """An extension source inside the repository, and config + lock that name it (what a hostile clone ships)."""
    package = name.replace("-", "_")
    source = root / "vendor" / folder
    (source / package).mkdir(parents=True)
    (source / "pyproject.toml").write_text(PYPROJECT.format(name=name, ext_id=ext_id, package=package,
                                                                 version=version))
    (source / package / "__init__.py").write_text(_canary(marker))
    if setup_py:  # runs while a wheel is built
        (source / "setup.py").write_text(_canary(marker) + "from setuptools import setup\nsetup()\n")
    (root / ".unitycli" / "config.toml").write_text('[sources]\nextensions = "vendor"\nindex = false\n')
    (root / ".unitycli" / "extensions.toml").write_text(textwrap.dedent(f'''\
        version = 1

        [extensions.{ext_id}]
        distribution = "{name}"
        version = "{version}"
        source = "repo:extensions/{folder}"
        '''))
    return source


def _installed(venv: Venv, package: str) -> list[Path]:
    return sorted(venv.site_packages().glob(f"{package}*"))


@pytest.fixture
def venv(installed_core: Venv) -> Venv:  # noqa: F811
    return installed_core


@pytest.mark.parametrize("setup_py", [False, True], ids=["static-pyproject", "setup.py"])
def test_sync_of_a_project_chosen_extension_builds_installs_and_imports_nothing(venv, tmp_path, setup_py):
    root, marker = sample_project(tmp_path), tmp_path / "marker"
    _vendor(root, marker, setup_py=setup_py)
    code, env = venv.unitycli("extensions", "sync", "--project", str(root))
    assert not marker.exists(), "project-chosen code ran"
    assert _installed(venv, "unitycli_evil") == []
    assert code == 1, env
    error = env["error"]
    assert error["code"] == "E_EXTENSION_SOURCE_UNAPPROVED", env
    [offer] = error["details"]["offers"]
    assert (offer["id"], offer["distribution"], offer["version"], offer["chosenBy"]) == (
        "evil", "unitycli-evil", "0.1.0", "project config")
    assert offer["location"] == str((root / "vendor" / "evil").resolve())
    assert offer["digest"].startswith("sha256:")
    assert error["nextActions"][0] == f"unitycli extensions approve evil --project {root}"
    code, env = venv.unitycli("extensions", "sync", "--dry-run", "--project", str(root))
    assert code == 0, env
    [item] = env["result"]["items"]
    assert (item["action"], item["approval"], item["chosenBy"]) == ("planned", "needed", "project config")
    code, env = venv.unitycli("tools", "search", "project", "--project", str(sample_project(tmp_path / "other")))
    assert code == 0, env
    assert not marker.exists()


def test_a_catalog_id_does_not_make_the_projects_own_folder_trusted(venv, tmp_path):
    """The lock names `probuilder` with its real distribution, but the code is the repository's copy."""
    root, marker = sample_project(tmp_path), tmp_path / "marker"
    _vendor(root, marker, folder="probuilder", name="unitycli-probuilder", ext_id="probuilder", version="9.0.0")
    code, env = venv.unitycli("extensions", "sync", "--project", str(root))
    assert not marker.exists(), "project-chosen code ran"
    assert code == 1 and env["error"]["code"] == "E_EXTENSION_SOURCE_UNAPPROVED", env
    [offer] = env["error"]["details"]["offers"]
    assert offer["reasons"] == [f"the project config chose {(root / 'vendor' / 'probuilder').resolve()}"]


def test_an_install_by_id_from_a_project_chosen_folder_needs_approval_too(venv, tmp_path):
    root, marker = sample_project(tmp_path), tmp_path / "marker"
    _vendor(root, marker)
    (root / ".unitycli" / "extensions.toml").unlink()
    code, env = venv.unitycli("extensions", "install", "evil", "--project", str(root))
    assert not marker.exists(), "project-chosen code ran"
    assert code == 1 and env["error"]["code"] == "E_EXTENSION_SOURCE_UNAPPROVED", env
    assert _installed(venv, "unitycli_evil") == []


def test_approved_code_is_installed_from_the_approved_bytes_and_checked_in_a_child(venv, tmp_path):
    root, marker = sample_project(tmp_path), tmp_path / "marker"
    source = _vendor(root, marker)
    code, env = venv.unitycli("extensions", "approve", "evil", "--project", str(root))
    assert code == 0, env
    [offer] = env["result"]["approved"]
    assert (offer["chosenBy"], offer["files"]) == ("project config", 2)
    assert not marker.exists(), "approving ran code"
    # Changed after approval: refused before anything is built.
    (source / "unitycli_evil" / "__init__.py").write_text(_canary(marker) + "# changed\n")
    code, env = venv.unitycli("extensions", "sync", "--project", str(root))
    assert code == 1 and env["error"]["code"] == "E_EXTENSION_SOURCE_UNAPPROVED", env
    assert env["error"]["details"]["offers"][0]["digest"] != offer["digest"]
    assert not marker.exists() and _installed(venv, "unitycli_evil") == []
    (source / "unitycli_evil" / "__init__.py").write_text(_canary(marker))
    try:
        code, env = venv.unitycli("extensions", "sync", "--project", str(root))
        assert code == 0, env
        assert [(i["id"], i["action"], i["approval"]) for i in env["result"]["items"]] == [
            ("evil", "installed", "approved")]
        # It ran only in the child interpreter that checks it loads, never in the installing process.
        runs = marker.read_text().splitlines()
        assert runs and all("load_check" in run for run in runs), runs
    finally:
        venv.pip("uninstall", "-y", "unitycli-evil")
