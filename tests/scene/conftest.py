"""The scene model tests edit the same fresh project copies as the scene tool tests."""

from tests.scenes_tools.conftest import chicken, minigolf, sample  # noqa: F401 - pytest fixtures
