"""Finding VolumeProfile assets in a project: `.asset` files whose main object (fileID 11400000) uses the
VolumeProfile script, from the project index (so a large project is not opened file by file)."""

from __future__ import annotations

from unitycli.context import ToolContext
from unitycli.indexes import ProjectIndex
from unitycli.volumes.model import PROFILE_FILE_ID, VOLUME_PROFILE_SCRIPT_GUID


def profile_paths(ctx: ToolContext) -> list[str]:
    """Project paths of every VolumeProfile asset the index knows (Assets/ and local packages), sorted."""
    with ProjectIndex.open(ctx.project.root) as index:
        referrers = index.referrers(VOLUME_PROFILE_SCRIPT_GUID)
    return sorted(r.path for r in referrers
                  if r.path.endswith(".asset") and any(d.file_id == PROFILE_FILE_ID for d in r.documents))


def asset_path(ctx: ToolContext, guid: str | None) -> str | None:
    """The asset path of a GUID, or None (missing asset, or a package asset outside the index)."""
    if not guid:
        return None
    with ProjectIndex.open(ctx.project.root) as index:
        return index.path_for_guid(guid)
