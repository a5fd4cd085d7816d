"""Every HDRP read answers on an HDRP version the manifest does not list ("HDRP 15.0.2 leads only to dead
ends"); edits of what the file already holds work, new objects follow the proof rules. Stand-ins: the real fixture
projects with the package's version rewritten (Cinemachine's HDRP sample to 15.0.2 in its lock and manifest, the
VisualEffectGraph-Samples manifest to 16.0.5); every HDRP file stays the real one.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from hdrp_testutil import (
    CM_ASSET,
    CM_DEFAULT_PROFILE,
    CM_GLOBAL,
    CM_LOOKDEV_PROFILE,
    VFX_DEFAULT_PROFILE,
    VFX_GLOBAL,
    error,
    refused_untouched,
    text,
    write_and_diff,
)

from unitycli.testing import registered_specs, run_tool

HDRP = "com.unity.render-pipelines.high-definition"
# The one required input of each read tool that has one, on each stand-in.
READ_INPUTS = {"cm": {"hdrp.get-profile": {"profile": CM_DEFAULT_PROFILE}},
               "vfx": {"hdrp.get-profile": {"profile": VFX_DEFAULT_PROFILE}}}


def at_version(root: Path, version: str) -> Path:
    """Rewrite the project's HDRP version in its manifest and, where it has one, its lock."""
    manifest = root / "Packages/manifest.json"
    data = json.loads(manifest.read_text())
    old = data["dependencies"][HDRP]
    manifest.write_text(manifest.read_text().replace(f'"{HDRP}": "{old}"', f'"{HDRP}": "{version}"'))
    lock = root / "Packages/packages-lock.json"
    if lock.exists():
        locked = json.loads(lock.read_text())
        locked["dependencies"][HDRP]["version"] = version
        lock.write_text(json.dumps(locked, indent=2) + "\n")
    return root


def read_tools() -> list[str]:
    return sorted(name for name, spec in registered_specs("hdrp.").items() if spec.read_only)


@pytest.mark.parametrize(("stand_in", "version", "layout"), [("cm", "15.0.2", "14"), ("vfx", "16.0.5", "17")])
def test_every_read_tool_answers_unverified(stand_in, version, layout, cm14, vfx):
    root = at_version(cm14 if stand_in == "cm" else vfx, version)
    tools = read_tools()
    assert "hdrp.get-settings" in tools and "hdrp.check" in tools and len(tools) >= 9
    for tool in tools:
        run = run_tool(root, tool, READ_INPUTS[stand_in].get(tool, {}))
        assert run.ok, (tool, run.error)
        assert run.profile_verified is False, tool
    frames_out = run_tool(root, "hdrp.get-frame-settings").output
    assert (frames_out["globalSettings"], frames_out["layout"]) == ({"cm": CM_GLOBAL, "vfx": VFX_GLOBAL}[stand_in],
                                                                    layout)
    checks = {c["id"]: c for c in run_tool(root, "hdrp.check").output["checks"]}
    assert checks["package"]["status"] == "warn" and f"HDRP {version} is not a verified version" in \
        checks["package"]["message"]
    assert checks["pipeline.asset-layout"]["status"] == "warn"


def test_a_file_layout_a_listed_version_refuses_is_read_as_it_is_on_an_unlisted_one(cm14):
    root = at_version(cm14, "15.0.2")
    path = root / CM_ASSET
    path.write_text(path.read_text().replace("  m_Version: 22\n", "  m_Version: 23\n"))
    out = run_tool(root, "hdrp.get-settings").output
    assert (out["assetVersion"], out["packageVersion"], out["settings"]["supportSSR"]) == (23, "15.0.2", False)


def test_edits_of_what_the_file_holds_write_exact_lines(cm14):
    root = at_version(cm14, "15.0.2")
    lines, _ = write_and_diff(root, "hdrp.set-settings", {"settings": {"supportSSR": True}}, CM_ASSET)
    assert lines == [("    supportSSR: 0", "    supportSSR: 1")]
    lines, _ = write_and_diff(root, "hdrp.set-frame-settings", {"renderType": "camera", "disable": ["SSR"]},
                              CM_GLOBAL)
    assert lines == [("      data1: 72198260625768269", f"      data1: {72198260625768269 & ~(1 << 23)}")]
    lines, _ = write_and_diff(root, "hdrp.set-override", {"profile": CM_DEFAULT_PROFILE, "override": "Bloom",
                                                          "values": {"intensity": 0.25}}, CM_DEFAULT_PROFILE)
    assert lines == [("    m_Value: 0.2", "    m_Value: 0.25")]


def test_a_frame_setting_only_one_verified_layout_names_is_refused_with_a_runnable_next_action(cm14):
    root = at_version(cm14, "15.0.2")
    err = refused_untouched(root, "hdrp.set-frame-settings", {"enable": ["SSR", "DeferredTile"]})
    assert err["code"] == "E_HDRP_FRAME_SETTING_UNKNOWN" and err["details"]["unknown"] == ["DeferredTile"]
    assert "not a verified version" in err["message"]
    action = err["nextActions"][0]
    assert action.startswith("unitycli tools run hdrp.get-frame-settings ")
    assert run_tool(root, "hdrp.get-frame-settings", json.loads(shlex.split(action)[-1])).ok


def test_creation_follows_the_proof_rules(cm14):
    root = at_version(cm14, "15.0.2")
    before = text(root, CM_LOOKDEV_PROFILE)
    err = error(root, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Fog"})
    assert (err["code"], err["details"]["version"]) == ("E_SCRIPT_LAYOUT_UNPROVABLE", "15.0.2")
    assert text(root, CM_LOOKDEV_PROFILE) == before
    lines, out = write_and_diff(root, "hdrp.add-override", {"profile": CM_LOOKDEV_PROFILE, "override": "Exposure"},
                                CM_LOOKDEV_PROFILE)
    assert out["layoutSource"].startswith(f"object {CM_DEFAULT_PROFILE} &")
    assert out["omittedFields"] and not any("m_OverrideState" in new for _, new in lines)


def test_check_reports_a_17_file_without_its_frame_settings_entry_instead_of_stopping(vfx):
    root = at_version(vfx, "16.0.5")
    path = root / VFX_GLOBAL
    path.write_text(path.read_text().replace("type: {class: RenderingPathFrameSettings,",
                                             "type: {class: SomethingElse,"))
    out = run_tool(root, "hdrp.check").output
    failed = {c["id"]: c for c in out["checks"] if c["status"] == "fail"}
    assert out["ok"] is False
    assert failed["global-settings.settings-list"]["details"]["code"] == "E_HDRP_LAYOUT_UNSUPPORTED"
    assert error(root, "hdrp.get-frame-settings")["nextActions"]
