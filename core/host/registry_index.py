"""The compiled tool map: tool name -> the plugin that provides it, cached with the files it depends on.

`tools run X` (and each batch line) needs one tool, not the whole registry. After a full registry build the
session stores which plugin provides each tool, each provider's owner and the package scripts every plugin
names (`unitycli_known_scripts`, used by tools of other plugins), together with the same dependency list the
discovery cache uses (installed code, entry points, the project's package and `.unitycli` files, approvals,
aliases) as (path, mtime, size). A later session whose dependencies are unchanged imports only the owning
plugin; any change, or any doubt, is a miss and the full registry is built (and stored) again.

Trust is not cached: an extension found through the map is still checked against its RECORD (and the lock's
pin) before its code is imported, exactly as in a full load.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from unitycli.depstat import ENV_KEYS, cache_dir, deps_unchanged, stat_entry
from unitycli.host.owners import ToolOwner
from unitycli.knownscripts import KnownScript

INDEX_VERSION = 3


@dataclass(frozen=True)
class IndexedTool:
    plugin: str  # the registered plugin name (`builtin:scenes`, `ext:urp`)
    owner: ToolOwner


@dataclass
class RegistryIndex:
    tools: dict[str, IndexedTool]
    known_scripts: dict[str, KnownScript]


class StoredIndex:
    """A loaded map, decoded per entry on demand: a call asks for one tool, not for all of them."""

    def __init__(self, tools: dict[str, Any], scripts: dict[str, Any]) -> None:
        self._tools = tools
        self._scripts = scripts

    def tool(self, name: str) -> IndexedTool | None:
        raw = self._tools.get(name)
        if raw is None:
            return None
        return IndexedTool(plugin=raw["plugin"], owner=ToolOwner.model_validate(raw["owner"]))

    @property
    def known_scripts(self) -> dict[str, KnownScript]:
        return {guid: KnownScript(**{**s, "versions": tuple(s["versions"])}) for guid, s in self._scripts.items()}


def index_path(selection: dict[str, Any]) -> Path:
    """One file per interpreter, environment and project selection (`--project`, `--instance`, cwd)."""
    material = {"v": INDEX_VERSION, "python": sys.executable, "version": sys.version, "selection": selection,
                "env": {k: os.environ.get(k) for k in ENV_KEYS}}
    key = hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()
    return cache_dir("registry") / f"{key}.json"


def load_index(path: Path) -> StoredIndex | None:
    """The stored map when every file it depends on is as it was; None on a miss or anything unexpected."""
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
        if entry.get("v") != INDEX_VERSION or not deps_unchanged(entry["deps"]):
            return None
        tools, scripts = entry["tools"], entry["knownScripts"]
        if not (isinstance(tools, dict) and isinstance(scripts, dict)):
            return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return StoredIndex(tools, scripts)


def store_index(path: Path, index: RegistryIndex, deps: list[str]) -> None:
    """Remember the map (best effort, atomic: a reader sees the old file or the new one)."""
    entry = {
        "v": INDEX_VERSION,
        "deps": [stat_entry(p) for p in sorted(set(deps))],
        "tools": {name: {"plugin": t.plugin, "owner": t.owner.model_dump(mode="json", exclude_none=True)}
                  for name, t in sorted(index.tools.items())},
        "knownScripts": {guid: asdict(s) for guid, s in sorted(index.known_scripts.items())},
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(entry, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return
