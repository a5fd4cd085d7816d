"""Opening the scene or prefab a tool names, and scanning many of them: the one door built-ins and extensions share.

`open_path` is the read-or-write choice every tool makes (for a write: the revision check, the round-trip guard,
the duplicate-fileID and pre-2018.3 prefab-instance refusals of `open_for_write`); `open_scene_file` adds naming
(path or unique asset name) and the GameObject tree, and reports a file whose text cannot be decoded as
`E_FILE_FORMAT_UNSUPPORTED` instead of letting a decoding error escape. `scan_scene_files` opens many files for a
lister and records each one that cannot be read as a `SkippedFile`, so a short answer says why it is short.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.scene.files import OBJECT_FILE_SUFFIXES, LoadedFile, open_for_read, open_for_write, resolve_file
from unitycli.scene.tree import SceneModel
from unitycli.toolspec import ToolOutput
from unitycli.unityyaml.scalars import ScalarError

T = TypeVar("T")


class SkippedFile(ToolOutput):
    """A file a lister could not read (a Git LFS pointer, a format we do not parse), with the error it raised."""

    path: str
    code: str
    reason: str


def open_path(ctx: ToolContext, path: str, *, for_write: bool = False,
              expected_revision: str | None = None) -> LoadedFile:
    """The project file at `path`, read through the transaction; for a write with every guard of `open_for_write`."""
    return open_for_write(ctx, path, expected_revision) if for_write else open_for_read(ctx, path)


def open_scene_file(ctx: ToolContext, file: str, *, suffixes: tuple[str, ...] = OBJECT_FILE_SUFFIXES,
                    for_write: bool = False, expected_revision: str | None = None) -> tuple[LoadedFile, SceneModel]:
    """The scene or prefab `file` names (path or unique name), read through the transaction, and its tree."""
    path = resolve_file(ctx, file, suffixes)
    try:
        loaded = open_path(ctx, path, for_write=for_write, expected_revision=expected_revision)
        return loaded, SceneModel(loaded.yaml)
    except ScalarError as exc:  # a bad escape in a quoted string is only found when the value is decoded
        raise unreadable_file(path, str(exc), {"file": path}) from None
    except UnityCliError as exc:
        if exc.code != "E_FILE_FORMAT_UNSUPPORTED" or exc.next_actions:
            raise
        raise unreadable_file(path, exc.message, exc.details) from None


def unreadable_file(path: str, message: str, details: dict[str, Any]) -> UnityCliError:
    """`E_FILE_FORMAT_UNSUPPORTED` for a file we cannot read, with the check that says why and the Editor's cure."""
    return UnityCliError("E_FILE_FORMAT_UNSUPPORTED", message if path in message else f"{path}: {message}",
                         details=details, next_actions=[tool_command("project.format-check", {"path": path})],
                         manual_steps=["Open and save the file in the Unity Editor, then retry"])


@dataclass
class Scanned(Generic[T]):
    """What a scan read: one result per readable file, the revision of each, and the files it could not read."""

    found: list[T] = field(default_factory=list)
    revisions: dict[str, str] = field(default_factory=dict)
    skipped: list[SkippedFile] = field(default_factory=list)


def scan_scene_files(ctx: ToolContext, files: Sequence[str], read: Callable[[LoadedFile, SceneModel], T], *,
                     strict: bool = False, needles: Sequence[bytes] = ()) -> Scanned[T]:
    """`read` applied to each scene or prefab of `files`, with progress reported.

    A file that fails to open (or to read) is listed in `skipped` with its error, unless `strict` (one file the
    caller named: its error is the answer). With `needles`, a YAML file whose bytes hold none of them is not
    parsed (it cannot hold what is looked for); anything else is opened, so its error is reported."""
    scanned: Scanned[T] = Scanned()
    for i, file in enumerate(files):
        ctx.progress(i, len(files), file)
        try:
            if needles and not strict:
                data = ctx.transaction.read_bytes(file)
                if data.lstrip(b"\xef\xbb\xbf").startswith(b"%YAML") and not any(n in data for n in needles):
                    continue
            loaded, model = open_scene_file(ctx, file)
            try:
                result = read(loaded, model)
            except ScalarError as exc:  # a value the reader decodes may hold the bad escape
                raise unreadable_file(loaded.path, str(exc), {"file": loaded.path}) from None
        except UnityCliError as exc:
            if strict:
                raise
            scanned.skipped.append(SkippedFile(path=file, code=exc.code, reason=exc.message))
            continue
        scanned.revisions[loaded.path] = loaded.revision
        scanned.found.append(result)
    return scanned
