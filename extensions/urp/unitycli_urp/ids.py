"""Script GUIDs and fixed references of URP 14.0.9, 17.0.3 and 17.2.0 (the same GUID in all three unless noted)."""

from __future__ import annotations

from unitycli.api import KnownScript, Ref

PACKAGE = "com.unity.render-pipelines.universal"
PIPELINE_ASSET_GUID = "bf2edee5c58d82540a51f03df9d42094"  # UniversalRenderPipelineAsset
RENDERER_GUIDS = {"de640fe3d0db1804a85f9fc8f5cadab6": "UniversalRendererData"}
RENDERER_2D_NAME = "Renderer2DData"
GLOBAL_SETTINGS_GUID = "2ec995e51a6e251468d2a3fd8a686257"
MAIN_FILE_ID = 11400000
NULL = Ref(0)

# FullScreenPassRendererFeature.cs.meta: the GUID changed between 14.0.x and 17.x.
FULL_SCREEN_PASS_GUID_14 = "6d613f08f173d4dd895bb07b3230baa9"
FULL_SCREEN_PASS_GUID_17 = "b00045f12942b46c698459096c89274e"
# Renderer features by script GUID.
FEATURE_CLASSES = {
    "f62c9c65cf3354c93be831c8bc075510": "ScreenSpaceAmbientOcclusion",
    "a1614fc811f8f184697d9bee70ab9fe5": "DecalRendererFeature",
    "6b3d386ba5cd94485973aee1479b272e": "RenderObjects",
    "e32e72b6a3f58a24c9033e2b9275eea0": "ScreenSpaceShadows",
    FULL_SCREEN_PASS_GUID_14: "FullScreenPassRendererFeature",
    FULL_SCREEN_PASS_GUID_17: "FullScreenPassRendererFeature",
}
# The GUID of each feature class with one GUID; FullScreenPass by layout (14.0.9; 17.0.3 and 17.2.0 share one).
FEATURE_GUIDS = {name: guid for guid, name in FEATURE_CLASSES.items() if name != "FullScreenPassRendererFeature"}
FULL_SCREEN_PASS_GUIDS = {"14": FULL_SCREEN_PASS_GUID_14, "17.0": FULL_SCREEN_PASS_GUID_17,
                          "17.2": FULL_SCREEN_PASS_GUID_17}
# The .cs.meta default reference of `passMaterial` (Runtime/Materials/FullscreenInvertColors.mat), the same in
# 14.0.9, 17.0.3 and 17.2.0; the Editor applies it to a feature it creates.
FULL_SCREEN_INVERT_COLORS = Ref(2100000, "78a08787ca30045abb69f6f7dd878e09", 2)
# Shader.Find("Hidden/Universal Render Pipeline/ScreenSpaceShadows") in ScreenSpaceShadows.Create(), kept in the
# serialized m_Shader (Shaders/Utils/ScreenSpaceShadows.shader.meta, 14.0.9 … 17.2.0).
SCREEN_SPACE_SHADOWS_SHADER = Ref(4800000, "0f854b35a0cf61a429bd5dcfea30eddd", 3)

# Filled by ScreenSpaceAmbientOcclusion.Create() in 14.0.9 and 17.0.3 (serialized there, not from 17.0.4 on).
SSAO_BLUE_NOISE = tuple(Ref(2800000, g, 3) for g in (
    "36f118343fc974119bee3d09e2111500", "4b7b083e6b6734e8bb2838b0b50a0bc8", "c06cc21c692f94f5fb5206247191eeee",
    "cb76dd40fa7654f9587f6a344f125c9a", "e32226222ff144b24bf3a5a451de54bc", "3302065f671a8450b82c9ddf07426f3a",
    "56a77a3e8d64f47b6afe9e3c95cb57d5"))
SSAO_SHADER = Ref(4800000, "0849e84e3d62649e8882e9d6f056a017", 3)
# Loaded by DecalRendererFeature.Create() and serialized in 14.x only (Shaders/Utils/CopyDepth, DBufferClear).
DECAL_COPY_DEPTH = Ref(4800000, "d6dae50ee9e1bfa4db75f19f99355220", 3)
DECAL_DBUFFER_CLEAR = Ref(4800000, "f056d8bd2a1c7e44e9729144b4c70395", 3)
URP_RUNTIME_PREFIX = "Unity.RenderPipelines.Universal.Runtime::UnityEngine.Rendering.Universal."

_NS = "UnityEngine.Rendering.Universal"
_SCRIPTS = [
    (PIPELINE_ASSET_GUID, "UniversalRenderPipelineAsset", ()),
    ("de640fe3d0db1804a85f9fc8f5cadab6", "UniversalRendererData", ()),
    (GLOBAL_SETTINGS_GUID, "UniversalRenderPipelineGlobalSettings", ()),
    ("a79441f348de89743a2939f4d699eac1", "UniversalAdditionalCameraData", ()),  # chicken, minigolf scenes
    ("474bcb49853aa07438625e644c072ee6", "UniversalAdditionalLightData", ()),
    ("f62c9c65cf3354c93be831c8bc075510", "ScreenSpaceAmbientOcclusion", ()),
    ("a1614fc811f8f184697d9bee70ab9fe5", "DecalRendererFeature", ()),
    ("6b3d386ba5cd94485973aee1479b272e", "RenderObjects", ()),
    ("e32e72b6a3f58a24c9033e2b9275eea0", "ScreenSpaceShadows", ()),
    (FULL_SCREEN_PASS_GUID_14, "FullScreenPassRendererFeature", ("14.0.9",)),
    (FULL_SCREEN_PASS_GUID_17, "FullScreenPassRendererFeature", ("17.0.3", "17.2.0")),
]


def known_scripts() -> list[KnownScript]:
    """URP's scripts by GUID and class name, with URP's volume overrides, so the core's
    component tools can name them (`component.get … UniversalAdditionalCameraData`)."""
    from unitycli.api import KnownScript
    from unitycli_urp.overrides import specs_for

    found = [KnownScript(guid, name, PACKAGE, _NS, versions) for guid, name, versions in _SCRIPTS]
    seen = {guid for guid, _, _ in _SCRIPTS}
    for spec in specs_for("17.0"):
        if spec.script_guid not in seen:
            versions = ("17.0.3", "17.2.0") if spec.name == "ScreenSpaceLensFlare" else ()
            found.append(KnownScript(spec.script_guid, spec.name, PACKAGE, _NS, versions))
    return found
