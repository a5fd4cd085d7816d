"""Material tests use the asset tests' project copies and runners."""

from __future__ import annotations

from tests.assets.conftest import chicken, sample

__all__ = ["chicken", "sample"]
