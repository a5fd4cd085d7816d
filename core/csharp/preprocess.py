"""C#'s preprocessor (`#if`, `#elif`, `#else`, `#endif`, `#define`, `#undef`) applied before parsing.

Fields inside `#if` blocks are real in Unity packages (Cinemachine's input-system fields sit under
`#if CINEMACHINE_UNITY_INPUTSYSTEM`), and branches that split a statement do not parse at all until one is chosen.
The compiler's rule is simple and line-based by the language spec: a directive is a line of its own, and a symbol
not defined is false. Inactive lines become empty lines, so every line number the parser reports is the file's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*(if|elif|else|endif|define|undef)\b(.*)$")
_TOKEN = re.compile(r"\s*(\|\||&&|==|!=|!|\(|\)|[A-Za-z_][A-Za-z0-9_]*)")


class PreprocessorError(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def _evaluate(expression: str, defined: set[str], line: int) -> bool:
    expression = expression.split("//", 1)[0].strip()
    tokens: list[str] = []
    pos = 0
    while pos < len(expression):
        match = _TOKEN.match(expression, pos)
        if match is None:
            if expression[pos:].strip():
                raise PreprocessorError(line, f"cannot read the condition {expression!r}")
            break
        tokens.append(match.group(1))
        pos = match.end()
    result, rest = _or(tokens, defined, line)
    if rest:
        raise PreprocessorError(line, f"cannot read the condition {expression!r}")
    return result


def _or(tokens: list[str], defined: set[str], line: int) -> tuple[bool, list[str]]:
    value, tokens = _and(tokens, defined, line)
    while tokens[:1] == ["||"]:
        right, tokens = _and(tokens[1:], defined, line)
        value = value or right
    return value, tokens


def _and(tokens: list[str], defined: set[str], line: int) -> tuple[bool, list[str]]:
    value, tokens = _equality(tokens, defined, line)
    while tokens[:1] == ["&&"]:
        right, tokens = _equality(tokens[1:], defined, line)
        value = value and right
    return value, tokens


def _equality(tokens: list[str], defined: set[str], line: int) -> tuple[bool, list[str]]:
    value, tokens = _unary(tokens, defined, line)
    while tokens[:1] in (["=="], ["!="]):
        op = tokens[0]
        right, tokens = _unary(tokens[1:], defined, line)
        value = (value == right) if op == "==" else (value != right)
    return value, tokens


def _unary(tokens: list[str], defined: set[str], line: int) -> tuple[bool, list[str]]:
    if not tokens:
        raise PreprocessorError(line, "an #if condition ends too early")
    head = tokens[0]
    if head == "!":
        value, rest = _unary(tokens[1:], defined, line)
        return not value, rest
    if head == "(":
        value, rest = _or(tokens[1:], defined, line)
        if rest[:1] != [")"]:
            raise PreprocessorError(line, "an #if condition misses a ')'")
        return value, rest[1:]
    if head in ("true", "false"):
        return head == "true", tokens[1:]
    if head in ("||", "&&", "==", "!=", ")"):
        raise PreprocessorError(line, f"unexpected {head!r} in an #if condition")
    return head in defined, tokens[1:]


def preprocess(source: bytes, symbols: Iterable[str]) -> bytes:
    """`source` with inactive lines and directive lines emptied (line count unchanged)."""
    defined = set(symbols)
    out: list[bytes] = []
    # each frame: (this block is active, some branch of it was taken, the enclosing block is active)
    stack: list[tuple[bool, bool, bool]] = []
    active = True
    for number, raw in enumerate(source.split(b"\n"), start=1):
        match = _DIRECTIVE.match(raw.rstrip(b"\r"))
        if match is None:
            out.append(raw if active else b"")
            continue
        word = match.group(1).decode()
        rest = match.group(2).decode("utf-8", "replace").strip()
        if word == "if":
            taken = active and _evaluate(rest, defined, number)
            stack.append((taken, taken, active))
            active = taken
        elif word in ("elif", "else"):
            if not stack:
                raise PreprocessorError(number, f"#{word} without #if")
            _, was_taken, outer = stack.pop()
            taken = outer and not was_taken and (word == "else" or _evaluate(rest, defined, number))
            stack.append((taken, was_taken or taken, outer))
            active = taken
        elif word == "endif":
            if not stack:
                raise PreprocessorError(number, "#endif without #if")
            active = stack.pop()[2]
        elif active and word == "define":
            defined.add(rest.split("//", 1)[0].strip())
        elif active and word == "undef":
            defined.discard(rest.split("//", 1)[0].strip())
        out.append(b"")
    if stack:
        raise PreprocessorError(source.count(b"\n") + 1, "#if without #endif")
    return b"\n".join(out)
