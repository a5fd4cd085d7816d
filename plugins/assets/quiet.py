"""Outputs that leave out what says nothing: a move or copy of one asset has no folders to list and replaces
nothing, and an agent pays for every byte of `"createdFolders": []`."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import SerializerFunctionWrapHandler, model_serializer

from unitycli.toolspec import ToolOutput


class QuietOutput(ToolOutput):
    """A tool output whose fields named in `QUIET` are absent when empty or null (their defaults)."""

    QUIET: ClassVar[tuple[str, ...]] = ()

    @model_serializer(mode="wrap")
    def _only_what_says_something(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        for name in self.QUIET:
            field = type(self).model_fields[name]
            key = field.alias or name
            for candidate in (key, name):
                if candidate in data and data[candidate] in (None, []):
                    del data[candidate]
        return data
