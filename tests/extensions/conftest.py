from __future__ import annotations

import pytest


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on sys.path where fake installed distributions are written."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder
