"""Renderer features of a Universal Renderer asset: `m_RendererFeatures` (local refs, in order) and
`m_RendererFeatureMap` (each feature's fileID as little-endian int64 hex, same order) are always rewritten together,
as the Editor's renderer inspector does.

New features are written as "Add Renderer Feature" leaves them once `Create()` has run: `m_ObjectHideFlags: 0`,
`m_Name` = the class name (or the name given), the class defaults, and for SSAO in 14.0.9/17.0.3 the blue-noise
textures and shader that `Create()` fills (not serialized from 17.0.4 on, so the 17.2 layout leaves them out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from unitycli.api import (
    Document,
    Field,
    Flow,
    LoadedFile,
    Ref,
    ToolContext,
    ToolOutput,
    UnityCliError,
    UnityYamlFile,
    decode_int64_le_hex,
    encode_int64_le_hex,
)
from unitycli_urp import pipeline
from unitycli_urp.ids import (
    DECAL_COPY_DEPTH,
    DECAL_DBUFFER_CLEAR,
    FEATURE_CLASSES,
    FEATURE_GUIDS,
    FULL_SCREEN_INVERT_COLORS,
    FULL_SCREEN_PASS_GUIDS,
    MAIN_FILE_ID,
    NULL,
    RENDERER_GUIDS,
    SCREEN_SPACE_SHADOWS_SHADER,
    SSAO_BLUE_NOISE,
    SSAO_SHADER,
)

SINGLE_INSTANCE = {"ScreenSpaceAmbientOcclusion", "DecalRendererFeature", "ScreenSpaceShadows"}
FEATURE_TYPES = {"RenderObjects": "RenderObjects", "ScreenSpaceAmbientOcclusion": "ScreenSpaceAmbientOcclusion",
                 "SSAO": "ScreenSpaceAmbientOcclusion", "DecalRendererFeature": "DecalRendererFeature",
                 "Decal": "DecalRendererFeature", "FullScreenPassRendererFeature": "FullScreenPassRendererFeature",
                 "FullScreenPass": "FullScreenPassRendererFeature", "ScreenSpaceShadows": "ScreenSpaceShadows"}
RENDER_PASS_EVENTS = {
    "BeforeRendering": 0, "BeforeRenderingShadows": 50, "AfterRenderingShadows": 100,
    "BeforeRenderingPrePasses": 150, "AfterRenderingPrePasses": 200, "BeforeRenderingGbuffer": 210,
    "AfterRenderingGbuffer": 220, "BeforeRenderingDeferredLights": 230, "AfterRenderingDeferredLights": 240,
    "BeforeRenderingOpaques": 250, "AfterRenderingOpaques": 300, "BeforeRenderingSkybox": 350,
    "AfterRenderingSkybox": 400, "BeforeRenderingTransparents": 450, "AfterRenderingTransparents": 500,
    "BeforeRenderingPostProcessing": 550, "AfterRenderingPostProcessing": 600, "AfterRendering": 1000,
}


class RendererTarget(pipeline.PipelineTarget):
    renderer: str | None = Field(None, description=("Project path of a renderer asset (URP-Balanced-Renderer.asset); "
                                                    "default: renderer `rendererIndex` of the pipeline asset"))
    renderer_index: int | None = Field(None, description=("Index in the pipeline asset's m_RendererDataList; "
                                                          "default its m_DefaultRendererIndex"))
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the renderer file is "
                                                            "at this revision (writers only).")


class FeatureInfo(ToolOutput):
    index: int = Field(description="Position in m_RendererFeatures")
    file_id: int
    name: str = Field(description="m_Name (the Editor shows it; renamable)")
    type: str | None = Field(description="Feature class from its script GUID; None when unknown or missing")
    script_guid: str | None
    active: bool | None = Field(description="m_Active; None when the sub-asset is missing")
    missing: bool = Field(description="The list names a fileID with no document in the file")


def is_renderer(yaml: UnityYamlFile) -> bool:
    doc = yaml.find(MAIN_FILE_ID)
    if doc is None:
        return False
    return pipeline.script_guid(yaml) in RENDERER_GUIDS or "\n  m_RendererFeatures:" in doc.text


def resolve_renderer(ctx: ToolContext, target: RendererTarget) -> str:
    if target.renderer:
        path = target.renderer.replace("\\", "/").strip()
        ok = path.endswith(".asset") and ctx.transaction.exists(path)
        if ok:
            try:
                ok = is_renderer(pipeline.open_asset(ctx, path).yaml)
            except UnityCliError:
                ok = False
        if not ok:
            raise UnityCliError("E_URP_RENDERER_NOT_FOUND", f"{path} is not a URP renderer asset",
                                details={"renderer": path})
        return path
    asset = pipeline.resolve_asset(ctx, target)
    refs, default = pipeline.renderer_refs(pipeline.open_asset(ctx, asset).yaml)
    index = default if target.renderer_index is None else target.renderer_index
    renderer = pipeline.ref_path(ctx, refs[index]) if 0 <= index < len(refs) else None
    if renderer is None:
        raise UnityCliError("E_URP_RENDERER_NOT_FOUND", f"{asset} has no renderer at index {index}",
                            details={"asset": asset, "rendererIndex": index, "count": len(refs)})
    return renderer


@dataclass
class Renderer:
    loaded: LoadedFile

    @property
    def path(self) -> str:
        return self.loaded.path

    @property
    def main(self) -> Document:
        return self.loaded.yaml.get(MAIN_FILE_ID)

    def ids(self) -> list[int]:
        return [r.file_id for r in (self.main.get("m_RendererFeatures", []) or []) if isinstance(r, Ref)]

    def map_ids(self) -> list[int] | None:
        text = self.main.get_text("m_RendererFeatureMap") if self.main.has("m_RendererFeatureMap") else ""
        try:
            return decode_int64_le_hex(text)
        except UnityCliError:
            return None

    def features(self) -> list[FeatureInfo]:
        out = []
        for index, file_id in enumerate(self.ids()):
            doc = self.loaded.yaml.find(file_id)
            if doc is None:
                out.append(FeatureInfo(index=index, file_id=file_id, name="", type=None, script_guid=None,
                                       active=None, missing=True))
                continue
            guid = pipeline.script_guid(self.loaded.yaml, file_id)
            out.append(FeatureInfo(index=index, file_id=file_id, name=str(doc.get("m_Name", "")),
                                   type=FEATURE_CLASSES.get(guid or ""), script_guid=guid,
                                   active=bool(doc.get("m_Active", 1)), missing=False))
        return out

    def find(self, spec: str | int) -> FeatureInfo:
        features = self.features()
        text = str(spec).strip()
        if not text:  # a blank name is not a name: features with a blank (or missing) name are told apart by id
            raise self._ambiguous(spec, [f for f in features if not f.name.strip()], "a blank feature name")
        hit = [f for f in features if f.name == text] or [f for f in features if str(f.file_id) == text.lstrip("&")]
        if not hit:
            hit = [f for f in features if f.type == FEATURE_TYPES.get(text, text)]
        if not hit and text.isdigit() and int(text) < len(features):
            hit = [features[int(text)]]
        if not hit:
            raise UnityCliError("E_URP_FEATURE_NOT_FOUND", f"{self.path} has no renderer feature {spec!r}",
                                details={"renderer": self.path, "feature": spec,
                                         "features": [f.name for f in features]})
        if len(hit) > 1:
            raise self._ambiguous(spec, hit, f"{len(hit)} features match {spec!r}")
        return hit[0]

    def _ambiguous(self, spec: str | int, candidates: list[FeatureInfo], why: str) -> UnityCliError:
        return UnityCliError("E_URP_FEATURE_AMBIGUOUS", f"{self.path}: {why}; name the feature by fileID or index",
                             details={"renderer": self.path, "feature": spec,
                                      "candidates": [{"index": f.index, "fileID": f.file_id, "name": f.name}
                                                     for f in candidates]})

    def _write_map(self) -> None:
        self.main.set("m_RendererFeatureMap", encode_int64_le_hex(self.ids()))

    def add(self, fields: dict[str, Any]) -> int:
        doc = self.loaded.yaml.add_document(114, "MonoBehaviour", fields)
        self.main.insert_item("m_RendererFeatures", len(self.ids()), Ref(doc.file_id))
        self._write_map()
        return doc.file_id

    def remove(self, feature: FeatureInfo) -> None:
        self.main.remove_item("m_RendererFeatures", feature.index)
        self._write_map()
        if not feature.missing and not self.loaded.yaml.references_to(feature.file_id):
            self.loaded.yaml.remove_document(feature.file_id)

    def move(self, feature: FeatureInfo, index: int) -> None:
        self.main.remove_item("m_RendererFeatures", feature.index)
        self.main.insert_item("m_RendererFeatures", index, Ref(feature.file_id))
        self._write_map()


def open_renderer(ctx: ToolContext, target: RendererTarget, *, for_write: bool = False) -> Renderer:
    path = resolve_renderer(ctx, target)
    return Renderer(pipeline.open_asset(ctx, path, for_write=for_write, expected_revision=target.expected_revision))


def _head(script_guid: str, name: str, class_identifier: str) -> dict[str, Any]:
    return {"m_ObjectHideFlags": 0, "m_CorrespondingSourceObject": NULL, "m_PrefabInstance": NULL,
            "m_PrefabAsset": NULL, "m_GameObject": NULL, "m_Enabled": 1, "m_EditorHideFlags": 0,
            "m_Script": Ref(11500000, script_guid, 3), "m_Name": name, "m_EditorClassIdentifier": class_identifier,
            "m_Active": 1}


def render_objects_fields(name: str, class_identifier: str, *, event: int = 300, layer_mask: int = 0,
                          queue: int = 0) -> dict[str, Any]:
    """RenderObjects with RenderObjectsSettings defaults (minigolf "Ball Highlight" layout)."""
    return {**_head(FEATURE_GUIDS["RenderObjects"], name, class_identifier), "settings": {
        "passTag": "RenderObjectsFeature", "Event": event,
        "filterSettings": {"RenderQueueType": queue, "LayerMask": {"serializedVersion": 2, "m_Bits": layer_mask},
                           "PassNames": []},
        "overrideMaterial": NULL, "overrideMaterialPassIndex": 0, "overrideShader": NULL,
        "overrideShaderPassIndex": 0, "overrideMode": 1, "overrideDepthState": 0, "depthCompareFunction": 4,
        "enableWrite": 1,
        "stencilSettings": {"overrideStencilState": 0, "stencilReference": 0, "stencilCompareFunction": 8,
                            "passOperation": 0, "failOperation": 0, "zFailOperation": 0},
        "cameraSettings": {"overrideCamera": 0, "restoreCamera": 1, "offset": Flow({"x": 0, "y": 0, "z": 0, "w": 0}),
                           "cameraFieldOfView": 60},
    }}


def ssao_fields(name: str, class_identifier: str, layout: str) -> dict[str, Any]:
    """ScreenSpaceAmbientOcclusion with its settings defaults (bitesize PC_Renderer layout)."""
    fields = {**_head(FEATURE_GUIDS["ScreenSpaceAmbientOcclusion"], name, class_identifier), "m_Settings": {
        "AOMethod": 0, "Downsample": 0, "AfterOpaque": 0, "Source": 1, "NormalSamples": 1, "Intensity": 3,
        "DirectLightingStrength": 0.25, "Radius": 0.035, "Samples": 1, "BlurQuality": 0, "Falloff": 100,
        "SampleCount": -1}}
    if layout in ("14", "17.0"):
        fields["m_BlueNoise256Textures"] = list(SSAO_BLUE_NOISE)
        fields["m_Shader"] = SSAO_SHADER
    return fields


def decal_fields(name: str, class_identifier: str, layout: str) -> dict[str, Any]:
    """DecalRendererFeature with DecalSettings defaults (chicken-defense High Fidelity layout); 14.x
    also serializes the two shaders Create() loads."""
    fields = {**_head(FEATURE_GUIDS["DecalRendererFeature"], name, class_identifier), "m_Settings": {
        "technique": 0, "maxDrawDistance": 1000, "decalLayers": 0, "dBufferSettings": {"surfaceData": 2},
        "screenSpaceSettings": {"normalBlend": 0}}}
    if layout == "14":
        fields["m_CopyDepthPS"] = DECAL_COPY_DEPTH
        fields["m_DBufferClear"] = DECAL_DBUFFER_CLEAR
    return fields


def full_screen_pass_fields(name: str, class_identifier: str, layout: str) -> dict[str, Any]:
    """FullScreenPassRendererFeature as the Editor creates it (14.0.9, 17.0.3, 17.2.0 source; manifests/urp.evidence.md):
    the fields of the main file, then `m_Version` of the `.migration.cs` part, which OnBeforeSerialize sets to
    Latest (AddFetchColorBufferCheckbox = 1) on a new object; passMaterial is the script's default reference."""
    return {**_head(FULL_SCREEN_PASS_GUIDS[layout], name, class_identifier),
            "injectionPoint": 600, "fetchColorBuffer": 1, "requirements": 0, "passMaterial": FULL_SCREEN_INVERT_COLORS,
            "passIndex": 0, "bindDepthStencilAttachment": 0, "m_Version": 1}


def screen_space_shadows_fields(name: str, class_identifier: str) -> dict[str, Any]:
    """ScreenSpaceShadows: the hidden m_Shader Create() finds by name, and the empty ScreenSpaceShadowsSettings
    (no fields in 14.0.9 … 17.2.0, written as an empty mapping)."""
    return {**_head(FEATURE_GUIDS["ScreenSpaceShadows"], name, class_identifier),
            "m_Shader": SCREEN_SPACE_SHADOWS_SHADER, "m_Settings": {}}
