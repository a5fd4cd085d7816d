"""Files whose content is not in the checkout, named in a read's answer instead of failing the whole read.

A project cloned without `git lfs pull` has pointers where settings and scenes should be. A read tool answers
every fact it can from the other files and lists each file it could not read here, with the command that
fetches it (degrade per fact, never per tool). Writers still refuse such files
(`E_ASSET_LFS_POINTER`), since writing over a pointer would lose the real content.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.next_actions import lfs_pull_command
from unitycli.toolspec import ToolOutput
from unitycli.unityfiles.lfs import is_lfs_pointer

UNREADABLE_DESCRIPTION = ("Files this answer could not read (e.g. Git LFS pointers: content not pulled); the facts "
                          "they hold are missing from the answer. Empty when everything was read.")


class UnreadableFile(ToolOutput):
    path: str = Field(description="Project-relative path of the file")
    reason: Literal["lfs-pointer"] = Field(description="lfs-pointer: a Git LFS pointer, its content is not pulled")
    next_actions: list[str] = Field(description="Commands that make the file readable")


def lfs_pointer_file(path: str) -> UnreadableFile:
    return UnreadableFile(path=path, reason="lfs-pointer", next_actions=[lfs_pull_command(include=path)])


def unreadable_if_pointer(path: str, data: bytes) -> UnreadableFile | None:
    """The entry for `path` when `data` is an LFS pointer, else None (the caller reads it as usual)."""
    return lfs_pointer_file(path) if is_lfs_pointer(data) else None


def unreadable_from_error(error: UnityCliError) -> UnreadableFile | None:
    """The entry for an `E_ASSET_LFS_POINTER` raised deeper down (it names the file in details), else None."""
    if error.code != "E_ASSET_LFS_POINTER" or not isinstance(error.details.get("file"), str):
        return None
    return lfs_pointer_file(error.details["file"])
