"""What the creating tools share: where a new asset may go, whether its name is taken, and the folders it needs.

Unity's paths are case-insensitive on Windows and macOS, so a new name equal to an existing one ignoring case is
taken. New folders get a folder `.meta` with a fresh GUID (the layout `new_meta` copies from Editor-written
folder metas; chicken-defense 2022.3 and minigolf 6000.0 write it identically).
"""

from __future__ import annotations

import os
import re
from pathlib import PurePosixPath

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.move import require_valid_destination
from unitycli.transaction import resolve_inside
from unitycli.unityfiles import new_meta


def require_new_asset_location(path: str, *, packages: bool = True) -> None:
    """A created asset goes below `Assets/` (or, when `packages`, `Packages/<package>/`), with a name Unity imports."""
    if not packages and not (path.startswith("Assets/") and len(path) > len("Assets/")):
        raise access.invalid_path(path, "new folders go below Assets/ (packages are read-only to this tool)")
    access.require_asset_location(path)
    require_valid_destination(path)


def taken_by(ctx: ToolContext, path: str) -> str | None:
    """The existing path (file, folder or lone `.meta`) that `path` would collide with, ignoring case."""
    if ctx.transaction.exists(path) or ctx.transaction.exists(path + ".meta"):
        return path
    parent = PurePosixPath(path).parent.as_posix()
    folder = resolve_inside(ctx.project.root, parent)
    if not folder.is_dir():
        return None
    wanted = PurePosixPath(path).name.lower()
    for name in sorted(os.listdir(folder)):
        base = name[:-len(".meta")] if name.lower().endswith(".meta") else name
        if base.lower() == wanted:
            return f"{parent}/{base}"
    return None


def require_existing_spelling(ctx: ToolContext, path: str) -> None:
    """Each existing folder above `path` must be named with its own case: `Assets/materials/New` beside an existing
    `Assets/Materials` would be a second folder (and a second `.meta` with another GUID) on Linux, and the same
    folder on Windows and macOS, so the checkout would differ by platform."""
    parts = PurePosixPath(path).parts
    for depth in range(1, len(parts) - 1):
        parent, name = "/".join(parts[:depth]), parts[depth]
        folder = resolve_inside(ctx.project.root, parent)
        if not folder.is_dir():
            return
        names = [n for n in os.listdir(folder) if not n.lower().endswith(".meta")]
        if name in names:
            continue
        spelled = sorted(n for n in names if n.lower() == name.lower())
        if spelled:
            error = access.invalid_path(path, f"{parent}/{name} differs only in case from the existing "
                                        f"{parent}/{spelled[0]}, which Windows and macOS treat as the same path")
            # the runner makes this the same call with the path spelled as the folder is (its next action)
            error.details["exactSpelling"] = path.replace(f"{parent}/{name}", f"{parent}/{spelled[0]}", 1)
            raise error
        return


def refuse_taken(ctx: ToolContext, path: str, tool: str) -> None:
    """`E_ASSET_OUTPUT_EXISTS` when `path` is taken: creating tools never overwrite. A folder above it spelled
    with another case than the existing one is `E_ASSET_PATH_INVALID`."""
    require_existing_spelling(ctx, path)
    clash = taken_by(ctx, path)
    if clash is not None:
        raise UnityCliError("E_ASSET_OUTPUT_EXISTS", f"{clash} already exists; {tool} never overwrites",
                            details={"path": path, "existing": clash},
                            next_actions=[tool_command("asset.info", {"path": clash}, project=ctx.project.root)])


_NUMBERED = re.compile(r"^(.*) (\d+)$")


def unique_sibling(ctx: ToolContext, path: str) -> str:
    """The name Unity's Duplicate gives a copy: `Name 1.ext`, or the next free number (`Name 2 1` never)."""
    pure = PurePosixPath(path)
    folder = resolve_inside(ctx.project.root, path).is_dir()
    stem, suffix = (pure.name, "") if folder else (pure.stem, pure.suffix)
    match = _NUMBERED.match(stem)
    base, number = (match.group(1), int(match.group(2)) + 1) if match else (stem, 1)
    while True:
        candidate = f"{pure.parent.as_posix()}/{base} {number}{suffix}"
        if taken_by(ctx, candidate) is None:
            return candidate
        number += 1


def missing_folders(ctx: ToolContext, path: str) -> list[str]:
    """Ancestors of `path` that do not exist, outermost first; a missing package folder is refused."""
    missing = []
    parent = PurePosixPath(path).parent
    while parent.as_posix() not in ("Assets", "Packages", ".") and not ctx.transaction.exists(parent.as_posix()):
        missing.append(parent.as_posix())
        parent = parent.parent
    if missing and missing[-1].count("/") == 1 and missing[-1].startswith("Packages/"):
        raise access.invalid_path(path, f"there is no package folder {missing[-1]}")
    return missing[::-1]


def make_folder(ctx: ToolContext, folder: str) -> str:
    """Stage a new folder with its folder `.meta`; returns the new GUID."""
    guid = ctx.transaction.new_guid(folder)
    ctx.transaction.make_dir(folder)
    ctx.transaction.write_bytes(folder + ".meta", new_meta(folder, folder=True, guid=guid))
    return guid


def make_parents(ctx: ToolContext, path: str) -> list[tuple[str, str]]:
    """Stage every missing ancestor folder of `path` with its `.meta`; (folder, GUID) of each, outermost first."""
    return [(folder, make_folder(ctx, folder)) for folder in missing_folders(ctx, path)]
