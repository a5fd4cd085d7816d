"""`asset.delete`: delete an asset (or folder) with its `.meta`, refusing while anything still references it.

Deleting a referenced asset leaves `{fileID, guid, type}` references that Unity shows as "Missing", so the tool
refuses with `E_ASSET_REFERENCED` and names every referrer unless `force` is set. References from inside what is
being deleted (a folder's prefabs using its materials) do not count. A deleted folder goes with its subfolders,
in the same commit as its files. When a file that may hold references could not be scanned (an LFS pointer, an
unreadable or JSON file, see `unscanned`), "no referrer" is unproven and the tool refuses with
`E_ASSET_REFERENCES_UNVERIFIABLE` unless `force` is set.
"""

from __future__ import annotations

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.next_actions import lfs_pull_command, tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.access import MAX_SUGGESTIONS, AssetTarget
from unitycli.plugins.assets.folders import remove_emptied
from unitycli.plugins.assets.unscanned import SkippedFile, skipped_files
from unitycli.toolspec import ToolOutput
from unitycli.unityfiles import parse_meta


class AssetDeleteInput(AssetTarget):
    force: bool = Field(False, description="Delete even while other files reference it (their references dangle)")
    expected_revision: str | None = Field(None, description="Refuse unless the asset file is at this revision")


class ReferrerOfDeleted(ToolOutput):
    path: str = Field(description="The referring file")
    asset: str = Field(description="The deleted asset it references")
    guid: str
    count: int


class AssetDeleteOutput(ToolOutput):
    file: str = Field(description="The deleted asset or folder")
    guid: str | None
    is_folder: bool
    deleted: list[str] = Field(description="Every file deleted, metas included")
    dangling_referrers: list[ReferrerOfDeleted] = Field(description="Referrers left dangling (only with force)")
    skipped: list[SkippedFile] = Field(description="Files that may reference it but could not be scanned (only with "
                                                   "force)")
    removed_folders: list[str] = Field(description="Folders removed with their .meta")
    leftover_folders: list[str] = Field(description="Emptied folders left on disk because they have no .meta of "
                                                    "their own (e.g. Samples~); usually empty")


def _referrers(index: ProjectIndex, guids: dict[str, str], deleted: set[str]) -> list[ReferrerOfDeleted]:
    found = []
    for guid, asset in guids.items():
        for referrer in index.referrers(guid):
            if referrer.path not in deleted:
                found.append(ReferrerOfDeleted(path=referrer.path, asset=asset, guid=guid, count=referrer.count))
    return found


def _listed(paths: list[str]) -> str:
    return ", ".join(paths[:MAX_SUGGESTIONS]) + (" ..." if len(paths) > MAX_SUGGESTIONS else "")


def _refuse(ctx: ToolContext, request: AssetDeleteInput, path: str, referrers: list[ReferrerOfDeleted],
            skipped: list[SkippedFile]) -> None:
    """Raise when deleting would leave references dangling, or when that cannot be ruled out."""
    forced = tool_command("asset.delete", {"file": path, "force": True} | (
        {"expectedRevision": request.expected_revision} if request.expected_revision else {}), project=ctx.project.root)
    unscanned = [s.model_dump(by_alias=True) for s in skipped]
    if referrers:
        shown = sorted({r.path for r in referrers})
        # Per referenced asset: a folder's own path has no GUID references, the assets inside it do.
        assets = list(dict.fromkeys(r.asset for r in referrers))
        raise UnityCliError(
            "E_ASSET_REFERENCED", f"{path} is referenced by {len(shown)} file(s): {_listed(shown)}",
            details={"path": path, "referrers": [r.model_dump(by_alias=True) for r in referrers]}
            | ({"referencedAssets": assets} if assets != [path] else {}) | ({"skipped": unscanned} if skipped else {}),
            next_actions=[tool_command("asset.references", {"file": asset}, project=ctx.project.root) for asset in assets[:MAX_SUGGESTIONS]]
            + [forced])
    if skipped:
        shown = [s.path for s in skipped]
        pull = [lfs_pull_command(ctx.project.root)] if any(s.reason == "lfs-pointer" for s in skipped) else []
        raise UnityCliError(
            "E_ASSET_REFERENCES_UNVERIFIABLE",
            f"{path} may still be referenced: {len(shown)} file(s) could not be scanned for references: "
            f"{_listed(shown)}", details={"path": path, "skipped": unscanned},
            next_actions=pull + [forced])


def asset_delete(ctx: ToolContext, request: AssetDeleteInput) -> AssetDeleteOutput:
    with ProjectIndex.open(ctx.project.root) as index:
        path = access.resolve_target(ctx, index, request)
        access.require_asset_location(path)
        if access.external_path(ctx, index, path) is not None:
            raise access.invalid_path(path, "it is in a local package outside the project folder")
        folder = access.is_folder(ctx, index, path)
        if request.expected_revision is not None:
            if folder:
                raise UnityCliError("E_SCHEMA_INVALID", "expectedRevision applies to a file, not a folder",
                                    details={"errors": [{"path": "expectedRevision", "message": "not for folders"}]})
            ctx.transaction.expect_revision(path, request.expected_revision)
        files, folders = access.files_below(ctx, path) if folder else ([path] if ctx.transaction.exists(path) else [],
                                                                        [])
        if ctx.transaction.exists(path + ".meta"):
            files.append(path + ".meta")
        guids: dict[str, str] = {}
        for file in files:
            if file.endswith(".meta"):
                guids[parse_meta(ctx.transaction.read_bytes(file), file).guid] = file[:-len(".meta")]
        referrers = _referrers(index, guids, set(files))
        skipped = skipped_files(ctx, index, list(guids), exclude=set(files)) if guids else []
    if not request.force:
        _refuse(ctx, request, path, referrers, skipped)
    for file in files:
        ctx.transaction.delete(file)
    removed, kept = remove_emptied(ctx, folders, set(files))
    own = next((g for g, asset in guids.items() if asset == path), None)
    return AssetDeleteOutput(file=path, guid=own, is_folder=folder, deleted=files, dangling_referrers=referrers,
                             skipped=skipped, removed_folders=removed, leftover_folders=kept)
