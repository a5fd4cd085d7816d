"""The file-system rule in process: special files never block a read, links never carry a write.

These run the library directly (fast, and able to swap a folder at the exact moment between a commit's checks and
its writes); the subprocess canaries on the installed package are in test_hostile_fs.py.
"""

from __future__ import annotations

import errno
import os
import socket
import threading
from pathlib import Path

import pytest

from tests.transaction.txnprojects import make_project
from unitycli import filelock, safefs
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.indexes.location import CACHE_FOLDER
from unitycli.transaction import Transaction
from unitycli.transaction import transaction as transaction_module


def _bounded(call, timeout: float = 60.0):
    """Run `call` in a thread; fail (instead of hanging the suite) when it has not returned by `timeout`."""
    result: dict = {}

    def target() -> None:
        try:
            result["value"] = call()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            result["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        pytest.fail(f"{call} blocked for {timeout} s")
    if "error" in result:
        raise result["error"]
    return result["value"]


# --- reads -------------------------------------------------------------------------------------------------------


def test_a_fifo_socket_or_device_is_refused_by_every_safe_read_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.unity"
    os.mkfifo(fifo)
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "sock.meta"))
    try:
        for path, kind in ((fifo, "a named pipe (FIFO)"), (tmp_path / "sock.meta", "a socket"),
                           (Path("/dev/null"), "a character device")):
            with pytest.raises(safefs.SpecialFileError) as caught:
                _bounded(lambda p=path: safefs.read_bytes(p))
            assert caught.value.kind == kind and caught.value.filename == str(path)
            assert isinstance(caught.value, OSError)  # callers that skip unreadable files skip these too
    finally:
        server.close()
    (tmp_path / "real.txt").write_bytes(b"plain\n")
    assert safefs.read_bytes(tmp_path / "real.txt") == b"plain\n"
    with pytest.raises(IsADirectoryError):
        safefs.read_bytes(tmp_path)


def test_a_nofollow_read_refuses_a_link_and_names_it(tmp_path):
    (tmp_path / "target").write_text("x")
    (tmp_path / "link").symlink_to(tmp_path / "target")
    with pytest.raises(safefs.LinkRefusedError) as caught:
        safefs.read_bytes(tmp_path / "link", nofollow=True)
    assert caught.value.filename == str(tmp_path / "link") and caught.value.target == str(tmp_path / "target")
    assert safefs.read_bytes(tmp_path / "link") == b"x"  # project content may be reached through a link


def test_a_transaction_read_of_a_fifo_is_unreadable_not_a_hang(tmp_path):
    root = make_project(tmp_path / "p")
    os.mkfifo(root / "Assets" / "Trap.unity")
    tx = Transaction(root, dry_run=True)
    with pytest.raises(UnityCliError) as caught:
        _bounded(lambda: tx.read_bytes("Assets/Trap.unity"))
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    assert caught.value.details == {"path": "Assets/Trap.unity", "errno": "EINVAL", "errnoNumber": 22,
                                    "kind": "a named pipe (FIFO)"}


def test_the_index_lists_a_fifo_as_unscanned_and_never_opens_it_blocking(tmp_path):
    root = make_project(tmp_path / "p")
    (root / "Assets" / "Real.mat").write_text("%YAML 1.1\n--- !u!21 &2100000\nMaterial:\n  m_Name: Real\n")
    os.mkfifo(root / "Assets" / "Trap.mat")
    os.mkfifo(root / "Assets" / "Trap.mat.meta")

    def build():
        with ProjectIndex.open(root) as index:
            return index.unscanned(), index.assets_without_meta()

    unscanned, no_meta = _bounded(build)
    assert [path for path, _state in unscanned] == ["Assets/Trap.mat"]
    assert "Assets/Real.mat" in no_meta


# --- the index cache in Library/ -------------------------------------------------------------------------------


@pytest.mark.parametrize("planted", ["folder", "build.lock", "index.sqlite", "index.sqlite-wal"])
def test_a_link_in_the_library_cache_sends_the_index_to_the_user_cache(tmp_path, planted):
    root = make_project(tmp_path / "p")
    outside = tmp_path / "outside"
    outside.mkdir()
    cache = root / "Library" / "unitycli" / CACHE_FOLDER
    if planted == "folder":
        cache.parent.parent.mkdir()
        cache.parent.symlink_to(outside, target_is_directory=True)
    else:
        cache.mkdir(parents=True)
        (cache / planted).symlink_to(outside / planted)
    with ProjectIndex.open(root) as index:
        where = Path(index.stats.cache_path)
    assert not where.is_relative_to(root) and not where.is_relative_to(outside), where
    assert list(outside.iterdir()) == []


def test_a_real_library_folder_still_holds_the_cache(tmp_path):
    root = make_project(tmp_path / "p")
    (root / "Library").mkdir()
    with ProjectIndex.open(root) as index:
        assert index.stats.cache_path == str(root / "Library/unitycli" / CACHE_FOLDER / "index.sqlite")


# --- asset writes: a folder swapped for a link after the checks ---------------------------------------------------


def test_a_folder_swapped_for_a_link_after_verification_cannot_redirect_the_commit(tmp_path, monkeypatch):
    root = make_project(tmp_path / "p")
    (root / "Assets" / "Sub").mkdir()
    (root / "Assets" / "Sub" / "a.txt").write_text("old\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    real_apply = transaction_module.apply_changes

    def swap_then_apply(*args, **kwargs):
        os.rename(root / "Assets" / "Sub", tmp_path / "moved-away")
        (root / "Assets" / "Sub").symlink_to(outside, target_is_directory=True)
        return real_apply(*args, **kwargs)

    monkeypatch.setattr(transaction_module, "apply_changes", swap_then_apply)
    tx = Transaction(root, dry_run=False)
    tx.write_text("Assets/Sub/a.txt", "new\n")
    tx.write_text("Assets/Sub/b.txt", "b\n")
    with pytest.raises(UnityCliError) as caught:
        tx.commit()
    assert caught.value.code == "E_WRITE_FAILED" and caught.value.details["errno"] == "ELOOP"
    assert caught.value.details["path"] == str(root / "Assets" / "Sub")
    assert list(outside.iterdir()) == [], "a temp or backup was written through the link"
    assert (tmp_path / "moved-away" / "a.txt").read_text() == "old\n"


def test_an_os_error_in_the_index_cache_folder_still_answers_from_memory(tmp_path, monkeypatch):
    root = make_project(tmp_path / "p")
    (root / "Assets" / "Real.mat").write_text("%YAML 1.1\n--- !u!21 &2100000\nMaterial:\n  m_Name: Real\n")

    def broken(*args, **kwargs):
        raise OSError(errno.EIO, os.strerror(errno.EIO), str(args[1]))

    monkeypatch.setattr(filelock, "open_own_file", broken)
    with ProjectIndex.open(root) as index:
        assert index.stats.cache_path is None and index.stats.rebuilt_reason == "no writable cache folder"
        assert index.assets_without_meta() == ["Assets/Real.mat"]
