"""Security canaries share one non-editable install of the core per test session (see installed.py)."""

from tests.security.installed import installed_core  # noqa: F401 - a session fixture for every module here
