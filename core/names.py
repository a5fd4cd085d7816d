"""New names: the one check every name given to something new passes (GameObjects, assets, folders, tags, layers,
input axes), wherever it enters.

A bidirectional control character makes a name display in another order than it is stored: `Invoice`, U+202E
(right-to-left override), `gnp.exe` shows as `Invoiceexe.png` in the Editor, in a diff and in a code review. Unity
stores such a name as given, so a new name holding one is refused. Existing names are still read and addressed exactly as they
are; only what we would write is checked.

`NewName` (or `new_name(max_length=…)`) is the input type for a field that is a whole new name (the check fails schema validation, so CLI, MCP
and batch all answer `E_SCHEMA_INVALID` at that field); a new file or folder path checks each new component with
`name_problem` and answers with its own code.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

from pydantic import AfterValidator, StringConstraints

from unitycli.errors import UnityCliError

# Unicode's Bidi_Control property (PropList.txt): ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI.
BIDI_CONTROLS = frozenset(chr(c) for c in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def name_problem(name: str) -> str | None:
    """Why `name` cannot be given to something new, or None when it can."""
    found = sorted({ch for ch in name if ch in BIDI_CONTROLS})
    if not found:
        return None
    shown = ", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, 'BIDI CONTROL')}" for ch in found)
    return (f"the name holds a bidirectional control character ({shown}), which makes it display in another order "
            "than it is stored")


def require_new_name(name: str, field: str) -> None:
    """For a name that arrives inside a generic value (`prefab.set-override` of `m_Name`): the same refusal the
    `NewName` type gives at the door, `E_SCHEMA_INVALID` naming `field`."""
    problem = name_problem(name)
    if problem is not None:
        raise UnityCliError("E_SCHEMA_INVALID", f"invalid at {field}: {problem}",
                            details={"errors": [{"path": field, "message": problem, "type": "value_error"}]})


def _check(name: str) -> str:
    problem = name_problem(name)
    if problem is not None:
        raise ValueError(problem)
    return name


NewName = Annotated[str, AfterValidator(_check)]


def new_name(**constraints: Any) -> Any:
    """`NewName` with string constraints (`max_length`, `pattern`) placed before the check, where pydantic keeps them
    in the JSON Schema also when the field is optional (`new_name(...) | None`)."""
    return Annotated[str, StringConstraints(**constraints), AfterValidator(_check)]
