"""Unity's serialization rules applied to C# declarations: the fields a MonoBehaviour or ScriptableObject is
written with, in the Editor's order, with their nesting, C# types and (where the source proves one) defaults.

The rules (Unity manual, "Script serialization"): an instance field is serialized when it is public or marked
`[SerializeField]`/`[SerializeReference]`, is not static, const or readonly, is not `[NonSerialized]`
(`[HideInInspector]` hides it in the Inspector only), and its type is serializable: a primitive, an enum,
string, a built-in Unity value type, a UnityEngine.Object reference, a non-abstract `[Serializable]` class or
struct (generic ones from Unity 2020.1), or an array or `List<T>` of one of those (not of an array or list).
`[SerializeReference]` fields hold a managed reference (`rid`) of any non-Object reference type. Nested
serializable classes stop at depth 10. Base class fields come first, most-derived last, each in declaration
order; an auto-property marked `[field: SerializeField]` is its backing field `<Name>k__BackingField`.

Whatever can't be decided (a type declared nowhere the project can read, a file that does not parse, a name that
fits two declarations) raises a catalogued error naming the file and line, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from unitycli.csharp.initializers import (
    UNPROVEN,
    after_hooks,
    empty_collection,
    enum_default,
    enum_members,
    primitive_default,
)
from unitycli.csharp.literals import DEFAULT, NOT_LITERAL, Construct, MemberRef
from unitycli.csharp.project import CSharpProject
from unitycli.csharp.resolve import Resolved, Resolver, merge_parts
from unitycli.csharp.syntax import FieldDecl, TypeDecl, TypeRef
from unitycli.csharp.unitytypes import MANAGED_OBJECTS
from unitycli.errors import UnityCliError
from unitycli.typetree.versions import version_key

DEPTH_LIMIT = 10
_LISTS = ("List", "System.Collections.Generic.List")
_GENERIC_SERIALIZATION = (2020, 1)
_UNITY_OBJECT_BASES = frozenset(f"UnityEngine.{n}" for n in MANAGED_OBJECTS["UnityEngine"]) | {"UnityEngine.Object"}


@dataclass(frozen=True)
class SerializedField:
    """One serialized field. `kind`: a primitive kind (int, float, bool, string, …), enum, value (a Unity value
    type such as Vector3), object (a UnityEngine.Object reference), class (a nested serializable class or struct,
    its fields in `fields`), reference (`[SerializeReference]`), or array (an array or List, its element in
    `element`)."""

    name: str
    kind: str
    csharp_type: str  # as written in the source
    type_name: str  # resolved full name (the primitive kind for primitives)
    file: str
    line: int
    default: Any = UNPROVEN
    fields: tuple[SerializedField, ...] = ()
    element: SerializedField | None = None
    former_names: tuple[str, ...] = ()
    hidden: bool = False  # [HideInInspector]
    enum_members: tuple[tuple[str, int], ...] = ()
    unproven_reason: str | None = None  # why `default` is UNPROVEN when a method the Editor runs assigns it
    engine_type: str | None = None  # for kind `value`: the engine type it is or derives from (UnityEvent, Vector3)
    type_args: tuple[str, ...] = ()  # that engine type's type arguments, resolved (`UnityEvent<float>` -> float)

    def keys(self) -> list[Any]:
        """Names and nesting as a plain structure (for comparing with a document)."""
        if self.kind == "class":
            return [self.name, [f.keys() for f in self.fields]]
        if self.kind == "array" and self.element is not None and self.element.kind == "class":
            return [self.name, [[f.keys() for f in self.element.fields]]]
        return [self.name]


@dataclass(frozen=True)
class ClassLayout:
    full_name: str
    file: str
    line: int
    unity_base: str | None  # MonoBehaviour, ScriptableObject, ... (None: not a UnityEngine.Object)
    fields: tuple[SerializedField, ...]
    base_classes: tuple[str, ...] = field(default=())  # nearest first


def _error(code: str, message: str, file: str, line: int, **details: Any) -> UnityCliError:
    return UnityCliError(code, message, details={"file": file, "line": line, **details}, next_actions=[])


class SerializationModel:
    """Serialized layouts of a project's classes. Build one per project (`SerializationModel(root)`)."""

    def __init__(self, root: Any) -> None:
        self.project = CSharpProject(root)
        self.resolver = Resolver(self.project)
        key = version_key(self.project.editor_version) if self.project.editor_version else None
        self.generic_classes = key is None or key[:2] >= _GENERIC_SERIALIZATION
        self._engine_args: dict[str, tuple[str, ...]] = {}

    # --- classes -------------------------------------------------------------------------------------------

    def script_class(self, guid: str) -> TypeDecl:
        """The class behind a script GUID: the `.cs` whose `.meta` has it, and in it the class of the file's name
        (Unity requires the two to match)."""
        file = self.project.file_of_guid(guid)
        if file is None:
            raise UnityCliError("E_SCRIPT_CLASS_NOT_FOUND", f"no .cs file of the project or its packages has the "
                                f"GUID {guid} in its .meta", details={"scriptGuid": guid}, next_actions=[])
        parsed = self.project.parsed(file)
        if parsed.issues:
            issue = parsed.issues[0]
            raise _error("E_SCRIPT_SOURCE_UNPARSEABLE", f"{file.shown} does not parse at line {issue.line}: "
                         f"{issue.text}", file.shown, issue.line, scriptGuid=guid)
        stem = file.disk.name[:-3]
        named = [t for t in parsed.types if t.name == stem and t.kind in ("class", "record") and not t.outer]
        if len(named) != 1:
            raise _error("E_SCRIPT_CLASS_NOT_FOUND", f"{file.shown} declares {len(named)} top-level classes named "
                         f"{stem}; Unity needs exactly one class named like the file", file.shown, 1, scriptGuid=guid)
        if "partial" not in named[0].modifiers:
            return named[0]
        return merge_parts([d for d in self.resolver.declared(stem) if d.full_name == named[0].full_name
                            and d.arity == named[0].arity])

    def script_layout(self, guid: str) -> ClassLayout:
        """The serialized fields of the class behind script `guid`."""
        return self.layout_of(self.script_class(guid))

    def layout_of(self, decl: TypeDecl, generics: dict[str, Resolved] | None = None) -> ClassLayout:
        chain = self._class_chain(decl, generics or {})
        unity_base = None
        fields: list[SerializedField] = []
        bases: list[str] = []
        for link_decl, link_generics, external in reversed(chain):
            if external is not None:
                unity_base = external
            bases.append(link_decl.full_name)
            fields.extend(self._fields(link_decl, link_generics, depth=0))
        self._check_unique(fields, decl)
        fields = after_hooks(fields, [link for link, _, _ in chain])
        return ClassLayout(decl.full_name, decl.file, decl.line, unity_base, tuple(fields),
                           tuple(reversed(bases[:-1])))

    def _links(self, decl: TypeDecl, generics: dict[str, Resolved]
               ) -> tuple[list[tuple[TypeDecl, dict[str, Resolved]]], Resolved | None]:
        """The one walk up a class's bases: `decl` and each base class the sources declare, nearest first, with
        their generic arguments, then the base the chain ends at that the sources do not declare (an engine class,
        a type declared nowhere readable), or None where it ends at no base (none, an interface, a cycle)."""
        links: list[tuple[TypeDecl, dict[str, Resolved]]] = [(decl, generics)]
        seen = {decl.full_name}
        current, current_generics = decl, generics
        while current.bases and current.kind in ("class", "record"):
            base = self.resolver.resolve(current.bases[0], current.bases_from or current, current_generics)
            if base.kind == "interface" or (base.kind == "unknown" and _looks_like_interface(current.bases[0])):
                break  # C# names the base class first: an interface first means there is none
            if base.kind != "class" or base.decl is None:
                return links, base
            if base.decl.full_name in seen:
                break
            seen.add(base.decl.full_name)
            current_generics = dict(zip(base.decl.all_params, base.args, strict=False))
            current = base.decl
            links.append((current, current_generics))
        return links, None

    def _class_chain(self, decl: TypeDecl, generics: dict[str, Resolved]
                     ) -> list[tuple[TypeDecl, dict[str, Resolved], str | None]]:
        """`decl` and its base classes, nearest first. The last entry's third item names the engine class the
        chain ends in (`MonoBehaviour`, `ScriptableObject`, …, or `value:<name>` for an engine value class such
        as UnityEvent); its own fields are not in the chain. A base whose fields cannot be known is refused."""
        links, end = self._links(decl, generics)
        chain: list[tuple[TypeDecl, dict[str, Resolved], str | None]] = [(d, g, None) for d, g in links]
        if end is None:
            return chain
        last, last_generics = links[-1]
        if end.kind not in ("object", "value") or end.decl is not None:
            self._unknown(end, last, last.line, "base class")
        if end.kind == "object" and end.name not in _UNITY_OBJECT_BASES:
            raise _error("E_SCRIPT_LAYOUT_UNPROVABLE", f"{last.full_name} derives from {end.name}, whose "
                         "serialized fields come from a source that is not in the project",
                         last.file, last.line, baseClass=end.name)
        engine = end.name.rsplit(".", 1)[-1] if end.kind == "object" else f"value:{end.name}"
        self._engine_args[last.full_name] = tuple(a.name for a in end.args)
        chain[-1] = (last, last_generics, engine)
        return chain

    def declared_bases(self, decl: TypeDecl) -> tuple[list[TypeDecl], str | None]:
        """`decl` and the base classes the sources declare, nearest first, and the full name of the class the
        chain then reaches outside them (`UnityEngine.MonoBehaviour`), if any. Unlike `layout_of` it refuses
        nothing: what a class is and which methods it has are known as far as its sources go."""
        links, end = self._links(decl, {})
        return [d for d, _ in links], end.name if end is not None else None

    def is_unity_object(self, decl: TypeDecl, generics: dict[str, Resolved] | None = None) -> bool:
        """Whether `decl` derives from a UnityEngine.Object class (MonoBehaviour, ScriptableObject, …)."""
        engine = self.engine_base(decl, generics)
        return engine is not None and not engine.startswith("value:")

    def base_chain(self, decl: TypeDecl) -> list[TypeDecl]:
        """`decl` and its base classes declared in the sources, nearest first."""
        return [link for link, _, _ in self._class_chain(decl, {})]

    def engine_base(self, decl: TypeDecl, generics: dict[str, Resolved] | None = None) -> str | None:
        """The engine class `decl` derives from (see `_class_chain`), or None."""
        return self._class_chain(decl, generics or {})[-1][2]

    # --- fields --------------------------------------------------------------------------------------------

    def _fields(self, decl: TypeDecl, generics: dict[str, Resolved], depth: int) -> list[SerializedField]:
        out = []
        for fdecl in decl.fields:
            if not _declared_serialized(fdecl):
                continue
            described = self._field(fdecl, decl, generics, depth)
            if described is not None:
                out.append(described)
        return out

    def _field(self, fdecl: FieldDecl, decl: TypeDecl, generics: dict[str, Resolved],
               depth: int) -> SerializedField | None:
        former = tuple(a.args[0] for a in fdecl.attributes if a.name == "FormerlySerializedAs"
                       and a.args and isinstance(a.args[0], str))
        common = {"csharp_type": fdecl.type.text, "file": decl.file, "line": fdecl.line, "former_names": former,
                  "hidden": fdecl.has("HideInInspector")}
        if fdecl.type.nullable or fdecl.type.pointer:
            return None
        if fdecl.has("SerializeReference"):
            return self._reference(fdecl, decl, generics, common)
        element_ref, is_array = _element_type(fdecl.type)
        if element_ref is None:
            return None  # an array of arrays, a list of lists, a multi-dimensional array: not serialized
        element = self._value(fdecl.name if not is_array else "data", element_ref, fdecl, decl, generics, depth,
                              common, top=not is_array)
        if element is None:
            return None
        if not is_array:
            return element
        return SerializedField(fdecl.name, "array", type_name=element.type_name, element=element, default=(
            [] if not fdecl.has_initializer or fdecl.initializer is None else empty_collection(fdecl)), **common)

    def _value(self, name: str, ref: TypeRef, fdecl: FieldDecl, decl: TypeDecl, generics: dict[str, Resolved],
               depth: int, common: dict[str, Any], top: bool) -> SerializedField | None:
        resolved = self.resolver.resolve(ref, decl, generics)
        initial = fdecl.initializer if top else NOT_LITERAL
        has_init = fdecl.has_initializer and top
        if resolved.kind == "primitive":
            return SerializedField(name, resolved.name, type_name=resolved.name,
                                   default=primitive_default(resolved.name, has_init, initial), **common)
        if resolved.kind == "enum" and resolved.decl is not None:
            members = enum_members(resolved.decl)
            return SerializedField(name, "enum", type_name=resolved.name, enum_members=members,
                                   default=enum_default(members, resolved.decl, has_init, initial), **common)
        if resolved.kind == "enum":  # an engine enum: its members are not in any source here
            return SerializedField(name, "enum", type_name=resolved.name,
                                   default=0 if not has_init or initial is DEFAULT else UNPROVEN, **common)
        if resolved.kind == "value":
            default = (None if not has_init or initial is DEFAULT else initial
                       if isinstance(initial, Construct | MemberRef) else UNPROVEN)
            return SerializedField(name, "value", type_name=resolved.name, default=default,
                                   engine_type=resolved.name, type_args=tuple(a.name for a in resolved.args),
                                   **common)
        if resolved.kind == "object":
            return SerializedField(name, "object", type_name=resolved.name,
                                   default=None if not has_init or initial is None else UNPROVEN, **common)
        if resolved.kind in ("none", "interface"):
            return None
        if resolved.kind == "class" and resolved.decl is not None:
            return self._nested(name, resolved, fdecl, depth, common, has_init)
        self._unknown(resolved, decl, fdecl.line, f"field {fdecl.name}")
        return None

    def _nested(self, name: str, resolved: Resolved, fdecl: FieldDecl, depth: int, common: dict[str, Any],
                has_init: bool) -> SerializedField | None:
        target = resolved.decl
        assert target is not None
        generics = dict(zip(target.all_params, resolved.args, strict=False))
        engine = self.engine_base(target, generics)
        if engine is not None and not engine.startswith("value:"):
            return SerializedField(name, "object", type_name=resolved.name,
                                   default=None if not has_init or fdecl.initializer is None else UNPROVEN, **common)
        if engine is not None:  # a class deriving from an engine value class (a UnityEvent subclass)
            return SerializedField(name, "value", type_name=resolved.name, default=None if not has_init
                                   or fdecl.initializer is None else UNPROVEN, engine_type=engine[6:],
                                   type_args=self._engine_args.get(self.base_chain(target)[-1].full_name, ()),
                                   **common) if target.has(
                                   "Serializable") and "abstract" not in target.modifiers else None
        if not target.has("Serializable") or "abstract" in target.modifiers or "static" in target.modifiers:
            return None
        if target.type_params and not self.generic_classes:
            return None
        if depth + 1 > DEPTH_LIMIT:
            return None
        fields = []
        chain = self._class_chain(target, generics)
        for link_decl, link_generics, _ in reversed(chain):
            fields.extend(self._fields(link_decl, link_generics, depth + 1))
        fields = after_hooks(fields, [link for link, _, _ in chain])
        initial = fdecl.initializer
        default = None if not has_init or initial is None or (isinstance(initial, Construct) and not initial.args
                                                                and initial.type in ("", target.name)) else UNPROVEN
        return SerializedField(name, "class", type_name=resolved.name, fields=tuple(fields), default=default,
                               **common)

    def _reference(self, fdecl: FieldDecl, decl: TypeDecl, generics: dict[str, Resolved],
                   common: dict[str, Any]) -> SerializedField | None:
        element_ref, is_array = _element_type(fdecl.type)
        if element_ref is None:
            return None
        resolved = self.resolver.resolve(element_ref, decl, generics)
        if resolved.kind in ("primitive", "enum", "value", "object"):
            return None  # Unity ignores [SerializeReference] on value types and Object references
        element = SerializedField("data" if is_array else fdecl.name, "reference", type_name=resolved.name,
                                  default=None if not fdecl.has_initializer or fdecl.initializer is None
                                  else UNPROVEN, **common)
        if not is_array:
            return element
        default = [] if not fdecl.has_initializer or fdecl.initializer is None else empty_collection(fdecl)
        return SerializedField(fdecl.name, "array", type_name=resolved.name, element=element, default=default,
                               **common)

    def _unknown(self, resolved: Resolved, decl: TypeDecl, line: int, what: str) -> None:
        if resolved.kind == "generic":
            raise _error("E_SCRIPT_LAYOUT_UNPROVABLE", f"{decl.file} line {line}: {what} has the type parameter "
                         f"{resolved.name} of {decl.full_name}; its layout depends on the type argument (ask for a "
                         "class that derives from it with the argument given)", decl.file, line,
                         type=resolved.name, inClass=decl.full_name)
        simple = resolved.name.rsplit(".", 1)[-1]
        broken = self.resolver.broken.get(simple)
        if broken:
            raise _error("E_SCRIPT_SOURCE_UNPARSEABLE", f"{decl.file} line {line}: the type {resolved.name} of {what} "
                         f"may be declared in {broken[0]}, which does not parse", decl.file, line,
                         type=resolved.name, unparseable=broken[:5])
        raise _error("E_SCRIPT_LAYOUT_UNPROVABLE", f"{decl.file} line {line}: the type {resolved.name} of {what} is "
                     "declared nowhere unitycli can read (not in the project, its package sources or Unity's "
                     "built-in types), so whether Unity serializes it is unknown", decl.file, line,
                     type=resolved.name, inClass=decl.full_name)

    @staticmethod
    def _check_unique(fields: list[SerializedField], decl: TypeDecl) -> None:
        seen: dict[str, SerializedField] = {}
        for f in fields:
            if f.name in seen:
                raise _error("E_SCRIPT_LAYOUT_UNPROVABLE", f"{decl.full_name} serializes two fields named {f.name} "
                             f"({seen[f.name].file}:{seen[f.name].line} and {f.file}:{f.line}); Unity reports "
                             "this as an error and the layout is not defined", f.file, f.line, field=f.name)
            seen[f.name] = f


def _looks_like_interface(ref: TypeRef) -> bool:
    """.NET's naming rule for interfaces (`IPointerClickHandler`): used only for a first base type declared
    nowhere readable, where a class would make the layout unprovable anyway."""
    simple = ref.simple
    return len(simple) > 2 and simple[0] == "I" and simple[1].isupper() and simple[2].islower()


def _declared_serialized(fdecl: FieldDecl) -> bool:
    mods = fdecl.modifiers
    if mods & {"static", "const", "readonly"} or fdecl.has("NonSerialized"):
        return False
    return "public" in mods or fdecl.has("SerializeField") or fdecl.has("SerializeReference")


def _element_type(ref: TypeRef) -> tuple[TypeRef | None, bool]:
    """(element type, is a collection): `T[]` and `List<T>` give T; nested collections give (None, True)."""
    if ref.array_ranks:
        if len(ref.array_ranks) > 1 or ref.array_ranks[0] != 1:
            return None, True
        inner = ref.element()
    elif ref.name in _LISTS and len(ref.args) == 1:
        inner = ref.args[0]
    else:
        return ref, False
    if inner.array_ranks or (inner.name in _LISTS and len(inner.args) == 1):
        return None, True
    return inner, True
