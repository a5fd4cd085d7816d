"""The descriptors of the VFX tools, kept apart from the handlers: each names its handler and models by import
path, so registering the extension imports none of its tool modules and running a tool imports only its own."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec

# The examples run on the shared fixtures: VisualEffectGraph-Samples (graph and effect tools), minigolf
# (ParticleSystem tools) and chicken-defense (LineRenderer tools).
BONFIRE_SCENE = "Assets/Samples/BonFire/BonFire.unity"
BONFIRE_EFFECT = "VFX/BonFire"
BUTTERFLIES_SCENE = "Assets/Samples/Butterflies/Butterflies.unity"
HOLE_CUBE = "Assets/LlamAcademy/Minigolf/Resources/Tiles/Hole Cube.prefab"
WIN_EFFECT = "Hole Cube/Win Effect"
CHICKEN_GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"

# No fixture project holds a TrailRenderer, so the trail tools' examples name a prefab the tests add to a copy of
# chicken-defense: a GameObject `Bullet` whose TrailRenderer is the one of Bitesize 2DSpaceShooter's Bullet.prefab
# (Unity 2022.3.14f1, TrailRenderer serializedVersion 3), copied field for field.
TRAIL_PREFAB = "Assets/Bullet.prefab"
TRAIL_OBJECT = "Bullet"
TRAIL_EXAMPLE_NOTE = (f" No fixture project has a TrailRenderer: the example names {TRAIL_PREFAB}, a prefab with "
                      "Bitesize 2DSpaceShooter's Bullet TrailRenderer that the extension's tests add to a copy of "
                      "chicken-defense.")

# The risk hints of every tool that rewrites values in place: a write that overwrites, the same result when repeated.
EDIT_HINTS: dict[str, Any] = {"read_only": False, "destructive": True, "idempotent": True,
                              "permissions": ("reads_project", "writes_project")}

SPECS: tuple[ToolSpec[Any, Any], ...] = (
    ToolSpec(
        name="vfx.list-graphs", title="List VFX Graph assets",
        summary="VFX Graph assets (.vfx, .vfxoperator, .vfxblock) with their exposed parameters.",
        description=("Lists every VFX Graph asset under Assets/ and Packages/ (optionally under one folder or of one "
                     "kind): its path, GUID, kind (visualEffect, operatorSubgraph, blockSubgraph), graph version and "
                     "exposed parameters as the graph's own m_ParameterInfo lists them: name, sheet path (what a "
                     "VisualEffect's property sheet stores; struct fields are Parent_field), C# type, property-sheet "
                     "array, default value, category, range and tooltip. Files that cannot be read are listed in "
                     "`skipped`. Read-only; needs com.unity.visualeffectgraph."),
        input_model="unitycli_vfx.tools.list_graphs:ListGraphsInput",
        output_model="unitycli_vfx.tools.list_graphs:ListGraphsOutput",
        handler="unitycli_vfx.tools.list_graphs:list_graphs",
        examples=({}, {"under": "Assets/Samples/BonFire", "kind": "visualEffect"}),
    ),
    ToolSpec(
        name="vfx.get-graph", title="Get a VFX Graph asset",
        summary="One VFX Graph asset: exposed parameters with types and defaults, and settings.",
        description=("Reads one .vfx, .vfxoperator or .vfxblock (path or unique name): the exposed parameters a "
                     "VisualEffect can override, each with its sheet path, C# type, property-sheet array and default "
                     "(vectors as {x,y,z}, colours as {r,g,b,a}, objects as {fileID,guid,type}); every VFXParameter "
                     "on the blackboard (exposed or not, outputs of operator subgraphs); the subgraphs it uses; and the "
                     "VisualEffectResource settings (initial event, culling, pre-warm, instancing). Read-only; reports "
                     "the file's revision. Needs com.unity.visualeffectgraph."),
        input_model="unitycli_vfx.tools.get_graph:GetGraphInput",
        output_model="unitycli_vfx.tools.get_graph:GetGraphOutput",
        handler="unitycli_vfx.tools.get_graph:get_graph",
        examples=({"graph": "BonFire"}, {"graph": "Assets/Samples/Butterflies/Butterflies.vfx"}),
    ),
    ToolSpec(
        name="vfx.list-effects", title="List VisualEffect components",
        summary="VisualEffect components in a scene, prefab or the project, with their graphs.",
        description=("Lists every VisualEffect component in one scene or prefab (`file`), or in every scene and prefab "
                     "of the project: the GameObject path and fileIDs, whether it is enabled, the graph it plays "
                     "(GUID and project path) and which exposed parameters it overrides. Files that cannot be read are "
                     "listed in `skipped`. Read-only; reports each file's revision. Needs com.unity.visualeffectgraph."),
        input_model="unitycli_vfx.tools.list_effects:ListEffectsInput",
        output_model="unitycli_vfx.tools.list_effects:ListEffectsOutput",
        handler="unitycli_vfx.tools.list_effects:list_effects",
        examples=({"file": BONFIRE_SCENE}, {}),
    ),
    ToolSpec(
        name="vfx.get-effect", title="Get a VisualEffect component",
        summary="One VisualEffect: graph, seed, initial event and each exposed parameter's value.",
        description=("Reads the VisualEffect on one GameObject: the graph it plays, its start seed and reset-on-play "
                     "flag, the initial event, instancing, and for every parameter the graph exposes its type, the "
                     "graph default and the value this component plays (its override when m_Overridden is 1, else the "
                     "default). `sheet` is the property sheet as stored, including cached and stale entries. Read-only; "
                     "reports the file's revision. Needs com.unity.visualeffectgraph."),
        input_model="unitycli_vfx.inputs:Target",
        output_model="unitycli_vfx.tools.get_effect:GetEffectOutput",
        handler="unitycli_vfx.tools.get_effect:get_effect",
        examples=({"file": BONFIRE_SCENE, "gameObject": BONFIRE_EFFECT},),
    ),
    ToolSpec(
        name="vfx.set-effect-property", title="Override a VisualEffect parameter",
        summary="Override an exposed parameter on a VisualEffect component, typed by its graph.",
        description=("Sets the value of one exposed parameter on a VisualEffect, as the inspector's override checkbox "
                     "does: the graph's m_ParameterInfo gives the parameter's type and property-sheet array; the entry "
                     "named by its path gets m_Value and m_Overridden: 1, and is appended when the sheet has none. The "
                     "value is checked against the type (E_VALUE_TYPE_MISMATCH). overridden: false clears the override "
                     "(the graph default plays again) and keeps the cached value. Curves, gradients and matrices are "
                     "refused. Prefab instances are refused. Supports --dry-run. Needs com.unity.visualeffectgraph."),
        input_model="unitycli_vfx.tools.set_effect_property:SetEffectPropertyInput",
        output_model="unitycli_vfx.tools.set_effect_property:SetEffectPropertyOutput",
        handler="unitycli_vfx.tools.set_effect_property:set_effect_property",
        **EDIT_HINTS,
        examples=({"file": BONFIRE_SCENE, "gameObject": BONFIRE_EFFECT, "name": "FireColor",
                   "value": {"r": 64, "g": 2, "b": 0.2, "a": 0}},
                  {"file": BUTTERFLIES_SCENE, "gameObject": "Visual Effect : Butterflies", "name": "TiltAngle", "value": 20}),
    ),
    ToolSpec(
        name="vfx.set-effect-seed", title="Set a VisualEffect's seed",
        summary="Set a VisualEffect's start seed and whether a new seed is picked on every play.",
        description=("Writes m_StartSeed (unsigned 32-bit) and/or m_ResetSeedOnPlay of the VisualEffect on one "
                     "GameObject. A fixed seed with resetSeedOnPlay false makes the effect replay identically. Prefab "
                     "instances are refused. Supports --dry-run. Needs com.unity.visualeffectgraph."),
        input_model="unitycli_vfx.tools.set_effect_seed:SetEffectSeedInput",
        output_model="unitycli_vfx.tools.set_effect_seed:SetEffectSeedOutput",
        handler="unitycli_vfx.tools.set_effect_seed:set_effect_seed",
        **EDIT_HINTS,
        examples=({"file": BONFIRE_SCENE, "gameObject": BONFIRE_EFFECT, "seed": 12345, "resetSeedOnPlay": False},),
    ),
    ToolSpec(
        name="vfx.set-effect-asset", title="Set the graph a VisualEffect plays",
        summary="Make a VisualEffect component play another .vfx graph asset.",
        description=("Points the VisualEffect's m_Asset at a .vfx (by path or unique name): {fileID: "
                     "8926484042661614526, guid: <the .vfx GUID>, type: 3}, as Unity references the imported "
                     "VisualEffectAsset. Property-sheet entries are kept; those the new graph does not expose are listed "
                     "in staleEntries. Prefab instances are refused. Supports --dry-run. Needs "
                     "com.unity.visualeffectgraph."),
        input_model="unitycli_vfx.tools.set_effect_asset:SetEffectAssetInput",
        output_model="unitycli_vfx.tools.set_effect_asset:SetEffectAssetOutput",
        handler="unitycli_vfx.tools.set_effect_asset:set_effect_asset",
        **EDIT_HINTS,
        examples=({"file": BONFIRE_SCENE, "gameObject": BONFIRE_EFFECT, "graph": "Clouds"},),
    ),
    ToolSpec(
        name="vfx.list-particle-systems", title="List ParticleSystems",
        summary="ParticleSystems in a scene, prefab or the project: rate, bursts, modules.",
        description=("Lists every ParticleSystem component in one scene or prefab (`file`), or in every scene and "
                     "prefab of the project: the GameObject path and fileIDs, serialized version, duration, looping, max "
                     "particles, the emission rate (a decoded MinMaxCurve), the number of bursts, the enabled modules "
                     "and the renderer's render mode. Files that cannot be read are listed in `skipped`. Read-only; "
                     "needs no Unity package."),
        input_model="unitycli_vfx.tools.list_particle_systems:ListParticleSystemsInput",
        output_model="unitycli_vfx.tools.list_particle_systems:ListParticleSystemsOutput",
        handler="unitycli_vfx.tools.list_particle_systems:list_particle_systems",
        examples=({"file": HOLE_CUBE}, {}),
    ),
    ToolSpec(
        name="vfx.get-particle-system", title="Get a ParticleSystem",
        summary="One ParticleSystem: main settings, bursts, every module decoded, its renderer.",
        description=("Reads the ParticleSystem on one GameObject: the main module in inspector terms (duration, "
                     "looping, simulation space, start lifetime/speed/size/rotation in degrees/colour, gravity, max "
                     "particles), the emission bursts, which modules are enabled, every module (or those asked for) as "
                     "serialized with MinMaxCurves, MinMaxGradients and gradients decoded, and the "
                     "ParticleSystemRenderer. `writable` says whether the writers edit this layout. Read-only; reports "
                     "the file's revision; needs no Unity package."),
        input_model="unitycli_vfx.tools.get_particle_system:GetParticleSystemInput",
        output_model="unitycli_vfx.tools.get_particle_system:GetParticleSystemOutput",
        handler="unitycli_vfx.tools.get_particle_system:get_particle_system",
        examples=({"file": HOLE_CUBE, "gameObject": WIN_EFFECT},
                  {"file": HOLE_CUBE, "gameObject": WIN_EFFECT, "modules": ["emission", "shape"]}),
    ),
    ToolSpec(
        name="vfx.set-particle-main", title="Set a ParticleSystem's main module",
        summary="Set a ParticleSystem's duration, looping, start values, space and max particles.",
        description=("Edits the main module of the ParticleSystem on one GameObject: duration, looping, prewarm, play "
                     "on awake, simulation space and speed, start delay/lifetime/speed/size/rotation (a number for a "
                     "constant or {min, max} for a random range; rotation in degrees), start colour and gravity "
                     "modifier, max particles. Only the given fields are written; curves stay as they are. Refuses "
                     "layouts other than serializedVersion 8 (E_VFX_LAYOUT_UNSUPPORTED). Supports --dry-run; needs no "
                     "Unity package."),
        input_model="unitycli_vfx.tools.set_particle_main:SetParticleMainInput",
        output_model="unitycli_vfx.tools.set_particle_main:SetParticleMainOutput",
        handler="unitycli_vfx.tools.set_particle_main:set_particle_main",
        **EDIT_HINTS,
        examples=({"file": HOLE_CUBE, "gameObject": WIN_EFFECT, "duration": 2.5, "looping": False,
                   "startLifetime": {"min": 0.5, "max": 1.5}, "startRotationDegrees": 90},),
    ),
    ToolSpec(
        name="vfx.set-particle-emission", title="Set a ParticleSystem's emission",
        summary="Set or scale a ParticleSystem's emission rate, switch emission, add bursts.",
        description=("Edits the emission module of the ParticleSystem on one GameObject: enabled, rate over time (a "
                     "number, {min, max}, or rateOverTimeScale to multiply the current rate whatever its mode), rate "
                     "over distance, and bursts appended with Unity's defaults for new bursts (time 0, count 30, 1 "
                     "cycle, interval 0.01 s, probability 1); m_BurstCount is kept equal to the number of bursts. "
                     "Refuses layouts other than serializedVersion 8 / EmissionModule 4 (E_VFX_LAYOUT_UNSUPPORTED). "
                     "Supports --dry-run; needs no Unity package."),
        input_model="unitycli_vfx.tools.set_particle_emission:SetEmissionInput",
        output_model="unitycli_vfx.tools.set_particle_emission:SetEmissionOutput",
        handler="unitycli_vfx.tools.set_particle_emission:set_particle_emission",
        read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"file": HOLE_CUBE, "gameObject": WIN_EFFECT, "rateOverTime": 10,
                   "addBursts": [{"time": 0.5, "count": 20}]},),
    ),
    ToolSpec(
        name="vfx.set-particle-module-enabled", title="Enable or disable a ParticleSystem module",
        summary="Switch a ParticleSystem module (emission, shape, noise, trails, …) on or off.",
        description=("Sets the `enabled` flag of one module of the ParticleSystem on one GameObject (its settings are "
                     "kept, as Unity keeps them), or m_Enabled of its ParticleSystemRenderer for module `renderer`. "
                     "Refuses layouts other than serializedVersion 8 and unverified module versions "
                     "(E_VFX_LAYOUT_UNSUPPORTED). Supports --dry-run; needs no Unity package."),
        input_model="unitycli_vfx.tools.set_particle_module_enabled:SetModuleEnabledInput",
        output_model="unitycli_vfx.tools.set_particle_module_enabled:SetModuleEnabledOutput",
        handler="unitycli_vfx.tools.set_particle_module_enabled:set_particle_module_enabled",
        **EDIT_HINTS,
        examples=({"file": HOLE_CUBE, "gameObject": WIN_EFFECT, "module": "sizeOverLifetime", "enabled": True},),
    ),
    ToolSpec(
        name="vfx.set-particle-shape", title="Set a ParticleSystem's shape",
        summary="Set a ParticleSystem's emitter shape: type, angle, radius, arc, transform.",
        description=("Edits the shape module of the ParticleSystem on one GameObject: enabled, type (sphere, "
                     "hemisphere, cone, box, circle, edge, donut, rectangle, mesh…), cone angle and length, radius and "
                     "radius thickness, arc (degrees), donut radius, the shape's position, rotation (Euler degrees) and "
                     "scale, align to direction and the randomisation amounts. Only the given fields are written. "
                     "Refuses layouts other than serializedVersion 8 / ShapeModule 6 (E_VFX_LAYOUT_UNSUPPORTED). "
                     "Supports --dry-run; needs no Unity package."),
        input_model="unitycli_vfx.tools.set_particle_shape:SetShapeInput",
        output_model="unitycli_vfx.tools.set_particle_shape:SetShapeOutput",
        handler="unitycli_vfx.tools.set_particle_shape:set_particle_shape",
        **EDIT_HINTS,
        examples=({"file": HOLE_CUBE, "gameObject": WIN_EFFECT, "type": "cone", "angle": 15, "radius": 0.25,
                   "rotation": {"x": -90, "y": 0, "z": 0}},),
    ),
    ToolSpec(
        name="vfx.set-particle-renderer", title="Set a ParticleSystem's renderer",
        summary="Set a ParticleSystem renderer's mode, materials, sorting, alignment and sizes.",
        description=("Edits the ParticleSystemRenderer beside the ParticleSystem on one GameObject: enabled, render "
                     "mode (billboard, stretch, horizontal/vertical billboard, mesh, none), the particle material "
                     "(m_Materials[0]) and the trail material (m_Materials[1], added when absent), sort mode, render "
                     "alignment, min/max particle size, stretch length and velocity scales, sorting order. Only the "
                     "given fields are written. Refuses renderer layouts other than serializedVersion 6 "
                     "(E_VFX_LAYOUT_UNSUPPORTED). Supports --dry-run; needs no Unity package."),
        input_model="unitycli_vfx.tools.set_particle_renderer:SetRendererInput",
        output_model="unitycli_vfx.tools.set_particle_renderer:SetRendererOutput",
        handler="unitycli_vfx.tools.set_particle_renderer:set_particle_renderer",
        **EDIT_HINTS,
        examples=({"file": HOLE_CUBE, "gameObject": WIN_EFFECT, "renderMode": "stretch", "lengthScale": 3,
                   "sortMode": "distance"},),
    ),
    ToolSpec(
        name="vfx.get-line", title="Get a LineRenderer",
        summary="One LineRenderer: positions, width and width curve, colours, loop and space.",
        description=("Reads the LineRenderer on one GameObject: its positions, whether it loops and uses world space, "
                     "the width multiplier and width curve (with the start and end widths they give), the colour "
                     "gradient as colour and alpha keys, corner and cap vertices, alignment, texture mode and "
                     "materials. Read-only; reports the file's revision; needs no Unity package."),
        input_model="unitycli_vfx.inputs:Target",
        output_model="unitycli_vfx.tools.get_line:GetLineOutput",
        handler="unitycli_vfx.tools.get_line:get_line",
        examples=({"file": CHICKEN_GAME, "gameObject": "UI Camera Bounds"},),
    ),
    ToolSpec(
        name="vfx.set-line", title="Set a LineRenderer",
        summary="Set a LineRenderer's positions, width, width curve, loop and world space.",
        description=("Edits the LineRenderer on one GameObject: replaces its positions, sets the width multiplier "
                     "(`width`) or the width curve's keys, loop, world space, corner and cap vertices, alignment and "
                     "texture mode. Only the given fields are written. Refuses layouts other than serializedVersion 2 "
                     "with LineParameters 3 (E_VFX_LAYOUT_UNSUPPORTED). Supports --dry-run; needs no Unity package."),
        input_model="unitycli_vfx.tools.set_line:SetLineInput",
        output_model="unitycli_vfx.tools.set_line:SetLineOutput",
        handler="unitycli_vfx.tools.set_line:set_line",
        **EDIT_HINTS,
        examples=({"file": CHICKEN_GAME, "gameObject": "UI Camera Bounds", "widthMultiplier": 0.25, "loop": False,
                   "positions": [{"x": 0, "y": 0, "z": 0}, {"x": 0, "y": 1, "z": 5}]},),
    ),
    ToolSpec(
        name="vfx.get-trail", title="Get a TrailRenderer",
        summary="One TrailRenderer: lifetime, width and width curve, colours, emitting.",
        description=("Reads the TrailRenderer on one GameObject: trail lifetime (m_Time), minimum vertex distance, "
                     "autodestruct and emitting, the width multiplier and width curve (with start and end widths), the "
                     "colour gradient as colour and alpha keys, corner and cap vertices, alignment, texture mode and "
                     "materials. Read-only; reports the file's revision; needs no Unity package." + TRAIL_EXAMPLE_NOTE),
        input_model="unitycli_vfx.inputs:Target",
        output_model="unitycli_vfx.tools.get_trail:GetTrailOutput",
        handler="unitycli_vfx.tools.get_trail:get_trail",
        examples=({"file": TRAIL_PREFAB, "gameObject": TRAIL_OBJECT},),
    ),
    ToolSpec(
        name="vfx.set-trail", title="Set a TrailRenderer",
        summary="Set a TrailRenderer's lifetime, width, width curve, vertex distance, emitting.",
        description=("Edits the TrailRenderer on one GameObject: trail lifetime (m_Time), minimum vertex distance, "
                     "autodestruct, emitting, the width multiplier (`width`) or the width curve's keys, corner and cap "
                     "vertices, alignment and texture mode. Only the given fields are written. Refuses layouts other "
                     "than serializedVersion 3 with LineParameters 3 (E_VFX_LAYOUT_UNSUPPORTED). Supports --dry-run; "
                     "needs no Unity package." + TRAIL_EXAMPLE_NOTE),
        input_model="unitycli_vfx.tools.set_trail:SetTrailInput",
        output_model="unitycli_vfx.tools.set_trail:SetTrailOutput",
        handler="unitycli_vfx.tools.set_trail:set_trail",
        **EDIT_HINTS,
        examples=({"file": TRAIL_PREFAB, "gameObject": TRAIL_OBJECT, "time": 0.25, "widthMultiplier": 0.5},),
    ),
)
