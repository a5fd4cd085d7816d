"""The test extension built and installed by real pip into a throwaway venv, then driven through the CLI.

One venv per module, layered over the running interpreter's packages (`unitycli.testing.child_venv`) so unitycli
and its dependencies come from the environment under test, never from the base interpreter. Each test leaves the venv as it
found it: variants are uninstalled and tampered files restored.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.extensions.helpers import BITESIZE_CLIENT_DRIVEN, TESTEXT, copy_project
from unitycli.testing import child_venv

GAME_SCENE = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
NO_BUILD = ("--no-deps", "--no-build-isolation")


class Venv:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.python = path / "bin" / "python"

    def pip(self, *args: str) -> subprocess.CompletedProcess:
        done = subprocess.run([str(self.python), "-m", "pip", *args], capture_output=True, text=True,
                              env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}, timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr
        return done

    def unitycli(self, *args: str) -> tuple[int, dict]:
        done = subprocess.run([str(self.python), "-m", "unitycli", "--json", *args], capture_output=True, text=True,
                              timeout=120)
        assert done.stdout, done.stderr
        return done.returncode, json.loads(done.stdout)

    def site_packages(self) -> Path:
        return next((self.path / "lib").glob("python3*/site-packages"))


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Venv:
    path = tmp_path_factory.mktemp("venv") / "env"
    child_venv(path)
    env = Venv(path)
    env.pip("install", *NO_BUILD, str(TESTEXT))
    return env


def _variant(tmp_path: Path, dist: str, init_py: str) -> Path:
    """A copy of the test extension under another distribution name, with its own module body."""
    module = dist.replace("-", "_")
    target = tmp_path / dist
    shutil.copytree(TESTEXT, target, symlinks=False)
    (target / "unitycli_testext").rename(target / module)
    text = (target / "pyproject.toml").read_text()
    ext_id = dist.removeprefix("unitycli-")
    text = text.replace('name = "unitycli-testext"', f'name = "{dist}"').replace(
        'testext = "unitycli_testext"', f'{ext_id} = "{module}"')
    (target / "pyproject.toml").write_text(text)
    (target / module / "manifest.toml").unlink()
    (target / module / "__init__.py").write_text(init_py)
    return target


def test_the_installed_extension_is_real_and_ships_its_manifest(venv):
    info = next(venv.site_packages().glob("unitycli_testext-0.1.0.dist-info"))
    record = (info / "RECORD").read_text()
    assert "unitycli_testext/manifest.toml,sha256=" in record
    installed = venv.site_packages() / "unitycli_testext" / "manifest.toml"
    assert not installed.is_symlink()  # the wheel carries the bytes, not the link
    assert installed.read_bytes() == (TESTEXT / "unitycli_testext" / "manifest.toml").read_bytes()


def test_availability_true_and_false_on_fixture_projects(venv, tmp_path):
    has = copy_project("chicken-defense", tmp_path / "a", extra=(GAME_SCENE,))
    lacks = copy_project(BITESIZE_CLIENT_DRIVEN, tmp_path / "b")
    code, env = venv.unitycli("tools", "describe", "testext.mesh-count", "--project", str(has))
    assert code == 0, env
    assert env["result"]["available"] is True
    assert env["result"]["owner"]["distribution"] == "unitycli-testext"
    code, env = venv.unitycli("tools", "describe", "testext.mesh-count", "--project", str(lacks))
    assert env["result"]["available"] is False
    assert env["result"]["unavailableCode"] == "E_EXTENSION_DEPENDENCY_MISSING"
    assert "com.unity.probuilder@5.2.2" in env["result"]["unavailableReason"]
    code, env = venv.unitycli("tools", "run", "testext.mesh-count", "--project", str(has))
    assert code == 0, env
    assert env["result"]["output"] == {"scenes": 1, "meshes": 5}  # Game.unity's 5 ProBuilderMesh components
    code, env = venv.unitycli("tools", "run", "testext.mesh-count", "--project", str(lacks))
    assert code == 1
    assert env["error"]["code"] == "E_EXTENSION_DEPENDENCY_MISSING"


def test_doctor_exit_codes_0_3_on_real_setups(venv, tmp_path):
    """An unverified version (minigolf: ProBuilder 6.0.4) is a warning with per-operation availability."""
    results = {}
    for name in ("chicken-defense", "minigolf", "vfx-samples"):
        root = copy_project(name, tmp_path)
        code, env = venv.unitycli("extensions", "doctor", "--project", str(root))
        checks = {c["name"]: c for c in env["result"]["checks"]}
        results[name] = (code, checks["package:testext:com.unity.probuilder"]["status"])
        assert checks["integrity:testext"]["status"] == "pass"
        assert checks["testext.self-check"]["status"] == "pass"
    assert results == {"chicken-defense": (0, "pass"), "minigolf": (0, "warn"), "vfx-samples": (3, "unverifiable")}


def test_extensions_install_from_a_local_path_records_the_lock(venv, tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    code, env = venv.unitycli("extensions", "install", str(TESTEXT), "--project", str(root),
                              *(f"--pip-arg={a}" for a in NO_BUILD))
    assert code == 0, env
    result = env["result"]
    assert result["ids"] == ["testext"] and result["version"] == "0.1.0" and result["integrity"] == "verified"
    assert result["lockChanged"] is True
    lock = (root / ".unitycli" / "extensions.toml").read_text()
    assert '[extensions.testext]\ndistribution = "unitycli-testext"\nversion = "0.1.0"\ndigest = "sha256:' in lock
    # A folder outside the repository's extensions/: recorded portably, never as this machine's path.
    assert 'source = "local"' in lock and str(TESTEXT) not in lock
    code, env = venv.unitycli("extensions", "sync", "--dry-run", "--project", str(root))
    assert [(i["id"], i["drift"], i["action"]) for i in env["result"]["items"]] == [("testext", [], "none")]
    code, env = venv.unitycli("extensions", "doctor", "--project", str(root))
    checks = {c["name"]: c for c in env["result"]["checks"]}
    assert checks["lock:testext"]["status"] == "pass"
    code, env = venv.unitycli("extensions", "list", "--project", str(root))
    [testext] = [e for e in env["result"]["extensions"] if e["id"] == "testext"]
    assert (testext["status"], testext["tools"], testext["availableTools"]) == ("active", 2, 2)


def test_broken_and_clashing_extensions_are_reported_while_others_work(venv, tmp_path):
    broken = _variant(tmp_path, "unitycli-testbroken", "import a_module_that_does_not_exist_42\n")
    clash = _variant(tmp_path, "unitycli-testclash", (TESTEXT / "unitycli_testext" / "__init__.py").read_text()
                     .replace('name="testext.mesh-count"', 'name="testclash.mesh-count"')
                     .replace("@hookimpl\ndef unitycli_extension_manifest", "def _no_manifest"))
    venv.pip("install", *NO_BUILD, str(broken), str(clash))
    try:
        root = copy_project("chicken-defense", tmp_path)
        code, env = venv.unitycli("extensions", "doctor", "--project", str(root))
        assert code == 1
        checks = {c["name"]: c for c in env["result"]["checks"]}
        assert "a_module_that_does_not_exist_42" in checks["load:testbroken"]["message"]
        clash_check = checks["registry:duplicate:testext.ping"]
        assert "unitycli-testext 0.1.0" in clash_check["message"]
        assert "unitycli-testclash 0.1.0" in clash_check["message"]
        code, env = venv.unitycli("tools", "run", "testext.mesh-count", "--project", str(root))
        assert code == 0, env
        code, env = venv.unitycli("tools", "run", "testext.ping", "--project", str(root))
        assert env["error"]["code"] == "E_TOOL_REGISTRY_UNHEALTHY"
        assert len(env["error"]["details"]["providers"]) == 2
    finally:
        venv.pip("uninstall", "-y", "unitycli-testbroken", "unitycli-testclash")


def test_a_tampered_installed_file_blocks_the_extension(venv, tmp_path):
    root = copy_project("chicken-defense", tmp_path)
    target = venv.site_packages() / "unitycli_testext" / "__init__.py"
    original = target.read_bytes()
    try:
        target.write_bytes(original.replace(b"return PingOutput(echoed=request.text)",
                                            b"return PingOutput(echoed='owned')"))
        code, env = venv.unitycli("tools", "run", "testext.ping", "--project", str(root))
        assert code == 1
        assert env["error"]["code"] == "E_EXTENSION_INTEGRITY_MISMATCH"
        assert str(target) in env["error"]["message"]
        assert " -m pip install --force-reinstall --no-deps " in env["error"]["nextActions"][0]
        code, env = venv.unitycli("extensions", "doctor", "--project", str(root))
        assert code == 1
        assert {c["name"]: c["status"] for c in env["result"]["checks"]}["load:testext"] == "fail"
        code, env = venv.unitycli("extensions", "list", "--project", str(root))
        assert [e["status"] for e in env["result"]["extensions"] if e["id"] == "testext"] == ["integrity-failed"]
    finally:
        target.write_bytes(original)
    code, env = venv.unitycli("tools", "run", "testext.ping", "--project", str(root))
    assert code == 0, env
