"""project.get-player-settings / project.set-player-settings on real 2022.3 and Unity 6 ProjectSettings.asset files."""

from __future__ import annotations

import pytest

from tests.settings.conftest import (
    CINEMACHINE_URP,
    CLIENT_DRIVEN,
    PHYSICS,
    PLAYER,
    U6,
    U2022,
    VFX,
    failure,
    original,
    output,
    replaced,
    run,
    settings_copy,
    snapshot,
)


def test_get_reads_chicken_defense_2022(tmp_path):
    root = settings_copy(U2022, tmp_path)
    out = output(root, "project.get-player-settings")
    assert (out["serializedVersion"], out["layoutVerified"], out["warnings"]) == (26, True, [])
    s = out["settings"]
    assert (s["companyName"], s["productName"], s["bundleVersion"]) == ("LlamAcademy", "chicken-defense", "0.1.0")
    assert s["applicationIdentifier"] == {"Android": "com.UnityTechnologies.com.unity.template.urpblank",
                                          "Standalone": "com.Unity-Technologies.com.unity.template.urp-blank",
                                          "iPhone": "com.Unity-Technologies.com.unity.template.urp-blank"}
    assert (s["defaultScreenOrientation"], s["fullScreenMode"], s["colorSpace"]) == (
        "AutoRotation", "FullScreenWindow", "Linear")
    assert (s["defaultScreenWidth"], s["defaultScreenHeight"], s["runInBackground"]) == (1024, 768, False)
    assert s["iOSTargetOSVersion"] == "12.0"  # a string, though it looks like a number


def test_get_reads_minigolf_unity6_portrait(tmp_path):
    root = settings_copy(U6, tmp_path)
    out = output(root, "project.get-player-settings")
    assert out["serializedVersion"] == 28 and out["layoutVerified"] is True
    s = out["settings"]
    assert (s["defaultScreenOrientation"], s["defaultScreenWidth"], s["defaultScreenHeight"]) == ("Portrait", 720, 1280)
    assert (s["fullScreenMode"], s["androidBundleVersionCode"], s["androidMinSdkVersion"]) == ("Windowed", 2, 23)


def test_get_keeps_the_empty_string_key_of_scripting_defines(tmp_path):
    root = settings_copy(VFX, tmp_path)
    defines = output(root, "project.get-player-settings")["settings"]["scriptingDefineSymbols"]
    assert defines[""] == "UNITY_POST_PROCESSING_STACK_V2"
    assert list(defines)[:3] == ["", "Android", "Lumin"]


@pytest.mark.parametrize("name", [U2022, U6])
def test_set_company_product_version_changes_exactly_those_lines(tmp_path, name):
    root = settings_copy(name, tmp_path)
    before = original(name, PLAYER)
    old = output(root, "project.get-player-settings")["settings"]
    result = run(root, "project.set-player-settings",
                 {"companyName": "Acme Games", "productName": "Garden: Deluxe", "bundleVersion": "2.0"})
    assert (root / PLAYER).read_text() == replaced(
        before, (f"  companyName: {old['companyName']}", "  companyName: Acme Games"),
        (f"  productName: {old['productName']}", "  productName: 'Garden: Deluxe'"),
        (f"  bundleVersion: {old['bundleVersion']}", "  bundleVersion: 2.0"))
    out = result.output
    assert out["changed"] == ["companyName", "productName", "bundleVersion"]
    assert out["previous"]["companyName"] == old["companyName"] and out["verified"] is True
    assert output(root, "project.get-player-settings")["settings"]["productName"] == "Garden: Deluxe"
    assert result.applied_effects["modified"] == [PLAYER]


def test_set_orientation_enums_and_bools_in_unity_numbers(tmp_path):
    root = settings_copy(U2022, tmp_path)
    run(root, "project.set-player-settings", {"defaultScreenOrientation": "LandscapeLeft", "runInBackground": True,
                                              "colorSpace": "Gamma", "fullScreenMode": "Windowed"})
    assert (root / PLAYER).read_text() == replaced(
        original(U2022, PLAYER), ("  defaultScreenOrientation: 4", "  defaultScreenOrientation: 3"),
        ("  runInBackground: 0", "  runInBackground: 1"), ("  m_ActiveColorSpace: 1", "  m_ActiveColorSpace: 0"),
        ("  fullscreenMode: 1", "  fullscreenMode: 3"))


def test_set_bundle_id_of_an_existing_platform_on_physics_samples(tmp_path):
    root = settings_copy(PHYSICS, tmp_path)
    run(root, "project.set-player-settings", {"applicationIdentifier": {"Android": "com.acme.physics"}})
    assert (root / PLAYER).read_text() == replaced(
        original(PHYSICS, PLAYER), ("    Android: com.unity.physics-samples", "    Android: com.acme.physics"))


def test_set_bundle_id_of_a_new_platform_goes_in_unity_sorted_order(tmp_path):
    root = settings_copy(CLIENT_DRIVEN, tmp_path)  # applicationIdentifier holds only Standalone
    run(root, "project.set-player-settings",
        {"applicationIdentifier": {"iPhone": "com.acme.cd", "Android": "com.acme.cd"}})
    assert (root / PLAYER).read_text() == original(CLIENT_DRIVEN, PLAYER).replace(
        "  applicationIdentifier:\n    Standalone: com.Unity.ClientDriven\n",
        "  applicationIdentifier:\n    Android: com.acme.cd\n    Standalone: com.Unity.ClientDriven\n"
        "    iPhone: com.acme.cd\n")


def test_set_scripting_defines_beside_the_empty_key(tmp_path):
    root = settings_copy(VFX, tmp_path)
    run(root, "project.set-player-settings", {"scriptingDefineSymbols": {"Standalone": "A;B", "QNX": "Q"}})
    text = (root / PLAYER).read_text()
    assert text == original(VFX, PLAYER).replace(
        "    PS4: UNITY_POST_PROCESSING_STACK_V2\n"
        "    Standalone: UNITY_POST_PROCESSING_STACK_V2;STARTER_ASSETS_PACKAGES_CHECKED\n",
        "    PS4: UNITY_POST_PROCESSING_STACK_V2\n    QNX: Q\n    Standalone: A;B\n")
    assert "\n    : UNITY_POST_PROCESSING_STACK_V2\n" in text


def test_adding_the_first_platform_to_an_empty_map_writes_unitys_block_map(tmp_path):
    root = settings_copy(CINEMACHINE_URP, tmp_path)  # `scriptingDefineSymbols: {}`, as the Editor wrote it
    run(root, "project.set-player-settings", {"scriptingDefineSymbols": {"Standalone": "A", "Android": "B"}})
    assert (root / PLAYER).read_text() == original(CINEMACHINE_URP, PLAYER).replace(
        "  scriptingDefineSymbols: {}\n", "  scriptingDefineSymbols:\n    Android: B\n    Standalone: A\n")


def test_a_bundle_id_on_an_empty_application_identifier_is_exactly_unitys_text(tmp_path):
    """A fresh project's `applicationIdentifier: {}` filled back to chicken-defense's own Editor-written lines."""
    root = settings_copy(U2022, tmp_path)
    filled = original(U2022, PLAYER)
    block = ("  applicationIdentifier:\n    Android: com.UnityTechnologies.com.unity.template.urpblank\n"
             "    Standalone: com.Unity-Technologies.com.unity.template.urp-blank\n"
             "    iPhone: com.Unity-Technologies.com.unity.template.urp-blank\n")
    assert block in filled
    (root / PLAYER).write_text(filled.replace(block, "  applicationIdentifier: {}\n"))
    run(root, "project.set-player-settings", {"applicationIdentifier": {
        "iPhone": "com.Unity-Technologies.com.unity.template.urp-blank",
        "Android": "com.UnityTechnologies.com.unity.template.urpblank",
        "Standalone": "com.Unity-Technologies.com.unity.template.urp-blank"}})
    assert (root / PLAYER).read_text() == filled


def test_same_values_change_nothing(tmp_path):
    root = settings_copy(U6, tmp_path)
    before = snapshot(root)
    out = output(root, "project.set-player-settings", {"companyName": "LlamAcademy",
                                                        "applicationIdentifier": {"Android": "com.LlamAcademy.minigolf"}})
    assert out["changed"] == [] and snapshot(root) == before


def test_dry_run_shows_the_one_line_diff_and_writes_nothing(tmp_path):
    root = settings_copy(U6, tmp_path)
    before = snapshot(root)
    result = run(root, "project.set-player-settings", {"companyName": "Acme"}, dry_run=True)
    assert snapshot(root) == before
    [diff] = result.planned_effects["diffs"]
    lines = diff["diff"].splitlines()
    assert [line for line in lines if line[:1] in "+-" and not line.startswith(("+++", "---"))] == [
        "-  companyName: LlamAcademy", "+  companyName: Acme"]
    assert result.output["changed"] == ["companyName"]


def test_stale_expected_revision_is_refused(tmp_path):
    root = settings_copy(U2022, tmp_path)
    revision = output(root, "project.get-player-settings")["revision"]
    run(root, "project.set-player-settings", {"companyName": "Acme", "expectedRevision": revision})
    before = snapshot(root)
    error = failure(root, "project.set-player-settings", {"companyName": "Other", "expectedRevision": revision})
    assert error.code == "E_STALE_WRITE" and snapshot(root) == before


@pytest.mark.parametrize("payload", [{"m_StackTraceTypes": "00"}, {"companyname": "x"}, {},
                                     {"defaultScreenOrientation": "Sideways"},
                                     {"applicationIdentifier": {"Switch2": "com.x"}}])
def test_unknown_fields_and_bad_values_are_refused_by_the_schema(tmp_path, payload):
    root = settings_copy(U2022, tmp_path)
    assert failure(root, "project.set-player-settings", payload).code == "E_SCHEMA_INVALID"


def test_unverified_serialized_version_reads_with_a_warning_and_refuses_writes(tmp_path):
    root = settings_copy(U6, tmp_path)
    path = root / PLAYER
    path.write_text(path.read_text().replace("  serializedVersion: 28\n", "  serializedVersion: 29\n", 1))
    out = output(root, "project.get-player-settings")
    assert out["layoutVerified"] is False and out["serializedVersion"] == 29 and out["warnings"]
    assert out["settings"]["companyName"] == "LlamAcademy"
    before = snapshot(root)
    error = failure(root, "project.set-player-settings", {"companyName": "Acme"})
    assert error.code == "E_PROJECT_SETTINGS_VERSION_UNAVAILABLE"
    assert error.details["verified"] == [26, 28] and error.details["found"] == 29
    assert snapshot(root) == before


def test_a_documented_key_missing_from_the_file_is_reported_not_added(tmp_path):
    root = settings_copy(U2022, tmp_path)
    path = root / PLAYER
    path.write_text(path.read_text().replace("  AndroidMinSdkVersion: 22\n", "", 1))
    assert output(root, "project.get-player-settings")["settings"]["androidMinSdkVersion"] is None
    before = snapshot(root)
    error = failure(root, "project.set-player-settings", {"androidMinSdkVersion": 24, "companyName": "Acme"})
    assert (error.code, error.details["fields"]) == ("E_PROPERTY_NOT_FOUND", ["androidMinSdkVersion"])
    assert snapshot(root) == before
