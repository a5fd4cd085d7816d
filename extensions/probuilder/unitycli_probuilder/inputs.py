"""Input and result pieces shared by the ProBuilder tools, in the shared vocabulary (`file`, `gameObject`)."""

from __future__ import annotations

import math
from typing import Annotated

from unitycli.api import (
    FILE_DESCRIPTION,
    GAMEOBJECT_DESCRIPTION,
    AfterValidator,
    Field,
    Ref,
    ToolInput,
    ToolOutput,
    format_float,
)


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("must be a finite number")
    return value


Finite = Annotated[float, AfterValidator(_finite)]
"""A float input that refuses NaN and infinities (JSON has neither, but Python callers can pass them)."""

# ProBuilder's own habit on top of the shared vocabulary (see `find_owner_gameobject`).
MESH_GAMEOBJECT_DESCRIPTION = GAMEOBJECT_DESCRIPTION + "; the ProBuilderMesh's fileID (meshFileID) also names it"


class MeshTarget(ToolInput):
    """Which ProBuilderMesh: the scene or prefab file and the GameObject that carries it."""

    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int = Field(description=MESH_GAMEOBJECT_DESCRIPTION)


class EditTarget(MeshTarget):
    """A mesh to edit, optionally guarded by the revision the caller read."""

    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")
    force: bool = Field(False, description=("Edit a prefab's mesh even when variants or instances override its "
                                            "vertices or faces by index (E_PROBUILDER_OVERRIDES_AFFECTED otherwise)"))


# A mesh edit on the given faces, or on every face when `faces` is omitted. No docstring: it would become the
# input schema's description of the tools that use this model directly.
class FacesOrAll(EditTarget):
    faces: list[int] | None = Field(None, description="Face indexes; omitted: every face")

    def chosen_faces(self, face_count: int) -> list[int]:
        return self.faces if self.faces is not None else list(range(face_count))


class Vector3(ToolOutput):
    x: float
    y: float
    z: float

    @classmethod
    def of(cls, v: tuple[float, ...]) -> Vector3:
        """Rounded to the float32 Unity would store, so sums print as `93.8378`, not `93.83779899999999`."""
        x, y, z = (float(format_float(c)) for c in v[:3])
        return cls(x=x, y=y, z=z)


class Bounds(ToolOutput):
    """Axis-aligned bounds in the GameObject's local space (where ProBuilder stores positions)."""

    min: Vector3
    max: Vector3
    center: Vector3
    size: Vector3

    @classmethod
    def of(cls, lo: tuple[float, ...], hi: tuple[float, ...]) -> Bounds:
        return cls(min=Vector3.of(lo), max=Vector3.of(hi),
                   center=Vector3.of(tuple((a + b) / 2 for a, b in zip(lo, hi, strict=True))),
                   size=Vector3.of(tuple(b - a for a, b in zip(lo, hi, strict=True))))


class MaterialRef(ToolOutput):
    """A material reference as written in the file, with its asset path when the project index knows the GUID."""

    file_id: int = Field(alias="fileID")
    guid: str | None = None
    path: str | None = None

    @classmethod
    def of(cls, ref: Ref, paths: dict[str, str | None] | None = None) -> MaterialRef:
        return cls(file_id=ref.file_id, guid=ref.guid, path=(paths or {}).get(ref.guid or ""))
