"""The same fresh project copies the scene tool tests use."""

from tests.scenes_tools.conftest import chicken, minigolf, sample

__all__ = ["chicken", "minigolf", "sample"]
