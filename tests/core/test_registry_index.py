"""The compiled tool map: `tools run X` loads only X's plugin, and any change to what it depends on is a miss."""

from __future__ import annotations

import os
from pathlib import Path

from unitycli.host.registry_index import load_index
from unitycli.host.session import Session
from unitycli.runner import run_tool


def _session(root: Path) -> Session:
    return Session(project_arg=str(root), cwd=root)


def _warm(root: Path) -> None:
    assert _session(root).registry.tools  # a full build stores the map


def test_a_warm_map_loads_only_the_plugin_that_owns_the_tool(sample_copy):
    full = run_tool(_session(sample_copy).prepare("project.info"), {})
    session = _session(sample_copy)
    lazy = run_tool(session.prepare("project.info"), {})
    assert "plugins" not in session.__dict__ and "registry" not in session.__dict__
    assert session._lazy is not None and session._lazy.plugins == {"builtin:project_info"}
    assert lazy.model_dump() == full.model_dump()


def test_known_scripts_come_from_the_map_unchanged(sample_copy):
    _warm(sample_copy)
    full = _session(sample_copy)
    assert full.registry and full.known_scripts
    lazy = _session(sample_copy)
    lazy.tool("project.info")
    assert lazy._lazy is not None and lazy.known_scripts == full.known_scripts


def test_a_new_project_tool_file_invalidates_the_map(sample_copy):
    _warm(sample_copy)
    assert _session(sample_copy)._lazy is not None
    tools = sample_copy / ".unitycli" / "tools"
    tools.mkdir(parents=True)
    (tools / "mine.py").write_text("# a project tool\n", encoding="utf-8")
    assert _session(sample_copy)._lazy is None


def test_our_own_writes_and_their_journal_keep_the_map(sample_copy):
    """The first write creates `.unitycli/txn/`; the call after it must not pay the full load again."""
    _warm(sample_copy)
    edit = {"file": "Assets/Scenes/Garden.unity", "gameObject": "Player", "component": "Transform",
            "property": "m_LocalPosition", "value": {"x": 0, "y": 2, "z": 0}}
    assert run_tool(_session(sample_copy).prepare("component.set"), edit).applied_effects
    assert (sample_copy / ".unitycli" / "txn").is_dir()
    assert _session(sample_copy)._lazy is not None


def test_a_new_extension_lock_or_config_invalidates_the_map(sample_copy):
    for name in ("extensions.toml", "config.toml"):
        _warm(sample_copy)
        assert _session(sample_copy)._lazy is not None
        (sample_copy / ".unitycli").mkdir(exist_ok=True)
        (sample_copy / ".unitycli" / name).write_text("# nothing yet\n", encoding="utf-8")
        assert _session(sample_copy)._lazy is None


def test_a_changed_project_tool_file_invalidates_the_map(sample_copy):
    tools = sample_copy / ".unitycli" / "tools"
    tools.mkdir(parents=True)
    tool = tools / "mine.py"
    tool.write_text("# a project tool\n", encoding="utf-8")
    _warm(sample_copy)
    assert _session(sample_copy)._lazy is not None
    tool.write_text("# a project tool, edited\n", encoding="utf-8")
    assert _session(sample_copy)._lazy is None


def test_installing_code_on_the_path_invalidates_the_map(sample_copy, tmp_path, monkeypatch):
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    _warm(sample_copy)
    assert _session(sample_copy)._lazy is not None
    (site / "newly_installed.py").write_text("X = 1\n", encoding="utf-8")
    assert _session(sample_copy)._lazy is None


def test_an_edited_source_file_invalidates_the_map(sample_copy):
    """Editable installs: every .py file of unitycli (and of each extension) is a dependency."""
    session = _session(sample_copy)
    _warm(sample_copy)
    deps = session.dependencies()
    import unitycli.runner

    assert unitycli.runner.__file__ in deps
    entry = load_index(session._index_path)
    assert entry is not None
    source = Path(unitycli.runner.__file__)
    stat = source.stat()
    try:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
        assert load_index(session._index_path) is None
    finally:
        os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert load_index(session._index_path) is not None


def test_a_name_the_map_does_not_know_takes_the_full_registry(sample_copy):
    _warm(sample_copy)
    session = _session(sample_copy)
    try:
        session.tool("project.no-such-tool")
    except Exception as exc:  # the full path's own error, with close names
        assert getattr(exc, "code", None) == "E_TOOL_NOT_FOUND_FOR_TARGET"
    assert "registry" in session.__dict__


def test_test_sessions_with_extra_plugins_never_use_the_map(sample_copy):
    from tests.mcp.entries import notes_session

    _warm(sample_copy)
    session = notes_session(sample_copy)
    assert session._lazy is None
    assert session.tool("notes.read")
