"""List what a project imports, stat-ing only the files whose content the index reads.

The listing is the input of every refresh, warm or cold, so it must be cheap: folders and plain assets are
recorded by name only (their existence is all the meta checks need), while `.meta` files and YAML candidates
carry (size, mtime_ns, ctime_ns, inode) so a changed file is re-read and an unchanged one never is.
"""

from __future__ import annotations

import hashlib
import marshal
import os
from enum import IntEnum
from pathlib import Path

from unitycli.indexes.roots import Root, display_path

# Every extension Unity writes as YAML text, checked against the fixtures (.unity .asset .prefab .mat
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

# path -> (real path for display, size, mtime_ns, kind, ctime_ns, inode); the numbers are 0 for FOLDER and ASSET.
# ctime and inode make the proof of "unchanged" hold where (size, mtime) alone would not: a same-size edit whose
# mtime was put back (`touch -r`, archive tools) still moves ctime, which no user call can set, and a file replaced
# by rename with a copy of equal size and mtime (`cp -p`, `mv`) has another inode.
Listing = dict[str, tuple[str, int, int, int, int, int]]
# sqlite integers are signed 64-bit; some filesystems use all 64 bits of an inode number (Windows ReFS: 128).
INO_BITS = (1 << 63) - 1
_FOLDER_ROW = ("", 0, 0, _FOLDER, 0, 0)
_ASSET_ROW = ("", 0, 0, _ASSET, 0, 0)


def walk_root(project_root: Path, root: Root, out: Listing, *, start: tuple[str, str] | None = None,
              recursive: bool = True, folders: list[tuple[str, str]] | None = None) -> None:
    """Add everything under `root` to `out`, following folder symlinks once (a link loop is not followed).

    Unity's hidden-asset rule (names starting with `.`, ending with `~`, `cvs`, `*.tmp`) is inlined here: this
    loop runs once per file on every open, so it does as little per entry as it can (one stat per read file).
    A resident index re-lists only part of a root: `start` is a (real folder, logical path) inside it,
    `recursive=False` lists that folder's own entries only, and `folders` collects every (real, logical) folder
    walked (the ones it watches).
    """
    if not root.real.is_dir():
        return
    metas = root.has_metas
    seen: set[str] = {os.path.realpath(root.real)}
    # Links may point anywhere; follow only those that stay inside the project (or inside a `file:` package
    # that lives outside it), the same boundary every path a tool touches must keep (E_PATH_OUTSIDE_PROJECT).
    project_real = os.path.realpath(project_root)
    root_real = os.path.realpath(root.real)
    inside_project = root_real == project_real or root_real.startswith(project_real + os.sep)
    boundary = project_real if inside_project else root_real
    top_shown = display_path(project_root, root.real)
    # Under Assets and ProjectSettings the display path is the logical one: reuse the string, build none.
    same = top_shown == root.logical
    stack = [(str(root.real), root.logical, top_shown)]
    if start is not None:
        sub = start[1][len(root.logical):]
        stack = [(start[0], start[1], start[1] if same else top_shown + sub)]
    while stack:
        folder, logical, shown = stack.pop()
        if folders is not None:
            folders.append((folder, logical))
        try:
            with os.scandir(folder) as it:
                entries = list(it)
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if name[0] == "." or name[-1] == "~":
                continue
            dot = name.rfind(".")
            ext = name[dot:].lower() if dot > 0 else ""
            if ext == ".tmp" or (len(name) == 3 and name.lower() == "cvs"):
                continue
            path = f"{logical}/{name}"
            try:
                linked = entry.is_symlink()
                if linked and not _within(os.path.realpath(entry.path), boundary):
                    continue
                if entry.is_dir():
                    if linked:
                        real = os.path.realpath(entry.path)
                        if real in seen:
                            continue
                        seen.add(real)
                    if recursive:
                        stack.append((entry.path, path, path if same else f"{shown}/{name}"))
                    if metas:
                        out[path] = _FOLDER_ROW
                    continue
                if ext == ".meta" and name.endswith(".meta"):
                    if not metas:
                        continue
                    kind = _META
                elif ext in YAML_SUFFIXES:
                    kind = _SCAN
                else:
                    if metas:
                        out[path] = _ASSET_ROW
                    continue
                st = entry.stat()
            except OSError:
                continue
            out[path] = (path if same else f"{shown}/{name}", st.st_size, st.st_mtime_ns, kind, st.st_ctime_ns,
                         st.st_ino & INO_BITS)


def _within(real: str, boundary: str) -> bool:
    return real == boundary or real.startswith(boundary + os.sep)


def list_project(project_root: Path, roots: list[Root]) -> Listing:
    """The listing of all roots; logical paths are unique because roots have distinct logical prefixes."""
    out: Listing = {}
    for root in roots:
        walk_root(project_root, root, out)
    return out


def signature(listing: Listing) -> str:
    """A digest of the whole listing: equal to the stored one means nothing changed, with no per-file compare.

    marshal version 2 writes every value in full (no back-references that depend on object identity), in C, so
    equal listings give equal bytes at a fifth of the cost of `repr`. It follows the walk order, which is stable
    for unchanged folders; if the order ever differs the only cost is a full compare against the cache.
    """
    return hashlib.blake2b(marshal.dumps(listing, 2), digest_size=20).hexdigest()
