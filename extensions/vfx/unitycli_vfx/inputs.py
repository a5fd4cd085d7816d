"""Input pieces shared by the tools, in the shared vocabulary (`file`, `gameObject`, `expectedRevision`), and the
fixture files the examples run on."""

from __future__ import annotations

from typing import Any

from unitycli.api import FILE_DESCRIPTION, GAMEOBJECT_DESCRIPTION, Field, ToolInput, UnityCliError

# The examples run on the shared fixtures: VisualEffectGraph-Samples (graph and effect tools), minigolf
# (ParticleSystem tools) and chicken-defense (LineRenderer tools).
BONFIRE_SCENE = "Assets/Samples/BonFire/BonFire.unity"
BONFIRE_EFFECT = "VFX/BonFire"
BUTTERFLIES_SCENE = "Assets/Samples/Butterflies/Butterflies.unity"
HOLE_CUBE = "Assets/LlamAcademy/Minigolf/Resources/Tiles/Hole Cube.prefab"
WIN_EFFECT = "Hole Cube/Win Effect"
CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"

TARGET_DESCRIPTION = GAMEOBJECT_DESCRIPTION + "; the component's own fileID also names it"


class Target(ToolInput):
    """Which component: the scene or prefab file and the GameObject that carries it."""

    file: str = Field(description=FILE_DESCRIPTION)
    game_object: str | int = Field(description=TARGET_DESCRIPTION)


class EditTarget(Target):
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this "
                                                            "revision.")


# The risk hints of every tool that rewrites values in place: a write that overwrites, the same result when repeated.
EDIT_HINTS: dict[str, Any] = {"read_only": False, "destructive": True, "idempotent": True,
                              "permissions": ("reads_project", "writes_project")}


def require_settings(request: EditTarget, what: str, **details: Any) -> None:
    """Refuse (E_SCHEMA_INVALID) an edit that names nothing to set, before any file is opened."""
    if not request.model_dump(exclude_none=True, exclude={"file", "game_object", "expected_revision"}):
        raise UnityCliError("E_SCHEMA_INVALID", f"give at least one {what} field to set",
                            details={"path": "", **details})

# No fixture project holds a TrailRenderer, so the trail tools' examples name a prefab the tests add to a copy of
# chicken-defense: a GameObject `Bullet` whose TrailRenderer is the one of Bitesize 2DSpaceShooter's Bullet.prefab
# (Unity 2022.3.14f1, TrailRenderer serializedVersion 3), copied field for field.
TRAIL_PREFAB = "Assets/Bullet.prefab"
TRAIL_OBJECT = "Bullet"
TRAIL_EXAMPLE_NOTE = (f" No fixture project has a TrailRenderer: the example names {TRAIL_PREFAB}, a prefab with "
                      "Bitesize 2DSpaceShooter's Bullet TrailRenderer that the extension's tests add to a copy of "
                      "chicken-defense.")
