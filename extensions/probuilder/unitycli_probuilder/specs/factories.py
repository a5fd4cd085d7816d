"""How a ProBuilder mesh edit's ToolSpec is built: `edit_spec` for an edit run through `editing.run_edit` (the
shape all of those share)."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec
from unitycli_probuilder.descriptions import EXAMPLE_NOTE, REBUILD_NOTE

EDIT_OUTPUT = "unitycli_probuilder.editing:EditOutput"
WRITES = ("reads_project", "writes_project")


def edit_spec(*, description: str, **fields: Any) -> ToolSpec[Any, Any]:
    """The ToolSpec of a mesh edit: it writes the project, is destructive and answers with EditOutput; `fields`
    gives the rest (name, texts, input model, handler, idempotent, examples). Every edit's description ends the
    same way (the rebuild note, dry-run, the example's cube), so it is appended here."""
    return ToolSpec(output_model=EDIT_OUTPUT, destructive=True, read_only=False, permissions=WRITES,
                     description=description + REBUILD_NOTE + " Supports --dry-run." + EXAMPLE_NOTE, **fields)
