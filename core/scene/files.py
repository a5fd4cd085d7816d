"""Naming and opening the scene or prefab a tool works on: a project-relative path or a unique asset name.

Every read goes through the tool's transaction (so dry-run, `revision` and `E_TARGET_CHANGED` see it), a Git LFS
pointer is refused before parsing, and a file opened for writing is written back as the bytes read around the
objects an edit changed, each of which must read back as itself (see unityyaml/splice.py).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.given_paths import exact_path
from unitycli.next_actions import respelled_call, tool_command
from unitycli.scene import filecache
from unitycli.scene.tree import legacy_instances
from unitycli.suggest import closest_files
from unitycli.unityfiles import ensure_not_lfs
from unitycli.unityyaml import UnityYamlFile

SCENE_SUFFIXES = (".unity",)
PREFAB_SUFFIXES = (".prefab",)
OBJECT_FILE_SUFFIXES = (".unity", ".prefab")
_SEARCH_ROOTS = ("Assets", "Packages")

FILE_DESCRIPTION = ("Project-relative path (Assets/Scenes/Game.unity) or a unique asset name (Game); "
                    "E_SCENE_AMBIGUOUS lists the candidates when the name is not unique")


@dataclass
class LoadedFile:
    """One scene or prefab as read in this transaction: its path, revision and lossless model."""

    path: str
    revision: str
    yaml: UnityYamlFile

    def save(self, ctx: ToolContext) -> str:
        """Stage the edited file in the tool's transaction (written at commit, previewed in dry-run), and keep it
        as the file at its new revision for the next step of this process, its structure saved once it is
        committed (scene/filecache.py). Returns that revision (hashed once, by the transaction)."""
        data = self.yaml.verified_content()
        ctx.transaction.write_bytes(self.path, data)
        revision = ctx.transaction.revision(self.path)
        assert revision is not None  # just staged: the transaction has it
        ctx.transaction.after_commit(filecache.remember_written(self.path, revision, self.yaml, data))
        return revision


def list_files(root: Path, suffixes: tuple[str, ...]) -> list[str]:
    """Project-relative paths of the files with `suffixes` under Assets/ and Packages/, sorted.

    Folders Unity does not import (hidden, or ending in `~`) are skipped, and symlinked folders are not followed.
    """
    found: list[str] = []
    for top in _SEARCH_ROOTS:
        base = root / top
        if not base.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and not d.endswith("~"))
            rel = Path(dirpath).relative_to(root).as_posix()
            found.extend(f"{rel}/{name}" for name in filenames if name.endswith(suffixes))
    return sorted(found)


def _kind_words(suffixes: tuple[str, ...]) -> str:
    return " or ".join({".unity": "scene", ".prefab": "prefab"}.get(s, s) for s in suffixes)


def _not_found(file: str, why: str, suffixes: tuple[str, ...], candidates: list[str]) -> UnityCliError:
    """`E_PREFAB_NOT_FOUND` when only prefabs were asked for, else `E_SCENE_NOT_FOUND`, with the listing tool."""
    prefab_only = tuple(suffixes) == PREFAB_SUFFIXES
    code, lister = ("E_PREFAB_NOT_FOUND", "prefab.list") if prefab_only else ("E_SCENE_NOT_FOUND", "scene.list")
    viewer = "prefab.hierarchy" if prefab_only else "scene.hierarchy"
    actions = [tool_command(viewer, {"file": c}) for c in candidates[:1] if c.endswith(suffixes)]
    actions.append(tool_command(lister))
    return UnityCliError(code, f"no {_kind_words(suffixes)} {file!r}: {why}",
                         details={"file": file, "didYouMean": candidates}, next_actions=actions)


def resolve_file(ctx: ToolContext, file: str, suffixes: tuple[str, ...] = OBJECT_FILE_SUFFIXES) -> str:
    """The project-relative path `file` names: a path (`Assets/Scenes/Game.unity`) or a unique asset name
    (`Game`, `Game.unity`). `E_SCENE_NOT_FOUND`, `E_SCENE_AMBIGUOUS` (with candidates), `E_PATH_OUTSIDE_PROJECT`."""
    text = file
    if not text:
        raise _not_found(file, "the name is empty", suffixes, [])
    if "/" in text or "\\" in text or os.path.isabs(text):
        # Exactly as given (no trimming, no `\` rewriting): E_PATH_OUTSIDE_PROJECT, E_PATH_NOT_EXACT.
        text = exact_path(Path(ctx.project.root), text)
        if not ctx.transaction.exists(text):
            raise _not_found(file, "the path does not exist in the project", suffixes,
                             closest_files(text, list_files(Path(ctx.project.root), suffixes)))
        if not text.endswith(suffixes):
            raise _not_found(file, f"the file is not a {_kind_words(suffixes)} ({', '.join(suffixes)})", suffixes, [])
        return text
    all_files = list_files(Path(ctx.project.root), suffixes)
    matches = [p for p in all_files if _name_matches(p, text, suffixes, exact=True)]
    if not matches:
        matches = [p for p in all_files if _name_matches(p, text, suffixes, exact=False)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise _not_found(file, "no asset has that name", suffixes, closest_files(text, all_files))
    raise UnityCliError("E_SCENE_AMBIGUOUS", f"{len(matches)} files are named {file!r}; give the path",
                        details={"file": file, "candidates": matches},
                        next_actions=[respelled_call(file, match) for match in matches[:5]])


def _name_matches(path: str, name: str, suffixes: tuple[str, ...], *, exact: bool) -> bool:
    base = path.rsplit("/", 1)[-1]
    stem = next((base[: -len(s)] for s in suffixes if base.endswith(s)), base)
    if exact:
        return name in (base, stem)
    return name.lower() in (base.lower(), stem.lower())


def _read(ctx: ToolContext, path: str) -> bytes:
    data = ctx.transaction.read_bytes(path)
    ensure_not_lfs(path, data)
    return data


def _parsed(ctx: ToolContext, path: str) -> tuple[str, UnityYamlFile]:
    """(revision, a model of the file to use and edit freely): parsed once per revision in this process."""
    data = _read(ctx, path)
    revision = filecache.kept_revision(path, ctx.transaction) or ctx.transaction.revision(path)
    return revision, filecache.parsed(path, revision, data)


def open_for_read(ctx: ToolContext, path: str) -> LoadedFile:
    """Read and parse (lazily) a scene or prefab; the revision is that of the bytes read."""
    revision, yaml = _parsed(ctx, path)
    return LoadedFile(path, revision, yaml)


def open_for_write(ctx: ToolContext, path: str, expected_revision: str | None) -> LoadedFile:
    """Read a file to edit: `E_STALE_WRITE` if it is not at `expected_revision`, `E_FILE_FORMAT_UNSUPPORTED` if
    it would not round-trip byte-identically (so an edit can never damage text we do not understand),
    `E_FILE_FORMAT_UNSUPPORTED` too if it holds a pre-2018.3 prefab instance (Unity would undo the edit),
    `E_FILE_DUPLICATE_FILE_ID` if several of its objects share a fileID. Only the objects an edit changes are
    parsed and verified (when saved); the rest are written back as the bytes read."""
    if expected_revision:
        ctx.transaction.expect_revision(path, expected_revision)
    revision, yaml = _parsed(ctx, path)
    yaml.ensure_editable()  # E_FILE_DUPLICATE_FILE_ID: an edit by fileID would reach one copy only
    refuse_legacy_prefab_instances(path, yaml)
    return LoadedFile(path, revision, yaml)


def refuse_legacy_prefab_instances(path: str, yaml: UnityYamlFile) -> None:
    """An edit to an object of a pre-2018.3 prefab instance would be undone when Unity upgrades the file (it
    rebuilds the copy from the source prefab and `m_Modification`), so no writer opens such a file: every writer,
    built-in or extension, opens its scene or prefab through `open_for_write`, which asks this first."""
    instances = legacy_instances(yaml)
    if instances:
        raise UnityCliError(
            "E_FILE_FORMAT_UNSUPPORTED",
            f"{path} holds {len(instances)} prefab instance(s) of the pre-2018.3 prefab system (`Prefab:` "
            f"&{instances[0]}); edits to such files are not written",
            details={"file": path, "legacyPrefabInstances": instances},
            next_actions=[],
            manual_steps=["Open the file in the Unity Editor and save it once: Unity rewrites it in today's layout"])
