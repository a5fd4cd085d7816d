"""Integrity that cannot be talked out of, on the installed (non-editable) unitycli.

A `direct_url.json` that claims an editable install of a real source folder (here the extension's own source,
with its pyproject.toml) while the files that run sit in site-packages is not believed; a lock pin binds name,
version and digest, so a METADATA version or name bumped and RECORD rewritten to match tampered files is a
mismatch, not a skip. Each tamper adds a canary line that would leave a marker file if it ever ran.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.security.helpers import (
    NO_BUILD,
    TESTEXT,
    TESTEXT_INFO,
    Venv,
    canary,
    record_digest,
    restoring_testext,
    sample_project,
)

PING = ("tools", "run", "testext.ping", "--input", '{"text": "x"}')


@pytest.fixture(scope="module")
def venv(installed_core: Venv) -> Iterator[Venv]:  # noqa: F811
    installed_core.pip("install", *NO_BUILD, str(TESTEXT))
    yield installed_core
    installed_core.pip("uninstall", "-y", "unitycli-testext")


def _plant(package: Path, info: Path, marker: Path) -> None:
    """A canary in the package's `__init__.py`, with RECORD rewritten to match it."""
    source = package / "__init__.py"
    tampered = canary(marker).encode() + source.read_bytes()
    source.write_bytes(tampered)
    shutil.rmtree(package / "__pycache__", ignore_errors=True)
    _rewrite_record(info, {"unitycli_testext/__init__.py": tampered})


def _rewrite_record(info: Path, files: dict[str, bytes]) -> None:
    rows = []
    for line in (info / "RECORD").read_text().splitlines():
        name = line.split(",", 1)[0]
        rows.append(f"{name},{record_digest(files[name])},{len(files[name])}" if name in files else line)
    (info / "RECORD").write_text("\n".join(rows) + "\n")


def _pin(venv: Venv, root: Path) -> None:
    """The project lock, pinning the pristine install (as `extensions install` writes it)."""
    record = (venv.site_packages() / TESTEXT_INFO / "RECORD").read_text()
    digest = "sha256:" + hashlib.sha256(record.encode()).hexdigest()
    (root / ".unitycli" / "extensions.toml").write_text(
        f'version = 1\n\n[extensions.testext]\ndistribution = "unitycli-testext"\nversion = "0.1.0"\n'
        f'digest = "{digest}"\nsource = "local"\n')


def _refused(venv: Venv, root: Path, marker: Path) -> dict:
    code, env = venv.unitycli(*PING, "--project", str(root))
    assert not marker.exists(), "the canary ran"
    assert code == 1, env
    assert env["error"]["code"] == "E_EXTENSION_INTEGRITY_MISMATCH", env
    return env


def test_the_pinned_pristine_install_runs(venv, tmp_path):
    root = sample_project(tmp_path)
    _pin(venv, root)
    code, env = venv.unitycli(*PING, "--project", str(root))
    assert code == 0, env


def test_an_editable_claim_naming_the_real_source_folder_is_not_believed(venv, tmp_path):
    """The claimed checkout exists and has a pyproject.toml, but the module imported is site-packages'."""
    root, marker = sample_project(tmp_path), tmp_path / "marker"
    with restoring_testext(venv) as (package, info):
        (info / "direct_url.json").write_text(json.dumps({"url": TESTEXT.as_uri(), "dir_info": {"editable": True}}))
        source = package / "__init__.py"
        source.write_bytes(canary(marker).encode() + source.read_bytes())
        shutil.rmtree(package / "__pycache__", ignore_errors=True)
        env = _refused(venv, root, marker)
        assert "unitycli_testext/__init__.py" in json.dumps(env["error"]["details"])
        code, doctor = venv.unitycli("extensions", "doctor", "--project", str(root))
        [check] = [c for c in doctor["result"]["checks"] if c["name"] == "load:testext"]
        assert check["status"] == "fail", check
        assert not marker.exists()


@pytest.mark.parametrize(("field", "tampered"), [(b"Version: 0.1.0", b"Version: 0.1.1"),
                                                  (b"Name: unitycli-testext", b"Name: other-testext")],
                         ids=["bumped-version", "renamed-distribution"])
def test_a_changed_metadata_field_with_a_rewritten_record_is_a_pin_mismatch(venv, tmp_path, field, tampered):
    root, marker = sample_project(tmp_path), tmp_path / "marker"
    _pin(venv, root)
    with restoring_testext(venv) as (package, info):
        _plant(package, info, marker)
        metadata = (info / "METADATA").read_bytes().replace(field, tampered)
        (info / "METADATA").write_bytes(metadata)
        _rewrite_record(info, {f"{TESTEXT_INFO}/METADATA": metadata})
        env = _refused(venv, root, marker)
        assert tampered.split(b": ")[1].decode() in env["error"]["message"], env


def test_a_bumped_version_in_a_renamed_dist_info_folder_is_a_pin_mismatch(venv, tmp_path):
    """Even with the folder renamed to agree with METADATA, the lock's pin names another version."""
    root, marker = sample_project(tmp_path), tmp_path / "marker"
    _pin(venv, root)
    with restoring_testext(venv) as (package, info):
        _plant(package, info, marker)
        metadata = (info / "METADATA").read_bytes().replace(b"Version: 0.1.0", b"Version: 0.2.0")
        (info / "METADATA").write_bytes(metadata)
        _rewrite_record(info, {f"{TESTEXT_INFO}/METADATA": metadata})
        moved = info.with_name("unitycli_testext-0.2.0.dist-info")
        info.rename(moved)
        try:
            text = (moved / "RECORD").read_text().replace(TESTEXT_INFO, moved.name)
            (moved / "RECORD").write_text(text)
            env = _refused(venv, root, marker)
            assert env["error"]["details"]["extensionId"] == "testext", env
        finally:
            shutil.rmtree(moved, ignore_errors=True)
