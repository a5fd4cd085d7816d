"""Hostile text in the files and arguments unitycli reads as configuration, on the
installed (non-editable) unitycli: a `.unitycli/config.toml` nested 100,000 levels deep and an extension name
longer than any file name are catalogued errors naming the problem, never E_INTERNAL, and commands that do not
need the config keep working.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.security.helpers import Venv, sample_project

DEEP = 100_000


@pytest.fixture
def deep_config(tmp_path) -> Path:
    root = sample_project(tmp_path)
    (root / ".unitycli" / "config.toml").write_text("a = " + "[" * DEEP + "]" * DEEP + "\n")
    return root


@pytest.mark.parametrize("argv", [("tools", "search", "project"), ("tools", "run", "project.info"),
                                  ("extensions", "list")])
def test_commands_that_do_not_need_the_config_keep_working(installed_core: Venv, deep_config, argv):  # noqa: F811
    code, env = installed_core.unitycli(*argv, "--project", str(deep_config))
    assert code == 0, env


def test_a_command_that_needs_the_config_names_the_file_and_the_fix(installed_core: Venv, deep_config):  # noqa: F811
    code, env = installed_core.unitycli("extensions", "sync", "--dry-run", "--project", str(deep_config))
    assert code == 1, env
    error = env["error"]
    assert error["code"] == "E_MANIFEST_INVALID"
    assert error["details"]["file"] == ".unitycli/config.toml"
    assert "nested too deeply" in error["message"]
    assert error["manualSteps"] == ["Fix (toml) in .unitycli/config.toml"]  # a person's step, not a command
    assert error["nextActions"] == [f"unitycli extensions doctor --project {deep_config}"]


def test_doctor_reports_the_config_as_a_failed_check(installed_core: Venv, deep_config):  # noqa: F811
    code, env = installed_core.unitycli("doctor", "--project", str(deep_config))
    assert code == 1, env
    [check] = [c for c in env["result"]["checks"] if c["name"] == "config"]
    assert check["status"] == "fail"
    assert "nested too deeply" in check["message"]


@pytest.mark.parametrize("target", ["a" * 300, "./" + "a" * 300 + "/x", "a" * 300 + ".whl", "bad name!"])
def test_an_install_target_that_is_neither_an_id_nor_a_path_is_a_usage_error(installed_core: Venv,  # noqa: F811
                                                                             tmp_path, target):
    code, env = installed_core.unitycli("extensions", "install", target, "--project", str(sample_project(tmp_path)))
    assert code == 2, env
    assert env["error"]["code"] == "E_OPTION_VALUE_INVALID", env
    assert env["error"]["details"]["parameter"] == "target"
