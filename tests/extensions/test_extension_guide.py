"""docs/extensions.md is true: its example extension, built from the page's own code blocks in a temporary folder
and installed into a fresh venv with `unitycli extensions install`, is listed, available or not per project,
covered by doctor and integrity, owns its error code, and passes its own test — without touching core."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest

from tests.extensions.helpers import BITESIZE_CLIENT_DRIVEN, copy_project
from tests.fixturepaths import REPO_ROOT
from unitycli.testing import child_venv

GUIDE = REPO_ROOT / "docs" / "extensions.md"
GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
BLOCK = re.compile(r"```(?:toml|python)\n# file: (?P<path>\S+)\n(?P<body>.*?)```", re.S)
OFFLINE = {"PIP_INDEX_URL": "http://127.0.0.1:9/simple", "PIP_RETRIES": "0", "PIP_TIMEOUT": "2",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def write_the_example(target: Path) -> dict[str, str]:
    files = {m["path"]: m["body"] for m in BLOCK.finditer(GUIDE.read_text(encoding="utf-8"))}
    for relative, body in files.items():
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        (target / relative).write_text(body, encoding="utf-8")
    return files


@pytest.fixture(scope="module")
def acme(tmp_path_factory):
    base = tmp_path_factory.mktemp("guide")
    source = base / "unitycli-acme"
    files = write_the_example(source)
    python = str(child_venv(base / "env"))

    def cli(*args: str) -> tuple[int, dict]:
        done = subprocess.run([python, "-P", "-m", "unitycli", "--json", *args], capture_output=True, text=True,
                              timeout=300, env={**os.environ, **OFFLINE})
        assert done.stdout, done.stderr
        return done.returncode, json.loads(done.stdout)

    with_pb = copy_project("chicken-defense", base / "a", extra=(GAME,))
    code, out = cli("extensions", "install", str(source), "--project", str(with_pb), "--pip-arg=--no-deps")
    assert code == 0, out
    return source, files, python, cli, with_pb, base


def test_the_example_is_short_and_imports_only_the_api(acme):
    _, files, *_ = acme
    code = "\n".join(body for path, body in files.items() if path.startswith("unitycli_acme/") and path.endswith(".py"))
    lines = [line for line in code.splitlines() if line.strip()]
    assert len(lines) < 60
    imported = set(re.findall(r"^from (unitycli[\w.]*) import", code, re.M))
    assert imported - {"unitycli_acme"} == {"unitycli.api"}
    assert set(files) == {"pyproject.toml", "unitycli_acme/manifest.toml", "unitycli_acme/__init__.py",
                          "unitycli_acme/specs.py", "unitycli_acme/count_meshes.py", "tests/test_acme.py"}


def test_registering_it_imports_no_tool_module(acme):
    """The guide's convention holds: the spec names the handler by path, imported only when the tool runs."""
    _, _, python, _, with_pb, _ = acme
    code = ("import sys; from pathlib import Path; from unitycli.host.session import Session; "
            f"names = Session(project_arg={str(with_pb)!r}, cwd=Path({str(with_pb)!r})).registry.names(); "
            "print('acme.count-meshes' in names, 'unitycli_acme.count_meshes' in sys.modules)")
    done = subprocess.run([python, "-P", "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["True", "False"], done.stderr


def test_it_is_listed_and_available_only_where_probuilder_is(acme):
    _, _, _, cli, with_pb, base = acme
    code, out = cli("extensions", "list", "--project", str(with_pb))
    [entry] = [e for e in out["result"]["extensions"] if e["id"] == "acme"]
    assert (entry["status"], entry["tools"], entry["availableTools"]) == ("active", 1, 1)
    code, out = cli("tools", "run", "acme.count-meshes", "--project", str(with_pb), "--input", json.dumps({"file": GAME}))
    assert (code, out["result"]["output"]["meshes"]) == (0, 5), out
    without = copy_project(BITESIZE_CLIENT_DRIVEN, base / "b")
    code, out = cli("tools", "describe", "acme.count-meshes", "--project", str(without))
    assert (out["result"]["available"], out["result"]["unavailableCode"]) == (False, "E_EXTENSION_DEPENDENCY_MISSING")
    assert out["result"]["nextActions"][0].startswith("unitycli tools run package.add ")


def test_its_own_error_code_is_catalogued_with_its_owner(acme):
    _, _, _, cli, with_pb, base = acme
    empty = copy_project("chicken-defense", base / "c")
    code, out = cli("tools", "run", "acme.count-meshes", "--project", str(empty), "--input", '{"requireAny": true}')
    assert (code, out["error"]["code"]) == (1, "E_ACME_NO_MESHES")
    code, out = cli("docs", "errors")
    [spec] = [e for e in out["result"]["errors"] if e["code"] == "E_ACME_NO_MESHES"]
    assert spec["owner"] == "unitycli-acme"


def test_doctor_and_integrity_cover_it(acme):
    _, _, python, cli, with_pb, _ = acme
    code, out = cli("extensions", "doctor", "--project", str(with_pb))
    checks = {c["name"]: c["status"] for c in out["result"]["checks"]}
    assert (checks["integrity:acme"], checks["package:acme:com.unity.probuilder"]) == ("pass", "pass")
    # The tool module, imported only when the tool runs: checked against the RECORD all the same.
    installed = Path(subprocess.run([python, "-c", "import unitycli_acme; print(unitycli_acme.__file__)"],
                                    capture_output=True, text=True, check=True,
                                    timeout=60).stdout.strip()).with_name("count_meshes.py")
    original = installed.read_bytes()
    try:
        installed.write_bytes(original.replace(b"meshes=len(found)", b"meshes=42"))
        code, out = cli("tools", "run", "acme.count-meshes", "--project", str(with_pb))
        assert (code, out["error"]["code"]) == (1, "E_EXTENSION_INTEGRITY_MISMATCH")
    finally:
        installed.write_bytes(original)


def test_its_own_test_passes_with_the_testing_plugin(acme):
    source, _, python, *_ = acme
    done = subprocess.run([python, "-P", "-m", "pytest", "-q", "-p", "no:cacheprovider", str(source / "tests")],
                          capture_output=True, text=True, timeout=300, cwd=REPO_ROOT,
                          env={**os.environ, "UNITYCLI_FIXTURES": str(REPO_ROOT.parent / "shared" / "fixtures")
                               if "UNITYCLI_FIXTURES" not in os.environ else os.environ["UNITYCLI_FIXTURES"]})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 passed" in done.stdout
