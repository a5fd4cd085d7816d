"""Writing by splice: over every fixture scene and prefab, an edit written as the untouched byte
ranges around the changed objects gives exactly the bytes the whole-text writer gives, and the write-side check
refuses an edited object that would not read back as itself."""

from __future__ import annotations

import pytest

from tests.unityyaml.corpus import unity_yaml_files
from unitycli.errors import UnityCliError
from unitycli.spliced import as_bytes, same_bytes
from unitycli.transaction.effects import file_diff
from unitycli.transaction.revision import revision_of
from unitycli.unityyaml import UnityYamlFile, ensure_roundtrips, fidelity, style
from unitycli.unityyaml.document import ABSENT

HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"


def _opened_for_write(data: bytes, name: str) -> UnityYamlFile:
    """The file as `scene.files.open_for_write` opens it for an edit: split into objects, then refused if it is not
    Unity YAML or its fileIDs clash (`ensure_editable`); no object is parsed until an edit reads it."""
    file = UnityYamlFile.parse(data, name)
    file.ensure_editable()
    return file


def _scenes_and_prefabs() -> list:
    return [p for p in unity_yaml_files() if p.suffix in (".unity", ".prefab")]


def _sample_edits(file: UnityYamlFile) -> int:
    """Change the first object with `m_ObjectHideFlags` near the middle and near the end, and remove the first
    object; returns how many objects were touched."""
    docs = [d for d in file.documents if not d.stripped]
    touched = 0
    for doc in {id(d): d for d in (docs[len(docs) // 2], docs[-1])}.values():
        if doc.get("m_ObjectHideFlags", None) is not None:
            doc.set("m_ObjectHideFlags", 8)
            touched += 1
    file.remove_document(file.documents[0].file_id)
    return touched + 1


@pytest.mark.slow
def test_every_scene_and_prefab_writes_the_same_bytes_by_splice_as_by_whole_text():
    files = _scenes_and_prefabs()
    assert len(files) > 300, "the fixture corpus looks incomplete"
    different, edited = [], 0
    for path in files:
        data = path.read_bytes()
        try:
            file = _opened_for_write(data, str(path))
            edited += _sample_edits(file) > 1
        except UnityCliError:
            continue  # files the writers refuse (duplicate fileIDs, unparseable objects) are not written
        content = file.verified_content()
        whole = file.to_text().encode("utf-8")
        if as_bytes(content) != whole:
            different.append(str(path))
        # what the transaction does with a splice: hash, compare and diff it piece by piece, as the whole bytes
        assert revision_of(content) == revision_of(whole)
        assert same_bytes(whole, content) and not same_bytes(data, content)
        assert file_diff("a", data, content, None, None) == file_diff("a", data, whole, None, None), path
        assert _opened_for_write(data, str(path)).to_bytes() == data  # untouched: the bytes read, exactly
    assert different == []
    assert edited > 300


def test_a_multibyte_name_before_the_edit_keeps_every_byte():
    data = (HEADER + "--- !u!1 &1\nGameObject:\n  m_Name: Čerešňa 🍒\n  m_IsActive: 1\n"
            "--- !u!4 &2\nTransform:\n  m_LocalPosition: {x: 0, y: 0, z: 0}\n"
            "--- !u!1 &3\nGameObject:\n  m_Name: Дуб\n  m_IsActive: 1").encode()
    file = _opened_for_write(data, "Assets/A.unity")
    file.get(2).set("m_LocalPosition.x", 1.5)
    assert as_bytes(file.verified_content()) == data.replace(b"{x: 0, y: 0", b"{x: 1.5, y: 0")


def test_an_edit_that_would_split_into_two_objects_is_refused():
    data = (HEADER + "--- !u!1 &1\nGameObject:\n  m_Name: A\n--- !u!1 &2\nGameObject:\n  m_Name: B\n").encode()
    file = _opened_for_write(data, "Assets/A.unity")
    doc = file.get(1)
    doc.set_text(doc.text + "--- !u!1 &3\nGameObject:\n  m_Name: C\n")
    with pytest.raises(UnityCliError) as caught:
        as_bytes(file.verified_content())
    assert caught.value.code == "E_FILE_FORMAT_UNSUPPORTED"
    assert "would read back as 2 objects" in caught.value.message


def test_an_edited_object_that_does_not_parse_is_refused_and_an_untouched_one_is_copied():
    data = (HEADER + "--- !u!1 &1\nGameObject:\n  m_Name: A\n--- !u!114 &2\nMonoBehaviour:\n  m_Data: {oops\n"
            ).encode()
    file = _opened_for_write(data, "Assets/A.unity")
    file.get(1).set("m_Name", "B")
    assert as_bytes(file.verified_content()) == data.replace(b"m_Name: A", b"m_Name: B")  # the broken object is kept as is
    file.get(2).set_text("--- !u!114 &2\nMonoBehaviour:\n  m_Data: {still broken\n")
    with pytest.raises(UnityCliError) as caught:
        as_bytes(file.verified_content())
    assert caught.value.code == "E_FILE_FORMAT_UNSUPPORTED" and "&2" in caught.value.message
    with pytest.raises(UnityCliError):  # the whole-file check still refuses it
        ensure_roundtrips(data, "Assets/A.unity")


def test_a_files_verdict_is_cached_by_its_content():
    data = (HEADER + "--- !u!1 &1\nGameObject:\n  m_Name: A\n").encode()
    fidelity._VERIFIED.clear()
    ensure_roundtrips(data)
    assert list(fidelity._VERIFIED) == [fidelity.hashlib.sha256(data).digest()]
    ensure_roundtrips(data)
    assert len(fidelity._VERIFIED) == 1


@pytest.mark.slow
def test_style_detection_by_lines_agrees_with_the_whole_text_search():
    for path in unity_yaml_files():
        text = path.read_text(encoding="utf-8")
        for pattern, needle in ((style._QUOTED_BRACKET, "]'"), (style._PLAIN_BRACKET, "]")):
            assert style._in_lines_with(pattern, text, needle) == (pattern.search(text) is not None), path


def test_style_detection_by_lines_on_edge_lines():
    for text in ["a: 'x]'", "a: 'x]'\r\n", "  - 'x]':\n", "a: b]\nc: 'd]'", "a: [x]", "x]'", "\n\n- y]\r"]:
        for pattern, needle in ((style._QUOTED_BRACKET, "]'"), (style._PLAIN_BRACKET, "]")):
            assert style._in_lines_with(pattern, text, needle) == (pattern.search(text) is not None), text


def test_a_write_next_to_a_million_item_list_does_not_parse_it():
    """Issue 29 item 6: a 1e6-element block list cost every write tool 20-38 s; only the changed object and
    the hierarchy's few values are read now, and the list's bytes are copied as they are."""
    items = "".join(f"  - {n}\n" for n in range(1_000_000))
    data = (HEADER + "--- !u!4 &1\nTransform:\n  m_LocalPosition: {x: 0, y: 0, z: 0}\n  m_Father: {fileID: 0}\n"
            "--- !u!114 &2\nMonoBehaviour:\n  m_Enabled: 1\n  m_Values:\n" + items).encode()
    file = _opened_for_write(data, "Assets/A.unity")
    file.get(1).set("m_LocalPosition.x", 2)
    assert file.get(1).get("m_Father", scan=True) is not None
    assert as_bytes(file.verified_content()) == data.replace(b"{x: 0,", b"{x: 2,", 1)
    assert file.get(2)._tree is None  # never parsed


def test_scanned_values_are_kept_per_revision_and_shared_by_copies():
    data = (HEADER + "--- !u!1 &1\nGameObject:\n  m_Name: A\n  m_IsActive: 1\n").encode()
    read = UnityYamlFile.parse(data)
    first = read.get(1)
    assert first.get("m_Name", scan=True) == "A" and first.get("m_Layer", 7, scan=True) == 7
    assert read.scans == {1: {"m_Name": "A", "m_Layer": ABSENT}}
    twin = read.copy()
    again = twin.get(1)
    assert twin.scans is read.scans and again._tree is first._tree  # shared, not read again
    assert again.get("m_Name", scan=True) == "A" and again.get("m_Layer", 5, scan=True) == 5
    again.set("m_Name", "C")
    assert again.get("m_Name", scan=True) == "C"  # an edited object is read, not looked up
    assert read.scans[1]["m_Name"] == "A"
    edited = UnityYamlFile.parse(data.replace(b"m_Name: A", b"m_Name: B")).get(1)
    assert edited.get("m_Name", scan=True) == "B"  # another text, another entry


@pytest.mark.slow
def test_every_file_shows_the_same_style_read_object_by_object_as_whole():
    for path in unity_yaml_files():
        data = path.read_bytes()
        try:
            file = UnityYamlFile.parse(data, str(path))
        except UnityCliError:
            continue
        assert file.style == style.detect_style(data.decode("utf-8")), path


@pytest.mark.slow
def test_a_written_file_kept_for_the_next_step_is_the_file_read_from_its_bytes():
    """What a batch's next step starts from (`as_written`, scene/filecache.py) equals a fresh read of the bytes
    written: same bytes back, same header lines, and a second edit writes the same bytes either way."""
    checked = 0
    for path in _scenes_and_prefabs()[::7]:
        data = path.read_bytes()
        try:
            file = _opened_for_write(data, str(path))
            _sample_edits(file)
            written = as_bytes(file.verified_content())
        except UnityCliError:
            continue
        kept, fresh = file.as_written(written).copy(), _opened_for_write(written, str(path))
        assert kept.to_bytes() == written
        lines, line = [], fresh.header.count("\n") + 1
        for doc in fresh.documents:
            lines.append(line)
            line += doc.text.count("\n")
        assert [d.line for d in kept.documents] == [d.line for d in fresh.documents] == lines, path
        for model in (kept, fresh):
            doc = next((d for d in reversed(model.documents) if not d.stripped), None)
            if doc is not None and doc.get("m_ObjectHideFlags", None) is not None:
                doc.set("m_ObjectHideFlags", 4)
        assert as_bytes(kept.verified_content()) == as_bytes(fresh.verified_content()), path
        checked += 1
    assert checked > 40
