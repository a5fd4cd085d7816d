"""The words and answer shape of typed field edits, kept apart from the edit machinery: component.set's schema
(loaded with every scene tool) needs them, while the C# model and tree-sitter load only when a script field is set.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from unitycli.toolspec import ToolOutput

Operation = Literal["set", "insert", "remove", "resize"]
OPERATION_DESCRIPTION = ("set (default): write `value` at `property`; insert: insert `value` as item i of the list "
                         "(`property` is `List[i]`, i = length appends); remove: remove item i (`List[i]`, no "
                         "value); resize: `property` names the list, `value` is the new length (new items at the "
                         "element's C# default; shrinking drops the last items)")

REFERENCE_FORMS = ("an object reference: a GameObject path in the same file (`Root/Child`, a fileID, or "
                   "`Root/Child:Rigidbody` for one of its components), an asset path (`Assets/Art/Ball.mat`; "
                   "`Assets/UI/stars.png:2-stars` for a sub-asset) or an asset GUID; `{fileID, guid?, type?}` as "
                   "written; `{fileID: 0}` for none")


class FieldWriteOutput(ToolOutput):
    """What component.set and scriptable.set answer about one field edit."""

    file: str
    property: str
    previous: Any = Field(description="The value before the edit (the whole list for insert, remove, resize)")
    value: Any = Field(description="The value as written, read back from the edited file (the whole list for "
                                   "insert, remove, resize)")
    references: list[dict[str, Any]] = Field(default_factory=list, description="Each reference given by name: "
                                             "where (`at`), the name, what it resolved to and its fileID/guid/type")
    changed: bool = Field(description="False when the value was already that (nothing to write)")
    revision: str = Field(description="The file's revision after the edit")
    warnings: list[str] = Field(default_factory=list, description="Edits Unity will ignore or undo, and checks "
                                                                  "that could not be made (no readable C#)")
