"""Input and result pieces shared by the Cinemachine tools, in the shared vocabulary (`file`, `gameObject`)."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    Field,
    Ref,
    SceneModel,
    ToolInput,
    ToolOutput,
)
from unitycli_cinemachine.values import target_path

CAMERA_GAMEOBJECT_DESCRIPTION = (GAMEOBJECT_DESCRIPTION + "; the camera component's fileID (list-cameras' fileID) "
                                 "also names it")


class CameraTarget(ToolInput):
    """Which camera: the scene or prefab file and the GameObject that carries it."""

    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int = Field(description=CAMERA_GAMEOBJECT_DESCRIPTION)


class CameraEdit(CameraTarget):
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class TargetRef(ToolOutput):
    """An object reference as written, with the hierarchy path of the GameObject it points into."""

    file_id: int
    guid: str | None = None
    game_object: str | None = Field(None, description="Hierarchy path; None when the reference names nothing here")

    @classmethod
    def of(cls, model: SceneModel, value: Any) -> TargetRef | None:
        if not isinstance(value, Ref) or value.is_null:
            return None
        return cls(file_id=value.file_id, guid=value.guid, game_object=target_path(model, value))


class EditResult(ToolOutput):
    file: str
    game_object: str
    file_id: int = Field(description="fileID of the camera component")
    layout: str = Field(description="cm2 | cm3: the serialized layout the fields were written in")
    changed_fields: list[str] = Field(description="Property paths rewritten (unchanged values are not listed)")
    revision: str = Field(description="Revision of the file after the edit (for expectedRevision)")
