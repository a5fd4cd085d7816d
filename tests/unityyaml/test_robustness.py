"""Broken, odd and hostile input: either a correct parse or E_FILE_FORMAT_UNSUPPORTED, never a crash or a hang."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fixturepaths import fixture_path
from tests.unityyaml.edits import SPIT
from unitycli.errors import UnityCliError
from unitycli.unityyaml import UnityYamlFile, ensure_roundtrips, roundtrips

HEADER = b"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"


def _load_fully(data: bytes) -> UnityYamlFile:
    file = UnityYamlFile.parse(data, "fuzz.unity")
    for doc in file.documents:
        _ = doc.tree
    return file


def _code(data: bytes) -> str:
    with pytest.raises(UnityCliError) as err:
        _load_fully(data)
    return err.value.code


def test_a_zero_byte_scene_is_refused_with_a_clear_message():
    with pytest.raises(UnityCliError) as err:
        UnityYamlFile.parse(b"", "Assets/Empty.unity")
    assert err.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert err.value.message == "Assets/Empty.unity: the file is empty (0 bytes), not a Unity YAML file"


def test_binary_garbage_and_latin1_text_are_refused():
    assert _code(bytes(range(256)) * 4) == "E_FILE_FORMAT_UNSUPPORTED"
    latin1 = HEADER + "--- !u!1 &1\nGameObject:\n  m_Name: Caf\u00e9\n".encode("latin-1")
    with pytest.raises(UnityCliError) as err:
        _load_fully(latin1)
    assert err.value.code == "E_FILE_FORMAT_UNSUPPORTED" and "not valid UTF-8" in err.value.message


def test_non_unity_yaml_json_assets_and_lfs_pointers_are_recognised():
    assert _code(b"a: 1\nb: [1, 2]\n") == "E_FILE_FORMAT_UNSUPPORTED"
    xr = fixture_path("chicken-defense/ProjectSettings/XRSettings.asset").read_bytes()
    assert _code(xr) == "E_FILE_FORMAT_UNSUPPORTED"
    pointer = (b"version https://git-lfs.github.com/spec/v1\noid sha256:" + b"a" * 64 + b"\nsize 1234\n")
    assert _code(pointer) == "E_ASSET_LFS_POINTER"


def test_bom_crlf_and_a_missing_final_newline_round_trip_and_edits_keep_crlf():
    data = (b"\xef\xbb\xbf" + HEADER.replace(b"\n", b"\r\n")
            + b"--- !u!4 &5\r\nTransform:\r\n  m_LocalPosition: {x: 0, y: 0, z: 0}\r\n  m_Children: []")
    assert roundtrips(data) == (True, None)
    file = UnityYamlFile.parse(data)
    doc = file.get(5)
    assert doc.get("m_LocalPosition") == {"x": 0, "y": 0, "z": 0}
    doc.append_item("m_Children", {"fileID": 7})
    assert file.to_bytes().endswith(b"  m_LocalPosition: {x: 0, y: 0, z: 0}\r\n  m_Children:\r\n  - {fileID: 7}")


def test_roundtrips_reports_the_line_of_an_object_it_cannot_parse():
    assert roundtrips(fixture_path(SPIT).read_bytes()) == (True, None)
    broken = HEADER + b"--- !u!1 &1\nGameObject:\n  m_Name: a\n  {oops\n"
    assert roundtrips(broken) == (False, 6)
    with pytest.raises(UnityCliError) as err:
        ensure_roundtrips(broken, "Assets/Broken.prefab")
    assert err.value.code == "E_FILE_FORMAT_UNSUPPORTED" and "Assets/Broken.prefab" in err.value.message


def _check(data: bytes) -> None:
    try:
        file = _load_fully(data)
    except UnityCliError as exc:
        assert exc.code in {"E_FILE_FORMAT_UNSUPPORTED", "E_ASSET_LFS_POINTER"}
        return
    assert file.to_bytes() == data


FUZZ = settings(max_examples=150, deadline=2000, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_never_crash(data):
    _check(data)
    _check(HEADER + data)
    _check(HEADER + b"--- !u!1 &1\nGameObject:\n" + data)


_SPIT_BYTES = None


def _spit() -> bytes:
    global _SPIT_BYTES
    if _SPIT_BYTES is None:
        _SPIT_BYTES = fixture_path(SPIT).read_bytes()
    return _SPIT_BYTES


@FUZZ
@given(st.data())
def test_truncated_and_mutated_real_files_never_crash(data):
    original = _spit()
    cut = data.draw(st.integers(0, len(original)))
    _check(original[:cut])
    pos = data.draw(st.integers(0, len(original) - 1))
    junk = data.draw(st.binary(min_size=1, max_size=8) | st.sampled_from([b"{", b"[", b"'", b'"', b"\n- ", b": ",
                                                                          b"\n  ", b"\t", b"\\"]))
    _check(original[:pos] + junk + original[pos + 1 :])
    lines = original.split(b"\n")
    drop = data.draw(st.integers(0, len(lines) - 1))
    _check(b"\n".join(lines[:drop] + lines[drop + 1 :]))


def test_a_bad_escape_is_a_format_error_when_read():
    data = (b"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!1 &1\nGameObject:\n"
            b"  m_Name: \"Ground\\q\"\n")
    doc = UnityYamlFile.parse(data, "Assets/Bad.unity").documents[0]
    with pytest.raises(UnityCliError) as caught:
        doc.get("m_Name")
    assert caught.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert "Assets/Bad.unity" in caught.value.message
    with pytest.raises(UnityCliError):
        doc.to_python()
