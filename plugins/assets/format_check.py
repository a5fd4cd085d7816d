"""`project.format-check`: which Unity files the model reproduces byte for byte — the precondition of every edit.

Writers refuse files that do not round-trip (`E_FILE_FORMAT_UNSUPPORTED`); this tool says in advance which those
are. YAML goes through the lossless YAML model, metas through the meta reader, JSON (settings, manifests and the
JSON-formatted `.asset` files such as XRSettings.asset) through the JSON reader. A YAML file in which several objects share a
fileID is reported too (the line of the second one): it reproduces, but writers refuse it. LFS pointers,
binary-serialized assets and empty files (0 bytes, e.g. a `Settings.json` a package left behind: there is nothing to
parse, and nothing rewrites them) are reported as skipped, with the reason, rather than counted as failures. So is a
`.json` file under Assets/ in a layout no Unity writer produces (e.g. the TexturePacker sprite sheet TextMesh Pro ships
as `Sprites/EmojiOne.json`): Unity imports it as a TextAsset and never rewrites it, and neither does unitycli.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.indexes.roots import is_hidden
from unitycli.indexes.walk import YAML_SUFFIXES
from unitycli.paging import page
from unitycli.plugins.assets import access
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.transaction import project_relative, resolve_inside
from unitycli.unityfiles import JsonFile, is_lfs_pointer, looks_like_json, parse_meta
from unitycli.unityyaml import UnityYamlFile, roundtrips
from unitycli.unityyaml.file import describe_duplicates

TOOL = "project.format-check"
# Unity's own folders; Library/, Temp/, Logs/ and the like are caches, not project files.
_PROJECT_FOLDERS = ("Assets", "Packages", "ProjectSettings")
_UNITY_SUFFIXES = YAML_SUFFIXES | {".meta", ".json"}


class FormatCheckInput(ToolInput):
    path: str | None = Field(None, description="A folder or file; default: Assets/, Packages/ and ProjectSettings/")
    limit: int = Field(5000, ge=1, le=50000, description="Files checked per page; the rest continue with nextCursor")
    cursor: str | None = Field(None, description="`nextCursor` of the previous page of the same query")


class DifferentFile(ToolOutput):
    path: str
    line: int | None = Field(description="First line that differs or fails to parse (null when unknown)")
    reason: str


class SkippedFile(ToolOutput):
    path: str
    reason: str = Field(description="lfs-pointer, binary, empty (0 bytes) or text-asset (a .json under Assets/ that "
                                    "no Unity writer produced)")


class FormatCheckOutput(ToolOutput):
    total: int = Field(description="Unity files under the path (all pages)")
    checked: int = Field(description="Files checked on this page (identical + different + skipped)")
    identical: int
    different: list[DifferentFile]
    skipped: list[SkippedFile]
    next_cursor: str | None


def _unity_files(root: Path, start: str | None) -> list[str]:
    tops = [start] if start else [f for f in _PROJECT_FOLDERS if (root / f).is_dir()]
    files: list[str] = []
    for top in tops:
        base = resolve_inside(root, top)
        if base.is_file():
            files.append(project_relative(root, base))
            continue
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if not is_hidden(d)]
            for name in filenames:
                if not is_hidden(name) and os.path.splitext(name)[1].lower() in _UNITY_SUFFIXES:
                    files.append(project_relative(root, Path(dirpath) / name))
    return sorted(set(files))


def _check(path: str, data: bytes) -> DifferentFile | SkippedFile | None:
    """None when the file round-trips; otherwise what is wrong or why it was not checked."""
    if not data:
        return SkippedFile(path=path, reason="empty")
    if is_lfs_pointer(data):
        return SkippedFile(path=path, reason="lfs-pointer")
    if path.lower().endswith(".meta"):
        try:
            same = parse_meta(data, path).to_bytes() == data
        except UnityCliError as exc:
            return DifferentFile(path=path, line=None, reason=exc.message)
        return None if same else DifferentFile(path=path, line=None, reason="meta bytes differ")
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    if body.startswith(b"%YAML"):
        ok, line = roundtrips(data)
        if not ok:
            return DifferentFile(path=path, line=line, reason="YAML does not round-trip")
        duplicates = UnityYamlFile.parse(data, path).duplicate_file_ids
        if duplicates:  # reproduced byte for byte, yet not editable: an edit by fileID would reach one copy only
            return DifferentFile(path=path, line=min(min(lines[1:]) for lines in duplicates.values()),
                                 reason=f"duplicate fileID: {describe_duplicates(duplicates)} "
                                        "(writers refuse it with E_FILE_DUPLICATE_FILE_ID)")
        return None
    if looks_like_json(data):
        try:
            loaded = JsonFile.parse(data, path)
        except UnityCliError as exc:
            return DifferentFile(path=path, line=None, reason=exc.message)
        if loaded.style is None:
            if _is_text_asset_json(path):
                return SkippedFile(path=path, reason="text-asset")
            return DifferentFile(path=path, line=None, reason="JSON layout is not one Unity writes")
        rendered = (b"\xef\xbb\xbf" if loaded.bom else b"") + loaded.style.render(loaded.data).encode("utf-8")
        return None if rendered == data else DifferentFile(path=path, line=_first_line(data, rendered),
                                                           reason="JSON does not round-trip")
    if b"\x00" in data[:8000]:
        return SkippedFile(path=path, reason="binary")
    return DifferentFile(path=path, line=1, reason="neither Unity YAML nor JSON")


def _is_text_asset_json(path: str) -> bool:
    """A `.json` under Assets/ is a TextAsset: its bytes are the author's, not Unity's (JSON `.asset` files are)."""
    return path.startswith("Assets/") and path.lower().endswith(".json")


def _first_line(a: bytes, b: bytes) -> int:
    n = min(len(a), len(b))
    i = next((k for k in range(n) if a[k] != b[k]), n)
    return a.count(b"\n", 0, i) + 1


def format_check(ctx: ToolContext, request: FormatCheckInput) -> FormatCheckOutput:
    root = Path(ctx.project.root)
    start = access.project_path(ctx, request.path, meta_ok=True) if request.path else None
    if start is not None and not ctx.transaction.exists(start):
        with ProjectIndex.open(root) as index:
            raise access.not_found(ctx, index, start)
    files = _unity_files(root, start)
    chunk, next_cursor = page(files, TOOL, {"path": start}, request.limit, request.cursor)
    different: list[DifferentFile] = []
    skipped: list[SkippedFile] = []
    for done, path in enumerate(chunk):
        ctx.progress(done, len(chunk), path)
        problem = _check(path, ctx.transaction.read_bytes(path))
        if isinstance(problem, DifferentFile):
            different.append(problem)
        elif isinstance(problem, SkippedFile):
            skipped.append(problem)
    return FormatCheckOutput(total=len(files), checked=len(chunk), identical=len(chunk) - len(different) - len(skipped),
                             different=different, skipped=skipped, next_cursor=next_cursor)
