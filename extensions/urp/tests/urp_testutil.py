"""Helpers of the URP extension tests: fixture copies, tool runs that must succeed, exact-line checks."""

from __future__ import annotations

from pathlib import Path

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, copy_fixture_project, run_tool

CHICKEN = "chicken-defense"  # URP 14.0.9, Unity 2022.3.17f1
MINIGOLF = "minigolf"  # URP 17.0.3, Unity 6000.0.25f1
BITESIZE = "com.unity.multiplayer.samples.bitesize/Basic/DistributedAuthoritySocialHub"  # URP 17.0.3
PHYSICS = "physics-samples"  # URP 17.2.0, Unity 6000.2.10f1
VFX = "vfx-samples"  # HDRP, no URP

CHICKEN_RENDERER = "Assets/Settings/URP-HighFidelity-Renderer.asset"
MINIGOLF_RENDERER = "Assets/LlamAcademy/Minigolf/Renderers/URP-Renderer.asset"
MINIGOLF_ASSET = "Assets/LlamAcademy/Minigolf/Renderers/URP.asset"


def project(tmp_path: Path, name: str) -> Path:
    return copy_fixture_project(name, tmp_path)


def ok(root: Path, tool: str, data: dict | None = None) -> dict:
    run = run_tool(root, tool, data or {})
    assert run.ok, run.error
    return run.output  # type: ignore[return-value]


def error(root: Path, tool: str, data: dict | None = None, *, dry_run: bool = False) -> dict:
    run = run_tool(root, tool, data or {}, dry_run=dry_run)
    assert not run.ok, run.output
    return run.error  # type: ignore[return-value]


def commit(root: Path, tool: str, data: dict, path: str) -> tuple[dict, list[tuple[str, str]]]:
    """Run a writer the way the promise says (dry run equals commit) and give its output and the exact line
    pairs it changed in `path`."""
    before = (root / path).read_text(encoding="utf-8")
    run = assert_dry_run_matches_commit(root, tool, data)
    after = (root / path).read_text(encoding="utf-8")
    assert list(run.diffs) == [path], run.diffs.keys()
    return run.output, changed_lines(before, after)  # type: ignore[return-value]
