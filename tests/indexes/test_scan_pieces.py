"""A big YAML file is scanned for references in pieces (indexes/extract.py `yaml_pieces`), with the same postings
as a scan of the whole file, whatever the piece size: pieces cut at document headers, documents longer than a
piece read in growing pieces."""

from __future__ import annotations

import io

import pytest

from tests.fixturepaths import fixture_path
from unitycli.indexes.extract import scan_yaml, scan_yaml_pieces, yaml_pieces

FILES = [
    "chicken-defense/Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity",
    "chicken-defense/ProjectSettings/EditorBuildSettings.asset",
]


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("size", [1, 97, 4096, 1 << 20])
def test_pieces_give_the_postings_of_the_whole_file(name, size):
    data = fixture_path(name).read_bytes()
    bare = "ProjectSettings" in name
    whole = scan_yaml(data, bare_guids=bare)
    assert whole[1], "the fixture has references"
    assert scan_yaml_pieces(yaml_pieces(io.BytesIO(data).read, size), bare_guids=bare) == whole


def test_every_piece_but_the_first_starts_at_a_document_header():
    data = fixture_path(FILES[0]).read_bytes()
    pieces = list(yaml_pieces(io.BytesIO(data).read, 4096))
    assert b"".join(pieces) == data and len(pieces) > 10
    assert all(piece.startswith(b"\n--- !u!") for piece in pieces[1:])


def test_nothing_and_not_yaml_read_in_pieces_as_whole():
    for data in (b"", b"not yaml\n--- !u!1 &2\n"):
        assert scan_yaml_pieces(yaml_pieces(io.BytesIO(data).read, 4)) == scan_yaml(data)
