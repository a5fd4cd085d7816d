"""A known project's `lastSeen` is read back only as `record` writes it: within a minute it skips the locked write."""

from __future__ import annotations

from datetime import UTC, datetime

from unitycli.project.known import _fresh

NOW = datetime(2026, 12, 2, 14, 0, 0, tzinfo=UTC)


def _seen(text: str) -> dict[str, str]:
    return {"path": "/projects/garden", "lastSeen": text}


def test_a_timestamp_record_wrote_half_a_minute_ago_is_fresh() -> None:
    assert _fresh(_seen("2026-12-02T13:59:30Z"), "/projects/garden", NOW)


def test_an_old_future_or_other_project_entry_is_not_fresh() -> None:
    assert not _fresh(_seen("2026-12-02T13:58:30Z"), "/projects/garden", NOW)
    assert not _fresh(_seen("2026-12-02T14:00:30Z"), "/projects/garden", NOW)
    assert not _fresh(_seen("2026-12-02T13:59:30Z"), "/projects/other", NOW)


def test_any_other_spelling_of_the_time_is_not_fresh_so_it_is_rewritten() -> None:
    for text in ("2026-12-02T13:59:30+00:00", "2026-12-02 13:59:30Z", "2026-12-02T13:59:30.5Z",
                 "2026-12-02T13:59:30", "20261202T135930Z", "not a time", ""):
        assert not _fresh(_seen(text), "/projects/garden", NOW), text
