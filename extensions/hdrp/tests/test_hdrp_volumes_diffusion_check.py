"""hdrp.list-volumes, hdrp.set-volume, hdrp.get-default-profile, hdrp.list-diffusion-profiles and hdrp.check."""

from __future__ import annotations

from hdrp_testutil import (
    CM_DEFAULT_PROFILE,
    CM_GLOBAL,
    VFX_BONFIRE_SCENE,
    VFX_DEFAULT_PROFILE,
    VFX_SKY_PROFILE,
    error,
    output,
    refused_untouched,
    write_and_diff,
)
from unitycli_hdrp.diffusion import profile_hash


def test_list_volumes_17(vfx_ro):
    out = output(vfx_ro, "hdrp.list-volumes", {"file": "BonFire"})
    assert [(v["gameObject"], v["isGlobal"], v["profile"]["path"]) for v in out["volumes"]] == [
        ("Sky and Fog Volume", True, "Assets/Samples/BonFire/BonFire/BonFire Sky and Fog Profile.asset"),
        ("Scene PostProcess", True, "Assets/Samples/BonFire/BonFire/BonFire PostProcess Profile.asset")]
    every = output(vfx_ro, "hdrp.list-volumes")
    assert {v["file"] for v in every["volumes"]} >= {VFX_BONFIRE_SCENE}
    assert output(vfx_ro, "hdrp.list-volumes", {"file": VFX_BONFIRE_SCENE})["volumes"] == out["volumes"]


def test_set_volume_exact_lines(vfx):
    lines, out = write_and_diff(vfx, "hdrp.set-volume",
                                {"file": VFX_BONFIRE_SCENE, "gameObject": "Sky and Fog Volume", "priority": 2,
                                 "weight": 0.5, "profile": VFX_SKY_PROFILE}, VFX_BONFIRE_SCENE)
    assert lines == [("  priority: 0", "  priority: 2"), ("  weight: 1", "  weight: 0.5"),
                     ("  sharedProfile: {fileID: 11400000, guid: bf4b3e14be82b2849b355a144c08c6ad, type: 2}",
                      "  sharedProfile: {fileID: 11400000, guid: 41df24cfa114fda439e85710607dc727, type: 2}")]
    assert out["changed"] == ["priority", "weight", "sharedProfile"]
    volume = output(vfx, "hdrp.list-volumes", {"file": VFX_BONFIRE_SCENE})["volumes"][0]
    assert (volume["priority"], volume["weight"], volume["profile"]["path"]) == (2, 0.5, VFX_SKY_PROFILE)
    lines, _ = write_and_diff(vfx, "hdrp.set-volume", {"file": VFX_BONFIRE_SCENE, "gameObject": "1516872931",
                                                       "isGlobal": False, "clearProfile": True}, VFX_BONFIRE_SCENE)
    assert lines == [("  m_IsGlobal: 1", "  m_IsGlobal: 0"),
                     ("  sharedProfile: {fileID: 11400000, guid: 41df24cfa114fda439e85710607dc727, type: 2}",
                      "  sharedProfile: {fileID: 0}")]


def test_set_volume_errors(vfx):
    err = refused_untouched(vfx, "hdrp.set-volume", {"file": VFX_BONFIRE_SCENE, "gameObject": "Main Camera",
                                                     "priority": 1})
    assert err["code"] == "E_COMPONENT_NOT_FOUND" and err["nextActions"][0].startswith("unitycli tools run hdrp.list-volumes")
    assert refused_untouched(vfx, "hdrp.set-volume", {"file": VFX_BONFIRE_SCENE, "gameObject": "Sky and Fog Volume",
                                                      "weight": 2})["code"] == "E_SCHEMA_INVALID"
    assert refused_untouched(vfx, "hdrp.set-volume", {"file": VFX_BONFIRE_SCENE, "gameObject": "Sky and Fog Volume",
                                                      "profile": "Nope"})["code"] == "E_HDRP_PROFILE_NOT_FOUND"


def test_get_default_profile_both_worlds(vfx_ro, cm14_ro):
    out = output(vfx_ro, "hdrp.get-default-profile")
    assert out["layout"] == "17" and out["defaultProfile"]["path"] == VFX_DEFAULT_PROFILE
    assert "HDRPDefaultVolumeProfileSettings" in out["defaultProfile"]["field"]
    assert out["lookDevProfile"] == {"guid": "254c4fe87beb7be4fa72e1681edbed02", "path": None,
                                     "field": out["lookDevProfile"]["field"]}  # the package's own look-dev profile
    assert out["pipelineAssetProfile"] == {"asset": "Assets/HDRP/HDRenderPipelineAsset.asset", "guid": None,
                                           "path": None}
    assert "Fog" in out["overrides"] and len(out["diffusionProfiles"]) == 9
    out14 = output(cm14_ro, "hdrp.get-default-profile", {"globalSettings": CM_GLOBAL})
    assert out14["layout"] == "14" and out14["defaultProfile"] == {
        "guid": "f6f814552bfd44196b3455b23009a8e8", "path": CM_DEFAULT_PROFILE, "field": "m_DefaultVolumeProfile"}
    assert out14["lookDevProfile"]["path"] == "Assets/HDRPDefaultResources/DefaultLookDevProfile.asset"
    assert out14["pipelineAssetProfile"] is None
    assert out14["diffusionProfiles"] == ["2116083813da542cca959ae4d92323de", "ebabbf1e7812f40b997613f1b9bdfbc9"]


def test_diffusion_profile_hash_matches_every_fixture_profile(vfx_ro, cm14_ro):
    out14 = output(cm14_ro, "hdrp.list-diffusion-profiles")
    assert [(p["name"], p["hash"], p["hashMatches"], p["inDefaultList"]) for p in out14["profiles"]] == [
        ("FoliageDiffusionProfile", 1075192691, True, True), ("SkinDiffusionProfile", 1081947347, True, True)]
    out = output(vfx_ro, "hdrp.list-diffusion-profiles")
    assert sorted(p["hash"] for p in out["profiles"]) == [1078544746, 1078874990, 1080186057, 1080650646]
    assert all(p["hashMatches"] and p["inDefaultList"] and p["version"] == 2 for p in out["profiles"])
    assert len(out["unlistedGuids"]) == 5  # the rest of the list are package or sample profiles not in the fixture
    assert profile_hash("2116083813da542cca959ae4d92323de") == 1081947347


def test_check_17_and_14(vfx_ro, cm14_ro, vfx):
    out = output(vfx_ro, "hdrp.check")
    assert out["ok"] is True and out["counts"]["fail"] == 0
    ids = {c["id"]: c for c in out["checks"]}
    assert ids["pipeline.active"]["status"] == "pass" and ids["global-settings.found"]["status"] == "pass"
    assert ids["profiles.orphans"]["file"] == VFX_DEFAULT_PROFILE
    out14 = output(cm14_ro, "hdrp.check")
    statuses = {(c["id"], c["status"]) for c in out14["checks"]}
    assert ("pipeline.active", "warn") in statuses and ("global-settings.missing-script", "warn") in statuses
    assert out14["ok"] is True
    # a broken setup: GraphicsSettings points at nothing, a profile value outside its declared range
    gs = vfx / "ProjectSettings/GraphicsSettings.asset"
    gs.write_text(gs.read_text().replace("  m_CustomRenderPipeline: {fileID: 11400000, guid: ac2eea669d8930442b5979ae5b48e413,\n    type: 2}",
                                         "  m_CustomRenderPipeline: {fileID: 0}"))
    sky = vfx / VFX_SKY_PROFILE
    sky.write_text(sky.read_text().replace("    m_Value: 0.65\n", "    m_Value: 1.65\n"))
    broken = output(vfx, "hdrp.check")
    assert broken["ok"] is False
    found = {(c["id"], c["status"]) for c in broken["checks"]}
    assert ("pipeline.active", "fail") in found and ("profiles.out-of-range", "warn") in found


def test_unverified_global_settings_is_reported_by_check(cm14):
    path = cm14 / CM_GLOBAL
    path.write_text(path.read_text().replace("  m_Version: 5\n", "  m_Version: 6\n"))
    out = output(cm14, "hdrp.check")
    assert any(c["id"] == "global-settings.found" and c["status"] == "fail"
               and "E_HDRP_LAYOUT_UNSUPPORTED" in c["message"] for c in out["checks"])
    assert error(cm14, "hdrp.get-default-profile")["code"] == "E_HDRP_LAYOUT_UNSUPPORTED"
