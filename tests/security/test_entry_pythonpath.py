"""A relative `PYTHONPATH` entry never lets a project's modules shadow ours.

`PYTHONPATH=Assets` (or `src`, `./Assets`, `..` …) names a folder of whatever project the command runs in, and
Python puts it ahead of site-packages and the standard library: a project shipping `pydantic.py` or `json.py`
there had its code run by `unitycli`. The entry now drops such entries like the working directory itself.
Canaries: modules that leave a marker when imported, planted where each spelling points; run on a non-editable
install, through the console script and `python -m unitycli`, from the project root or a folder inside it.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.security.helpers import canary, sample_project

# Imported by every command after the entry has run (modules Python itself imports at start-up cannot be guarded
# by any code of ours; the entry's docstring says which).
SHADOWED = ("pydantic", "click", "pluggy", "json", "yaml", "tomli_w", "platformdirs", "anyio")

# (PYTHONPATH, working directory inside the project)
SPELLINGS = [
    ("Assets", "."), ("./Assets", "."), ("Assets/", "."), ("Assets//", "."), ("Assets/./", "."),
    ("Assets/Scenes/..", "."), ("src", "."), ("src:", "."), (":src", "."), ("src::Assets", "."),
    ("Assets/../src", "."), ("~", "."), (".", "."), ("./", "."), ("", "."), ("..", "Assets"), ("../src", "Assets"),
    ("../../sample-project/src", "Assets"),
]

@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> tuple[Path, Path]:
    """A project whose root, `Assets`, `src` and `~` folders hold a canary for each shadowed module."""
    base = tmp_path_factory.mktemp("planted")
    root = sample_project(base)
    marker = base / "marker"
    for folder in (root, root / "Assets", root / "src", root / "~"):
        folder.mkdir(exist_ok=True)
        for name in SHADOWED:
            (folder / f"{name}.py").write_text(canary(marker))
    return root, marker


def _run(command: list[str], root: Path, cwd: str, pythonpath: str, home: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UNITYCLI_", "PYTHON"))}
    env.update(PYTHONPATH=pythonpath, UNITYCLI_HOME=str(home), UNITYCLI_RESIDENT="off")  # no server left behind
    return subprocess.run([*command, "--json", "tools", "search", "project", "--project", str(root)],
                          capture_output=True, text=True, timeout=120, cwd=root / cwd, env=env)


@pytest.mark.parametrize(("pythonpath", "cwd"), SPELLINGS, ids=[f"{p!r} in {c}" for p, c in SPELLINGS])
def test_a_relative_pythonpath_entry_never_runs_project_code(installed_core, planted, tmp_path, pythonpath, cwd):
    root, marker = planted
    marker.unlink(missing_ok=True)  # each spelling on its own
    for command in ([str(installed_core.path / "bin" / "unitycli")], [str(installed_core.python), "-m", "unitycli"]):
        done = _run(command, root, cwd, pythonpath, tmp_path / "home")
        assert not marker.exists(), (command, marker.read_text() if marker.exists() else "", done.stderr[-2000:])
        assert done.returncode == 0, (command, done.stdout[-500:], done.stderr[-2000:])
        assert json.loads(done.stdout)["ok"] is True


def test_an_absolute_pythonpath_entry_is_kept(installed_core, tmp_path):
    """A person chose an absolute entry: it stays, even for `python -m` (its module is imported when asked)."""
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "entry_probe_module.py").write_text("VALUE = 7\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = f"{lib}{os.pathsep}relative"
    code = ("import sys; from unitycli.cli.entry import strip_working_directory; strip_working_directory(); "
            "import entry_probe_module; print(entry_probe_module.VALUE, [p for p in sys.path if 'relative' in p])")
    done = subprocess.run([str(installed_core.python), "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=env)
    assert done.stdout.split() == ["7", "[]"], done.stderr


def test_strip_drops_relative_pythonpath_entries_as_python_resolved_them(tmp_path, monkeypatch):
    from unitycli.cli.entry import strip_working_directory

    (tmp_path / "proj" / "Assets").mkdir(parents=True)
    (tmp_path / "proj" / "src").mkdir()
    monkeypatch.chdir(tmp_path / "proj" / "Assets")
    proj = str(tmp_path / "proj")
    path = ["", "src", proj, proj + "/src", proj + "/Assets", proj + "/Assets/", "/usr/lib/python3.11",
            "/opt/lib"]
    strip_working_directory(path, {"PYTHONPATH": "../src:..::/opt/lib"})
    assert path == ["/usr/lib/python3.11", "/opt/lib"]
