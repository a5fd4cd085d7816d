"""Helpers for index tests: writable copies of fixture projects, and the tests' own reading of fixture files."""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

from tests.fixturepaths import fixture_project

_GUID_LINE = re.compile(r"^guid: ([0-9a-f]{32})", re.M)


def writable_copy(name: str, dest: Path) -> Path:
    """Copy a (read-only) fixture project into `dest`, making every copied file and folder writable."""
    shutil.copytree(fixture_project(name), dest)
    for dirpath, dirnames, filenames in os.walk(dest):
        for entry in [dirpath, *(os.path.join(dirpath, n) for n in dirnames + filenames)]:
            os.chmod(entry, os.stat(entry).st_mode | stat.S_IWUSR)
    return dest


def meta_guid_of(meta: Path) -> str:
    """The GUID of a meta, read with a plain regex: the test's own reading, independent of the index."""
    match = _GUID_LINE.search(meta.read_text(encoding="utf-8-sig"))
    assert match, meta
    return match.group(1)


def documents_referencing(text: str, guid: str) -> list[tuple[int, int]]:
    """(fileID, classID) of each document whose text mentions `guid`, by splitting on document headers."""
    found = []
    for chunk in re.split(r"^(?=--- !u!)", text, flags=re.M):
        header = re.match(r"--- !u!(\d+) &(-?\d+)", chunk)
        if header and guid in chunk:
            found.append((int(header.group(2)), int(header.group(1))))
    return found
