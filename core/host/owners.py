"""Who provided a tool: a built-in plugin, an installed extension distribution, or a project tool file."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

OwnerKind = Literal["builtin", "extension", "project"]


class ToolOwner(BaseModel):
    """Identity of a plugin, as shown in descriptors, clash reports and integrity checks."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)

    kind: OwnerKind
    plugin: str
    extension_id: str | None = None
    distribution: str | None = None
    version: str | None = None
    entry_point: str | None = None
    file: str | None = None

    def label(self) -> str:
        """A short human name: `unitycli-probuilder 0.1.0 (entry point probuilder)` or `builtin:project`."""
        if self.kind == "project":
            return f"project tool {self.file}"
        if self.kind == "builtin":
            return f"built-in plugin {self.plugin.removeprefix('builtin:')} of unitycli"
        if self.distribution and self.entry_point:
            return f"{self.distribution} {self.version or '(unknown version)'} (entry point {self.entry_point})"
        return self.distribution or self.plugin
