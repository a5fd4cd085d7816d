"""The descriptors of the URP tools, kept apart from the handlers: each names its handler and models by import
path, so registering the extension imports none of its tool modules and running a tool imports only its own."""

from __future__ import annotations

from typing import Any

from unitycli.api import ToolSpec

# Every example names chicken-defense's assets (URP 14.0.9) by path or asset name.
EXAMPLE_PROJECT = "chicken-defense"

PROFILE_DESCRIPTION = ("Project path of a VolumeProfile asset (Assets/Settings/SampleSceneProfile.asset) or its "
                       "unique name (SampleSceneProfile)")


def _tool(**fields: Any) -> ToolSpec[Any, Any]:
    """A URP tool whose examples run on `EXAMPLE_PROJECT` (set here, not by a `dataclasses.replace` at
    registration: that reads every field, importing the handler and models a path names)."""
    return ToolSpec(**fields, example_projects=(EXAMPLE_PROJECT,) * len(fields.get("examples", ())))


SPECS: tuple[ToolSpec[Any, Any], ...] = (
    _tool(
        name="urp.get-pipeline", title="Get the active URP pipeline",
        summary="The active URP asset (GraphicsSettings, each quality level) and its renderers.",
        description=("Reads ProjectSettings/GraphicsSettings.asset (m_CustomRenderPipeline, the default pipeline asset) "
                     "and QualitySettings.asset (each level's customRenderPipeline; {fileID: 0} means the default) and "
                     "says which URP asset renders at each level and at the current one (m_CurrentQuality). Every "
                     "assigned asset is listed with k_AssetVersion and its m_RendererDataList (default renderer, "
                     "feature count). GUIDs that resolve to no URP asset are listed in `unresolved`. Read-only."),
        input_model="unitycli_urp.tools.get_pipeline:GetPipelineInput",
        output_model="unitycli_urp.tools.get_pipeline:GetPipelineOutput",
        handler="unitycli_urp.tools.get_pipeline:get_pipeline",
        examples=({},),
    ),
    _tool(
        name="urp.get-settings", title="Get URP pipeline settings",
        summary="Render scale, MSAA, HDR, shadows, cascades, SRP batcher… of a URP asset.",
        description=("Reads the typed subset of a UniversalRenderPipelineAsset: renderScale, msaa, hdr, shadowDistance, "
                     "cascadeCount, cascade2Split/3Split/4Split (split points as lists), main/additional shadow resolution, softShadows, "
                     "softShadowQuality, srpBatcher, depthTexture, opaqueTexture, renderGraph (14.x only), "
                     "gpuResidentDrawer (17.x only). The asset is `asset`, else the `qualityLevel`'s asset, else the "
                     "active one (urp.get-pipeline). A field the file lacks reads null. Read-only; reports the revision "
                     "for expectedRevision. The example reads the Balanced level of chicken-defense."),
        input_model="unitycli_urp.tools.get_settings:GetSettingsInput",
        output_model="unitycli_urp.tools.get_settings:GetSettingsOutput",
        handler="unitycli_urp.tools.get_settings:get_settings",
        examples=({}, {"qualityLevel": "Balanced"}),
    ),
    _tool(
        name="urp.set-settings", title="Set URP pipeline settings",
        summary="Change render scale, MSAA, HDR, shadows, cascades, SRP batcher of a URP asset.",
        description=("Sets fields of the typed subset (see urp.get-settings) on one UniversalRenderPipelineAsset: "
                     "`asset`, else the `qualityLevel`'s asset, else the active one. Values are checked as URP's "
                     "properties check them (E_URP_SETTING_INVALID: render scale 0.1–2, cascades 1–4, MSAA 1/2/4/8, "
                     "shadow resolutions of the version; cascade splits as the asset inspector keeps them: in 0–1, "
                     "each at least 0.001 above the one before). A field the project's URP version lacks (renderGraph on 17, "
                     "gpuResidentDrawer on 14) or the file lacks is refused with E_URP_SETTING_UNSUPPORTED. Only the "
                     "changed lines are rewritten. Supports --dry-run. The example halves the render scale of "
                     "chicken-defense's Balanced level."),
        input_model="unitycli_urp.tools.set_settings:SetSettingsInput",
        output_model="unitycli_urp.tools.set_settings:SetSettingsOutput",
        handler="unitycli_urp.tools.set_settings:set_settings",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"qualityLevel": "Balanced", "renderScale": 0.5},),
    ),
    _tool(
        name="urp.list-features", title="List URP renderer features",
        summary="Renderer features of a URP renderer: name, type, active, fileID, map check.",
        description=("Lists m_RendererFeatures of a renderer asset (`renderer`, else renderer `rendererIndex` — default "
                     "m_DefaultRendererIndex — of the pipeline asset chosen by `asset`/`qualityLevel`/the active one): "
                     "index, fileID, m_Name, the feature class from its script GUID (RenderObjects, "
                     "ScreenSpaceAmbientOcclusion, DecalRendererFeature, FullScreenPassRendererFeature, "
                     "ScreenSpaceShadows), m_Active, and whether m_RendererFeatureMap is in step. Read-only."),
        input_model="unitycli_urp.tools.list_features:ListFeaturesInput",
        output_model="unitycli_urp.tools.list_features:ListFeaturesOutput",
        handler="unitycli_urp.tools.list_features:list_features",
        examples=({}, {"renderer": "Assets/Settings/URP-HighFidelity-Renderer.asset"}),
    ),
    _tool(
        name="urp.set-feature-active", title="Enable or disable a URP renderer feature",
        summary="Turn a renderer feature on or off (m_Active), e.g. disable SSAO.",
        description=("Sets m_Active of one feature of a renderer (see urp.list-features for how the renderer is chosen); "
                     "the feature is named by m_Name, fileID, class name or index. Only that line changes. Supports "
                     "--dry-run. The example disables SSAO on chicken-defense's active (High Fidelity) renderer."),
        input_model="unitycli_urp.tools.set_feature_active:SetFeatureActiveInput",
        output_model="unitycli_urp.tools.set_feature_active:SetFeatureActiveOutput",
        handler="unitycli_urp.tools.set_feature_active:set_feature_active",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"feature": "SSAO", "active": False},),
    ),
    _tool(
        name="urp.add-feature", title="Add a URP renderer feature",
        summary="Add a renderer feature (RenderObjects, SSAO, Decal, …) with URP's defaults.",
        description=("Adds a feature sub-asset to a renderer (chosen as in urp.list-features) the way the renderer "
                     "inspector's Add Renderer Feature does: a new MonoBehaviour with a fresh fileID, m_Name = the class "
                     "name (or `name`), the class defaults of the project's URP version (SSAO in 14.0.9/17.0.3 also "
                     "carries the blue-noise textures and shader Create() fills, Decal in 14.x its two shaders, "
                     "ScreenSpaceShadows its hidden shader, FullScreenPass the script's default material "
                     "FullscreenInvertColors, m_Version 1 and the 14.x or 17.x script GUID), appended to "
                     "m_RendererFeatures with m_RendererFeatureMap rewritten in step. SSAO, Decal and ScreenSpaceShadows "
                     "are one per renderer (E_URP_FEATURE_EXISTS); other types are E_URP_FEATURE_TYPE_UNSUPPORTED. "
                     "urp.remove-feature undoes it byte for byte. Supports "
                     "--dry-run. The example adds a RenderObjects to chicken-defense's active renderer."),
        input_model="unitycli_urp.tools.add_feature:AddFeatureInput",
        output_model="unitycli_urp.tools.add_feature:AddFeatureOutput",
        handler="unitycli_urp.tools.add_feature:add_feature",
        read_only=False, destructive=False, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"type": "RenderObjects"},),
    ),
    _tool(
        name="urp.remove-feature", title="Remove a URP renderer feature",
        summary="Remove a renderer feature and its sub-asset, keeping the feature map in step.",
        description=("Removes one feature (by m_Name, fileID, class name or index) of a renderer chosen as in "
                     "urp.list-features: its m_RendererFeatures entry, its sub-asset document (unless something else in "
                     "the file references it) and its m_RendererFeatureMap entry. Supports --dry-run. The example removes "
                     "the Decal feature of chicken-defense's High Fidelity renderer."),
        input_model="unitycli_urp.tools.remove_feature:RemoveFeatureInput",
        output_model="unitycli_urp.tools.remove_feature:RemoveFeatureOutput",
        handler="unitycli_urp.tools.remove_feature:remove_feature",
        read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"renderer": "Assets/Settings/URP-HighFidelity-Renderer.asset", "feature": "DecalRendererFeature"},),
    ),
    _tool(
        name="urp.move-feature", title="Move a URP renderer feature",
        summary="Reorder a renderer feature; m_RendererFeatureMap follows the list.",
        description=("Moves one feature of a renderer (chosen as in urp.list-features) to `index` in "
                     "m_RendererFeatures; the map is rewritten in the new order, as the renderer inspector's reorder "
                     "does. Features run in list order within a render pass event. Supports --dry-run. The example moves "
                     "the Decal feature of chicken-defense's High Fidelity renderer first."),
        input_model="unitycli_urp.tools.move_feature:MoveFeatureInput",
        output_model="unitycli_urp.tools.move_feature:MoveFeatureOutput",
        handler="unitycli_urp.tools.move_feature:move_feature",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"renderer": "Assets/Settings/URP-HighFidelity-Renderer.asset", "feature": "DecalRendererFeature",
                   "index": 0},),
    ),
    _tool(
        name="urp.list-profiles", title="List volume profiles",
        summary="Every VolumeProfile asset: its overrides, orphans, and the volumes that use it.",
        description=("Lists every VolumeProfile asset the project index knows (main object with the VolumeProfile "
                     "script): the override classes in components order, the count of orphan override sub-assets "
                     "(components does not list them, so Unity ignores them) and of missing entries, how many Volume "
                     "components use it as sharedProfile, and which URP assets use it as m_VolumeProfile. Read-only."),
        input_model="unitycli_urp.tools.list_profiles:ListProfilesInput",
        output_model="unitycli_urp.tools.list_profiles:ListProfilesOutput",
        handler="unitycli_urp.tools.list_profiles:list_profiles",
        examples=({},),
    ),
    _tool(
        name="urp.get-profile", title="Get a volume profile",
        summary="A volume profile's overrides, every parameter (override state, value), orphans.",
        description=("Reads one VolumeProfile asset (" + PROFILE_DESCRIPTION + "): each override listed in "
                     "components, in order, with its class, active flag and every {m_OverrideState, m_Value} parameter "
                     "(references as {fileID, guid, type}); parameters of the class the file lacks (written by an older "
                     "package) are named in missingParameters. Orphan sub-assets are reported apart and never merged. "
                     "Read-only; reports the revision for expectedRevision."),
        input_model="unitycli_urp.tools.get_profile:GetProfileInput",
        output_model="unitycli_urp.tools.get_profile:GetProfileOutput",
        handler="unitycli_urp.tools.get_profile:get_profile",
        examples=({"profile": "Assets/Settings/SampleSceneProfile.asset"}, {"profile": "Main Camera Profile"}),
    ),
    _tool(
        name="urp.add-override", title="Add a volume override",
        summary="Add a URP override (Bloom, Vignette, Tonemapping, …) with package defaults.",
        description=("Adds an override sub-asset to a VolumeProfile the way the Editor's Add Override does: a new "
                     "MonoBehaviour (m_ObjectHideFlags 3, m_Name = class, active 1) with a fresh fileID and every "
                     "parameter at the class default of the project's URP version, override states off (or all on), "
                     "appended to components. On a URP version the manifest does not list, only what the project proves "
                     "is written (the class from the package's source on disk or an override of that class in another "
                     "profile; parameters omitted, as Unity fills their defaults on load), named in layoutSource and "
                     "omittedFields; with no proof E_SCRIPT_LAYOUT_UNPROVABLE. One override per class: "
                     "E_URP_OVERRIDE_EXISTS (orphans do not count and are never revived). Unknown classes: E_URP_OVERRIDE_UNKNOWN. Supports --dry-run. The example adds "
                     "Bloom to chicken-defense's MainMenuPost Profile."),
        input_model="unitycli_urp.tools.add_override:AddOverrideInput",
        output_model="unitycli_urp.tools.add_override:AddOverrideOutput",
        handler="unitycli_urp.tools.add_override:add_override",
        read_only=False, destructive=False, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"profile": "MainMenuPost Profile", "type": "Bloom"},),
    ),
    _tool(
        name="urp.set-override", title="Set volume override parameters",
        summary="Set an override's parameter values and override states, or its active flag.",
        description=("Edits one listed override of a VolumeProfile in place: each given parameter's m_Value (checked "
                     "against the class: type, enum, and the clamp URP applies in code — E_URP_PARAMETER_INVALID) and "
                     "its m_OverrideState (on when a value is given, unless overrideStates says otherwise), and the "
                     "override's `active`. Unknown parameters: E_URP_PARAMETER_NOT_FOUND. A parameter the file lacks "
                     "(older package) is added after its predecessor, on a URP version the manifest does not list only when "
                     "the package's source on disk or an override of that class elsewhere in the project holds it "
                     "(E_SCRIPT_LAYOUT_UNPROVABLE otherwise). Only changed lines are rewritten. Supports "
                     "--dry-run. The example sets Bloom intensity in chicken-defense's Main Camera Profile."),
        input_model="unitycli_urp.tools.set_override:SetOverrideInput",
        output_model="unitycli_urp.tools.set_override:SetOverrideOutput",
        handler="unitycli_urp.tools.set_override:set_override",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"profile": "Main Camera Profile", "override": "Bloom", "parameters": {"intensity": 2}},),
    ),
    _tool(
        name="urp.remove-override", title="Remove a volume override",
        summary="Remove an override from a volume profile: components entry and sub-asset.",
        description=("Removes one listed override (by class, m_Name or fileID) from a VolumeProfile: its components "
                     "entry and its sub-asset document, as the Editor's Remove does. Orphans are never matched (use "
                     "urp.get-profile to see them). Supports --dry-run. The example removes the Vignette of "
                     "chicken-defense's SampleSceneProfile."),
        input_model="unitycli_urp.tools.remove_override:RemoveOverrideInput",
        output_model="unitycli_urp.tools.remove_override:RemoveOverrideOutput",
        handler="unitycli_urp.tools.remove_override:remove_override",
        read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"profile": "SampleSceneProfile", "override": "Vignette"},),
    ),
    _tool(
        name="urp.list-volumes", title="List Volume components",
        summary="Volume components in scenes and prefabs: global, priority, weight, profile.",
        description=("Lists every Volume component (core's UnityEngine.Rendering.Volume) in one scene or prefab, or in "
                     "every scene and prefab under Assets/ that references the Volume script: GameObject path, "
                     "m_IsGlobal, priority, blendDistance, weight and the sharedProfile asset. Files that cannot be read "
                     "are listed in `unreadable`. Read-only."),
        input_model="unitycli_urp.tools.list_volumes:ListVolumesInput",
        output_model="unitycli_urp.tools.list_volumes:ListVolumesOutput",
        handler="unitycli_urp.tools.list_volumes:list_volumes",
        examples=({}, {"file": "Game"}),
    ),
    _tool(
        name="urp.set-volume", title="Edit a Volume component",
        summary="Set a Volume's global flag, priority, blend distance, weight or profile.",
        description=("Edits the Volume component on one GameObject of a scene or prefab: m_IsGlobal, priority, "
                     "blendDistance (≥ 0), weight (0–1), m_Enabled and sharedProfile (a VolumeProfile asset, by path or "
                     "unique name, or none). Values are checked before anything is written (the same checks as "
                     "hdrp.set-volume); only the changed lines are rewritten. Supports --dry-run. The example gives the "
                     "Main Camera volume of chicken-defense's Game scene the MainMenuPost Profile at half weight."),
        input_model="unitycli.api:SetVolumeInput",
        output_model="unitycli.api:SetVolumeOutput",
        handler="unitycli_urp.tools.set_volume:set_urp_volume",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"file": "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity", "gameObject": "Main Camera",
                   "weight": 0.5, "profile": "MainMenuPost Profile"},),
    ),
    _tool(
        name="urp.list-renderers", title="List URP renderers",
        summary="Every Universal Renderer asset: features, map check, which URP assets use it.",
        description=("Lists the UniversalRendererData assets the project index knows, each with its feature names in "
                     "order, whether m_RendererFeatureMap is in step, m_RenderingMode, and the URP assets whose "
                     "m_RendererDataList names it (assigned to a quality level or not). Read-only."),
        input_model="unitycli_urp.tools.list_renderers:ListRenderersInput",
        output_model="unitycli_urp.tools.list_renderers:ListRenderersOutput",
        handler="unitycli_urp.tools.list_renderers:list_renderers",
        examples=({},),
    ),
    _tool(
        name="urp.assign-pipeline", title="Assign a URP pipeline asset",
        summary="Set the default URP asset (GraphicsSettings) or a quality level's asset.",
        description=("Writes a URP asset reference ({fileID: 11400000, guid, type: 2}) into GraphicsSettings "
                     "m_CustomRenderPipeline, or with `qualityLevel` into that level's customRenderPipeline; "
                     "asset null writes {fileID: 0} (the level falls back to the default). The asset must be a "
                     "UniversalRenderPipelineAsset (E_URP_PIPELINE_NOT_FOUND). Only that value changes. Supports "
                     "--dry-run. The example gives chicken-defense's Performant level the Balanced asset."),
        input_model="unitycli_urp.tools.assign_pipeline:AssignPipelineInput",
        output_model="unitycli_urp.tools.assign_pipeline:AssignPipelineOutput",
        handler="unitycli_urp.tools.assign_pipeline:assign_pipeline",
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"asset": "Assets/Settings/URP-Balanced.asset", "qualityLevel": "Performant"},),
    ),
    _tool(
        name="urp.check", title="Check the URP setup",
        summary="Report broken pipeline assignments, renderers, feature maps and profile orphans.",
        description=("Checks, read-only: every assigned pipeline asset is a URP asset and one renders at the current "
                     "quality level; k_AssetVersion is the package's (older assets are rewritten by Unity's upgrader); "
                     "renderers resolve and the default index is in range; each used renderer's feature map is in step "
                     "and every listed feature has its sub-asset and a known script; volume profiles have no orphan or "
                     "missing overrides. Each finding is pass, warn or fail with the file; `ok` is false on any fail."),
        input_model="unitycli_urp.tools.check:CheckInput",
        output_model="unitycli_urp.tools.check:CheckOutput",
        handler="unitycli_urp.tools.check:check",
        examples=({},),
    ),
)
