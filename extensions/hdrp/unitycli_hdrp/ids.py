"""Script GUIDs and names HDRP objects are recognised by (never by file name or m_Name).

GUIDs from the package's `.cs.meta` files, identical in 14.0.12, 17.0.3 and 17.2.0.
"""

from __future__ import annotations

PACKAGE = "com.unity.render-pipelines.high-definition"

HDRP_ASSET = "0cf1dab834d4ec34195b920ea7bbf9ec"  # HDRenderPipelineAsset
GLOBAL_SETTINGS = "781cc897cf8675041a751163b51f97dd"  # HDRenderPipelineGlobalSettings
DIFFUSION_PROFILE = "b2686e09ec7aef44bad2843e4416f057"  # DiffusionProfileSettings
DIFFUSION_PROFILE_LIST = "7a7ff42a8c5be6646ad3975f3a54c1eb"  # DiffusionProfileList volume component
VOLUME_PROFILE = "d7fd9488000d3734a9e00ee676215985"  # core VolumeProfile
URP_ASSET = "bf2edee5c58d82540a51f03df9d42094"  # UniversalRenderPipelineAsset, only to name what is active

# The key of HDRP's entry in GraphicsSettings' per-pipeline global settings map.
PIPELINE_TYPE = "UnityEngine.Rendering.HighDefinition.HDRenderPipeline"
HDRP_NS = "UnityEngine.Rendering.HighDefinition"

# Main object of every ScriptableObject asset.
MAIN_FILE_ID = 11400000

# HDRenderPipelineAsset.m_Version per layout family; HDRenderPipelineGlobalSettings.m_Version likewise.
ASSET_VERSIONS = {22: "14", 25: "17"}
GLOBAL_SETTINGS_VERSIONS = {5: "14", 14: "17"}

# Volume component classes by script GUID (names as the Volume inspector shows them).
VOLUME_COMPONENTS = {
    "2d08ce26990eb1a4a9177b860541e702": "Exposure",
    "953beb541740ddc499d005ee80c9ff29": "Fog",
    "0d7593b3a9277ac4696b20006c21dde2": "VisualEnvironment",
    "59b6606ef2548734bb6d11b9d160bc7e": "HDRISky",
    "d877ec3e844f2ca46830012e8e79319b": "PhysicallyBasedSky",
    "24f077503be6ae942a1e1245dbd53ea9": "Bloom",
    "f086a068d4c5889438831b3ae9afc11c": "Tonemapping",
    "4b8bcdf71d7fafa419fca1ed162f5fc9": "ColorAdjustments",
    "2c1be1b6c95cd2e41b27903b9270817f": "Vignette",
    "aaa3b8214f75b354e9ba2caadd022259": "DepthOfField",
    "7a7ff42a8c5be6646ad3975f3a54c1eb": "DiffusionProfileList",
    "bcf384b154398e341b6b29969c078198": "MotionBlur",
    "56b145d2b9ee1ac4f846968484e7485a": "ContactShadows",
    "9008a067f4d626c4d8bc4bc48f04bb89": "ScreenSpaceAmbientOcclusion",
    "7ddcec8a8eb2d684d833ac8f5d26aebd": "HDShadowSettings",
    "5a6b00fcf518bb94a90b408492e07b44": "FilmGrain",
    "598e2d32e2c7b0c418e030c3236d663a": "ChromaticAberration",
    "b51a78e223a2e504bb88a059b55229ea": "WhiteBalance",
    "a81bcacc415a1f743bfdf703afc52027": "GradientSky",
    "e88178bb13f64a54f90d6cd6ef7aa9a1": "CloudLayer",
    "7e9e4ed5a6f56fb4ebd693e39684f36f": "VolumetricClouds",
    "f034cba68ab55e046ae1445a42f18c0e": "IndirectLightingController",
    "384c4d03a551c44448145f4093304119": "ScreenSpaceReflection",
}
