"""Extension code executes only as verified bytes, against a real pip install.

Each attack plants code that, if it ever runs, leaves a marker file: a poisoned `__pycache__` file matching the
source's mtime and size, an edit with size and mtime restored, a fake `editable` claim, a blank RECORD hash, and
a RECORD rewritten to match (caught by the project lock's digest pin). One child venv for the module; every
tampered file is restored in a `finally` block.
"""

from __future__ import annotations

import hashlib
import importlib._bootstrap_external as bootstrap
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.security.helpers import NO_BUILD, TESTEXT, Venv, record_digest, restoring_testext, sample_project
from unitycli.testing import child_venv

PING = ("tools", "run", "testext.ping", "--input", '{"text": "x"}')
INTEGRITY = {"E_EXTENSION_INTEGRITY_MISMATCH", "E_EXTENSION_INTEGRITY_UNVERIFIABLE"}


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Venv:
    path = tmp_path_factory.mktemp("venv") / "env"
    child_venv(path)
    env = Venv(path)
    env.pip("install", *NO_BUILD, str(TESTEXT))
    return env


@pytest.fixture
def marker():
    folder = Path(tempfile.mkdtemp(prefix="m", dir="/tmp"))  # short: it must fit in a same-size edit
    try:
        yield folder / "m"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _canary(marker: Path) -> bytes:
    return f"open({str(marker)!r},'a').write('x')\n".encode()


def _blocked(venv: Venv, root: Path, marker: Path) -> dict:
    code, env = venv.unitycli(*PING, "--project", str(root))
    assert not marker.exists(), "the canary ran"
    assert code == 1, env
    assert env["error"]["code"] in INTEGRITY, env
    return env


def test_the_pristine_install_runs(venv, tmp_path):
    code, env = venv.unitycli(*PING, "--project", str(sample_project(tmp_path)))
    assert code == 0, env


def test_a_poisoned_pyc_matching_mtime_and_size_never_runs(venv, tmp_path, marker):
    root = sample_project(tmp_path)
    with restoring_testext(venv) as (package, _info):
        source = package / "__init__.py"
        st = source.stat()
        pyc = Path(bootstrap.cache_from_source(str(source)))
        pyc.parent.mkdir(exist_ok=True)
        code = compile(_canary(marker), str(source), "exec")
        pyc.write_bytes(bootstrap._code_to_timestamp_pyc(code, int(st.st_mtime), st.st_size))
        code, env = venv.unitycli(*PING, "--project", str(root))
        assert not marker.exists(), "the poisoned .pyc ran"
        # The source is intact and is what runs (from its verified bytes), or the install is refused.
        assert code == 0 or env["error"]["code"] in INTEGRITY, env


def test_an_edit_with_size_and_mtime_restored_is_caught(venv, tmp_path, marker):
    root = sample_project(tmp_path)
    with restoring_testext(venv) as (package, _info):
        code, env = venv.unitycli(*PING, "--project", str(root))  # warms any digest cache
        assert code == 0, env
        source = package / "__init__.py"
        st = source.stat()
        original = source.read_bytes()
        first, rest = original.split(b"\n", 1)
        line = _canary(marker).rstrip(b"\n")
        assert len(line) < len(first)
        source.write_bytes(line + b"#" * (len(first) - len(line)) + b"\n" + rest)
        assert source.stat().st_size == st.st_size
        os.utime(source, ns=(st.st_atime_ns, st.st_mtime_ns))
        shutil.rmtree(package / "__pycache__", ignore_errors=True)
        env = _blocked(venv, root, marker)
        assert "__init__.py" in env["error"]["message"]


def test_a_fake_editable_claim_is_not_believed(venv, tmp_path, marker):
    root = sample_project(tmp_path)
    with restoring_testext(venv) as (package, info):
        (info / "direct_url.json").write_text(json.dumps(
            {"url": f"file://{venv.site_packages()}", "dir_info": {"editable": True}}))
        source = package / "__init__.py"
        source.write_bytes(_canary(marker) + source.read_bytes())
        shutil.rmtree(package / "__pycache__", ignore_errors=True)
        _blocked(venv, root, marker)


def test_a_blank_record_hash_fails_closed(venv, tmp_path, marker):
    root = sample_project(tmp_path)
    with restoring_testext(venv) as (package, info):
        source = package / "__init__.py"
        source.write_bytes(_canary(marker) + source.read_bytes())
        shutil.rmtree(package / "__pycache__", ignore_errors=True)
        record = info / "RECORD"
        lines = [",".join([line.split(",")[0], "", ""]) if line.startswith("unitycli_testext/__init__.py,") else line
                 for line in record.read_text().splitlines()]
        record.write_text("\n".join(lines) + "\n")
        _blocked(venv, root, marker)


def test_a_rewritten_record_is_caught_by_the_lock_digest_pin(venv, tmp_path, marker):
    root = sample_project(tmp_path)
    with restoring_testext(venv) as (package, info):
        record = info / "RECORD"
        pinned = "sha256:" + hashlib.sha256(record.read_text().encode()).hexdigest()
        (root / ".unitycli").mkdir(exist_ok=True)
        (root / ".unitycli" / "extensions.toml").write_text(
            f'version = 1\n\n[extensions.testext]\ndistribution = "unitycli-testext"\nversion = "0.1.0"\ndigest = "{pinned}"\n'
            'source = "local"\n')
        code, env = venv.unitycli(*PING, "--project", str(root))
        assert code == 0, env  # the pin matches the pristine install
        source = package / "__init__.py"
        tampered = _canary(marker) + source.read_bytes()
        source.write_bytes(tampered)
        shutil.rmtree(package / "__pycache__", ignore_errors=True)
        lines = [f"unitycli_testext/__init__.py,{record_digest(tampered)},{len(tampered)}"
                 if line.startswith("unitycli_testext/__init__.py,") else line
                 for line in record.read_text().splitlines()]
        record.write_text("\n".join(lines) + "\n")
        env = _blocked(venv, root, marker)
        assert env["error"]["code"] == "E_EXTENSION_INTEGRITY_MISMATCH"
