"""ParticleSystem (class 198) and ParticleSystemRenderer (class 199) layout.

Unity 2022.3 and 6000.0 write the same ParticleSystem (serializedVersion 8, the module versions below);
much older layouts (serializedVersion 5, e.g. ParticlePack prefabs) survive in current projects and are read but
never written. Every module has an `enabled` flag and is written in full even when disabled.
"""

from __future__ import annotations

import math
from typing import Any

from unitycli.api import Document, UnityCliError

PS_VERSION = 8
RENDERER_VERSION = 6
# module name in the API -> (YAML key, the serializedVersion verified for writing; None: the module has none)
MODULES: dict[str, tuple[str, int | None]] = {
    "main": ("InitialModule", 3),
    "shape": ("ShapeModule", 6),
    "emission": ("EmissionModule", 4),
    "sizeOverLifetime": ("SizeModule", None),
    "rotationOverLifetime": ("RotationModule", None),
    "colorOverLifetime": ("ColorModule", None),
    "textureSheetAnimation": ("UVModule", 2),
    "velocityOverLifetime": ("VelocityModule", None),
    "inheritVelocity": ("InheritVelocityModule", None),
    "lifetimeByEmitterSpeed": ("LifetimeByEmitterSpeedModule", None),
    "forceOverLifetime": ("ForceModule", None),
    "externalForces": ("ExternalForcesModule", 2),
    "limitVelocityOverLifetime": ("ClampVelocityModule", None),
    "noise": ("NoiseModule", None),
    "sizeBySpeed": ("SizeBySpeedModule", None),
    "rotationBySpeed": ("RotationBySpeedModule", None),
    "colorBySpeed": ("ColorBySpeedModule", None),
    "collision": ("CollisionModule", 4),
    "trigger": ("TriggerModule", 2),
    "subEmitters": ("SubModule", 2),
    "lights": ("LightsModule", None),
    "trails": ("TrailModule", None),
    "customData": ("CustomDataModule", None),
}
SIMULATION_SPACES = {"local": 0, "world": 1, "custom": 2}
STOP_ACTIONS = {"none": 0, "disable": 1, "destroy": 2, "callback": 3}
SCALING_MODES = {"hierarchy": 0, "local": 1, "shape": 2}
RENDER_MODES = {"billboard": 0, "stretch": 1, "horizontalBillboard": 2, "verticalBillboard": 3, "mesh": 4,
                "none": 5}
SHAPE_TYPES = {"sphere": 0, "hemisphere": 2, "cone": 4, "box": 5, "mesh": 6, "coneVolume": 8, "circle": 10,
               "edge": 12, "meshRenderer": 13, "skinnedMeshRenderer": 14, "boxShell": 15, "boxEdge": 16,
               "donut": 17, "rectangle": 18, "sprite": 19, "spriteRenderer": 20}


def name_of(mapping: dict[str, int], value: Any) -> Any:
    return next((k for k, v in mapping.items() if v == value), value)


def check_writable(doc: Document, module: str | None, file: str) -> None:
    """E_VFX_LAYOUT_UNSUPPORTED unless the ParticleSystem (and `module`) have the verified serializedVersion."""
    version = doc.get("serializedVersion", None)
    if version != PS_VERSION:
        raise UnityCliError("E_VFX_LAYOUT_UNSUPPORTED",
                            f"the ParticleSystem &{doc.file_id} in {file} has serializedVersion {version}; only "
                            f"{PS_VERSION} (Unity 2022.3 and 6000.0) is written",
                            details={"file": file, "fileID": doc.file_id, "serializedVersion": version})
    if module is None:
        return
    key, expected = MODULES[module]
    if not doc.has(key):
        raise UnityCliError("E_VFX_LAYOUT_UNSUPPORTED", f"the ParticleSystem &{doc.file_id} in {file} has no {key}",
                            details={"file": file, "fileID": doc.file_id, "module": key})
    if expected is not None and doc.get(f"{key}.serializedVersion", None) != expected:
        raise UnityCliError("E_VFX_LAYOUT_UNSUPPORTED",
                            f"{key} of the ParticleSystem &{doc.file_id} in {file} has serializedVersion "
                            f"{doc.get(f'{key}.serializedVersion', None)}; only {expected} is written",
                            details={"file": file, "fileID": doc.file_id, "module": key})


def enabled_modules(doc: Document) -> list[str]:
    return [name for name, (key, _) in MODULES.items()
            if name == "main" or doc.get(f"{key}.enabled", 0) == 1]


def degrees(radians: Any) -> Any:
    return round(math.degrees(radians), 4) if isinstance(radians, int | float) else radians
