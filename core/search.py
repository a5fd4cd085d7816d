"""Ranking for `tools search` and the "did you mean" list of unknown tool names."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping

# Where a keyword matched weighs more the closer it is to the tool's identity.
FIELD_WEIGHTS = (("name", 8), ("title", 4), ("summary", 2), ("description", 1))


def split_keywords(query: str) -> list[str]:
    """`mesh|Camera` → ["mesh", "camera"]: alternatives separated by `|`, case-insensitive."""
    return [k.strip().lower() for k in query.split("|") if k.strip()]


def score(fields: Mapping[str, str], keywords: Iterable[str]) -> int:
    """Sum over keywords of the best-weighted field containing it; an exact name or name-part match adds more."""
    total = 0
    name = fields.get("name", "").lower()
    parts = set(name.replace("-", ".").split("."))
    for keyword in keywords:
        best = 0
        for field_name, weight in FIELD_WEIGHTS:
            if keyword in fields.get(field_name, "").lower():
                best = max(best, weight)
        if keyword == name:
            best += 16
        elif keyword in parts:
            best += 4
        total += best
    return total


def rank(entries: Iterable[Mapping[str, str]], query: str) -> list[tuple[int, Mapping[str, str]]]:
    """Entries matching any keyword, best first (ties by name)."""
    keywords = split_keywords(query)
    scored = [(score(entry, keywords), entry) for entry in entries]
    hits = [(s, e) for s, e in scored if s > 0]
    hits.sort(key=lambda item: (-item[0], item[1].get("name", "")))
    return hits


def closest_names(name: str, candidates: list[str], limit: int = 3) -> list[str]:
    """Likely intended names: close spellings first, then names sharing the group or verb."""
    close = difflib.get_close_matches(name, candidates, n=limit, cutoff=0.6)
    if len(close) < limit:
        tail = name.split(".")[-1]
        for candidate in candidates:
            if candidate not in close and (candidate.endswith("." + tail) or tail in candidate):
                close.append(candidate)
            if len(close) >= limit:
                break
    return close
