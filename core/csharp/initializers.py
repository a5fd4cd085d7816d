"""Defaults a field's source proves: a literal initializer (`= 3`, `= "a"`, `= Mode.Fast`, `= new List<T>()`),
or the type's zero value without one; and where a method the Editor runs on a new component (Reset, OnValidate, a
constructor) assigns the field, no proven default at all.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from unitycli.csharp.literals import DEFAULT, NOT_LITERAL, MemberRef, evaluate
from unitycli.csharp.syntax import FieldDecl, TypeDecl


class _Unproven:
    def __repr__(self) -> str:
        return "UNPROVEN"


UNPROVEN: Any = _Unproven()  # a default the source does not prove (a constructor call, a method, a constant)


def after_hooks(fields: list[Any], chain: list[TypeDecl]) -> list[Any]:
    """Fields a method the Editor runs on a new component assigns (Reset, OnValidate, a constructor) keep no
    proven default: the initializer is not what the Editor writes. An opaque hook (one that calls other code on
    the object) leaves every field unproven."""
    hooks = [(decl, hook) for decl in chain for hook in decl.hooks]
    if not hooks:
        return fields
    out = []
    for f in fields:
        names = {f.name, f.name[1:].split(">k__", 1)[0] if f.name.startswith("<") else f.name}
        hit = next(((d, h) for d, h in hooks if h.opaque or names & h.writes), None)
        if hit is None:
            out.append(f)
            continue
        decl, hook = hit
        what = "a constructor" if hook.name == ".ctor" else f"{hook.name}()"
        reason = f"{what} at {decl.file}:{hook.line} " + ("calls code that may assign it" if hook.opaque
                                                           and not names & hook.writes else "assigns it")
        out.append(replace(f, default=UNPROVEN, unproven_reason=reason))
    return out


def primitive_default(kind: str, has_init: bool, value: Any) -> Any:
    if not has_init or value is DEFAULT:
        return "" if kind == "string" else False if kind == "bool" else 0
    if kind == "string":
        return value if isinstance(value, str) else "" if value is None else UNPROVEN
    if kind == "bool":
        return value if isinstance(value, bool) else UNPROVEN
    if isinstance(value, bool) or value is NOT_LITERAL or value is None:
        return UNPROVEN
    if isinstance(value, int):
        return value
    if kind in ("float", "double") and hasattr(value, "value"):
        return value
    return UNPROVEN


def enum_members(decl: TypeDecl) -> tuple[tuple[str, int], ...]:
    """The members whose value the source proves (a member set from another enum, `= RenderMode.X`, and the
    implicit ones after it are left out: a default naming them stays unproven)."""
    values: dict[str, int] = {}
    out: list[tuple[str, int]] = []
    previous: Any = -1
    for member in decl.enum_members:
        if member.value is None:
            value: Any = previous + 1 if isinstance(previous, int) else NOT_LITERAL
        else:
            value = evaluate(member.value, lambda ref: values.get(ref.path[-1], NOT_LITERAL)
                             if len(ref.path) == 1 or ref.path[-2] == decl.name else NOT_LITERAL)
        previous = value if isinstance(value, int) and not isinstance(value, bool) else NOT_LITERAL
        if previous is not NOT_LITERAL:
            values[member.name] = previous
            out.append((member.name, previous))
    return tuple(out)


def enum_default(members: tuple[tuple[str, int], ...], decl: TypeDecl, has_init: bool, value: Any) -> Any:
    if not has_init or value is DEFAULT:
        return 0
    named = dict(members)
    result = evaluate(value, lambda ref: named.get(ref.path[-1], NOT_LITERAL)
                      if len(ref.path) >= 2 and ref.path[-2] == decl.name else NOT_LITERAL)
    if isinstance(value, MemberRef) and len(value.path) < 2:
        return UNPROVEN
    return result if isinstance(result, int) and not isinstance(result, bool) else UNPROVEN


def empty_collection(fdecl: FieldDecl) -> Any:
    """`new List<T>()`, `new T[0]`, `new()`, `[]`: an empty collection is the default; anything else is unproven."""
    text = "".join(fdecl.initializer_text.split())
    written = "".join(fdecl.type.text.split())
    element = written[:-2] if written.endswith("[]") else written
    empty = {"new()", "[]", f"new{written}()", f"new{element}[0]", f"Array.Empty<{element}>()",
             f"System.Array.Empty<{element}>()"}
    return [] if text in empty else UNPROVEN
