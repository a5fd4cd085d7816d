"""Fixtures shared by the core tests."""

from tests.mcp.entries import sample_copy  # noqa: F401
