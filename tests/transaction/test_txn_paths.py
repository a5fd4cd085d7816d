"""The path guard: nothing a tool names may resolve outside the project, by spelling or by symlink."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from unitycli.errors import UnityCliError
from unitycli.transaction import Transaction, project_relative, resolve_inside


def _refused(root: Path, relative: str) -> dict:
    with pytest.raises(UnityCliError) as caught:
        resolve_inside(root, relative)
    assert caught.value.code == "E_PATH_OUTSIDE_PROJECT"
    assert caught.value.details["path"] == relative
    return caught.value.details


@pytest.mark.parametrize("relative", [
    "../x", "Assets/../../x", "Assets/..", "/etc/passwd", "\\etc\\passwd", "..\\..\\x", "C:/Windows/x",
    "c:x", "Assets/a\x00b",
])
def test_spelled_escapes_are_refused(project: Path, relative: str) -> None:
    _refused(project, relative)


def test_a_backslash_inside_the_project_is_refused_not_read_as_a_separator(project: Path) -> None:
    # On Linux `a\\b.png` is one file name; on Windows two parts. The guard addresses neither by guessing.
    (project / "Assets" / "a").mkdir()
    (project / "Assets" / "a" / "b.png").write_bytes(b"folder/b.png")
    (project / "Assets" / "a\\b.png").write_bytes(b"one name")
    with pytest.raises(UnityCliError) as caught:
        resolve_inside(project, "Assets/a\\b.png")
    assert caught.value.code == "E_PATH_NOT_EXACT"
    assert caught.value.details == {"path": "Assets/a\\b.png", "exactSpelling": "Assets/a/b.png",
                                    "reason": "backslash"}


def test_a_symlinked_file_pointing_outside_is_refused(project: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("outside")
    (project / "Assets" / "link.txt").symlink_to(secret)
    details = _refused(project, "Assets/link.txt")
    assert details["resolved"] == str(secret.resolve())


def test_a_dangling_symlink_pointing_outside_is_refused(project: Path, tmp_path: Path) -> None:
    (project / "Assets" / "dangling.txt").symlink_to(tmp_path / "not-yet-there.txt")
    _refused(project, "Assets/dangling.txt")


def test_a_symlinked_folder_component_pointing_outside_is_refused(project: Path, tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (project / "Assets" / "Shared").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    _refused(project, "Assets/Shared/new.txt")


def test_a_symlink_loop_fails_closed(project: Path) -> None:
    (project / "Assets" / "loop").symlink_to(project / "Assets" / "loop")
    assert "cannot be resolved" in _refused(project, "Assets/loop/x.txt")["reason"]


def test_symlinks_that_stay_inside_resolve_to_the_physical_file(project: Path) -> None:
    (project / "Assets" / "Real").mkdir()
    (project / "Assets" / "Alias").symlink_to(project / "Assets" / "Real", target_is_directory=True)
    resolved = resolve_inside(project, "Assets/Alias/x.txt")
    assert resolved == (project / "Assets" / "Real" / "x.txt").resolve()
    assert project_relative(project, resolved) == "Assets/Real/x.txt"


def test_a_project_reached_through_a_symlink_still_accepts_its_own_paths(project: Path, tmp_path: Path) -> None:
    alias = tmp_path / "alias"
    alias.symlink_to(project, target_is_directory=True)
    assert project_relative(alias, resolve_inside(alias, "./Assets//a.txt")) == "Assets/a.txt"


def test_project_relative_refuses_a_path_outside(project: Path, tmp_path: Path) -> None:
    with pytest.raises(UnityCliError) as caught:
        project_relative(project, tmp_path / "other.txt")
    assert caught.value.code == "E_PATH_OUTSIDE_PROJECT"


def test_a_transaction_cannot_write_through_an_escaping_symlink(project: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / "Assets" / "Out").symlink_to(outside, target_is_directory=True)
    tx = Transaction(project, dry_run=False)
    for action in (lambda: tx.write_text("Assets/Out/pwned.txt", "x"), lambda: tx.read_bytes("Assets/Out/a"),
                   lambda: tx.delete("../project/Assets/x")):
        with pytest.raises(UnityCliError) as caught:
            action()
        assert caught.value.code == "E_PATH_OUTSIDE_PROJECT"
    assert tx.commit().effects.created == []
    assert list(outside.iterdir()) == []


def test_the_transaction_state_folder_cannot_be_written_by_tools(project: Path) -> None:
    tx = Transaction(project, dry_run=False)
    with pytest.raises(UnityCliError) as caught:
        tx.write_text(".unitycli/txn/journal", "{}")
    assert caught.value.code == "E_PATH_NOT_A_FILE"
    assert not os.path.exists(project / ".unitycli")
