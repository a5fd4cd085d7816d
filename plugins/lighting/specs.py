"""Descriptors of the scene lighting tools, kept apart from the handlers."""

from __future__ import annotations

from unitycli.toolspec import WRITES, ToolSpec

_SCENE = "Assets/Scenes/Garden.unity"

LIGHTING_TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        name="scene.get-lighting", title="Read a scene's lighting environment",
        summary="Fog, ambient light, skybox material and sun of a scene (its RenderSettings).",
        description=("Reads the scene's RenderSettings and reports fog (enabled, color, mode, density, start, "
                     "end), ambient (mode skybox/gradient/color/custom, skyColor, equatorColor, groundColor, "
                     "intensity), the skybox material (with its project path) and the sun Light (with its "
                     "GameObject's hierarchy path). Each setting carries the Unity field it is stored in; enum "
                     "values are named, the stored number is in `raw`. `missing` lists settings this scene's "
                     "RenderSettings does not hold (an older Editor wrote it)."),
        input_model="unitycli.plugins.lighting.tools:LightingGetInput",
        output_model="unitycli.plugins.lighting.tools:LightingGetOutput",
        handler="unitycli.plugins.lighting.tools:get_lighting",
        read_only=True, permissions=("reads_project",),
        examples=({"file": _SCENE},),
    ),
    ToolSpec(
        name="scene.set-lighting", title="Set a scene's fog, ambient light, skybox or sun",
        summary="Change fog, ambient light, skybox or sun of a scene (its RenderSettings).",
        description=("Writes only the settings given, in place in the scene's RenderSettings: fog {enabled, "
                     "color, mode linear/exponential/exponentialSquared, density, start, end}, ambient {mode "
                     "skybox/gradient/color/custom, skyColor (the one colour in `color` mode), equatorColor, "
                     "groundColor, intensity}, skybox (a .mat path or GUID, or \"none\"), sun (a GameObject "
                     "holding a Light, or \"none\"). A colour may give only some channels. A setting whose field "
                     "the project's Unity version does not write, or this scene lacks, is refused "
                     "(E_PROPERTY_NOT_FOUND). Checks expectedRevision (E_STALE_WRITE); --dry-run shows the diff "
                     "and writes nothing."),
        input_model="unitycli.plugins.lighting.tools:LightingSetInput",
        output_model="unitycli.plugins.lighting.tools:LightingSetOutput",
        handler="unitycli.plugins.lighting.tools:set_lighting",
        read_only=False, destructive=True, permissions=WRITES,
        examples=({"file": _SCENE, "fog": {"enabled": True, "mode": "linear", "start": 10, "end": 80}},
                  {"file": _SCENE, "ambient": {"mode": "color", "skyColor": {"r": 0.2, "g": 0.2, "b": 0.25}}},
                  {"file": _SCENE, "skybox": "Assets/Materials/Grass.mat", "sun": "Directional Light"}),
    ),
)
