"""Source prefabs read on demand, by GUID, through the tool's transaction (so a dry run and a batch see the same
bytes), each parsed once per call."""

from __future__ import annotations

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.plugins.scenes.common import Names
from unitycli.scene import SceneNode, open_for_read
from unitycli.scene.prefab_source import PrefabRoot, prefab_root
from unitycli.unityyaml import UnityYamlFile


class SourcePrefabs:
    """GUID -> parsed prefab file and its root, for the prefabs that are in the project."""

    def __init__(self, ctx: ToolContext, names: Names) -> None:
        self.ctx = ctx
        self.names = names
        self._files: dict[str, UnityYamlFile | None] = {}
        self._roots: dict[str, PrefabRoot | None] = {}

    def path(self, guid: str) -> str | None:
        path = self.names.path_for_guid(guid)
        return path if path and path.endswith(".prefab") else None

    def file(self, guid: str) -> UnityYamlFile | None:
        key = guid.lower()
        if key not in self._files:
            path = self.path(key)
            try:
                self._files[key] = open_for_read(self.ctx, path).yaml if path else None
            except UnityCliError:
                self._files[key] = None
        return self._files[key]

    def root(self, guid: str) -> PrefabRoot | None:
        """The prefab's root, or None when it is not in the project or cannot be read."""
        key = guid.lower()
        if key not in self._roots:
            file = self.file(key)
            try:
                self._roots[key] = prefab_root(file, self.file) if file is not None else None
            except UnityCliError:
                self._roots[key] = None
        return self._roots[key]

    def root_of(self, node: SceneNode) -> PrefabRoot | None:
        return self.root(node.source_prefab_guid) if node.source_prefab_guid else None
