"""Numbers as the Unity Editor prints them, so an edited value looks like one Unity wrote.

Observed over all fixtures: floats are float32 printed with the fewest digits that read back to the same float32
(`0.19999999`, `0.44444445`, `0.1`, `45`), positional down to 1e-9 (`0.0000000018626451`) and in exponent form
below that or for huge values (`1.1641532e-10`, `1.5e+11`, `3.4028235e+38`), always with a signed exponent;
`Infinity`, `-Infinity`; integers plainly. Positional up to 1e9 is a guess: 150000000 is the largest seen.
"""

from __future__ import annotations

import math
import struct

_F32 = struct.Struct("<f")
_LOW_EXP = -9  # smallest decimal exponent printed positionally (seen: 1.8626451e-9 -> 0.0000000018626451)
_HIGH_EXP = 9  # largest decimal exponent printed positionally (assumed; 1.5e8 -> 150000000, 1.5e11 -> 1.5e+11)


def to_float32(value: float) -> float:
    """`value` rounded to the nearest float32 (what Unity stores for a `float` field)."""
    return _F32.unpack(_F32.pack(value))[0]


def _shortest_digits(value: float, single: bool) -> tuple[str, int]:
    """The fewest significant digits that read back to the same float32 (or float64): (digits, exponent)."""
    if single:
        for precision in range(1, 10):
            text = f"{value:.{precision - 1}e}"
            try:
                if to_float32(float(text)) == value:
                    break
            except OverflowError:  # rounding near float32's max can leave its range
                continue
    else:
        text = f"{value:.16e}"
        for precision in range(1, 18):
            candidate = f"{value:.{precision - 1}e}"
            if float(candidate) == value:
                text = candidate
                break
    mantissa, _, exp = text.partition("e")
    digits = mantissa.replace(".", "").lstrip("-").rstrip("0") or "0"
    return digits, int(exp)


def format_float(value: float, *, single: bool = True) -> str:
    """Text for a float field as Unity writes it; `single=False` keeps float64 precision (for `double` fields)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if single:
        try:
            value = to_float32(value)
        except OverflowError:
            single = False
    if value == 0:
        return "-0" if math.copysign(1.0, value) < 0 else "0"
    sign = "-" if value < 0 else ""
    digits, exp = _shortest_digits(abs(value), single)
    if exp < _LOW_EXP or exp > _HIGH_EXP:
        mantissa = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
        return f"{sign}{mantissa}e{'-' if exp < 0 else '+'}{abs(exp):02d}"
    if exp < 0:
        return f"{sign}0.{'0' * (-exp - 1)}{digits}"
    if len(digits) <= exp + 1:
        return f"{sign}{digits}{'0' * (exp + 1 - len(digits))}"
    return f"{sign}{digits[: exp + 1]}.{digits[exp + 1 :]}"


def format_number(value: int | float | bool) -> str:
    """Ints and bools plainly (`1`/`0` for bools, as Unity writes them), floats via `format_float`."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    return format_float(value)
