"""Checking a create-shape request against the package's shape parameters, then running the generator.

The generators live in `shapegen` (one module per family, each a port of Runtime/Shapes/*.cs); this module is the
door: the shape name, the size and every option are validated here, so a generator only ever sees values the
package's own Inspector would allow.
"""

from __future__ import annotations

import math
from typing import Any

from unitycli.api import UnityCliError, describe_command
from unitycli_probuilder.f32 import f
from unitycli_probuilder.shapegen import SHAPES, ShapeKind
from unitycli_probuilder.shapegen.common import Built


def invalid(message: str, **details: object) -> UnityCliError:
    return UnityCliError("E_PROBUILDER_SHAPE_INVALID", message, details=dict(details),
                         next_actions=[describe_command("probuilder.create-shape")])


def kind_of(name: str) -> ShapeKind:
    kind = SHAPES.get(name.strip().lower())
    if kind is None:
        raise invalid(f"unknown shape {name!r}; known shapes: {', '.join(SHAPES)}", field="shape", value=name,
                      known=list(SHAPES))
    return kind


def _value(kind: ShapeKind, key: str, value: Any) -> float | int | bool:
    param = next((p for p in kind.params if p.name == key), None)
    if param is None:
        known = [p.name for p in kind.params]
        raise invalid(f"{kind.name} has no option {key!r}" + (f"; its options: {', '.join(known)}" if known else
                                                               "; it takes no options"),
                      field=f"options.{key}", value=value, known=known)
    field = f"options.{key}"
    if param.kind is bool:
        if not isinstance(value, bool):
            raise invalid(f"{field} must be true or false, not {value!r}", field=field, value=value)
        return value
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise invalid(f"{field} must be a finite number, not {value!r}", field=field, value=value)
    if param.kind is int and value != int(value):
        raise invalid(f"{field} must be a whole number, not {value!r}", field=field, value=value)
    if (param.lo is not None and value < param.lo) or (param.hi is not None and value > param.hi):
        span = f"between {param.lo:g} and {param.hi:g}" if param.hi is not None else f"at least {param.lo:g}"
        raise invalid(f"{field} must be {span}, not {value!r}", field=field, value=value, min=param.lo, max=param.hi)
    return int(value) if param.kind is int else float(value)  # generators round to float32 as they read it


def options_for(kind: ShapeKind, given: dict[str, Any]) -> dict[str, float | int | bool]:
    """The package defaults overlaid with the caller's options, each checked against its field's range."""
    values: dict[str, float | int | bool] = {p.name: p.default for p in kind.params}
    for key, value in given.items():
        values[key] = _value(kind, key, value)
    return values


def check_size(kind: ShapeKind, size: tuple[float, float, float]) -> tuple[float, float, float]:
    """Finite and positive; y is 0 for the flat shapes (ProBuilderShape.SetShape zeroes it for plane and sprite)."""
    checked = []
    for axis, value in zip("xyz", size, strict=True):
        if axis == "y" and kind.flat:
            checked.append(0.0)
            continue
        if not math.isfinite(value) or value <= 0 or f(value) == 0:
            raise invalid(f"size.{axis} must be a finite number greater than 0, not {value}", field=f"size.{axis}",
                          value=value)
        checked.append(f(value))
    return checked[0], checked[1], checked[2]


def build(kind: ShapeKind, size: tuple[float, float, float], options: dict[str, float | int | bool]) -> Built:
    return kind.build(size, options)
