"""`asset.duplicate`: copy an asset (or a folder) with its `.meta`, giving every copy a new GUID, as Edit > Duplicate.

The copy's `.meta` is the source's byte for byte but for its `guid:` line. Inside a copied Unity YAML file,
references to its own objects stay internal: fileID-only references (`{fileID: 4}`) already are, and references
that spell the file's own GUID (`{fileID: 11400000, guid: <own>, type: 2}`, as a ScriptableObject listing its
sub-assets writes) are rewritten to the copy's GUID. A folder is copied recursively, every file and folder getting
a new GUID, and references between files of the copied folder are remapped to their copies, so the copy is a
self-contained twin (references to files outside the folder are kept). Without a destination the copy is named
as Unity names it: `Name 1.ext` beside the source, or the next free number.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import Any

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.next_actions import tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.create_common import (
    make_parents,
    refuse_taken,
    require_new_asset_location,
    unique_sibling,
)
from unitycli.plugins.assets.mainname import RenamedObject, rename_main_object
from unitycli.plugins.assets.quiet import QuietOutput
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles import ensure_not_lfs

_YAML_MAGIC = b"%YAML"
# A reference's GUID in Unity's YAML: `guid:` then 32 lower-case hex digits (never `m_SceneGUID:`, upper-case);
# a long flow mapping may be wrapped at any of its spaces, so the value can start the next line.
_GUID_REF = re.compile(rb"(?<=[{ ,]guid:)(\s+)([0-9a-f]{32})(?![0-9a-f])")


class DuplicateInput(ToolInput):
    file: str = Field(description="Asset or folder to copy, e.g. Assets/Materials/Grass.mat")
    destination: str | None = Field(None, description="The copy's project-relative path, file name and extension "
                                    "included; `Name 1.ext` beside the source when omitted")


class CopiedFile(ToolOutput):
    destination: str = Field(description="The copy, at the path its source has below `file`")
    guid: str = Field(description="The copy's new GUID")
    remapped_references: int = Field(description="GUID references rewritten inside this copy")


class DuplicateOutput(QuietOutput):
    """Folder lists and `renamedObject` are absent when empty or null."""

    QUIET = ("copied", "created_folders", "skipped_metas", "renamed_object")

    file: str
    destination: str
    guid: str = Field(description="The copy's new GUID (the source's is the `-guid:` line of the .meta's diff)")
    is_folder: bool
    remapped_references: int = Field(description="GUID references rewritten inside the copies (to the copies' "
                                                 "own GUIDs)")
    copied: list[CopiedFile] = Field([], description="The assets of a copied folder, each with its new GUID (a .meta "
                                                 "goes with each); empty for one asset: see destination and guid")
    created_folders: list[str] = Field([], description="Missing folders above the destination, created with metas")
    skipped_metas: list[str] = Field([], description="Metas inside the folder without their asset (not copied; "
                                     "references to them keep the original GUID)")
    renamed_object: RenamedObject | None = Field(
        None, description="The copy's main object, whose m_Name became the copy's file name as the Editor does "
                          "(only where the source's equalled its file name); absent when no name changed (a folder "
                          "copy keeps every name)")


def _require_destination(ctx: ToolContext, source: str, destination: str, folder: bool) -> None:
    require_new_asset_location(destination)
    if destination == source or destination.startswith(source + "/"):
        raise access.invalid_path(destination, f"a copy cannot be {source} or inside it")
    if not folder and PurePosixPath(destination).suffix.lower() != PurePosixPath(source).suffix.lower():
        raise access.invalid_path(destination, f"the copy keeps the extension {PurePosixPath(source).suffix!r}, "
                                  "which decides how Unity imports it")
    refuse_taken(ctx, destination, "asset.duplicate")


def _sources(ctx: ToolContext, source: str, folder: bool) -> tuple[list[str], list[str], list[str]]:
    """(assets, folders, lone metas) to copy: for a folder every file with a .meta and every subfolder, else the
    file. A `.meta` without its asset (a checkout without the scripts) is not copied: Unity would delete it."""
    if not folder:
        return [source], [], []
    files, folders = access.files_below(ctx, source)
    files, folders = [f for f in files if not _ignored(source, f)], [f for f in folders if not _ignored(source, f)]
    assets = [f for f in files if not f.endswith(".meta")]
    lone = [f for f in files if f.endswith(".meta") and f[:-len(".meta")] not in assets
            and f[:-len(".meta")] not in folders]
    return assets, [f for f in folders if f != source], lone


def _ignored(source: str, path: str) -> bool:
    """Files Unity does not import (hidden, `~` folders) have no GUID and are not part of the asset copy."""
    return any(part.startswith(".") or part.endswith("~") for part in path[len(source) + 1:].split("/") if part)


def _meta(ctx: ToolContext, index: ProjectIndex, path: str) -> Any:
    meta = access.read_meta(ctx, index, path)
    if meta is None:
        raise UnityCliError("E_ASSET_PATH_INVALID", f"{path} has no .meta, so Unity has not imported it and its GUID "
                            "is unknown; let Unity import it first", details={"path": path, "reason": "no .meta"},
                            next_actions=[tool_command("asset.validate", {"kinds": ["asset-without-meta"]},
                                                       project=ctx.project.root)])
    if len(meta.guid_lines) > 1:  # the copy's new GUID would replace one line and keep claiming the other
        raise UnityCliError("E_ASSET_GUID_DUPLICATE", f"{path}.meta has {len(meta.guid_lines)} guid lines "
                            f"({', '.join(meta.guid_lines)}), so which asset a reference means is unknown; keep one "
                            "before copying", details={"path": path, "guids": list(meta.guid_lines)},
                            next_actions=[tool_command("asset.validate", {"kinds": ["duplicate-guid-line"]},
                                                       project=ctx.project.root)])
    return meta


def _require_unique_guids(ctx: ToolContext, index: ProjectIndex, metas: dict[str, Any]) -> None:
    """Remapping is by GUID, so each copied asset's GUID must name it alone: a GUID two metas claim (a copied file
    pasted without a new GUID) would send references of both to one copy."""
    claims: dict[str, list[str]] = {}
    for path, meta in metas.items():
        claims.setdefault(meta.guid, []).append(path)
    for guid, paths in claims.items():
        others = sorted(set(paths) | set(index.paths_for_guid(guid)))
        if len(others) > 1:
            raise UnityCliError("E_ASSET_GUID_DUPLICATE", f"{', '.join(others)} all claim guid {guid}; give all but "
                                "one a new GUID (or let Unity re-import them) before copying",
                                details={"guid": guid, "paths": others},
                                next_actions=[tool_command("asset.validate", {"kinds": ["duplicate-guid"]},
                                                           project=ctx.project.root)])


def _remap(data: bytes, guids: dict[bytes, bytes]) -> tuple[bytes, int]:
    """The YAML text with each copied asset's GUID replaced by its copy's; other bytes untouched."""
    if not data.lstrip(b"\xef\xbb\xbf").startswith(_YAML_MAGIC):
        return data, 0
    count = 0

    def swap(match: re.Match[bytes]) -> bytes:
        nonlocal count
        new = guids.get(match.group(2))
        if new is None:
            return match.group(0)
        count += 1
        return match.group(1) + new

    return _GUID_REF.sub(swap, data), count


def asset_duplicate(ctx: ToolContext, request: DuplicateInput) -> DuplicateOutput:
    source = access.project_path(ctx, request.file)
    access.require_asset_location(source)
    with ProjectIndex.open(ctx.project.root) as index:
        if not ctx.transaction.exists(source):
            raise access.not_found(ctx, index, source)
        folder = access.is_folder(ctx, index, source)
        destination = (access.project_path(ctx, request.destination) if request.destination is not None
                       else unique_sibling(ctx, source))
        _require_destination(ctx, source, destination, folder)
        assets, folders, lone = _sources(ctx, source, folder)
        metas = {path: _meta(ctx, index, path) for path in [source, *folders, *assets]}
        _require_unique_guids(ctx, index, metas)
    target = {path: destination + path[len(source):] for path in metas}
    new_guids = {path: ctx.transaction.new_guid(target[path]) for path in metas}
    remap = {metas[p].guid.encode(): new_guids[p].encode() for p in metas}
    created = [f for f, _ in make_parents(ctx, destination)]
    copied: list[CopiedFile] = []
    remapped = 0
    renamed: RenamedObject | None = None
    for path in [source, *folders] if folder else []:
        ctx.transaction.make_dir(target[path])
        ctx.transaction.write_bytes(target[path] + ".meta", metas[path].with_guid(new_guids[path]).to_bytes())
    for path in assets:
        data = ctx.transaction.read_bytes(path)
        ensure_not_lfs(path, data)
        data, count = _remap(data, remap)
        if not folder:
            edit = rename_main_object(path, target[path], data, metas[path])
            if edit is not None:
                data, renamed = edit.data, edit.output()
        ctx.transaction.write_bytes(target[path], data)
        ctx.transaction.write_bytes(target[path] + ".meta", metas[path].with_guid(new_guids[path]).to_bytes())
        remapped += count
        if folder:
            copied.append(CopiedFile(destination=target[path], guid=new_guids[path], remapped_references=count))
    return DuplicateOutput(file=source, destination=destination, guid=new_guids[source], is_folder=folder, remapped_references=remapped, copied=copied,
                           created_folders=created, skipped_metas=lone, renamed_object=renamed)

