"""The descriptors of the script tools: ScriptableObject assets and UnityEvent listeners."""

from __future__ import annotations

from unitycli.plugins.scenes.common import WRITES
from unitycli.plugins.scripts.scriptable_tools import (
    ScriptableGetInput,
    ScriptableGetOutput,
    ScriptableSetInput,
    ScriptableSetOutput,
    scriptable_get,
    scriptable_set,
)
from unitycli.toolspec import ToolSpec

_LEVEL = "Assets/Data/Level 1.asset"
_WRITER = (" Checks expectedRevision (E_STALE_WRITE), refuses files that do not round-trip byte-identically, "
           "changes only the lines it must; --dry-run shows the diff and writes nothing.")

SCRIPT_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="scriptable.get", title="Get a ScriptableObject's fields",
        summary="Read a ScriptableObject asset's script and fields (or one field).",
        description=("Reads a .asset whose main object is a ScriptableObject: its script (GUID, .cs path, class) "
                     "and every serialized field by the name scriptable.set takes (references as "
                     "{fileID, guid?, type?}), or one field path. Anything else is E_SCRIPTABLE_OBJECT_NOT_FOUND. "
                     "Returns the file's revision for a later write. Read-only."),
        input_model=ScriptableGetInput, output_model=ScriptableGetOutput, handler=scriptable_get,
        examples=({"file": _LEVEL}, {"file": _LEVEL, "property": "Par[0]"}),
    ),
    ToolSpec(
        name="scriptable.set", title="Set a ScriptableObject field",
        summary="Set, insert, remove or resize one field of a ScriptableObject asset.",
        description=("Edits one field of a ScriptableObject .asset the way component.set edits a MonoBehaviour: "
                     "the value is checked against the current one (E_VALUE_TYPE_MISMATCH); a reference field "
                     "takes an asset path (`Assets/Art/Ball.mat`, `Assets/UI/stars.png:2-stars` for a sub-asset), "
                     "an asset GUID or {fileID, guid, type}, resolved to the fileID its .meta or file proves "
                     "(E_REFERENCE_UNRESOLVED, E_REFERENCE_UNPROVEN); operation insert/remove/resize edits lists. "
                     "The object header (m_Script, m_GameObject...) is refused, m_Name is allowed." + _WRITER),
        input_model=ScriptableSetInput, output_model=ScriptableSetOutput, handler=scriptable_set,
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _LEVEL, "property": "Health", "value": 12},
                  {"file": _LEVEL, "property": "Levels", "operation": "resize", "value": 3},
                  {"file": _LEVEL, "property": "Icon", "value": "Assets/UI/icons.png:star"}),
    ),
)
