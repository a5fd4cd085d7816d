"""Integrity: installed code is checked against its RECORD before it runs."""

from __future__ import annotations

import json
import sys
from importlib.metadata import distribution

import pytest

from tests.core.fake_dists import echo_tool, make_dist
from tests.extensions.helpers import copy_project
from unitycli.cli.main import run
from unitycli.host.record import verify_distribution


def test_untouched_install_is_verified(site):
    make_dist(site, "unitycli-acme", "acme_mod", echo_tool("acme.echo"))
    result = verify_distribution(distribution("unitycli-acme"))
    assert result.status == "verified"


def test_changed_file_is_a_mismatch_naming_the_file_and_reinstall(site):
    make_dist(site, "unitycli-acme", "acme_mod", echo_tool("acme.echo"))
    (site / "acme_mod.py").write_text("print('tampered')\n")
    result = verify_distribution(distribution("unitycli-acme"))
    assert result.status == "failed"
    assert result.code == "E_EXTENSION_INTEGRITY_MISMATCH"
    assert str(site / "acme_mod.py") in result.message
    assert result.details["files"][0]["file"] == "acme_mod.py"
    assert result.details["files"][0]["problem"] == "changed"
    assert result.next_actions == [f"{sys.executable} -m pip install --force-reinstall --no-deps unitycli-acme==1.0.0"]


def test_deleted_and_unlisted_files_are_reported(site):
    info = make_dist(site, "unitycli-acme", "acme_pkg_mod", echo_tool("acme.echo"))
    package = site / "acmepkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    rows = (info / "RECORD").read_text()
    import base64
    import hashlib

    digest = base64.urlsafe_b64encode(hashlib.sha256(b"").digest()).rstrip(b"=").decode()
    (info / "RECORD").write_text(rows + f"acmepkg/__init__.py,sha256={digest},0\n")
    (package / "sneaky.py").write_text("import os\n")
    (site / "acme_pkg_mod.py").unlink()
    result = verify_distribution(distribution("unitycli-acme"))
    problems = {f["file"]: f["problem"] for f in result.details["files"]}
    assert problems == {"acme_pkg_mod.py": "missing", "acmepkg/sneaky.py": "not in RECORD"}


def test_no_record_is_unverifiable_and_blocks_running(site, tmp_path):
    make_dist(site, "unitycli-acme", "acme_norecord", echo_tool("acme.echo"), record=False)
    assert verify_distribution(distribution("unitycli-acme")).code == "E_EXTENSION_INTEGRITY_UNVERIFIABLE"
    root = copy_project("chicken-defense", tmp_path)
    outcome = run(["tools", "run", "acme.echo", "--input", '{"text": "x"}', "--project", str(root), "--json"])
    assert outcome.exit_code == 3
    assert outcome.envelope["error"]["code"] == "E_EXTENSION_INTEGRITY_UNVERIFIABLE"


def test_editable_install_is_reported_as_editable_only_for_a_real_source_checkout(site, tmp_path, monkeypatch):
    info = make_dist(site, "unitycli-acme", "acme_editable", echo_tool("acme.echo"))
    (info / "direct_url.json").write_text(json.dumps({"url": "file:///src/acme", "dir_info": {"editable": True}}))
    assert verify_distribution(distribution("unitycli-acme")).status != "editable"  # no such checkout: RECORD rules
    checkout = tmp_path / "acme"
    checkout.mkdir()
    (checkout / "pyproject.toml").write_text('[project]\nname = "unitycli-acme"\n')
    (info / "direct_url.json").write_text(json.dumps({"url": checkout.as_uri(), "dir_info": {"editable": True}}))
    # A real checkout, but the module that runs is the one beside the metadata: hashed, not believed.
    assert verify_distribution(distribution("unitycli-acme")).status == "verified"
    (site / "acme_editable.py").rename(checkout / "acme_editable.py")
    monkeypatch.syspath_prepend(str(checkout))  # what an editable install's .pth does
    result = verify_distribution(distribution("unitycli-acme"))
    assert result.status == "editable"
    assert result.ok


def test_tampered_extension_tool_is_blocked_at_run(site, tmp_path):
    make_dist(site, "unitycli-acme", "acme_tamper", echo_tool("acme.echo"))
    root = copy_project("chicken-defense", tmp_path)
    ok = run(["tools", "run", "acme.echo", "--input", '{"text": "x"}', "--project", str(root), "--json"])
    assert ok.exit_code == 0, ok.envelope
    with (site / "acme_tamper.py").open("a") as handle:
        handle.write("\n# changed\n")
    blocked = run(["tools", "run", "acme.echo", "--input", '{"text": "x"}', "--project", str(root), "--json"])
    assert blocked.exit_code == 1
    error = blocked.envelope["error"]
    assert error["code"] == "E_EXTENSION_INTEGRITY_MISMATCH"
    assert "acme_tamper.py" in error["message"]
    assert error["nextActions"] == [f"{sys.executable} -m pip install --force-reinstall --no-deps unitycli-acme==1.0.0"]


def test_an_edit_with_size_and_mtime_restored_is_still_caught(site):
    """No digest cache keyed on stat fields: every check hashes the bytes again."""
    import os

    make_dist(site, "unitycli-acme", "acme_cache", echo_tool("acme.echo"))
    assert verify_distribution(distribution("unitycli-acme")).ok
    target = site / "acme_cache.py"
    before = target.stat()
    text = target.read_text()
    target.write_text(text.replace("def ", "def_", 1)[:len(text)])  # same size
    os.utime(target, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert target.stat().st_size == before.st_size and target.stat().st_mtime_ns == before.st_mtime_ns
    assert not verify_distribution(distribution("unitycli-acme")).ok


@pytest.mark.parametrize("kind", ["builtin"])
def test_builtin_tools_report_builtin_integrity(kind):
    from unitycli.host.checks import HostChecks
    from unitycli.host.plugin_loader import load_plugins

    loaded = load_plugins(include_entry_points=False)
    owner = loaded.owners["builtin:packages_tools"]
    result = HostChecks().integrity(loaded.manager, owner)
    assert result is not None and result.status == kind



def test_a_tampered_extension_is_never_imported(site, tmp_path):
    """Importing runs code: the RECORD check happens before the import, so the tampered file never executes."""
    from unitycli.host.plugin_loader import load_plugins

    canary = tmp_path / "imported.txt"
    make_dist(site, "unitycli-acme", "acme_tampered", echo_tool("acme.echo"))
    with open(site / "acme_tampered.py", "a") as handle:
        handle.write(f"\nopen({str(canary)!r}, 'w').write('ran')\n")
    loaded = load_plugins()
    assert not canary.exists()
    [failure] = [f for f in loaded.failures if f.distribution == "unitycli-acme"]
    assert (failure.stage, failure.code) == ("integrity", "E_EXTENSION_INTEGRITY_MISMATCH")
    assert failure.details["nextActions"][0].startswith(f"{sys.executable} -m pip install --force-reinstall")
