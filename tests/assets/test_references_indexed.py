"""`asset.references` answers from what the index stored (`unitycli.indexes.refdetails`) exactly what reading and
parsing each referring file answers, for every GUID a fixture references."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fixturepaths import fixture_project
from unitycli.context import ToolContext
from unitycli.indexes import ProjectIndex
from unitycli.plugins.assets.references import describe_referrer
from unitycli.project.root import open_project
from unitycli.transaction import Transaction


def _both_ways(root: Path) -> tuple[int, int, list[tuple[str, str]]]:
    """(postings compared, postings answered from the index, (guid, path) of every posting whose answers differ)."""
    ctx = ToolContext(project=open_project(root), transaction=Transaction(root, dry_run=True))
    compared = indexed = 0
    differ = []
    with ProjectIndex.open(root) as index:
        guids = [row[0] for row in index.store.conn.execute("SELECT DISTINCT guid FROM postings ORDER BY guid")]
        for guid in guids:
            for referrer in index.referrers(guid, objects=True):
                compared += 1
                if referrer.objects is None:
                    continue
                indexed += 1
                stored = describe_referrer(ctx, index, referrer, guid, True)
                read = describe_referrer(ctx, index, referrer.__class__(referrer.path, referrer.documents,
                                                                       referrer.count), guid, True)
                if stored != read:
                    differ.append((guid, referrer.path))
    return compared, indexed, differ


@pytest.mark.parametrize("project", ["minigolf", "chicken-defense", "vfx-samples"])  # vfx: JSON inside strings
def test_every_reference_a_fixture_holds_is_answered_from_the_index_as_from_the_file(project: str) -> None:
    compared, indexed, differ = _both_ways(fixture_project(project))
    assert differ == []
    # The rest is read as before: mostly .vfx graphs, whose JSON strings Unity wraps over several lines.
    assert compared > 300 and indexed / compared > 0.8, (compared, indexed)
