"""Built-in scene and prefab tools: list scenes, walk hierarchies, find and inspect GameObjects, and edit them
(create, rename, activate, delete, set component values, add and remove built-in components) through the
transaction layer. Registered through the same hook as any extension."""

from __future__ import annotations

from unitycli.host.hookspecs import hookimpl
from unitycli.plugins.scenes.editing_specs import EDITING_TOOLS
from unitycli.plugins.scenes.specs import SCENE_TOOLS


@hookimpl
def unitycli_register_tools(register) -> None:
    for spec in SCENE_TOOLS + EDITING_TOOLS:
        register(spec)
