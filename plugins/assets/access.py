"""How the asset tools name assets and read them: one spelling of paths, one way from a GUID to a path.

Reads go through the tool's transaction, so dry-run and stale checks see them. The one exception is a local `file:`
package outside the project folder (cinemachine `Projects/URP` uses `file:../../../com.unity.cinemachine`): Unity
shows its files as `Packages/<name>/...`, the transaction refuses paths outside the project, so read-only tools read
those files where the index says they are, and writers refuse them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pydantic import Field, model_validator

from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.toolspec import ToolInput
from unitycli.transaction import resolve_inside
from unitycli.unityfiles import MetaFile, parse_meta


class AssetTarget(ToolInput):
    """An asset named by `path` or by `guid` (exactly one)."""

    path: str | None = Field(None, description="Project-relative asset path, e.g. Assets/Prefabs/Lantern.prefab")
    guid: str | None = Field(None, pattern=r"^[0-9a-fA-F]{32}$", description="The asset's GUID (from its .meta)")

    @model_validator(mode="after")
    def _one_of(self) -> AssetTarget:
        if (self.path is None) == (self.guid is None):
            raise ValueError("give exactly one of `path` or `guid`")
        return self


def normalise(path: str) -> str:
    """Posix spelling without `./` or a trailing slash; a `.meta` path is refused (its asset is what moves)."""
    text = path.replace("\\", "/").strip()
    while text.startswith("./"):
        text = text[2:]
    text = text.rstrip("/")
    if text.lower().endswith(".meta"):
        raise invalid_path(path, "name the asset, not its .meta file; the .meta always goes with its asset")
    if not text:
        raise invalid_path(path, "the path is empty")
    return text


def invalid_path(path: str, reason: str) -> UnityCliError:
    return UnityCliError("E_ASSET_PATH_INVALID", f"{path!r} cannot be used here: {reason}",
                         details={"path": path, "reason": reason},
                         next_actions=["unitycli tools run asset.find --input '{\"name\": \"<name>\"}'"])


def require_asset_location(path: str) -> None:
    """Writers only place assets where Unity imports them: below `Assets/` or `Packages/<package>/`."""
    parts = path.split("/")
    if parts[0] == "Assets" and len(parts) >= 2:
        return
    if parts[0] == "Packages" and len(parts) >= 3:
        return
    raise invalid_path(path, "assets live below Assets/ or Packages/<package>/ (the root folders cannot change)")


def resolve_target(ctx: Any, index: ProjectIndex, target: AssetTarget) -> str:
    """The asset path a request names; `E_ASSET_NOT_FOUND` when neither the asset nor its meta exists."""
    if target.guid is not None:
        guid = target.guid.lower()
        paths = index.paths_for_guid(guid)
        if not paths:
            raise UnityCliError("E_ASSET_NOT_FOUND", f"no .meta in the project has guid {guid}",
                                details={"guid": guid},
                                next_actions=["unitycli tools run asset.validate",
                                              f"unitycli tools run asset.find --input '{{\"guid\": \"{guid}\"}}'"])
        return paths[0]
    assert target.path is not None
    path = normalise(target.path)
    if not (exists(ctx, index, path) or exists(ctx, index, path + ".meta")):
        raise UnityCliError("E_ASSET_NOT_FOUND", f"{path} does not exist in the project (nor its .meta)",
                            details={"path": path},
                            next_actions=[f"unitycli tools run asset.find --input '{{\"name\": \"{Path(path).name}\"}}'"])
    return path


def external_path(ctx: Any, index: ProjectIndex, path: str) -> Path | None:
    """The disk path of a file in a local package outside the project folder, else None."""
    real = index.real_path(path)
    if real is None:
        return None
    try:
        real.resolve().relative_to(Path(ctx.project.root).resolve())
    except ValueError:
        return real
    return None


def exists(ctx: Any, index: ProjectIndex, path: str) -> bool:
    outside = external_path(ctx, index, path)
    if outside is not None:
        return outside.exists()
    return ctx.transaction.exists(path)


def is_folder(ctx: Any, index: ProjectIndex, path: str) -> bool:
    """A stat, not a read: folders have no content to snapshot."""
    outside = external_path(ctx, index, path)
    if outside is not None:
        return outside.is_dir()
    return resolve_inside(Path(ctx.project.root), path).is_dir()


def read_bytes(ctx: Any, index: ProjectIndex, path: str) -> bytes | None:
    """The file's bytes, or None when it is absent."""
    outside = external_path(ctx, index, path)
    if outside is not None:
        try:
            return outside.read_bytes()
        except OSError:
            return None
    if not ctx.transaction.exists(path):
        return None
    return ctx.transaction.read_bytes(path)


def read_meta(ctx: Any, index: ProjectIndex, path: str) -> MetaFile | None:
    data = read_bytes(ctx, index, path + ".meta")
    return None if data is None else parse_meta(data, path + ".meta")


def files_below(ctx: Any, folder: str) -> tuple[list[str], list[str]]:
    """(files, folders) below a project folder, sorted; hidden files too, since moving a folder moves all of it.

    A symlink inside is refused: staging a write through it would copy its target, and a delete would remove the
    target rather than the link.
    """
    root = Path(ctx.project.root)
    base = resolve_inside(root, folder)
    files: list[str] = []
    folders: list[str] = [folder]
    for dirpath, dirnames, filenames in os.walk(base):
        rel = Path(dirpath).relative_to(base).as_posix()
        prefix = folder if rel == "." else f"{folder}/{rel}"
        for name in dirnames + filenames:
            if os.path.islink(os.path.join(dirpath, name)):
                raise UnityCliError("E_PATH_NOT_A_FILE", f"{prefix}/{name} is a symbolic link; move or delete it "
                                    "by hand", details={"path": f"{prefix}/{name}", "reason": "symlink"})
        folders.extend(f"{prefix}/{name}" for name in dirnames)
        files.extend(f"{prefix}/{name}" for name in filenames)
    return sorted(files), sorted(folders)
