"""`asset.move` and `asset.rename`: move an asset with its `.meta`, so its GUID and every reference to it survive.

Unity identifies assets by the GUID in the meta, not by path: moving both files (and, for a folder, everything in
it) keeps every `{fileID, guid, type}` reference valid, which is what the Editor's own move does. Each file is
staged as a write at the new path and a delete at the old one, so a dry-run shows the whole plan and a commit is
all-or-nothing. Missing destination folders get new folder metas, as the Editor would create. A moved folder's
tree, empty subfolders included, is made at the destination and the emptied source folders are removed, in the
same commit.
"""

from __future__ import annotations

import os
from pathlib import PurePosixPath

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.names import name_problem as new_name_problem
from unitycli.next_actions import tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.folders import make_tree, remove_emptied
from unitycli.plugins.assets.mainname import RenamedObject, rename_main_object
from unitycli.plugins.assets.quiet import QuietOutput
from unitycli.toolspec import ToolOutput
from unitycli.transaction import resolve_inside
from unitycli.unityfiles import new_meta


class AssetMoveInput(access.FileInput):
    file: str = Field(description="Asset or folder to move, e.g. Assets/Prefabs/Lantern.prefab (the old key `path` "
                                  "is accepted for one release)")
    destination: str = Field(description="Its new project-relative path, file name included")
    overwrite: bool = Field(False, description="Replace an asset already at the destination (its GUID is lost)")
    expected_revision: str | None = Field(None, description="Refuse unless the asset file is at this revision")


class AssetRenameInput(access.FileInput):
    file: str = Field(description="Asset or folder to rename (the old key `path` is accepted for one release)")
    name: str = Field(description="New name without folder; the extension is kept (as AssetDatabase.RenameAsset)")
    overwrite: bool = Field(False, description="Replace an asset already using that name (its GUID is lost)")
    expected_revision: str | None = Field(None, description="Refuse unless the asset file is at this revision")


class ReplacedAsset(ToolOutput):
    path: str
    guid: str | None
    referrers: int = Field(description="Files that referenced the replaced asset; their references now dangle")


class AssetMoveOutput(QuietOutput):
    """Folder lists, `replaced` and `renamedObject` are absent when empty or null."""

    QUIET = ("created_folders", "replaced", "removed_folders", "leftover_folders", "renamed_object")

    file: str = Field(description="The asset's path before the move")
    destination: str
    guid: str | None = Field(description="Unchanged by the move: references keep resolving")
    is_folder: bool
    moved_files: int = Field(description="Files moved, metas included: each is an effects diff saying `rename "
                                         "from/to` (a folder's file keeps its path below the folder)")
    created_folders: list[str] = Field([], description="Destination folders created, each with a new folder meta")
    replaced: ReplacedAsset | None = Field(None, description="The asset the move overwrote (overwrite: true)")
    removed_folders: list[str] = Field([], description="Emptied source folders removed with their .meta")
    leftover_folders: list[str] = Field(
        [], description="Emptied source folders left on disk because they have no .meta of their own (e.g. "
                        "Samples~)")
    renamed_object: RenamedObject | None = Field(
        None, description="The main object whose m_Name became the new file name as the Editor keeps it (only "
                          "where it equalled the old file name); absent when no name changed")


def _siblings_clash(ctx: ToolContext, destination: str, source: str) -> str | None:
    """A path in the destination folder equal to `destination` ignoring case (Unity's paths are case-insensitive)."""
    parent = PurePosixPath(destination).parent.as_posix()
    folder = resolve_inside(ctx.project.root, parent)
    if not folder.is_dir():
        return None
    wanted = PurePosixPath(destination).name.lower()
    for name in sorted(os.listdir(folder)):
        base = name[:-len(".meta")] if name.lower().endswith(".meta") else name
        candidate = f"{parent}/{base}"
        if base.lower() == wanted and candidate.lower() != source.lower():
            return candidate
    return None


# Names Windows reserves for devices, with or without an extension (`NUL.txt` is the device too).
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10)),
             "com\u00b9", "com\u00b2", "com\u00b3", "lpt\u00b9", "lpt\u00b2", "lpt\u00b3"}
_FORBIDDEN = set('<>:"|?*\\')


def name_problem(name: str) -> str | None:
    """Why Unity would not import a file or folder called `name`, or Windows could not create it; None if fine."""
    if not name:
        return "a path component is empty"
    if name.startswith("."):
        return f"{name!r} starts with '.', so Unity ignores it (hidden)"
    if name.endswith("~"):
        return f"{name!r} ends with '~', so Unity ignores it"
    if name.lower() == "cvs" or name.lower().endswith(".tmp"):
        return f"Unity ignores files and folders named {name!r}"
    if name[-1] in ". ":
        return f"{name!r} ends with a dot or a space, which Windows drops or refuses"
    bad = sorted({ch for ch in name if ch in _FORBIDDEN or ord(ch) < 0x20 or ord(ch) == 0x7F})
    if bad:
        shown = ", ".join(repr(ch) if ord(ch) >= 0x20 else f"U+{ord(ch):04X}" for ch in bad)
        return f"{name!r} contains characters Windows forbids in file names ({shown})"
    if name.split(".", 1)[0].rstrip(" ").lower() in _RESERVED:
        return f"{name!r} is a device name Windows reserves ({name.split('.', 1)[0].upper()})"
    if len(name.encode("utf-8")) > 255:
        return f"a name is {len(name.encode('utf-8'))} bytes long (at most 255)"
    return new_name_problem(name)


def require_valid_destination(destination: str) -> None:
    """Every component below `Assets/` (or `Packages/`) must be a name Unity imports and Windows can create."""
    for part in destination.split("/")[1:]:
        why = name_problem(part)
        if why is not None:
            error = access.invalid_path(destination, why)
            error.details["hint"] = ("choose a name Unity imports on every platform: no leading '.', no trailing "
                                     "'~', '.' or space, none of <>:\"|?*, no bidirectional control characters, "
                                     "and not CON, PRN, AUX, NUL, COM1-9 or LPT1-9")
            raise error


def _missing_folders(ctx: ToolContext, destination: str) -> list[str]:
    """Ancestors of `destination` that do not exist, outermost first; a missing package is refused."""
    missing = []
    parent = PurePosixPath(destination).parent
    while parent.as_posix() not in ("Assets", "Packages", ".") and not ctx.transaction.exists(parent.as_posix()):
        missing.append(parent.as_posix())
        parent = parent.parent
    if missing and missing[-1].count("/") == 1 and missing[-1].startswith("Packages/"):
        raise access.invalid_path(destination, f"there is no package folder {missing[-1]}")
    return missing[::-1]


def _remove(ctx: ToolContext, path: str, folder: bool) -> None:
    """Stage the replaced asset's deletion; of a folder, its emptied folders too (the move then keeps those it uses)."""
    files, folders = access.files_below(ctx, path) if folder else ([path], [])
    files += [path + ".meta"] if ctx.transaction.exists(path + ".meta") else []
    for file in files:
        ctx.transaction.delete(file)
    remove_emptied(ctx, folders, set(files))


def move_asset(ctx: ToolContext, source: str, destination: str, overwrite: bool,
               expected_revision: str | None) -> AssetMoveOutput:
    """The shared body of move and rename."""
    access.require_asset_location(source)
    access.require_asset_location(destination)
    require_valid_destination(destination)
    if destination.startswith(source + "/"):
        raise access.invalid_path(destination, f"a folder cannot move into itself ({source})")
    with ProjectIndex.open(ctx.project.root) as index:
        if not ctx.transaction.exists(source):
            raise access.not_found(ctx, index, source)
        folder = access.is_folder(ctx, index, source)
        if expected_revision is not None:
            if folder:
                raise UnityCliError("E_SCHEMA_INVALID", "expectedRevision applies to a file, not a folder",
                                    details={"errors": [{"path": "expectedRevision", "message": "not for folders"}]})
            ctx.transaction.expect_revision(source, expected_revision)
        meta = access.read_meta(ctx, index, source)
        result = AssetMoveOutput(file=source, destination=destination, guid=meta.guid if meta else None,
                                 is_folder=folder, moved_files=0, created_folders=[], replaced=None, removed_folders=[],
                                 leftover_folders=[])
        if source == destination:
            return result
        clash = None
        if ctx.transaction.exists(destination) or ctx.transaction.exists(destination + ".meta"):
            clash = destination
        elif destination.lower() != source.lower():
            clash = _siblings_clash(ctx, destination, source)
        if clash is not None:
            existing = access.read_meta(ctx, index, clash)
            clash_folder = access.is_folder(ctx, index, clash)
            if not overwrite or clash_folder != folder:
                reason = "pass overwrite: true to replace it" if clash_folder == folder else \
                    "one is a folder and the other a file, which overwrite does not replace"
                raise UnityCliError(
                    "E_ASSET_OUTPUT_EXISTS", f"{clash} already exists; {reason}",
                    details={"path": source, "destination": destination, "existing": clash,
                             "existingGuid": existing.guid if existing else None},
                    next_actions=[tool_command("asset.references", {"file": clash}, project=ctx.project.root),
                                  tool_command("asset.move", {"file": source, "destination": destination,
                                                                   "overwrite": True}, project=ctx.project.root)]
                    if clash_folder == folder else [tool_command("asset.references", {"file": clash}, project=ctx.project.root)])
            result.replaced = ReplacedAsset(path=clash, guid=existing.guid if existing else None,
                                            referrers=len(index.referrers(existing.guid)) if existing else 0)
            _remove(ctx, clash, clash_folder)
    for created in _missing_folders(ctx, destination):
        ctx.transaction.make_dir(created)
        ctx.transaction.write_bytes(created + ".meta", new_meta(created, folder=True, guid=ctx.transaction.new_guid(created)))
        result.created_folders.append(created)
    files, folders = access.files_below(ctx, source) if folder else ([source], [])
    if ctx.transaction.exists(source + ".meta"):
        files.append(source + ".meta")
    make_tree(ctx, folders, source, destination)
    for file in files:
        target = destination + file[len(source):]
        data = ctx.transaction.read_bytes(file)
        if file == source and not folder:
            edit = rename_main_object(source, destination, data, meta)
            if edit is not None:
                data = edit.data
                result.renamed_object = edit.output()
        ctx.transaction.delete(file)
        ctx.transaction.write_bytes(target, data)
        result.moved_files += 1
    result.removed_folders, result.leftover_folders = remove_emptied(ctx, folders, set(files))
    return result


def asset_move(ctx: ToolContext, request: AssetMoveInput) -> AssetMoveOutput:
    return move_asset(ctx, access.project_path(ctx, request.file), access.project_path(ctx, request.destination),
                      request.overwrite, request.expected_revision)


def asset_rename(ctx: ToolContext, request: AssetRenameInput) -> AssetMoveOutput:
    source = access.project_path(ctx, request.file)
    name = request.name  # as given: a trailing space or dot is refused by name_problem, never dropped
    if "/" in name or "\\" in name or name in ("", ".", ".."):
        raise access.invalid_path(request.name, "a new name is one path component, without folders")
    suffix = PurePosixPath(source).suffix
    folder = resolve_inside(ctx.project.root, source).is_dir()
    if suffix and not folder and not name.lower().endswith(suffix.lower()):
        name += suffix
    destination = f"{PurePosixPath(source).parent.as_posix()}/{name}"
    return move_asset(ctx, source, access.project_path(ctx, destination), request.overwrite, request.expected_revision)
