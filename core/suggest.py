""""Did you mean": the names an agent most likely meant, for every not-found error (GameObject paths, scene and
asset paths, tool names, enum values).

Ranked as people mistype: the same text (in any case) first, then the fewest edits (insert, delete, substitute, or
swap two neighbours: `DirectionalLigth` is two edits from `Directional Light`, a space and a swap), then a longer
name that contains the wanted one. More edits than a third of the wanted name's length make another name, not a
typo.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

MAX_SUGGESTIONS = 5


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal-string-alignment distance (Damerau-Levenshtein without repeated edits of one substring); any
    value above `limit` is returned as `limit + 1`, so far-apart names cost little."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[-1], limit + 1)


def _limit(wanted: str) -> int:
    return max(1, len(wanted) // 3)


def rank(wanted: str, candidate: str, tolerance: int | None = None) -> tuple[int, int] | None:
    """(kind, distance) of a plausible candidate, lower is likelier; None for an unrelated name. `tolerance`: the
    most edits that still make a typo (default a third of `wanted`)."""
    a, b = wanted.casefold(), candidate.casefold()
    if not a:
        return None
    if a == b:
        return (0, 0)
    limit = _limit(a) if tolerance is None else tolerance
    distance = edit_distance(a, b, limit)
    if distance <= limit:
        return (1, distance)
    if len(a) >= 3 and a in b:
        return (2, len(b) - len(a))
    return None


def closest(wanted: str, candidates: Iterable[str], limit: int = MAX_SUGGESTIONS) -> list[str]:
    """The likeliest of `candidates` for `wanted`, best first, at most `limit` (each once)."""
    scored = {c: r for c in dict.fromkeys(candidates) if (r := rank(wanted, c)) is not None}
    return sorted(scored, key=lambda c: (scored[c], c))[:limit]


def closest_paths(wanted: str, candidates: Iterable[str], limit: int = MAX_SUGGESTIONS) -> list[str]:
    """Like `closest` for `/`-separated paths: the typo budget is the last name's, so a long shared folder does
    not make every file in it look like a typo of the wanted one."""
    tolerance = _limit(wanted.rsplit("/", 1)[-1])
    scored = {c: r for c in dict.fromkeys(candidates) if (r := rank(wanted, c, tolerance)) is not None and r[0] < 2}
    return sorted(scored, key=lambda c: (scored[c], c))[:limit]


def closest_files(wanted: str, files: Iterable[str], limit: int = MAX_SUGGESTIONS) -> list[str]:
    """Project files `wanted` most likely meant: by whole path (a typo anywhere, another case), else by file name
    or name without extension in any folder (each file once, at its likeliest name)."""
    files = list(files)
    near = closest_paths(wanted, files, limit)
    if near:
        return near
    names: dict[str, list[str]] = {}
    for path in files:
        base = path.rsplit("/", 1)[-1]
        for key in dict.fromkeys((base, base.rsplit(".", 1)[0])):
            names.setdefault(key, []).append(path)
    ranked = closest(wanted.rsplit("/", 1)[-1], names, len(names))
    return list(dict.fromkeys(path for name in ranked for path in names[name]))[:limit]


def closest_names(name: str, candidates: list[str], limit: int = 3) -> list[str]:
    """Likely intended names: another case or a few typos first (`closest`), then close spellings, then
    names sharing the group or verb."""
    close = closest(name, candidates, limit)
    close += [c for c in difflib.get_close_matches(name, candidates, n=limit, cutoff=0.6) if c not in close]
    close = close[:limit]
    if len(close) < limit:
        tail = name.split(".")[-1]
        for candidate in candidates:
            if candidate not in close and (candidate.endswith("." + tail) or tail in candidate):
                close.append(candidate)
            if len(close) >= limit:
                break
    return close
