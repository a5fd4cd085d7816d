"""Fixtures shared by the entry tests."""

from tests.mcp.entries import sample_copy  # noqa: F401
