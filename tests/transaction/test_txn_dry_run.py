"""Dry-run: the tool runs to completion against staged state, and nothing at all reaches the disk."""

from __future__ import annotations

from pathlib import Path

from tests.transaction.txnprojects import tree
from unitycli.transaction import Transaction, revision_of

TAGS = "ProjectSettings/TagManager.asset"


def test_dry_run_of_a_real_tag_manager_edit_writes_nothing_and_reports_the_exact_diff(minigolf: Path) -> None:
    before = tree(minigolf)
    tx = Transaction(minigolf, dry_run=True)
    text = tx.read_text(TAGS)
    tx.write_text(TAGS, text.replace("  - Ball\n  - ExcludeFromCombine\n", "  - Ball\n  - Hole\n  - ExcludeFromCombine\n"))
    tx.write_text("Assets/Notes/readme.txt", "new file\n")
    result = tx.commit()

    assert tree(minigolf) == before  # not even .unitycli/ or a lock file appears
    effects = result.effects
    assert (result.committed, result.dry_run) == (False, True)
    assert (effects.created, effects.modified, effects.deleted) == (["Assets/Notes/readme.txt"], [TAGS], [])
    assert effects.requires_reimport and effects.created == ["Assets/Notes/readme.txt"]
    assert (effects.created_dirs, effects.deleted_dirs) == (["Assets/Notes"], [])  # the new file's parent
    diffs = {d.path: d.diff for d in effects.diffs}
    assert diffs[TAGS] == (
        "--- a/ProjectSettings/TagManager.asset\n"
        "+++ b/ProjectSettings/TagManager.asset\n"
        "@@ -6,6 +6,7 @@\n"
        "   tags:\n"
        "   - CinemachineTarget\n"
        "   - Ball\n"
        "+  - Hole\n"
        "   - ExcludeFromCombine\n"
        "   layers:\n"
        "   - Default\n"
    )
    assert diffs["Assets/Notes/readme.txt"] == (
        "--- /dev/null\n+++ b/Assets/Notes/readme.txt\n@@ -0,0 +1 @@\n+new file\n")


def test_dry_run_result_uses_camel_case_and_reports_revisions(minigolf: Path) -> None:
    tx = Transaction(minigolf, dry_run=True)
    old = tx.read_bytes("Packages/manifest.json")
    tx.write_bytes("Packages/manifest.json", old.replace(b'"3.1.2"', b'"3.1.3"'))
    dumped = tx.commit().model_dump(mode="json")
    assert set(dumped) == {"txid", "committed", "dryRun", "effects", "revisions"}
    assert set(dumped["effects"]) == {"created", "modified", "deleted", "diffs", "createdDirs", "deletedDirs",
                                      "requiresReimport"}
    assert (dumped["effects"]["createdDirs"], dumped["effects"]["deletedDirs"]) == ([], [])
    diff = dumped["effects"]["diffs"][0]
    assert diff["oldRevision"] == revision_of(old)
    assert diff["newRevision"] == dumped["revisions"]["Packages/manifest.json"]
    assert '-    "com.unity.cinemachine": "3.1.2",\n+    "com.unity.cinemachine": "3.1.3",\n' in diff["diff"]
    assert dumped["effects"]["requiresReimport"] is True


def test_reads_see_staged_writes_and_deletes(minigolf: Path) -> None:
    tx = Transaction(minigolf, dry_run=True)
    tx.write_text("Assets/a.txt", "staged")
    assert tx.read_text("Assets/a.txt") == "staged" and tx.exists("Assets/a.txt") and tx.exists("Assets")
    tx.delete(TAGS)
    assert not tx.exists(TAGS)
    assert tx.revision(TAGS) is None and tx.revision("Assets/a.txt") == revision_of(b"staged")


def test_writing_identical_content_or_creating_then_deleting_is_no_effect(minigolf: Path) -> None:
    tx = Transaction(minigolf, dry_run=True)
    tx.write_bytes(TAGS, (minigolf / TAGS).read_bytes())
    tx.write_text("Assets/tmp.txt", "x")
    tx.delete("Assets/tmp.txt")
    effects = tx.commit().effects
    assert (effects.created, effects.modified, effects.deleted, effects.diffs) == ([], [], [], [])
    assert effects.requires_reimport is False


def test_binary_and_non_utf8_files_are_described_not_diffed(project: Path) -> None:
    (project / "Assets" / "tex.bin").write_bytes(b"\x89PNG\x00\x01")
    tx = Transaction(project, dry_run=True)
    tx.write_bytes("Assets/tex.bin", b"\x89PNG\x00\x02\x03")
    tx.write_bytes("Assets/latin1.txt", "caf\xe9".encode("latin-1"))
    diffs = {d.path: d for d in tx.commit().effects.diffs}
    assert diffs["Assets/tex.bin"].diff is None and diffs["Assets/tex.bin"].binary
    assert diffs["Assets/tex.bin"].note == "binary or non-UTF-8 content, 6 -> 7 bytes"
    assert diffs["Assets/latin1.txt"].note == "binary or non-UTF-8 content, absent -> 4 bytes"


def test_deletes_and_missing_final_newlines_diff_like_git(project: Path) -> None:
    (project / "Assets" / "gone.txt").write_text("a\nb")
    tx = Transaction(project, dry_run=True)
    tx.delete("Assets/gone.txt")
    (diff,) = tx.commit().effects.diffs
    assert diff.diff == "--- a/Assets/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n\\ No newline at end of file\n"
