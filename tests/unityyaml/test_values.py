"""Typed reading by property path, Unity's number format, and the hex arrays of ProBuilder and URP."""

from __future__ import annotations

import pytest

from tests.unityyaml.edits import CD_GAME, URP_RENDERER, load
from unitycli.errors import UnityCliError
from unitycli.unityyaml import (
    Ref,
    decode_int32_le_hex,
    decode_int64_le_hex,
    encode_int32_le_hex,
    encode_int64_le_hex,
    format_float,
    parse_path,
    stripped_file_id,
)


def test_reading_a_probuilder_mesh_and_a_cinemachine_lens_by_path():
    _, file = load(CD_GAME)
    mesh = file.get(877252948)
    assert mesh.class_name == "MonoBehaviour" and mesh.class_id == 114 and not mesh.stripped
    assert mesh.get("m_Script") == Ref(11500000, "8233d90336aea43098adf6dbabd606a2", 3)
    assert decode_int32_le_hex(mesh.get_text("m_Faces[0].m_Indexes")) == [0, 1, 2, 1, 3, 2]
    assert len(mesh.get("m_Faces")) == 518
    assert mesh.get("m_Faces[3].m_Material").is_local is False
    vcam = file.get(938951685)
    assert vcam.get("m_Lens.FieldOfView") == 45 and vcam.get("m_Lens.NearClipPlane") == 0.1
    assert vcam.get("m_ExcludedPropertiesInInspector") == ["m_Script"]
    assert vcam.get("m_LockStageInInspector") == ""
    go = file.get(41118590)
    assert go.get("m_Component[0].component") == Ref(41118592)
    assert go.get("m_Component.Array.data[0].component") == Ref(41118592)
    assert go.get("m_Missing", None) is None
    assert go.root["m_Name"].text == "Enemy Brain" and "m_Layer" in go.root


def test_the_urp_renderer_feature_map_is_the_feature_ids_as_int64_hex():
    _, file = load(URP_RENDERER)
    renderer = file.get(11400000)
    features = [ref.file_id for ref in renderer.get("m_RendererFeatures")]
    assert features == [-1878332245247344467, 653085142619871783]
    assert decode_int64_le_hex(renderer.get_text("m_RendererFeatureMap")) == features
    assert encode_int64_le_hex(features) == "adc0de57c6d2eee5275af11d7a391009"
    assert encode_int32_le_hex([0, 1, 2, 1, 3, 2]) == "000000000100000002000000010000000300000002000000"
    assert decode_int32_le_hex("") == []
    with pytest.raises(UnityCliError):
        decode_int32_le_hex("0000000")


@pytest.mark.parametrize(("value", "text"), [
    (1.0, "1"), (45.0, "45"), (0.1, "0.1"), (0.19999999, "0.19999999"), (1 / 9, "0.11111111"),
    (4 / 9, "0.44444445"), (1e-05, "0.00001"), (1.8626451e-09, "0.0000000018626451"),
    (1.1641532e-10, "1.1641532e-10"), (1.5e11, "1.5e+11"), (150000000.0, "150000000"),
    (3.4028235e38, "3.4028235e+38"), (-0.0, "-0"), (float("inf"), "Infinity"), (-451.37964, "-451.37964"),
])
def test_floats_are_printed_like_unity(value, text):
    assert format_float(value) == text


def test_paths_accept_unity_spellings_and_quoted_keys():
    assert parse_path("m_Faces[3].m_Indexes") == ("m_Faces", 3, "m_Indexes")
    assert parse_path("m_Materials.Array.data[0]") == ("m_Materials", 0)
    assert parse_path('scriptingDefineSymbols[""]') == ("scriptingDefineSymbols", "")
    assert parse_path("['m_MeshMetrics[0]']") == ("m_MeshMetrics[0]",)
    with pytest.raises(UnityCliError):
        parse_path("a[0]b")


def test_stripped_prefab_ids_follow_unitys_xor_rule():
    # Spit.prefab: stripped Transform &2606025249478361989 from source 4396671266920006 in instance ...402499
    assert stripped_file_id(4396671266920006, 2604743698966402499) == 2606025249478361989
