"""How the asset tools name assets and read them: one spelling of paths, one way from a GUID to a path.

Reads go through the tool's transaction, so dry-run and stale checks see them. The one exception is a local `file:`
package outside the project folder (cinemachine `Projects/URP` uses `file:../../../com.unity.cinemachine`): Unity
shows its files as `Packages/<name>/...`, the transaction refuses paths outside the project, so read-only tools read
those files where the index says they are, and writers refuse them.

Every path a request names enters through `project_path`, which takes it exactly as given and resolves it inside the
project root before any other judgement (`E_PATH_OUTSIDE_PROJECT` for `..`, absolute paths outside the root and
symlinks that leave it; `E_PATH_NOT_EXACT` for a `\\`), reads included: a lookup that merely finds nothing outside
the project still tells the caller what is there.
"""

from __future__ import annotations

import difflib
import fnmatch
import os
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import Field, model_validator

from unitycli import safefs
from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.given_paths import exact_path
from unitycli.indexes import ProjectIndex
from unitycli.next_actions import tool_command
from unitycli.plugins.assets.inventory import list_assets
from unitycli.toolspec import ToolInput
from unitycli.transaction import resolve_inside
from unitycli.unityfiles import MetaFile, parse_meta

OLD_FILE_KEY = "path"
OLD_FILE_FIELD = Field(None, json_schema_extra={"deprecated": True},
                       description="The old name of `file`, accepted for one release; give one of them, not both.")


class FileInput(ToolInput):
    """An input that addresses one file as `file`, the name every tool uses. `path`, the asset tools' old name for
    it, is still accepted for one release; giving both is E_SCHEMA_INVALID."""

    path: str | None = OLD_FILE_FIELD

    @model_validator(mode="before")
    @classmethod
    def _old_file_key(cls, data: Any) -> Any:
        if isinstance(data, dict) and OLD_FILE_KEY in data:
            if "file" in data:
                raise ValueError("give `file`, not also its old name `path`")
            data = {("file" if key == OLD_FILE_KEY else key): value for key, value in data.items()}
        return data


class AssetTarget(FileInput):
    """An asset named by `file` or by `guid` (exactly one)."""

    file: str | None = Field(None, description="Project-relative asset path, e.g. Assets/Prefabs/Lantern.prefab "
                                               "(the old key `path` is accepted for one release)")
    guid: str | None = Field(None, pattern=r"^[0-9a-fA-F]{32}$", description="The asset's GUID (from its .meta)")

    @model_validator(mode="after")
    def _one_of(self) -> AssetTarget:
        if (self.file is None) == (self.guid is None):
            raise ValueError("give exactly one of `file` or `guid`")
        return self


def project_path(ctx: ToolContext, path: str, *, meta_ok: bool = False) -> str:
    """The one way a requested path enters the asset tools: exactly as given (`unitycli.given_paths`), inside the
    project root, before any other judgement.

    A `.meta` path is refused unless `meta_ok` (an asset tool moves, deletes and describes the asset, and its meta
    always goes with it).
    """
    text = exact_path(Path(ctx.project.root), path)
    if not text:
        raise invalid_path(path, "the path is empty" if not path else "the path names the project root, not an asset")
    if not meta_ok and text.lower().endswith(".meta"):
        raise invalid_path(path, "name the asset, not its .meta file; the .meta always goes with its asset",
                           [tool_command("asset.info", {"file": text[:-len(".meta")]}, project=ctx.project.root)])
    return text


def invalid_path(path: str, reason: str, next_actions: list[str] | None = None) -> UnityCliError:
    return UnityCliError("E_ASSET_PATH_INVALID", f"{path!r} cannot be used here: {reason}",
                         details={"path": path, "reason": reason}, next_actions=next_actions or [])


def require_asset_location(path: str) -> None:
    """Writers only place assets where Unity imports them: below `Assets/` or `Packages/<package>/`."""
    parts = path.split("/")
    if parts[0] == "Assets" and len(parts) >= 2:
        return
    if parts[0] == "Packages" and len(parts) >= 3:
        return
    raise invalid_path(path, "assets live below Assets/ or Packages/<package>/ (the root folders cannot change)")


MAX_SUGGESTIONS = 5


def close_matches(index: ProjectIndex, root: Path, path: str) -> list[str]:
    """Assets whose name is closest to the last component of `path`: same name, same stem, prefix, substring, then
    spelling; at most `MAX_SUGGESTIONS`, present files before metas whose file is absent."""
    wanted = PurePosixPath(path).name.lower()
    stem = PurePosixPath(wanted).stem if PurePosixPath(wanted).suffix else wanted
    entries = [e for e in list_assets(index, root) if not e.is_folder or "." not in wanted]
    names = {e.path: PurePosixPath(e.path).name.lower() for e in entries}
    spelled = set(difflib.get_close_matches(wanted, sorted(set(names.values())), n=MAX_SUGGESTIONS, cutoff=0.75))

    def rank(name: str) -> int | None:
        own_stem = PurePosixPath(name).stem
        for level, hit in enumerate((name == wanted, own_stem == stem, own_stem.startswith(stem), stem in own_stem,
                                     name in spelled)):
            if hit:
                return level
        return None

    ranked = [(level, not e.has_file, e.path) for e in entries if (level := rank(names[e.path])) is not None]
    return [p for _, _, p in sorted(ranked)[:MAX_SUGGESTIONS]]


def not_found(ctx: ToolContext, index: ProjectIndex, path: str) -> UnityCliError:
    """`E_ASSET_NOT_FOUND` with the closest assets in details and, as next actions, commands that find them."""
    matches = close_matches(index, Path(ctx.project.root), path)
    actions = [tool_command("asset.info", {"file": match}, project=ctx.project.root) for match in matches[:3]]
    stem = PurePosixPath(PurePosixPath(path).name).stem
    glob = f"*{stem}*"
    if matches and not any(ch in stem for ch in "*?[]") and any(
            fnmatch.fnmatchcase(PurePosixPath(m).name.lower(), glob.lower()) for m in matches):
        actions.append(tool_command("asset.find", {"name": glob}, project=ctx.project.root))
    if not matches:
        parent = PurePosixPath(path).parent.as_posix()
        while parent not in (".", "") and not ctx.transaction.exists(parent):
            parent = PurePosixPath(parent).parent.as_posix()
        actions.append(tool_command("asset.find", {"folder": parent} if parent not in (".", "") else None, project=ctx.project.root))
    return UnityCliError("E_ASSET_NOT_FOUND", f"{path} does not exist in the project (nor its .meta)"
                         + (f"; closest: {', '.join(matches)}" if matches else ""),
                         details={"path": path, "closeMatches": matches}, next_actions=actions)


def resolve_target(ctx: ToolContext, index: ProjectIndex, target: AssetTarget) -> str:
    """The asset path a request names; `E_ASSET_NOT_FOUND` when neither the asset nor its meta exists."""
    if target.guid is not None:
        guid = target.guid.lower()
        paths = index.paths_for_guid(guid)
        if not paths:
            raise UnityCliError("E_ASSET_NOT_FOUND", f"no .meta in the project has guid {guid}",
                                details={"guid": guid},
                                next_actions=[tool_command("asset.validate", {"kinds": ["missing-guid"]}, project=ctx.project.root)])
        return paths[0]
    assert target.file is not None
    path = project_path(ctx, target.file)
    if not (exists(ctx, index, path) or exists(ctx, index, path + ".meta")):
        raise not_found(ctx, index, path)
    return path


def external_path(ctx: ToolContext, index: ProjectIndex, path: str) -> Path | None:
    """The disk path of a file in a local `file:` package outside the project folder, else None.

    Only a package root that the manifest places outside the project qualifies (a symlink inside the project that
    leads out is refused by the transaction instead), and the file must stay inside that package's folder.
    """
    for root in index.roots:
        inside = path == root.logical or path.startswith(root.logical + "/")
        if not inside or Path(os.path.normpath(root.real)).is_relative_to(index.root):
            continue
        real = root.real / path[len(root.logical) + 1:] if path != root.logical else root.real
        base = root.real.resolve()
        resolved = real.resolve()
        if resolved != base and not resolved.is_relative_to(base):
            raise UnityCliError("E_PATH_OUTSIDE_PROJECT", f"{path!r} leaves its package folder {base}",
                                details={"path": path, "projectRoot": str(ctx.project.root),
                                         "reason": "a symlink leads outside the local package",
                                         "resolved": str(resolved)},
                                next_actions=[tool_command("asset.find", {"folder": root.logical}, project=ctx.project.root)])
        return real
    return None


def exists(ctx: ToolContext, index: ProjectIndex, path: str) -> bool:
    outside = external_path(ctx, index, path)
    if outside is not None:
        return outside.exists()
    return ctx.transaction.exists(path)


def is_folder(ctx: ToolContext, index: ProjectIndex, path: str) -> bool:
    """A stat, not a read: folders have no content to snapshot."""
    outside = external_path(ctx, index, path)
    if outside is not None:
        return outside.is_dir()
    return resolve_inside(Path(ctx.project.root), path).is_dir()


def read_bytes(ctx: ToolContext, index: ProjectIndex, path: str) -> bytes | None:
    """The file's bytes, or None when it is absent."""
    outside = external_path(ctx, index, path)
    if outside is not None:
        try:
            return safefs.read_bytes(outside)  # a FIFO in a `file:` package must not hang the call
        except OSError:
            return None
    try:  # one path check and one snapshot, not `exists` and then `read_bytes` each resolving the path again
        return ctx.transaction.read_bytes(path)
    except UnityCliError as exc:
        if exc.code == "E_ASSET_NOT_FOUND":  # absent on disk, or deleted in this transaction
            return None
        raise


def read_meta(ctx: ToolContext, index: ProjectIndex, path: str) -> MetaFile | None:
    data = read_bytes(ctx, index, path + ".meta")
    return None if data is None else parse_meta(data, path + ".meta")


def files_below(ctx: ToolContext, folder: str) -> tuple[list[str], list[str]]:
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
