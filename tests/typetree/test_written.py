"""The layout check every test write passes (`unitycli.typetree.written`, run by `unitycli.testing`)."""

from __future__ import annotations

import re
import shutil

from tests.fixturepaths import fixture_path
from unitycli.transaction.transaction import Transaction
from unitycli.typetree import pick_version
from unitycli.typetree.written import check_written, project_editor

MAIN_MENU = "minigolf/Assets/LlamAcademy/Minigolf/Scenes/Main Menu.unity"
UNITY_6 = pick_version("6000.0.25f1")
_LIGHT_HEAD = "--- !u!108 &2020966408\n"
_NEW_BOX = ("--- !u!65 &7000\nBoxCollider:\n  m_ObjectHideFlags: 0\n  m_CorrespondingSourceObject: {fileID: 0}\n"
            "  m_PrefabInstance: {fileID: 0}\n  m_PrefabAsset: {fileID: 0}\n  m_GameObject: {fileID: 0}\n"
            "  m_Material: {fileID: 0}\n  serializedVersion: 3\n")


def _scene() -> bytes:
    return fixture_path(MAIN_MENU).read_bytes()


def _problems(old: bytes | None, new: bytes, read: dict[str, bytes] | None = None) -> list[str]:
    return [str(p) for p in check_written([("Assets/Main Menu.unity", old, new)], read or {}, UNITY_6)]


def test_an_editor_written_file_and_an_untouched_copy_pass():
    scene = _scene()
    assert _problems(None, scene, {"Assets/Other.unity": scene}) == []  # a byte copy of a file it read
    assert _problems(scene, scene.replace(b"m_Intensity: 1\n", b"m_Intensity: 2\n", 1)) == []


def test_an_edit_out_of_every_layout_is_a_problem():
    scene = _scene()
    [problem] = _problems(scene, scene.replace(b"  m_Intensity: ", b"  m_Intensty: ", 1))
    assert "&2020966408 (Light): edited out of every Editor layout" in problem and "m_Intensty" in problem


def test_a_new_document_must_be_the_project_editors_layout_up_to_omitted_top_level_fields():
    scene = _scene()
    partial = scene + _NEW_BOX.encode()
    assert _problems(scene, partial) == []  # fields left out (omittedFields) are filled by Unity on load
    wrong = scene + _NEW_BOX.replace("  m_Material:", "  m_Materal:").encode()
    [problem] = _problems(scene, wrong)
    assert "&7000 (BoxCollider): new, not in Unity 6000.0.25f1's layout" in problem and "m_Materal" in problem
    nested = scene + (_NEW_BOX + "  m_IncludeLayers:\n    serializedVersion: 2\n").encode()
    [problem] = _problems(scene, nested)
    assert "m_IncludeLayers.m_Bits" in problem  # a struct is never partial


def test_a_project_without_a_known_editor_holds_no_new_document(tmp_path):
    assert project_editor(tmp_path) is None
    (tmp_path / "ProjectSettings").mkdir()
    (tmp_path / "ProjectSettings" / "ProjectVersion.txt").write_text("m_EditorVersion: 6000.0.25f1\n")
    assert project_editor(tmp_path).layout_from == "6000.0.25f1"


def test_the_suite_hook_sees_every_commit(tmp_path, layout_checked_writes):
    root = tmp_path / "p"
    (root / "Assets").mkdir(parents=True)
    shutil.copytree(fixture_path("minigolf/ProjectSettings"), root / "ProjectSettings",
                    ignore=lambda *_: [n for n in _[1] if n != "ProjectVersion.txt"])
    with Transaction(root, dry_run=False) as tx:
        tx.write_bytes("Assets/Bad.unity", _scene().replace(b"  m_Intensity: ", b"  m_Intensty: ", 1))
        tx.commit()
    [problem] = layout_checked_writes.read()
    assert problem.startswith("Assets/Bad.unity &2020966408 (Light): edited out of every Editor layout") or \
        problem.startswith("Assets/Bad.unity &2020966408 (Light): new")
    layout_checked_writes.clear()  # seen: this test wrote it on purpose


def test_a_copy_up_to_its_references_name_and_sibling_index_keeps_its_sources_layout():
    # a 2021-layout Transform (m_RootOrder, no serializedVersion) duplicated into a Unity 6 project's file is a copy
    stress = fixture_path("EntityComponentSystemSamples/PhysicsSamples/Assets/Tests/StreamingStressTest/"
                          "StreamingStressTest.unity").read_bytes()
    text = stress.decode("utf-8")
    start = text.index("--- !u!4 &")
    end = text.index("\n--- ", start) + 1
    copy = text[start:end].replace("--- !u!4 &", "--- !u!4 &99", 1)
    copy = re.sub(r"m_RootOrder: \d+", "m_RootOrder: 42", re.sub(r"fileID: \d+", "fileID: 7", copy))
    assert _problems(stress, stress + copy.encode()) == []
    fresh = copy.replace("  m_LocalScale:", "  m_LocalScale2:")
    assert len(_problems(stress, stress + fresh.encode())) == 1  # not a copy: held to 6000.0's layout


def test_a_commit_in_a_subprocess_is_recorded_too(tmp_path, layout_checked_writes):
    import subprocess
    import sys

    root = tmp_path / "p"
    (root / "Assets").mkdir(parents=True)
    (root / "ProjectSettings").mkdir()
    (root / "ProjectSettings/ProjectVersion.txt").write_text("m_EditorVersion: 6000.0.25f1\n")
    bad = tmp_path / "bad.unity"
    bad.write_bytes(_scene().replace(b"  m_Intensity: ", b"  m_Intensty: ", 1))
    script = ("import sys; from pathlib import Path; from unitycli.transaction.transaction import Transaction\n"
              "with Transaction(sys.argv[1], dry_run=False) as tx:\n"
              "    tx.write_bytes('Assets/Bad.unity', Path(sys.argv[2]).read_bytes()); tx.commit()\n")
    subprocess.run([sys.executable, "-c", script, str(root), str(bad)], check=True, timeout=120)
    assert [p.split(" (")[0] for p in layout_checked_writes.read()] == ["Assets/Bad.unity &2020966408"]
    layout_checked_writes.clear()
