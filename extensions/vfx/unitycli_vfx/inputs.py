"""Input pieces shared by the tools, in the shared vocabulary (`file`, `gameObject`, `expectedRevision`)."""

from __future__ import annotations

from typing import Any

from unitycli.api import FILE_DESCRIPTION, GAMEOBJECT_DESCRIPTION, Field, ToolInput, UnityCliError

TARGET_DESCRIPTION = GAMEOBJECT_DESCRIPTION + "; the component's own fileID also names it"


class Target(ToolInput):
    """Which component: the scene or prefab file and the GameObject that carries it."""

    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int = Field(description=TARGET_DESCRIPTION)


class EditTarget(Target):
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this "
                                                            "revision.")


def require_settings(request: EditTarget, what: str, **details: Any) -> None:
    """Refuse (E_SCHEMA_INVALID) an edit that names nothing to set, before any file is opened."""
    if not request.model_dump(exclude_none=True, exclude={"file", "game_object", "expected_revision"}):
        raise UnityCliError("E_SCHEMA_INVALID", f"give at least one {what} field to set",
                            details={"path": "", **details})
