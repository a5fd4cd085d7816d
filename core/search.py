"""Ranking for `tools search` and the "did you mean" list of unknown tool names."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.project.root import Project

# Where a keyword matched weighs more the closer it is to the tool's identity.
FIELD_WEIGHTS = (("name", 8), ("title", 4), ("summary", 2), ("description", 1))


def split_keywords(query: str) -> list[str]:
    """`mesh|Camera` and `copy gameobject` → ["mesh", "camera"], ["copy", "gameobject"]: words separated by `|` or
    spaces, case-insensitive; a tool matching more of them ranks higher."""
    return [k.lower() for k in re.split(r"[|\s]+", query) if k]


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


# --- the catalog: extensions that are not installed yet are found by the same keywords -------------------------

class ExtensionHit(BaseModel):
    """A catalog extension matching a search: what `tools search` / `unitycli_search_tools` list beside tools."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, defer_build=True)

    id: str
    distribution: str
    summary: str
    status: str = Field(description="installed | not-installed")
    installed_version: str | None = None
    packages: list[str] = Field(description="the Unity package profiles it supports (name@v1|v2…)")
    tools: list[str] = Field(description="globs of the tool names it adds")
    install_command: str = Field(description="the exact command that installs it (and records it in the lock)")
    installable: bool = Field(description="whether a configured source (repo, wheelhouse, PyPI) has it now")
    source: str | None = Field(None, description="the source the install would use: repo:extensions/<id>, "
                                                 "wheelhouse or pypi")
    not_installable_reason: str | None = Field(None, description="what was searched, when no source has it")
    score: int


def catalog_entries() -> list[dict[str, str]]:
    """One search entry per catalog manifest: its id, distribution, summary, and the Unity packages and tool
    globs it covers (so `camera`, `cinemachine` and `com.unity.cinemachine` all find unitycli-cinemachine)."""
    from unitycli.host.catalog import load_catalog

    entries = []
    for ext_id, manifest in sorted(load_catalog().manifests.items()):
        words = [manifest.distribution] + [p.name for p in manifest.packages]
        words += [glob for p in manifest.packages for glob in p.tools]
        entries.append({"name": ext_id, "title": manifest.distribution, "summary": manifest.summary,
                        "description": " ".join(words)})
    return entries


def search_catalog(query: str, project: Project | None = None) -> list[ExtensionHit]:
    """Catalog extensions matching `query`, best first, each with its exact install command and whether a
    configured source can install it now. A selected `project` is named in the command and its `[sources]`
    (`.unitycli/config.toml`) are the ones asked."""
    import shlex

    from unitycli.extension_manager.installer import Sources, locate
    from unitycli.host.catalog import load_catalog
    from unitycli.host.installed import installed_extensions, same_name

    hits = rank(catalog_entries(), query)
    if not hits:
        return []
    catalog = load_catalog()
    installed = {e.id: e for e in installed_extensions()}
    try:
        sources = Sources.for_project(project)
    except UnityCliError:  # a malformed config must not break discovery; install and doctor report it
        sources = Sources.for_project(None)
    where = f" --project {shlex.quote(str(project.root))}" if project is not None else ""
    found = []
    for points, entry in hits:
        manifest = catalog.get(entry["name"])
        ext = installed.get(manifest.id)
        active = ext is not None and same_name(ext.distribution, manifest.distribution)
        candidate, searched = locate(manifest.id, manifest.distribution, None, sources, catalog)
        found.append(ExtensionHit(
            id=manifest.id, distribution=manifest.distribution, summary=manifest.summary,
            status="installed" if active else "not-installed", installed_version=ext.version if active else None,
            packages=[p.profile() for p in manifest.packages], tools=[g for p in manifest.packages for g in p.tools],
            install_command=f"unitycli extensions install {manifest.id}{where}",
            installable=candidate is not None, source=candidate.source if candidate else None,
            not_installable_reason=None if candidate else "; ".join(searched), score=points))
    return found
