"""The descriptors of the HDRP tools, kept apart from the handlers: each names its handler and models by import
path, so registering the extension imports none of its tool modules and running a tool imports only its own."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec

# The examples run on the VisualEffectGraph-Samples fixture project (HDRP 17.0.3).
_FIXTURE = "the VisualEffectGraph-Samples fixture project (HDRP 17.0.3)"
EXAMPLE_NOTE = f" The example runs on {_FIXTURE}."
EXAMPLES_NOTE = f" The examples run on {_FIXTURE}."
SAMPLE_ASSET = "Assets/HDRP/HDRenderPipelineAsset.asset"
SAMPLE_GLOBAL = "Assets/HDRP/HDRenderPipelineGlobalSettings.asset"
SAMPLE_PROFILE = "Assets/HDRP/Sky and Fog Settings Profile.asset"
SAMPLE_SCENE = "Assets/Samples/BonFire/BonFire.unity"
SAMPLE_VOLUME = "1516872931"  # the GameObject of SAMPLE_SCENE's first Volume

SPECS: tuple[ToolSpec[Any, Any], ...] = (
    ToolSpec(
        name="hdrp.get-pipeline", title="Get the active HDRP pipeline asset",
        summary="Which pipeline asset is active, per GraphicsSettings and per quality level.",
        description=("Reads ProjectSettings/GraphicsSettings.asset (m_CustomRenderPipeline, the default pipeline, and the "
                     "HDRP entry of the global settings map) and QualitySettings.asset (each level's "
                     "customRenderPipeline, which overrides the default when set). The active asset is the current "
                     "quality level's, else the default. Assets are recognised by their m_Script GUID "
                     "(HDRenderPipelineAsset 0cf1dab8…); every HDRP pipeline asset and global settings asset in the "
                     "project is listed too. Read-only."),
        input_model="unitycli_hdrp.tools.get_pipeline:GetPipelineInput",
        output_model="unitycli_hdrp.tools.get_pipeline:GetPipelineOutput",
        handler="unitycli_hdrp.tools.get_pipeline:get_pipeline",
        examples=({},),
    ),
    ToolSpec(
        name="hdrp.get-settings", title="Get HDRP pipeline settings",
        summary="Read the documented subset of an HDRP asset's m_RenderPipelineSettings.",
        description=("Reads an HDRenderPipelineAsset's m_RenderPipelineSettings: the support toggles (SSR, SSAO, "
                     "volumetrics, decals, motion vectors, ray tracing, …) as booleans and msaaSampleCount, "
                     "colorBufferFormat, customBufferFormat, supportedLitShaderMode, supportedRayTracingMode and "
                     "lightProbeSystem by name. Keys are found by name (their order differs between HDRP versions); a "
                     "key the file's layout lacks is listed in `missing`. On a verified HDRP version the asset's m_Version "
                     "must be its layout (22 for 14.x, 25 for 17.x), else E_HDRP_LAYOUT_UNSUPPORTED; on any other version "
                     "it is read as the file holds it (profileVerified false). "
                     "Read-only." + EXAMPLE_NOTE),
        input_model="unitycli_hdrp.tools.get_settings:GetSettingsInput",
        output_model="unitycli_hdrp.tools.get_settings:GetSettingsOutput",
        handler="unitycli_hdrp.tools.get_settings:get_settings",
        examples=({}, {"asset": SAMPLE_ASSET}),
    ),
    ToolSpec(
        name="hdrp.set-settings", title="Set HDRP pipeline settings",
        summary="Change documented keys of an HDRP asset's m_RenderPipelineSettings in place.",
        description=("Rewrites only the named keys of an HDRenderPipelineAsset's m_RenderPipelineSettings, in the "
                     "integer encoding the Editor writes (booleans 0/1, enums by name: msaaSampleCount None/MSAA2x/"
                     "MSAA4x/MSAA8x, colorBufferFormat R11G11B10/R16G16B16A16, …); every other byte stays as it was and "
                     "m_Version is never touched. A key the file's layout lacks is E_HDRP_SETTING_UNAVAILABLE (keys are "
                     "never added); a value outside the enum is E_SCHEMA_INVALID. Supports --dry-run." + EXAMPLE_NOTE),
        input_model="unitycli_hdrp.tools.set_settings:SetSettingsInput",
        output_model="unitycli_hdrp.tools.set_settings:SetSettingsOutput",
        handler="unitycli_hdrp.tools.set_settings:set_settings",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"settings": {"supportSSR": False}},
                  {"asset": SAMPLE_ASSET, "settings": {"msaaSampleCount": "MSAA2x", "supportSSAO": True}}),
    ),
    ToolSpec(
        name="hdrp.get-frame-settings", title="Get HDRP default frame settings",
        summary="Decode the default frame settings of the camera and reflection rendering paths.",
        description=("Reads the three default FrameSettings of the HDRP global settings (camera, baked or custom "
                     "reflection, realtime reflection) and decodes bitDatas.data1/data2 with the FrameSettingsField "
                     "bits of the project's HDRP version. 14.x keeps them in top-level m_RenderingPathDefault*"
                     "FrameSettings (m_Version 5); 17.x in the RenderingPathFrameSettings entry of references.RefIds "
                     "(m_Version 14), found by class, never by rid — the top-level m_Obsolete* copies are ignored. Set "
                     "bits no boolean field names (scalar fields' bits, obsolete and unnamed bits) are listed as found. "
                     "Read-only." + EXAMPLES_NOTE),
        input_model="unitycli_hdrp.tools.get_frame_settings:GetFrameSettingsInput",
        output_model="unitycli_hdrp.tools.get_frame_settings:GetFrameSettingsOutput",
        handler="unitycli_hdrp.tools.get_frame_settings:get_frame_settings",
        examples=({"renderType": "camera"}, {"globalSettings": SAMPLE_GLOBAL}),
    ),
    ToolSpec(
        name="hdrp.set-frame-settings", title="Set HDRP default frame settings",
        summary="Turn named default frame settings on or off; every other bit is kept.",
        description=("Sets or clears the named FrameSettingsField bits of one rendering path's default frame settings "
                     "in the HDRP global settings (14.x top-level fields, 17.x the RenderingPathFrameSettings RefIds "
                     "entry), rewriting only bitDatas.data1/data2 as unsigned decimals. Unknown, obsolete and unnamed "
                     "bits are preserved. A name the project's HDRP version does not have (e.g. ComputeThickness on "
                     "14.x), or a scalar field such as MSAAMode, is E_HDRP_FRAME_SETTING_UNKNOWN with nothing written; on an HDRP version the manifest does not list, "
                     "only names whose bit is the same in every verified layout are written. "
                     "Supports --dry-run." + EXAMPLES_NOTE),
        input_model="unitycli_hdrp.tools.set_frame_settings:SetFrameSettingsInput",
        output_model="unitycli_hdrp.tools.set_frame_settings:SetFrameSettingsOutput",
        handler="unitycli_hdrp.tools.set_frame_settings:set_frame_settings",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"renderType": "camera", "disable": ["SSR"]},
                  {"globalSettings": SAMPLE_GLOBAL, "renderType": "realtimeReflection", "enable": ["Bloom"]}),
    ),
    ToolSpec(
        name="hdrp.get-default-profile", title="Get HDRP's default volume profile",
        summary="The default and look-dev volume profiles of the HDRP global settings.",
        description=("Reads the default volume profile and look-dev profile references of the HDRP global settings "
                     "(14.x top-level m_DefaultVolumeProfile/m_LookDevVolumeProfile; 17.x the "
                     "HDRPDefaultVolumeProfileSettings/LookDevVolumeProfileSettings RefIds entries), resolves them to "
                     "asset paths, lists the default profile's overrides and its DiffusionProfileList, and on 17.x the "
                     "pipeline asset's own m_VolumeProfile. Read-only. The examples run on the VisualEffectGraph-Samples "
                     "fixture project (HDRP 17.0.3)."),
        input_model="unitycli_hdrp.tools.get_default_profile:GetDefaultProfileInput",
        output_model="unitycli_hdrp.tools.get_default_profile:GetDefaultProfileOutput",
        handler="unitycli_hdrp.tools.get_default_profile:get_default_profile",
        examples=({}, {"globalSettings": SAMPLE_GLOBAL}),
    ),
    ToolSpec(
        name="hdrp.list-diffusion-profiles", title="List HDRP diffusion profiles",
        summary="List diffusion profiles, their values and whether the default profile uses them.",
        description=("Lists every DiffusionProfileSettings asset (script b2686e09…) with its stored `profile` values "
                     "(scattering distance, transmission, thickness remap, world scale, IOR, …), checks its `hash` "
                     "against the one HDRP derives from the asset GUID, and says whether the default volume profile's "
                     "DiffusionProfileList override lists it (at most 15 are used). Read-only. The example runs on the "
                     "VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."),
        input_model="unitycli_hdrp.tools.list_diffusion_profiles:ListDiffusionProfilesInput",
        output_model="unitycli_hdrp.tools.list_diffusion_profiles:ListDiffusionProfilesOutput",
        handler="unitycli_hdrp.tools.list_diffusion_profiles:list_diffusion_profiles", examples=({},),
    ),
    ToolSpec(
        name="hdrp.list-profiles", title="List HDRP volume profiles",
        summary="List every VolumeProfile asset with its overrides; marks HDRP's default profile.",
        description=("Lists the VolumeProfile assets of the project (main object with the core VolumeProfile script, "
                     "found through the project index) with their overrides in components order, the number of orphaned "
                     "and missing sub-assets, and which one the HDRP global settings use as the default profile. "
                     "Read-only." + EXAMPLES_NOTE),
        input_model="unitycli_hdrp.tools.list_profiles:ListProfilesInput",
        output_model="unitycli_hdrp.tools.list_profiles:ListProfilesOutput",
        handler="unitycli_hdrp.tools.list_profiles:list_profiles",
        examples=({},),
    ),
    ToolSpec(
        name="hdrp.get-profile", title="Get an HDRP volume profile",
        summary="Read a VolumeProfile's overrides and parameters, with declared ranges.",
        description=("Reads a VolumeProfile asset through the shared volume model: each listed override (components "
                     "order) with active, every parameter's override state and value, and — for the classes whose layout "
                     "is verified for the project's HDRP version — the parameter kind, enum names and the range the "
                     "package source declares. Legacy min/max keys in old files are reported, never used as ranges. "
                     "Orphaned sub-assets and missing entries are listed apart. Read-only." + EXAMPLES_NOTE),
        input_model="unitycli_hdrp.tools.get_profile:GetProfileInput",
        output_model="unitycli_hdrp.tools.get_profile:GetProfileOutput",
        handler="unitycli_hdrp.tools.get_profile:get_profile",
        examples=({"profile": SAMPLE_PROFILE}, {"profile": "DefaultSettingsVolumeProfile", "override": "Fog"}),
    ),
    ToolSpec(
        name="hdrp.add-override", title="Add an HDRP volume override",
        summary="Add an override (Fog, Exposure, HDRISky, …) to a profile, at package defaults.",
        description=("Adds an override as the Editor's Add Override does: a new hidden sub-asset with the class's "
                     "parameters in serialized order at the package's C# defaults, every override state off, appended "
                     "to components (the shared volume model). Sky components get m_SkyVersion (HDRISky 1, PhysicallyBasedSky 3) and VisualEnvironment "
                     "m_Version as the Editor writes them. Only classes with a layout verified for the project's HDRP "
                     "version are written (E_HDRP_OVERRIDE_UNSUPPORTED otherwise, e.g. Vignette on 14.x); on an HDRP "
                     "version the manifest does not list, only what the project proves (the class, from the package's "
                     "source on disk or an override of it in another profile; parameters omitted, Unity fills their "
                     "defaults on load), named in layoutSource and omittedFields, else E_SCRIPT_LAYOUT_UNPROVABLE; a class the "
                     "profile already lists is E_HDRP_OVERRIDE_EXISTS. `values` are checked against the declared ranges "
                     "before anything is written. Supports --dry-run." + EXAMPLES_NOTE),
        input_model="unitycli_hdrp.tools.add_override:AddOverrideInput",
        output_model="unitycli_hdrp.tools.add_override:AddOverrideOutput",
        handler="unitycli_hdrp.tools.add_override:add_override",
        read_only=False, destructive=False, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"profile": SAMPLE_PROFILE, "override": "Bloom", "values": {"intensity": 0.2}},),
    ),
    ToolSpec(
        name="hdrp.set-override", title="Set HDRP volume override parameters",
        summary="Set override parameters in a profile; values out of declared range are refused.",
        description=("Sets parameter values (and turns their override state on), override states alone, or the "
                     "override's active flag, through the shared volume model. Values are checked against the parameter's "
                     "kind, enum names and the range declared in the package source (e.g. Exposure "
                     "adaptationSpeedDarkToLight ≥ 0.001, Fog meanFreePath — the inspector's Fog Attenuation Distance — "
                     "≥ 1); min/max keys left in old YAML files are never used. Any invalid value is "
                     "E_HDRP_VALUE_INVALID with nothing written. Values of classes without a verified layout for the "
                     "project's HDRP version are refused (E_HDRP_OVERRIDE_UNSUPPORTED); their override states can still "
                     "be changed. A parameter an old file lacks (saved by an older package) is E_HDRP_PARAMETER_NOT_FOUND: it "
                     "is never invented. Supports --dry-run." + EXAMPLES_NOTE),
        input_model="unitycli_hdrp.tools.set_override:SetOverrideInput",
        output_model="unitycli_hdrp.tools.set_override:SetOverrideOutput",
        handler="unitycli_hdrp.tools.set_override:set_override",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"profile": SAMPLE_PROFILE, "override": "Fog", "values": {"meanFreePath": 150}},
                  {"profile": "Assets/HDRP/Scene PostProcess Profile.asset", "override": "Exposure",
                   "values": {"mode": "Fixed"}, "overrideStates": {"fixedExposure": True}}),
    ),
    ToolSpec(
        name="hdrp.remove-override", title="Remove an HDRP volume override",
        summary="Remove an override from a VolumeProfile: its components entry and its sub-asset.",
        description=("Removes a listed override as the Editor's Remove does: the components entry and, unless "
                     "something else in the file still references it, the hidden sub-asset. Orphaned sub-assets are "
                     "never matched. Works for any override class (no layout is needed to remove one). Supports "
                     "--dry-run." + EXAMPLES_NOTE),
        input_model="unitycli_hdrp.tools.remove_override:RemoveOverrideInput",
        output_model="unitycli_hdrp.tools.remove_override:RemoveOverrideOutput",
        handler="unitycli_hdrp.tools.remove_override:remove_override",
        read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"profile": SAMPLE_PROFILE, "override": "Fog"},),
    ),
    ToolSpec(
        name="hdrp.list-volumes", title="List Volume components",
        summary="List the Volume components of scenes and prefabs, with their profiles.",
        description=("Lists every Volume (core's Volume script) in the project's scenes and prefabs, or in one file: "
                     "its GameObject, enabled, global or local, priority, blend distance, weight and sharedProfile with "
                     "the profile's asset path. Files that could not be read are listed with the reason. Read-only. The "
                     "examples run on the VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."),
        input_model="unitycli_hdrp.tools.list_volumes:ListVolumesInput",
        output_model="unitycli_hdrp.tools.list_volumes:ListVolumesOutput",
        handler="unitycli_hdrp.tools.list_volumes:list_volumes",
        examples=({}, {"file": SAMPLE_SCENE}),
    ),
    ToolSpec(
        name="hdrp.set-volume", title="Set a Volume component",
        summary="Change a Volume's mode, priority, blend distance, weight or profile.",
        description=("Rewrites the named fields of a Volume component in a scene or prefab: m_IsGlobal, priority, "
                     "blendDistance (≥ 0), weight (0 … 1), m_Enabled and sharedProfile (a VolumeProfile by path or name, "
                     "or none). Values are checked before anything is written (the same checks as urp.set-volume); "
                     "only those lines change. Supports --dry-run. The example runs on the "
                     "VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."),
        input_model="unitycli.api:SetVolumeInput",
        output_model="unitycli.api:SetVolumeOutput",
        handler="unitycli_hdrp.tools.set_volume:set_hdrp_volume",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"file": SAMPLE_SCENE, "gameObject": SAMPLE_VOLUME, "priority": 1, "weight": 0.5},),
    ),
    ToolSpec(
        name="hdrp.assign-pipeline", title="Assign the HDRP pipeline asset",
        summary="Make an HDRP asset the default pipeline and/or a quality level's pipeline.",
        description=("Points GraphicsSettings.m_CustomRenderPipeline (the default pipeline) and/or the named quality "
                     "levels' customRenderPipeline at an HDRenderPipelineAsset, written as the Editor writes the "
                     "reference. The asset must be an HDRP asset of the verified layout. The global settings map is "
                     "left to the Editor, which registers HDRP's global settings when the pipeline loads. A project "
                     "without ProjectSettings/GraphicsSettings.asset is refused (E_ASSET_NOT_FOUND). Supports --dry-run. "
                     "The example runs on the VisualEffectGraph-Samples fixture project (HDRP 17.0.3)."),
        input_model="unitycli_hdrp.tools.assign_pipeline:AssignPipelineInput",
        output_model="unitycli_hdrp.tools.assign_pipeline:AssignPipelineOutput",
        handler="unitycli_hdrp.tools.assign_pipeline:assign_pipeline",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"asset": SAMPLE_ASSET, "qualityLevels": ["Default"]},),
    ),
    ToolSpec(
        name="hdrp.check", title="Check the HDRP setup",
        summary="Check the HDRP setup: active pipeline, layouts, global settings, profiles.",
        description=("Reports pass/warn/fail checks without changing anything: an HDRP asset is active "
                     "(GraphicsSettings and quality levels), pipeline assets and global settings have the verified "
                     "m_Version, the global settings are registered and their frame settings decode, global settings "
                     "copies with a missing script, the default volume profile, profiles with orphaned or missing "
                     "overrides, stored values outside the package's declared ranges, overrides without a verified "
                     "layout for the version, the diffusion profile list size and each profile's GUID hash. `ok` is "
                     "false when a check fails. Read-only. The example runs on the VisualEffectGraph-Samples fixture "
                     "project (HDRP 17.0.3)."),
        input_model="unitycli_hdrp.tools.check:CheckInput",
        output_model="unitycli_hdrp.tools.check:CheckOutput",
        handler="unitycli_hdrp.tools.check:check",
        examples=({},),
    ),
)
