"""C# name lookup as the compiler does it, enough for field types and base classes: type parameters, nested types
of the declaring class chain, the enclosing namespaces innermost first, `using` aliases, then `using` namespaces;
a name found in the project's or its packages' sources wins over the engine table (`unitytypes`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from unitycli.csharp.syntax import TypeDecl, TypeRef
from unitycli.csharp.unitytypes import PRIMITIVES, external_kind

if TYPE_CHECKING:
    from unitycli.csharp.project import CSharpProject


@dataclass(frozen=True)
class Resolved:
    """What a type name means: `kind` is primitive, enum, class (a source declaration: class or struct),
    interface, value (an engine value type), object (a UnityEngine.Object), none (never serialized), generic (an
    unbound type parameter) or unknown."""

    kind: str
    name: str  # full name (primitive kind for primitives)
    decl: TypeDecl | None = None
    args: tuple[Resolved, ...] = field(default=())
    ref: TypeRef | None = None


_SYSTEM_PREFIX = ("System.", "global::System.")


def _kind_of(decl: TypeDecl) -> str:
    return {"enum": "enum", "interface": "interface", "delegate": "none"}.get(decl.kind, "class")


def merge_parts(parts: list[TypeDecl]) -> TypeDecl:
    """One type from its declarations: a `partial` class's parts merge (bases, attributes and hooks from every
    part); fields may come from one part only, since their order across files is the compiler's, not the
    source's. Two non-partial declarations of one name are ambiguous. Both refusals name the files."""
    if len(parts) == 1:
        return parts[0]
    from unitycli.errors import UnityCliError

    where = [f"{p.file}:{p.line}" for p in parts]
    details = {"file": parts[0].file, "line": parts[0].line, "type": parts[0].full_name, "declarations": where}
    if not all("partial" in p.modifiers for p in parts):
        raise UnityCliError("E_SCRIPT_LAYOUT_UNPROVABLE", f"{parts[0].full_name} is declared {len(parts)} times "
                            f"({', '.join(where)}); which one Unity compiles is not decided by the sources",
                            details=details)
    with_fields = [p for p in parts if p.fields]
    if len(with_fields) > 1:
        raise UnityCliError("E_SCRIPT_LAYOUT_UNPROVABLE", f"the partial class {parts[0].full_name} declares fields "
                            f"in {len(with_fields)} parts ({', '.join(where)}); their serialized order across "
                            "files is the compiler's, not the source's", details=details)
    main = with_fields[0] if with_fields else parts[0]
    based = next((p for p in parts if p.bases), main)
    return replace(main, bases=based.bases, bases_from=based if based is not main else None,
                   attributes=tuple(a for p in parts for a in p.attributes),
                   hooks=tuple(h for p in parts for h in p.hooks))


class Resolver:
    def __init__(self, project: CSharpProject) -> None:
        self.project = project
        self._names: dict[str, list[TypeDecl]] = {}
        self.broken: dict[str, list[str]] = {}  # simple name -> files that may declare it but do not parse

    def declared(self, simple: str) -> list[TypeDecl]:
        if simple not in self._names:
            found, broken = self.project.declarations(simple)
            self._names[simple] = found
            if broken:
                self.broken[simple] = [b.path for b in broken]
        return self._names[simple]

    def _candidates(self, name: str, arity: int, context: TypeDecl) -> list[str]:
        """Full names `name` may stand for in `context`, in the compiler's lookup order."""
        out: list[str] = []
        for depth in range(len(context.outer) + 1, -1, -1):  # nested types of the class chain
            chain = (*context.outer, context.name)[:depth]
            if chain:
                out.append(".".join(p for p in (context.namespace, *chain, name) if p))
        for declared in context.scope.namespaces:  # `namespace A.B` looks in A.B, then A
            parts = declared.split(".")
            out += [".".join((*parts[:n], name)) for n in range(len(parts), 0, -1)]
        out.append(name)
        out += [f"{using}.{name}" for using in context.scope.usings]
        return list(dict.fromkeys(out))

    def _base_names(self, context: TypeDecl, depth: int = 0) -> list[str]:
        """Full names of the source-declared base classes of `context`, nearest first (bounded, so a cycle in
        broken sources ends)."""
        if depth > 10 or not context.bases:
            return []
        holder = context.bases_from or context
        base = self.resolve(context.bases[0], holder, inherited=False)  # a base list is looked up outside the class
        if base.kind != "class" or base.decl is None:
            return []
        return [base.name, *self._base_names(base.decl, depth + 1)]

    def resolve(self, ref: TypeRef, context: TypeDecl, generics: dict[str, Resolved] | None = None, *,
                inherited: bool = True) -> Resolved:
        """The meaning of a type written in `context` (element type only: arrays are the caller's); `inherited`
        also looks among the nested types of its base classes."""
        generics = generics or {}
        name = ref.name.removeprefix("global::")
        if name in generics and not ref.args:
            return generics[name]
        if name in context.all_params and not ref.args:
            return Resolved("generic", name, ref=ref)  # a type parameter no argument was given for
        if name in PRIMITIVES or (name.startswith(_SYSTEM_PREFIX) and name.rsplit(".", 1)[-1] in PRIMITIVES):
            return Resolved("primitive", PRIMITIVES[name.rsplit(".", 1)[-1]], ref=ref)
        if name in ("object", "decimal", "dynamic", "nint", "nuint", "void"):
            return Resolved("none", name, ref=ref)
        args = tuple(self.resolve(a, context, generics, inherited=inherited) for a in ref.args)
        head, _, rest = name.partition(".")
        for alias, target in context.scope.aliases:
            if alias == head:
                name = target.name + ("." + rest if rest else "")
                if not rest and target.args and not args:
                    args = tuple(self.resolve(a, context, generics, inherited=inherited) for a in target.args)
                break
        candidates = self._candidates(name, len(args), context)
        if inherited and "." not in name:  # a nested type of a base class: C# member lookup finds it before the namespaces
            nested = len(context.outer) + 1  # the class chain's own nested candidates come first
            from_bases = [f"{base}.{name}" for base in self._base_names(context)]
            candidates = list(dict.fromkeys([*candidates[:nested], *from_bases, *candidates[nested:]]))
        simple = name.rsplit(".", 1)[-1]
        decls: dict[str, list[TypeDecl]] = {}
        for d in self.declared(simple):
            if len(args) in (d.arity, len(d.all_params)):
                decls.setdefault(d.full_name, []).append(d)
        for full in candidates:
            if full in decls:
                decl = merge_parts(decls[full])
                if len(args) < len(decl.all_params):  # a nested class named inside its generic outer class
                    args = tuple(generics.get(p, Resolved("unknown", p)) for p in decl.outer_params) + args
                return Resolved(_kind_of(decl), full, decl, args, ref)
        if inherited and "." in name:  # `Outer.Nested` where Nested is declared in a base class of Outer
            outer_name, _, nested_name = name.rpartition(".")
            outer = self.resolve(TypeRef(outer_name, ()), context, generics, inherited=False)
            if outer.kind == "class" and outer.decl is not None:
                for base in self._base_names(outer.decl):
                    if f"{base}.{nested_name}" in decls:
                        decl = merge_parts(decls[f"{base}.{nested_name}"])
                        return Resolved(_kind_of(decl), decl.full_name, decl, args, ref)
        for full in candidates:
            kind = external_kind(full)
            if kind is not None:
                return Resolved(kind, full, None, args, ref)
        return Resolved("unknown", name, None, args, ref)
