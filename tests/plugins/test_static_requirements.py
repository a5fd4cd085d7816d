"""Descriptors say which Unity packages a tool needs even when no project is selected."""

from __future__ import annotations

from unitycli.cli.main import run


def test_probuilder_tool_lists_its_verified_versions_without_a_project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    descriptor = run(["--json", "tools", "describe", "probuilder.create-shape"]).envelope["result"]
    assert descriptor["available"] is None
    assert descriptor["requiresPackages"] == [{
        "name": "com.unity.probuilder", "versions": ["5.2.2", "5.2.3", "5.2.4", "6.0.2", "6.0.3", "6.0.4"],
        "projectHas": None}]


def test_builtin_tools_need_no_package(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(["--json", "tools", "describe", "scene.list"]).envelope["result"]["requiresPackages"] == []
