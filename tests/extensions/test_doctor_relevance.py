"""`extensions doctor` recommends an extension only for packages the project has, and names every extension that
applies but is missing: no advice to add HDRP, VFX Graph or ProBuilder to a URP game."""

from __future__ import annotations

from tests.extensions.helpers import copy_project
from unitycli.cli.main import run


def _checks(root) -> dict[str, dict]:
    envelope = run(["extensions", "doctor", "--project", str(root), "--json"]).envelope
    return {c["name"]: c for c in envelope["result"]["checks"]}


def test_a_urp_game_gets_no_advice_about_packages_it_does_not_have(tmp_path):
    root = copy_project("com.unity.multiplayer.samples.bitesize/Basic/ClientDriven", tmp_path)  # URP 17, CM 3.1.2
    checks = _checks(root)
    for name, check in checks.items():
        for action in check["nextActions"]:
            for absent in ("high-definition", "visualeffectgraph", "probuilder"):
                assert absent not in action, (name, action)
    assert checks["package:hdrp:com.unity.render-pipelines.high-definition"]["status"] == "pass"
    assert checks["lock:hdrp"]["status"] == "pass"  # installed, irrelevant here: nothing to record
    assert checks["lock:urp"]["status"] == "warn"  # relevant and not recorded: install records it


def test_an_extension_that_applies_but_is_not_installed_is_named(tmp_path, monkeypatch):
    from unitycli.extension_manager import doctor

    monkeypatch.setattr(doctor, "_extension_owners", lambda session: [])  # as if no extension were installed
    root = copy_project("chicken-defense", tmp_path)  # URP 14.0.9, Cinemachine 2.9.7, ProBuilder 5.2.2
    checks = _checks(root)
    for ext_id in ("cinemachine", "urp", "probuilder"):
        check = checks[f"catalog:{ext_id}"]
        assert check["status"] == "warn" and "applies but is not installed" in check["message"], check
        assert check["nextActions"][0] == f"unitycli extensions install {ext_id} --project {root}"
    assert "catalog:hdrp" not in checks and "catalog:vfx" not in checks
