"""Folders of a moved or deleted asset folder: recreate the tree at the destination, remove the emptied source.

Unity gives every folder under `Assets/` a `.meta`; a folder whose `.meta` goes with the move or delete goes too,
as the Editor's own move and delete do. A folder without one (a `Samples~` folder Unity ignores, or one the
project never imported) is left where it is, and so is every folder above it, which it keeps from being empty.
"""

from __future__ import annotations

from unitycli.context import ToolContext


def make_tree(ctx: ToolContext, folders: list[str], source: str, destination: str) -> None:
    """Stage every folder of `source` at `destination`, so an empty subfolder arrives beside its moved `.meta`."""
    for folder in folders:
        ctx.transaction.make_dir(destination + folder[len(source):])


def remove_emptied(ctx: ToolContext, folders: list[str], gone: set[str]) -> tuple[list[str], list[str]]:
    """Stage removal of each folder whose `.meta` is in `gone`, deepest first; (removed, kept), both sorted.

    `folders` are all folders of the tree and every file in them is in `gone`, so a removed folder is empty at
    commit unless another program adds to it meanwhile (the commit then refuses, writing nothing).
    """
    removed: list[str] = []
    kept: list[str] = []
    for folder in sorted(folders, reverse=True):  # a child sorts after its parent
        if folder + ".meta" in gone and not any(other.startswith(folder + "/") for other in kept):
            ctx.transaction.remove_dir(folder)
            removed.append(folder)
        else:
            kept.append(folder)
    return sorted(removed), sorted(kept)
