"""`project.remove-tag`: take a tag out of ProjectSettings/TagManager.asset, unless GameObjects still use it.

A GameObject stores its tag by name (`m_TagString: Ball` in minigolf's Ball.prefab), so removing a tag that is in
use leaves those objects with a tag Unity does not know. The scan reads every scene and prefab's
`m_TagString:` lines as text (no parse needed); files that are Git LFS pointers cannot be scanned and are named
in the answer.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import Field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.plugins.settings.settings_file import read_settings, stage_edit
from unitycli.plugins.settings.tags_layers import _NAME, BUILTIN_TAGS, tag_list
from unitycli.plugins.settings.versions import TAGS
from unitycli.safefs import read_bytes
from unitycli.scene import OBJECT_FILE_SUFFIXES, list_files
from unitycli.toolspec import ToolInput, ToolOutput
from unitycli.unityfiles.unreadable import UnreadableFile, unreadable_if_pointer

_TAG_LINE = re.compile(rb"^[ \t]*m_TagString: ?(.*?)\r?$", re.M)
MAX_USERS = 20


class TagRemoveInput(ToolInput):
    tag: str = Field(min_length=1, max_length=256, pattern=_NAME, description="The tag to remove, e.g. Enemy.")
    force: bool = Field(False, description="Remove it even though GameObjects still have it (they keep the name "
                                           "in their files; Unity shows them as having an unknown tag).")
    expected_revision: str | None = Field(None, description="Refuse unless the file is still at this revision.")


class TagUser(ToolOutput):
    path: str = Field(description="Scene or prefab with GameObjects that have the tag")
    count: int = Field(description="How many of its GameObjects have it")


class TagRemoveOutput(ToolOutput):
    file: str = TAGS.path
    tag: str
    changed: Literal[True] = True
    tags: list[str] = Field(description="The project's tags after the removal, in file order.")
    users: list[TagUser] = Field(description="Files still using the tag (non-empty only with force).")
    unscanned: list[UnreadableFile] = Field(description="Scenes and prefabs that could not be checked for the tag "
                                                        "(Git LFS pointers).")
    revision: str
    verified: bool


def _unquote(raw: bytes) -> str:
    """The tag name a `m_TagString:` value holds: plain, 'single-quoted' or "double-quoted" YAML."""
    text = raw.decode("utf-8", "replace").strip()
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        return text[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return text


def tag_users(root: Path, tag: str) -> tuple[list[TagUser], list[UnreadableFile]]:
    """Scenes and prefabs whose GameObjects have `tag`, and the ones that could not be read."""
    users: list[TagUser] = []
    unscanned: list[UnreadableFile] = []
    for path in list_files(root, OBJECT_FILE_SUFFIXES):
        try:
            data = read_bytes(root / path)
        except OSError:
            continue
        pointer = unreadable_if_pointer(path, data)
        if pointer is not None:
            unscanned.append(pointer)
            continue
        count = sum(1 for m in _TAG_LINE.finditer(data) if _unquote(m.group(1)) == tag)
        if count:
            users.append(TagUser(path=path, count=count))
    return users, unscanned


def remove_tag(ctx: ToolContext, request: TagRemoveInput) -> TagRemoveOutput:
    settings = read_settings(ctx, TAGS, expected_revision=request.expected_revision, for_write=True)
    tags = tag_list(settings)
    tag = request.tag
    if tag in BUILTIN_TAGS:
        raise UnityCliError("E_PROJECT_TAG_BUILTIN", f"{tag!r} is one of Unity's built-in tags and cannot be removed",
                            details={"tag": tag, "builtinTags": list(BUILTIN_TAGS)})
    if tag not in tags:
        raise UnityCliError("E_TAG_UNKNOWN", f"{TAGS.path} has no tag {tag!r} (its tags: {', '.join(tags) or 'none'})",
                            details={"tag": tag, "tags": tags},
                            next_actions=[tool_command("project.get-tags-layers", project=ctx.project.root)])
    users, unscanned = tag_users(Path(ctx.project.root), tag)
    if users and not request.force:
        raise UnityCliError(
            "E_PROJECT_TAG_IN_USE",
            f"{sum(u.count for u in users)} GameObject(s) in {len(users)} file(s) still have tag {tag!r} "
            f"({', '.join(u.path for u in users[:3])}{' …' if len(users) > 3 else ''})",
            details={"tag": tag, "users": [u.model_dump(by_alias=True) for u in users[:MAX_USERS]],
                     "fileCount": len(users)},
            next_actions=[tool_command("gameobject.find", {"tag": tag}, project=ctx.project.root),
                          tool_command("project.remove-tag", {"tag": tag, "force": True}, project=ctx.project.root)])
    index = tags.index(tag)
    old_items = list(settings.root["tags"].items)  # type: ignore[union-attr]
    settings.doc.remove_item("tags", index)
    revision = stage_edit(ctx, settings, {"tags": [*old_items[:index], *old_items[index + 1:]]})
    remaining = [*tags[:index], *tags[index + 1:]]
    return TagRemoveOutput(tag=tag, tags=remaining, users=users, unscanned=unscanned,
                           revision=revision or settings.revision, verified=True)
