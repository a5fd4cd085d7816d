"""List what a project imports, stat-ing only the files whose content the index reads.

The listing is the input of every refresh, warm or cold, so it must be cheap: folders and plain assets are
recorded by name only (their existence is all the meta checks need), while `.meta` files and YAML candidates
carry (size, mtime_ns) so a changed file is re-read and an unchanged one never is.
"""

from __future__ import annotations

import hashlib
import os
from enum import IntEnum
from pathlib import Path

from unitycli.indexes.roots import Root, display_path

# Every extension Unity writes as YAML text, checked against the fixtures (NOTES §1: .unity .asset .prefab .mat
# .controller .lighting .preset .physicMaterial .renderTexture .vfx .vfxblock .vfxoperator) plus the other
# native-asset kinds Unity serializes the same way. A file is only scanned when it also starts with `%YAML`;
# `.asset` can be JSON (9 of 276 in the fixtures) and is then skipped. `.shadergraph` is JSON and not listed.
YAML_SUFFIXES = frozenset({
    ".unity", ".prefab", ".asset", ".mat", ".controller", ".anim", ".overridecontroller", ".lighting",
    ".preset", ".physicmaterial", ".physicsmaterial2d", ".rendertexture", ".vfx", ".vfxblock", ".vfxoperator",
    ".spriteatlas", ".spriteatlasv2", ".mask", ".mixer", ".playable", ".signal", ".terrainlayer", ".flare",
    ".guiskin", ".fontsettings", ".cubemap", ".brush", ".giparams", ".shadervariants", ".mesh",
})


class Kind(IntEnum):
    """What a listed path is; META and SCAN are read, FOLDER and ASSET only need to exist."""

    FOLDER = 0
    ASSET = 1
    META = 2
    SCAN = 3


_FOLDER, _ASSET, _META, _SCAN = (int(k) for k in Kind)

# path -> (real path for display, size, mtime_ns, kind); size and mtime are 0 for FOLDER and ASSET.
Listing = dict[str, tuple[str, int, int, int]]


def walk_root(project_root: Path, root: Root, out: Listing) -> None:
    """Add everything under `root` to `out`, following folder symlinks once (a link loop is not followed).

    Unity's hidden-asset rule (names starting with `.`, ending with `~`, `cvs`, `*.tmp`) is inlined here: this
    loop runs once per file on every refresh.
    """
    if not root.real.is_dir():
        return
    metas = root.has_metas
    seen: set[str] = {os.path.realpath(root.real)}
    stack = [(str(root.real), root.logical, display_path(project_root, root.real))]
    while stack:
        folder, logical, shown = stack.pop()
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if name[0] == "." or name[-1] == "~" or name.endswith((".tmp", ".TMP")) or name.lower() == "cvs":
                continue
            path = f"{logical}/{name}"
            try:
                if entry.is_dir():
                    if entry.is_symlink():
                        real = os.path.realpath(entry.path)
                        if real in seen:
                            continue
                        seen.add(real)
                    stack.append((entry.path, path, f"{shown}/{name}"))
                    if metas:
                        out[path] = ("", 0, 0, _FOLDER)
                    continue
                if name.endswith(".meta"):
                    if not metas:
                        continue
                    kind = _META
                else:
                    dot = name.rfind(".")
                    if dot > 0 and name[dot:].lower() in YAML_SUFFIXES:
                        kind = _SCAN
                    elif metas:
                        out[path] = ("", 0, 0, _ASSET)
                        continue
                    else:
                        continue
                st = entry.stat()
            except OSError:
                continue
            out[path] = (f"{shown}/{name}", st.st_size, st.st_mtime_ns, kind)


def list_project(project_root: Path, roots: list[Root]) -> Listing:
    """The listing of all roots; logical paths are unique because roots have distinct logical prefixes."""
    out: Listing = {}
    for root in roots:
        walk_root(project_root, root, out)
    return out


def signature(listing: Listing) -> str:
    """A digest of the whole listing: equal to the stored one means nothing changed, with no per-file compare.

    It follows the walk order, which is stable for unchanged folders; if the order ever differs the only cost is
    a full compare against the cache.
    """
    return hashlib.blake2b(repr(listing).encode("utf-8", "surrogateescape"), digest_size=20).hexdigest()
