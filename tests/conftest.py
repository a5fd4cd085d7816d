"""Test-wide isolation: every test gets its own unitycli home, so no test reads or writes the user's data."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("unitycli-home")
    monkeypatch.setenv("UNITYCLI_HOME", str(home))
    monkeypatch.delenv("UNITYCLI_DISABLE_EXTENSIONS", raising=False)
    yield home
