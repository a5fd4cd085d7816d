"""After-edit checks shared by the editing and prefab tests: the project's references are as sound as before."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from unitycli.testing import run_tool


def _issues(root: Path) -> set[tuple[Any, ...]]:
    """Each issue by kind, asset and GUID (a copied reference to a missing script adds to its count only)."""
    report = run_tool(root, "asset.validate", {"limit": 500})
    assert report.ok, report.error
    return {(i["kind"], i["severity"], i["path"], i["guid"]) for i in report.output["issues"]}


def references_unchanged(root: Path, edit: Callable[[], Any]) -> Any:
    """Run `edit`, then assert asset.validate reports exactly the issues it reported before (the fixture projects
    have a few of their own, e.g. scripts whose .cs is not in the copy); referrer counts may grow."""
    before = _issues(root)
    result = edit()
    after = _issues(root)
    assert after == before, (sorted(after - before), sorted(before - after))
    return result


def referrers(root: Path, asset: str) -> dict[str, int]:
    """File -> how many references asset.references counts from it to `asset`."""
    found = run_tool(root, "asset.references", {"file": asset, "limit": 200})
    assert found.ok, found.error
    return {item["path"]: item["count"] for item in found.output["referrers"]}
