"""Helpers shared by the HDRP tests (a uniquely named module, so it cannot clash with another suite's)."""

from __future__ import annotations

from pathlib import Path

from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool

VFX_ASSET = "Assets/HDRP/HDRenderPipelineAsset.asset"
VFX_GLOBAL = "Assets/HDRP/HDRenderPipelineGlobalSettings.asset"
VFX_DEFAULT_PROFILE = "Assets/HDRP/DefaultSettingsVolumeProfile.asset"
VFX_SKY_PROFILE = "Assets/HDRP/Sky and Fog Settings Profile.asset"
VFX_POST_PROFILE = "Assets/HDRP/Scene PostProcess Profile.asset"
VFX_BONFIRE_POST = "Assets/Samples/BonFire/BonFire/BonFire PostProcess Profile.asset"
VFX_BONFIRE_SCENE = "Assets/Samples/BonFire/BonFire.unity"
CM_ASSET = "Assets/HDRPDefaultResources/HDRenderPipelineAsset.asset"
CM_GLOBAL = "Assets/HDRPDefaultResources/HDRenderPipelineGlobalSettings.asset"
CM_DEFAULT_PROFILE = "Assets/HDRPDefaultResources/DefaultSettingsVolumeProfile.asset"
CM_LOOKDEV_PROFILE = "Assets/HDRPDefaultResources/DefaultLookDevProfile.asset"


def output(root: Path, tool: str, data: dict | None = None) -> dict:
    run = run_tool(root, tool, data or {})
    assert run.ok, run.error
    return run.output


def error(root: Path, tool: str, data: dict | None = None, *, dry_run: bool = False) -> dict:
    run = run_tool(root, tool, data or {}, dry_run=dry_run)
    assert not run.ok, run.output
    return run.error


def text(root: Path, rel: str) -> str:
    return (root / rel).read_text(encoding="utf-8")


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not {"Library", ".unitycli"} & set(p.relative_to(root).parts)}


def write_and_diff(root: Path, tool: str, data: dict, rel: str) -> tuple[list[tuple[str, str]], dict]:
    """Run a writer the promised way (dry run equals commit) and return the changed lines of `rel` and the output."""
    before = text(root, rel)
    others = {k: v for k, v in snapshot(root).items() if k != rel}
    committed = assert_dry_run_matches_commit(root, tool, data)
    after = text(root, rel)
    assert {k: v for k, v in snapshot(root).items() if k != rel} == others, "another file changed"
    return changed_lines(before, after), committed.output


def refused_untouched(root: Path, tool: str, data: dict) -> dict:
    """An error both in a dry run and for real, with every file byte-identical afterwards."""
    before = snapshot(root)
    dry = error(root, tool, data, dry_run=True)
    real = error(root, tool, data)
    assert dry["code"] == real["code"]
    assert snapshot(root) == before, f"{tool} wrote something although it failed"
    return real
