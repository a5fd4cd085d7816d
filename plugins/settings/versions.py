"""The `serializedVersion`s of each settings file whose layout we have seen in real files, with the files as evidence.

Unity bumps a settings file's `serializedVersion` when it changes the layout, and only rewrites the file when it
is saved again, so one Editor version can leave different versions behind (6000.0.28f1 ClientDriven still has
PlayerSettings 26, 6000.0.25f1 minigolf has 28). Writers refuse any version not in this table
(`E_PROJECT_SETTINGS_VERSION_UNAVAILABLE`); readers still answer and say `layoutVerified: false`.

| file (class)                              | top-level | list items          | evidence (fixtures/unity/…/ProjectSettings/)              |
|-------------------------------------------|-----------|---------------------|-----------------------------------------------------------|
| ProjectSettings.asset (PlayerSettings)    | 26        |                     | chicken-defense (2022.3.17f1), com.unity.cinemachine/Projects/URP (2022.3.62f1), bitesize Basic/ClientDriven (6000.0.28f1), VisualEffectGraph-Samples (6000.0.23f1) |
|                                           | 28        |                     | minigolf (6000.0.25f1), EntityComponentSystemSamples PhysicsSamples and GraphicsSamples/HDRPSamples (6000.2.10f1) |
| TagManager.asset (TagManager)             | 2         |                     | chicken-defense, cinemachine URP (2022.3)                 |
|                                           | 3         |                     | minigolf, ClientDriven, VisualEffectGraph-Samples, both ECS (Unity 6; adds `m_RenderingLayers`) |
| InputManager.asset (InputManager)         | 2         | m_Axes: 3           | all seven projects above                                  |
| EditorBuildSettings.asset                 | 2         |                     | all seven projects above                                  |
| QualitySettings.asset (QualitySettings)   | 5         | levels: 2, 3, 4     | levels 3: chicken-defense, VisualEffectGraph-Samples; 2: cinemachine URP, ClientDriven, both ECS; 4: minigolf |

Every settings file above is a single document `--- !u!<classID> &1`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SettingsKind:
    """One ProjectSettings file: where it is, which object it holds, and the layouts verified for it."""

    path: str
    class_id: int
    class_name: str
    versions: frozenset[int]
    item_versions: frozenset[int] = frozenset()  # serializedVersion of list entries (axes, quality levels)


PLAYER = SettingsKind("ProjectSettings/ProjectSettings.asset", 129, "PlayerSettings", frozenset({26, 28}))
TAGS = SettingsKind("ProjectSettings/TagManager.asset", 78, "TagManager", frozenset({2, 3}))
INPUT = SettingsKind("ProjectSettings/InputManager.asset", 13, "InputManager", frozenset({2}), frozenset({3}))
BUILD = SettingsKind("ProjectSettings/EditorBuildSettings.asset", 1045, "EditorBuildSettings", frozenset({2}))
QUALITY = SettingsKind("ProjectSettings/QualitySettings.asset", 47, "QualitySettings", frozenset({5}),
                       frozenset({2, 3, 4}))
