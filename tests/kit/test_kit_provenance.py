"""Every byte of the kit project is Editor-written: each file is the file at the same path in the fixture project
it was copied from (so this one test needs the corpus, and skips without it)."""

from __future__ import annotations

from tests.fixturepaths import fixture_project
from unitycli.testing import KIT_PROJECT, KIT_SOURCE


def test_every_kit_file_is_a_copy_of_its_fixture_file() -> None:
    source = fixture_project(KIT_SOURCE)
    files = sorted(p.relative_to(KIT_PROJECT).as_posix() for p in KIT_PROJECT.rglob("*") if p.is_file())
    assert len(files) == 19
    differ = [f for f in files if (source / f).read_bytes() != (KIT_PROJECT / f).read_bytes()]
    assert differ == []
