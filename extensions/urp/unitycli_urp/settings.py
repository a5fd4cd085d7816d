"""The typed subset of UniversalRenderPipelineAsset fields the settings tools read and write.

Each setting names its YAML key, its kind, the values URP accepts (the C# property clamps or enums) and the
layouts whose asset has the field. A write is refused (E_URP_SETTING_UNSUPPORTED) when the project's URP version
lacks the field, or the file does not have it (saved by an older version: Unity would add it on its next save).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from unitycli.api import FLOAT32_MAX, Flow, UnityCliError

ALL = ("14", "17.0", "17.2")
AXES = ("x", "y", "z")
SPLIT_BIAS = 0.001
SHADOW_RESOLUTIONS_14 = (256, 512, 1024, 2048, 4096)
SHADOW_RESOLUTIONS_17 = (*SHADOW_RESOLUTIONS_14, 8192)


@dataclass(frozen=True)
class Setting:
    name: str
    key: str
    kind: str  # bool | int | float | choice | splits (cascade split points: a float, or {x, y[, z]})
    description: str
    layouts: tuple[str, ...] = ALL
    min: float | None = None
    max: float | None = None
    choices: tuple[int, ...] = ()
    count: int = 0  # splits: how many split points

    def choices_for(self, layout: str) -> tuple[int, ...]:
        if self.name in ("mainLightShadowResolution", "additionalLightsShadowResolution"):
            return SHADOW_RESOLUTIONS_14 if layout == "14" else SHADOW_RESOLUTIONS_17
        return self.choices

    def to_json(self, raw: Any) -> Any:
        if raw is None:
            return None
        if self.kind == "splits" and isinstance(raw, dict):
            return [raw.get(axis) for axis in AXES[:self.count]]
        return bool(raw) if self.kind == "bool" else raw

    def _splits_to_yaml(self, value: Any, bad: Any) -> Any:
        """The Editor's rule (UniversalRenderPipelineAssetUI.Drawers.cs, 14.0.9 and 17.x): each split at least
        SPLIT_BIAS above the one before, the first ≥ 0, the last ≤ 1."""
        points = [value] if self.count == 1 and not isinstance(value, list) else value
        if (not isinstance(points, list) or len(points) != self.count
                or any(isinstance(p, bool) or not isinstance(p, int | float) or not math.isfinite(p) for p in points)):
            raise bad(f"expected {'a number' if self.count == 1 else f'a list of {self.count} numbers'}")
        if points[0] < 0 or points[-1] > 1:
            raise bad("split points lie in 0 … 1")
        for before, after in zip(points, points[1:], strict=False):
            if after < before + SPLIT_BIAS:
                raise bad(f"each split must be at least {SPLIT_BIAS} above the one before")
        return points[0] if self.count == 1 else Flow(zip(AXES, points, strict=False))

    def to_yaml(self, value: Any, layout: str) -> Any:
        def bad(why: str) -> UnityCliError:
            return UnityCliError("E_URP_SETTING_INVALID", f"{self.name}: {why} (got {value!r})",
                                 details={"setting": self.name, "value": value, "min": self.min, "max": self.max,
                                          "choices": list(self.choices_for(layout)) or None})
        if self.kind == "splits":
            return self._splits_to_yaml(value, bad)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise bad("expected true or false")
            return int(value)
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise bad("expected a number")
        if abs(value) > FLOAT32_MAX:
            raise bad("beyond ±3.4028235e38, the float32 range of the asset's fields")
        if self.kind in ("int", "choice") and not float(value).is_integer():
            raise bad("expected an integer")
        if self.kind in ("int", "choice"):
            value = int(value)
        choices = self.choices_for(layout)
        if choices and value not in choices:
            raise bad(f"expected one of {', '.join(map(str, choices))}")
        if self.min is not None and value < self.min:
            raise bad(f"below the minimum {self.min}")
        if self.max is not None and value > self.max:
            raise bad(f"above the maximum {self.max}")
        return value


SETTINGS = (
    Setting("renderScale", "m_RenderScale", "float", "Render scale (0.1–2)", min=0.1, max=2),
    Setting("msaa", "m_MSAA", "choice", "MSAA sample count: 1 (off), 2, 4, 8", choices=(1, 2, 4, 8)),
    Setting("hdr", "m_SupportsHDR", "bool", "HDR rendering"),
    Setting("shadowDistance", "m_ShadowDistance", "float", "Max shadow distance (≥ 0)", min=0),
    Setting("cascadeCount", "m_ShadowCascadeCount", "int", "Shadow cascades (1–4)", min=1, max=4),
    Setting("cascade2Split", "m_Cascade2Split", "splits", "2 cascades: the split point, 0–1", count=1),
    Setting("cascade3Split", "m_Cascade3Split", "splits", "3 cascades: two increasing split points, 0–1", count=2),
    Setting("cascade4Split", "m_Cascade4Split", "splits", "4 cascades: three increasing split points, 0–1",
            count=3),
    Setting("mainLightShadowResolution", "m_MainLightShadowmapResolution", "choice",
            "Main light shadowmap resolution: 256…4096 (17: also 8192)"),
    Setting("additionalLightsShadowResolution", "m_AdditionalLightsShadowmapResolution", "choice",
            "Additional lights shadow atlas resolution: 256…4096 (17: also 8192)"),
    Setting("softShadows", "m_SoftShadowsSupported", "bool", "Soft shadows"),
    Setting("softShadowQuality", "m_SoftShadowQuality", "choice", "Soft shadow quality: 1 low, 2 medium, 3 high",
            choices=(1, 2, 3)),
    Setting("srpBatcher", "m_UseSRPBatcher", "bool", "SRP Batcher"),
    Setting("depthTexture", "m_RequireDepthTexture", "bool", "Depth texture"),
    Setting("opaqueTexture", "m_RequireOpaqueTexture", "bool", "Opaque texture"),
    Setting("renderGraph", "m_EnableRenderGraph", "bool",
            "Render Graph (14.0.x only: in 17 it lives in the global settings)", layouts=("14",)),
    Setting("gpuResidentDrawer", "m_GPUResidentDrawerMode", "choice",
            "GPU Resident Drawer: 0 disabled, 1 instanced drawing (17 only)", layouts=("17.0", "17.2"),
            choices=(0, 1)),
)
BY_NAME = {s.name: s for s in SETTINGS}


def unsupported(setting: Setting, layout: str, path: str, why: str) -> UnityCliError:
    return UnityCliError("E_URP_SETTING_UNSUPPORTED", f"{setting.name} ({setting.key}): {why}",
                         details={"setting": setting.name, "key": setting.key, "asset": path, "layout": layout,
                                  "layouts": list(setting.layouts)})
