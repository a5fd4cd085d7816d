"""Git LFS pointers are recognised (spec v1) and never mistaken for, or parsed as, Unity files."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path
from unitycli.errors import UnityCliError
from unitycli.unityfiles import ensure_not_lfs, is_lfs_pointer

OID = "sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393"
POINTER = f"version https://git-lfs.github.com/spec/v1\noid {OID}\nsize 12345\n".encode()


def test_a_spec_pointer_is_recognised():
    assert is_lfs_pointer(POINTER)
    assert is_lfs_pointer(POINTER.replace(b"\n", b"\r\n"))  # checked out with autocrlf
    assert (
        is_lfs_pointer(POINTER.replace(b"size 12345\n", b"ext-0-foo sha256:00\nsize 12345\n")) is False
    )  # order
    assert is_lfs_pointer(POINTER.replace(b"oid sha256:", b"ext-0-foo x\noid sha256:"))


@pytest.mark.parametrize(
    "data",
    [
        POINTER.replace(b"spec/v1", b"spec/v2"),
        POINTER.replace(b"size 12345", b"size many"),
        POINTER.replace(OID.encode(), b"sha256:abc"),
        POINTER.replace(b"size 12345\n", b""),
        POINTER + b"x" * 1024,
        b"%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n",
        b"",
    ],
)
def test_near_misses_are_not_pointers(data):
    assert not is_lfs_pointer(data)


def test_no_real_fixture_file_is_mistaken_for_a_pointer():
    for rel in (
        "chicken-defense/Packages/manifest.json",
        "minigolf/ProjectSettings/ProjectVersion.txt",
        "minigolf/Assets/LlamAcademy/Minigolf/Hole.cs.meta",
    ):
        assert not is_lfs_pointer(fixture_path(rel).read_bytes())


def test_ensure_not_lfs_names_the_file_and_the_object():
    with pytest.raises(UnityCliError) as caught:
        ensure_not_lfs("Assets/Scenes/Game.unity", POINTER)
    assert caught.value.code == "E_ASSET_LFS_POINTER"
    assert caught.value.details == {"file": "Assets/Scenes/Game.unity", "oid": OID, "size": 12345}
    assert caught.value.next_actions == ['git lfs pull --include "Assets/Scenes/Game.unity"']
    ensure_not_lfs("Assets/Scenes/Game.unity", b"%YAML 1.1\n")  # real content passes


def test_a_pointer_of_unknown_origin_is_refused_without_a_made_up_name():
    with pytest.raises(UnityCliError) as caught:
        ensure_not_lfs(None, POINTER)
    assert caught.value.code == "E_ASSET_LFS_POINTER"
    assert caught.value.details == {"oid": OID, "size": 12345}
    assert caught.value.next_actions == ["git lfs pull"]


def test_the_pull_command_quotes_a_path_the_shell_would_expand():
    from unitycli.next_actions import lfs_pull_command

    assert lfs_pull_command(include="Assets/My Scene.unity") == 'git lfs pull --include "Assets/My Scene.unity"'
    assert lfs_pull_command(include="Assets/$HOME.unity") == "git lfs pull --include 'Assets/$HOME.unity'"
