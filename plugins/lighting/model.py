"""A scene's lighting environment as agents name it, mapped onto the scene's RenderSettings object.

Every scene holds one RenderSettings (class 104, `--- !u!104 &2` in every fixture scene). The names agents use
(`fog.mode`, `ambient.intensity`, …) map to its fields below; which fields the project's Editor writes comes from
the layout table (`unitycli.typetree`), so a name whose field the Editor of `layoutFrom` lacks is refused rather
than written. Enum numbers are UnityEngine's (UnityCsReference Runtime/Export/Graphics/GraphicsEnums.cs:
`FogMode` Linear 1, Exponential 2, ExponentialSquared 3; `Rendering.AmbientMode` Skybox 0, Trilight 1, Flat 3,
Custom 4). In Flat mode Unity's single ambient colour is `m_AmbientSkyColor` (RenderSettings.ambientLight is the
same property as ambientSkyColor).
"""

from __future__ import annotations

from dataclasses import dataclass

RENDER_SETTINGS_CLASS_ID = 104
RENDER_SETTINGS = "RenderSettings"
FOG_MODES = {"linear": 1, "exponential": 2, "exponentialSquared": 3}
AMBIENT_MODES = {"skybox": 0, "gradient": 1, "color": 3, "custom": 4}  # the Lighting window's names for them


@dataclass(frozen=True)
class Setting:
    """One agent-facing setting: its name, the RenderSettings field and how its value is written."""

    name: str
    field: str
    kind: str  # "bool", "float", "color", "enum:<table>", "material", "light"


SETTINGS: tuple[Setting, ...] = (
    Setting("fog.enabled", "m_Fog", "bool"),
    Setting("fog.color", "m_FogColor", "color"),
    Setting("fog.mode", "m_FogMode", "enum:fog"),
    Setting("fog.density", "m_FogDensity", "float"),
    Setting("fog.start", "m_LinearFogStart", "float"),
    Setting("fog.end", "m_LinearFogEnd", "float"),
    Setting("ambient.mode", "m_AmbientMode", "enum:ambient"),
    Setting("ambient.skyColor", "m_AmbientSkyColor", "color"),
    Setting("ambient.equatorColor", "m_AmbientEquatorColor", "color"),
    Setting("ambient.groundColor", "m_AmbientGroundColor", "color"),
    Setting("ambient.intensity", "m_AmbientIntensity", "float"),
    Setting("skybox", "m_SkyboxMaterial", "material"),
    Setting("sun", "m_Sun", "light"),
)
ENUMS = {"fog": FOG_MODES, "ambient": AMBIENT_MODES}
