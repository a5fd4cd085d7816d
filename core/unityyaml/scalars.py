"""Decoding scalar text as Unity writes it: plain, 'single' and "double" quoted, possibly folded over lines.

Unity's emitter wraps long strings onto following lines (`VisualEffectGraph-Samples/Assets/VisualEffectSamples.unity`
line 2298), so every decoder applies YAML line folding: one break becomes a space, each blank line a newline.
"""

from __future__ import annotations

import re

_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
# Unity always signs the exponent (`1.1641532e-10`, `1.5e+11`); requiring the sign keeps GUID-like blobs such as
# `0000000000000000e000000000000000` (built-in resources) strings.
_FLOAT = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:e[-+][0-9]+)?")
_SPECIAL_FLOATS = {"Infinity": float("inf"), "-Infinity": float("-inf"), "NaN": float("nan")}

_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
    "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029",
}
_HEX_LEN = {"x": 2, "u": 4, "U": 8}


class ScalarError(ValueError):
    """A scalar that is not valid YAML (bad escape); the parser turns it into E_FILE_FORMAT_UNSUPPORTED."""


def typed_plain(raw: str) -> int | float | str:
    """A plain scalar's Python value: int or float when the text is a number as Unity writes numbers."""
    if not raw:
        return ""
    c = raw[0]
    if c.isdigit() or c == "-":
        if _INT.fullmatch(raw):
            return int(raw)
        if _FLOAT.fullmatch(raw) and ("." in raw or "e" in raw):
            return float(raw)
    special = _SPECIAL_FLOATS.get(raw)
    if special is not None:
        return special
    if "\n" in raw:
        return decode_plain(raw)
    return raw


def _fold(lines: list[str]) -> str:
    """YAML line folding of already-trimmed lines: a single break is a space, each blank line a newline."""
    out = [lines[0]]
    blanks = 0
    for line in lines[1:-1]:
        if line:
            out.append("\n" * blanks if blanks else " ")
            out.append(line)
            blanks = 0
        else:
            blanks += 1
    if len(lines) > 1:
        out.append("\n" * blanks if blanks else " ")
        out.append(lines[-1])
    return "".join(out)


def decode_plain(raw: str) -> str:
    if "\n" not in raw:
        return raw
    lines = raw.split("\n")
    trimmed = [lines[0].rstrip(" \t\r")] + [line.strip(" \t\r") for line in lines[1:]]
    return _fold(trimmed)


def decode_single(raw: str) -> str:
    body = raw[1:-1]
    if "\n" in body:
        lines = body.split("\n")
        trimmed = [lines[0].rstrip(" \t\r")]
        trimmed += [line.strip(" \t\r") for line in lines[1:-1]]
        trimmed.append(lines[-1].lstrip(" \t"))
        body = _fold(trimmed)
    return body.replace("''", "'")


def decode_double(raw: str) -> str:
    body = raw[1:-1]
    if "\\" not in body and "\n" not in body:
        return body
    out: list[str] = []
    hard = 0  # length of `out` that folding may not trim (escaped characters are content)
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c == "\\":
            if i + 1 >= n:
                raise ScalarError("a double-quoted string ends with a lone backslash")
            nx = body[i + 1]
            if nx in "\r\n":
                i += 2 if nx == "\n" or body[i + 2 : i + 3] != "\n" else 3
                while i < n and body[i] in " \t":
                    i += 1
                hard = len(out)
                continue
            if nx in _HEX_LEN:
                size = _HEX_LEN[nx]
                digits = body[i + 2 : i + 2 + size]
                if len(digits) != size or not all(d in "0123456789abcdefABCDEF" for d in digits):
                    raise ScalarError(f"bad \\{nx} escape in a double-quoted string")
                out.append(chr(int(digits, 16)))
                i += 2 + size
            else:
                decoded = _ESCAPES.get(nx)
                if decoded is None:
                    raise ScalarError(f"unknown escape \\{nx} in a double-quoted string")
                out.append(decoded)
                i += 2
            hard = len(out)
        elif c == "\n" or (c == "\r" and body[i + 1 : i + 2] == "\n"):
            del out[hard:]
            i += 1 if c == "\n" else 2
            blanks = 0
            while True:
                j = i
                while j < n and body[j] in " \t":
                    j += 1
                if j < n and body[j] in "\r\n":
                    blanks += 1
                    i = j + (2 if body[j] == "\r" and body[j + 1 : j + 2] == "\n" else 1)
                    continue
                i = j
                break
            out.append("\n" * blanks if blanks else " ")
            hard = len(out)
        else:
            out.append(c)
            if c not in " \t":
                hard = len(out)
            i += 1
    return "".join(out)
