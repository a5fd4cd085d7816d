"""`vfx.set-particle-emission`: a ParticleSystem's emission rate (set or scale) and bursts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unitycli.api import Field, ToolContext, ToolInput, UnityCliError
from unitycli_vfx import locate, particles
from unitycli_vfx.inputs import EditTarget
from unitycli_vfx.values import (
    CURVE_DESCRIPTION,
    CurveInput,
    CurveValue,
    plain,
    scale_curve,
    set_curve,
    set_if_changed,
)

E = "EmissionModule"


class BurstInput(ToolInput):
    time: float = Field(0, ge=0, description="Seconds after the start of each cycle of the system")
    count: CurveInput = Field(30, description=CURVE_DESCRIPTION + "; particles per burst")
    cycles: int = Field(1, ge=0, description="How many times the burst repeats (0: infinite)")
    interval: float = Field(0.01, gt=0, description="Seconds between repeats")
    probability: float = Field(1, ge=0, le=1)


class SetEmissionInput(EditTarget):
    enabled: bool | None = None
    rate_over_time: CurveInput | None = Field(None, description=CURVE_DESCRIPTION + "; particles per second")
    rate_over_time_scale: float | None = Field(None, ge=0, description=("Multiply the current rate over time "
                                                                         "(constant(s) or curve multiplier), e.g. 2"))
    rate_over_distance: CurveInput | None = Field(None, description=CURVE_DESCRIPTION + "; particles per unit")
    add_bursts: list[BurstInput] = Field(default_factory=list, description="Bursts to append, Unity's defaults "
                                                                            "for the fields left out")


class SetEmissionOutput(locate.ComponentIds):
    enabled: bool
    rate_over_time: dict[str, Any]
    rate_over_distance: dict[str, Any]
    burst_count: int
    changed_fields: list[str]


def _flat(value: int) -> dict[str, Any]:
    keys = [{"serializedVersion": 3, "time": t, "value": value, "inSlope": 0, "outSlope": 0, "tangentMode": 0,
             "weightedMode": 0, "inWeight": 0, "outWeight": 0} for t in (0, 1)]
    return {"serializedVersion": 2, "m_Curve": keys, "m_PreInfinity": 2, "m_PostInfinity": 2, "m_RotationOrder": 4}


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def burst_mapping(burst: BurstInput) -> dict[str, Any]:
    """A burst as the Editor writes a new one: the count curve keeps the default 30 in its unused minScalar."""
    if isinstance(burst.count, CurveValue):
        state, scalar, minimum = 3, burst.count.max, burst.count.min
    else:
        state, scalar, minimum = 0, burst.count, 30
    count = {"serializedVersion": 2, "minMaxState": state, "scalar": _num(scalar), "minScalar": _num(minimum),
             "maxCurve": _flat(1), "minCurve": _flat(1)}
    return {"serializedVersion": 2, "time": _num(burst.time), "countCurve": count, "cycleCount": burst.cycles,
            "repeatInterval": _num(burst.interval), "probability": _num(burst.probability)}


def set_particle_emission(ctx: ToolContext, request: SetEmissionInput) -> SetEmissionOutput:
    r = request
    if r.rate_over_time is not None and r.rate_over_time_scale is not None:
        raise UnityCliError("E_SCHEMA_INVALID", "give rateOverTime or rateOverTimeScale, not both",
                            details={"path": "rateOverTimeScale"})
    if (r.enabled, r.rate_over_time, r.rate_over_time_scale, r.rate_over_distance) == (None,) * 4 and not r.add_bursts:
        raise UnityCliError("E_SCHEMA_INVALID", "nothing to change: give enabled, a rate or addBursts",
                            details={"path": ""})
    loaded, site = locate.find_for_edit(ctx, r, locate.PARTICLE_SYSTEM)
    doc = site.component
    particles.check_writable(doc, "emission", site.file)
    changed: list[str] = []

    def track(path: str, edit: Callable[[], object]) -> None:
        before = doc.text
        edit()
        if doc.text != before:
            changed.append(path)

    if r.enabled is not None:
        track(f"{E}.enabled", lambda: set_if_changed(doc, f"{E}.enabled", 1 if r.enabled else 0))
    if (rate := r.rate_over_time) is not None:
        track(f"{E}.rateOverTime", lambda: set_curve(doc, f"{E}.rateOverTime", rate))
    if (factor := r.rate_over_time_scale) is not None:
        track(f"{E}.rateOverTime", lambda: scale_curve(doc, f"{E}.rateOverTime", factor))
    if (per_metre := r.rate_over_distance) is not None:
        track(f"{E}.rateOverDistance", lambda: set_curve(doc, f"{E}.rateOverDistance", per_metre))
    if r.add_bursts:
        for burst in r.add_bursts:
            doc.append_item(f"{E}.m_Bursts", burst_mapping(burst))
        changed.append(f"{E}.m_Bursts")
        count = len(doc.get(f"{E}.m_Bursts") or [])
        if doc.has(f"{E}.m_BurstCount") and set_if_changed(doc, f"{E}.m_BurstCount", count):
            changed.append(f"{E}.m_BurstCount")
    if changed:
        loaded.save(ctx)
    return SetEmissionOutput(
        **locate.ComponentIds.of(site), enabled=doc.get(f"{E}.enabled") == 1,
        rate_over_time=plain(doc.get(f"{E}.rateOverTime")), rate_over_distance=plain(doc.get(f"{E}.rateOverDistance")),
        burst_count=len(doc.get(f"{E}.m_Bursts") or []), changed_fields=changed)
