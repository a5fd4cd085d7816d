"""A ScriptableObject asset: a `.asset` whose main object (`mainObjectFileID` in its `.meta`, 11400000 in every
fixture) is a MonoBehaviour document with an `m_Script`, its fields after the header every such document starts
with (chicken-defense `Units/Enemies/Snake/Snake.asset`, minigolf `Level Data.asset`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex
from unitycli.next_actions import tool_command
from unitycli.plugins.assets import access
from unitycli.plugins.assets.mainobject import conventional_main_id, main_file_id
from unitycli.plugins.scripts.typed import HEADER_KEYS
from unitycli.scene import LoadedFile, open_for_read, open_for_write
from unitycli.unityclasses import MONOBEHAVIOUR
from unitycli.unityyaml import Document, Ref


@dataclass
class ScriptableAsset:
    """One opened ScriptableObject asset."""

    loaded: LoadedFile
    doc: Document
    guid: str
    script: Ref

    @property
    def path(self) -> str:
        return self.loaded.path

    def fields(self) -> dict[str, Any]:
        """The script's fields by name, in file order (what scriptable.set takes as `property`)."""
        return {k: v for k, v in self.doc.to_python().items() if k not in HEADER_KEYS}


def not_scriptable(path: str, why: str) -> UnityCliError:
    return UnityCliError("E_SCRIPTABLE_OBJECT_NOT_FOUND", f"{path} is not a ScriptableObject asset: {why}",
                         details={"file": path, "reason": why},
                         next_actions=[tool_command("asset.find", {"name": "*.asset"})])


def open_scriptable(ctx: ToolContext, file: str, *, write: bool = False,
                    expected_revision: str | None = None) -> ScriptableAsset:
    path = access.project_path(ctx, file)
    with ProjectIndex.open(ctx.project.root) as index:
        if not access.exists(ctx, index, path):
            raise access.not_found(ctx, index, path)
        meta = access.read_meta(ctx, index, path)
    if PurePosixPath(path).suffix.lower() != ".asset":
        raise not_scriptable(path, "a ScriptableObject is stored in a .asset file")
    if meta is None:
        raise not_scriptable(path, "it has no .meta, so Unity has not imported it")
    loaded = open_for_write(ctx, path, expected_revision) if write else open_for_read(ctx, path)
    main = main_file_id(meta) or conventional_main_id(loaded.yaml.to_bytes())
    doc = loaded.yaml.find(main) if main is not None else None
    if doc is None or doc.class_id != MONOBEHAVIOUR:
        what = f"its main object is {doc.class_name} (!u!{doc.class_id})" if doc is not None else \
            "its main object is not in the file"
        raise not_scriptable(path, what)
    script = doc.get("m_Script", None)
    if not isinstance(script, Ref) or script.guid is None:
        raise not_scriptable(path, "its main object has no m_Script")
    return ScriptableAsset(loaded, doc, meta.guid, script)
