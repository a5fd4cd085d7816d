"""What a plugin hands the registry for one tool, validated at the door.

A bad spec (bad name, long summary, a model that is not a pydantic model) raises `ToolSpecError` when it is
built, so the registry can report the plugin that made it instead of failing later in a call. JSON Schemas are
built only when a descriptor asks for them (`spec.input_schema()`), never on the run path: a `tools run` pays
for its own tool, not for generating every other tool's schema.

Registration is cheap: `handler`, `input_model` and `output_model` may each be an import path
(`"unitycli.plugins.scenes.component_set:component_set"`) instead of the object. The spec then imports it on
first use (the run of that tool, or its descriptor), so registering a plugin's fifty tools imports none of their
modules. For an extension that import goes through the same RECORD-verified finder as the extension itself (the
loader installs it before the entry point loads and leaves it in place), so nothing unverified runs. `tests/core/test_toolspec.py` and the contract
tests build every registered tool's schemas, and `check_schemas()` names the plugin whose model cannot have one.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.context import ToolContext

TOOL_NAME_RE = re.compile(r"^[a-z][a-z0-9]*(?:\.[a-z0-9][a-z0-9-]*)+$")
MCP_NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
SUMMARY_MAX = 80
KNOWN_PERMISSIONS = frozenset({"reads_project", "writes_project", "executes_code", "network"})
WRITES = ("reads_project", "writes_project")  # the permissions of a tool that edits project files


def wire_name(field: str) -> str:
    """camelCase on the wire, with Unity's own spelling of fileID (`game_object_file_id` -> `gameObjectFileID`)."""
    return _FILE_ID.sub(r"\1ID\2", to_camel(field))


_FILE_ID = re.compile(r"([fF]ile)Id(s?)$")


class ToolSpecError(ValueError):
    """A tool spec that cannot be registered; the message says which rule it breaks."""


class ToolInput(BaseModel):
    """Base for tool request models: camelCase on the wire, unknown fields refused (typos fail loudly).

    `defer_build`: a model's validator is built on its first use, so importing a plugin with fifty tools costs
    only the models the call touches.
    """

    model_config = ConfigDict(alias_generator=wire_name, populate_by_name=True, extra="forbid", defer_build=True)


class ToolOutput(BaseModel):
    """Base for tool result models: camelCase on the wire (built on first use, like `ToolInput`)."""

    model_config = ConfigDict(alias_generator=wire_name, populate_by_name=True, defer_build=True)


def mcp_name(tool_name: str) -> str:
    """The MCP name of a tool: dots and dashes become underscores (`probuilder.create-shape` → `probuilder_create_shape`)."""
    return tool_name.replace(".", "_").replace("-", "_")


InputT = TypeVar("InputT", bound=BaseModel)
OutputT = TypeVar("OutputT", bound=BaseModel)
# `ToolContext` is named by string: the context module imports the transaction, which a spec must not need.
Handler = Callable[["ToolContext", InputT], OutputT]
REFERENCE_RE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_][\w.]*$")  # "package.module:attribute"
LAZY_FIELDS = ("input_model", "output_model", "handler")


T = TypeVar("T")


class ByPath(Generic[T]):
    """A ToolSpec field given as the object or as its import path: a path is imported on first read and kept.

    Typed for both sides (mypy reads `__set__` for the constructor): a spec accepts `T | str`, a read returns `T`.
    Read from the class it raises AttributeError, so the dataclass sees no default and the field stays required.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.label = name
        self.slot = f"_{name}"

    @overload
    def __get__(self, spec: None, owner: type) -> ByPath[T]: ...

    @overload
    def __get__(self, spec: ToolSpec[Any, Any], owner: type) -> T: ...

    def __get__(self, spec: ToolSpec[Any, Any] | None, owner: type) -> Any:
        if spec is None:
            raise AttributeError(f"{owner.__name__}.{self.label} has no default")
        value = spec.__dict__[self.slot]
        if isinstance(value, str):
            value = spec.__dict__[self.slot] = _imported(spec.name, self.label, value)
        return value

    def __set__(self, spec: ToolSpec[Any, Any], value: T | str) -> None:  # only the dataclass __init__ sets it
        spec.__dict__[self.slot] = value


@dataclass(frozen=True)
class ToolSpec(Generic[InputT, OutputT]):
    """One tool: identity, typed models, handler and risk hints.

    `handler(ctx, request)` receives a `ToolContext` and a validated `input_model` instance and returns an
    `output_model` instance (or raises `UnityCliError`). Writers stage every change in `ctx.transaction`.
    """

    name: str
    title: str
    summary: str
    description: str
    # Each is the object or its import path ("package.module:Model", "package.module:function"), imported on first
    # read (see the module doc); a read returns the object. Required: the descriptor gives no default.
    input_model: ByPath[type[InputT]] = ByPath()
    output_model: ByPath[type[OutputT]] = ByPath()
    handler: ByPath[Handler[InputT, OutputT]] = ByPath()
    read_only: bool = True
    destructive: bool = False
    idempotent: bool = True
    supports_dry_run: bool = True
    permissions: tuple[str, ...] = ("reads_project",)
    examples: tuple[dict[str, Any], ...] = ()
    target: str = "project"
    # Shown in descriptors; an extension's manifest fills `requiresPackages` separately.
    notes: tuple[str, ...] = field(default=())
    # Where each example runs, for the meta-test that runs every example (dry run, then for real): a fixture
    # project (short name or path under the fixtures' unity/ folder) per example; None or missing entries mean the
    # project that holds the example's `file`, else examples/sample-project.
    example_projects: tuple[str | None, ...] = field(default=())

    def __post_init__(self) -> None:
        if not TOOL_NAME_RE.match(self.name):
            raise ToolSpecError(f"tool name {self.name!r} must look like group.verb[-noun] in [a-z0-9.-]")
        if not MCP_NAME_RE.match(mcp_name(self.name)):
            raise ToolSpecError(f"tool name {self.name!r} is too long for MCP clients (48 characters at most)")
        for label, text in (("title", self.title), ("summary", self.summary), ("description", self.description)):
            if not text or not text.strip():
                raise ToolSpecError(f"tool {self.name}: {label} is required")
        if len(self.summary) > SUMMARY_MAX:
            raise ToolSpecError(f"tool {self.name}: summary has {len(self.summary)} characters, at most {SUMMARY_MAX}")
        for label in LAZY_FIELDS:
            value = self.__dict__[f"_{label}"]
            if isinstance(value, str):
                if not REFERENCE_RE.match(value):
                    raise ToolSpecError(f"tool {self.name}: {label} {value!r} is not an import path "
                                        "('package.module:attribute')")
            else:
                _check(self.name, label, value)
        if len(self.example_projects) > len(self.examples):
            raise ToolSpecError(f"tool {self.name}: example_projects has more entries than examples")
        unknown = set(self.permissions) - KNOWN_PERMISSIONS
        if unknown:
            raise ToolSpecError(f"tool {self.name}: unknown permissions {sorted(unknown)}")
        if not self.read_only and "writes_project" not in self.permissions:
            raise ToolSpecError(f"tool {self.name}: a writer must declare the writes_project permission")
        if self.target != "project":
            raise ToolSpecError(f"tool {self.name}: target {self.target!r} is not supported (only 'project')")

    def resolve(self) -> None:
        """Import every by-path reference now: `ToolSpecError` names the tool and the reference that fails."""
        for label in LAZY_FIELDS:
            getattr(self, label)

    def input_schema(self) -> dict[str, Any]:
        """The request's JSON Schema (wire names, validation mode), built when asked (a new dict each time)."""
        return _schema_of(self.name, "input_model", self.input_model, "validation")

    def output_schema(self) -> dict[str, Any]:
        """The result's JSON Schema (wire names, serialization mode), built when asked."""
        return _schema_of(self.name, "output_model", self.output_model, "serialization")

    def check_schemas(self) -> None:
        """Raise `ToolSpecError` naming the model whose JSON Schema cannot be generated."""
        self.input_schema()
        self.output_schema()

    @property
    def group(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def mcp_name(self) -> str:
        return mcp_name(self.name)


class Register(Protocol):
    """The callable a plugin's `unitycli_register_tools` hook receives: hand it each tool's spec once."""

    def __call__(self, spec: ToolSpec[Any, Any], /) -> None: ...


def register_package(register: Register, package: str, modules: Iterable[str], *,
                     adjust: Callable[[ToolSpec[Any, Any]], ToolSpec[Any, Any]] | None = None) -> None:
    """Register the tools of `package`'s `modules`, in order: a module declares several tools as `SPECS`, or one as
    `SPEC`. `adjust` rewrites each spec first (a package-wide default such as `example_projects`; note that
    `dataclasses.replace` reads every field, so it imports what a by-path spec names).

    The one registration line of every extension, whose specs module names each tool's handler and models by import
    path: `register_package(register, __name__, ("specs",))`.
    """
    for name in modules:
        module = importlib.import_module(f"{package}.{name}")
        specs = getattr(module, "SPECS", None) or (module.SPEC,)
        for spec in specs:
            register(adjust(spec) if adjust is not None else spec)


def _check(tool: str, label: str, value: Any) -> None:
    if label == "handler":
        if not callable(value):
            raise ToolSpecError(f"tool {tool}: handler is not callable")
    elif not (isinstance(value, type) and issubclass(value, BaseModel)):
        raise ToolSpecError(f"tool {tool}: {label} must be a pydantic model class")


def _imported(tool: str, label: str, reference: str) -> Any:
    module_name, _, attribute = reference.partition(":")
    try:
        value: Any = importlib.import_module(module_name)
        for part in attribute.split("."):
            value = getattr(value, part)
    except ImportError as exc:  # VerificationError (an unverified file) is an ImportError: refused, not run
        raise ToolSpecError(f"tool {tool}: {label} {reference!r} cannot be imported: {exc}") from exc
    except AttributeError as exc:
        raise ToolSpecError(f"tool {tool}: {label} {reference!r} does not exist: {exc}") from exc
    except Exception as exc:  # a module that fails as it loads (SyntaxError, its own raise): the plugin's fault
        raise ToolSpecError(f"tool {tool}: {label} {reference!r} failed to import: {type(exc).__name__}: {exc}") \
            from exc
    _check(tool, label, value)
    return value


def _schema_of(tool: str, label: str, model: type[BaseModel], mode: str) -> dict[str, Any]:
    try:
        return model.model_json_schema(by_alias=True, mode=mode)  # type: ignore[arg-type]
    except Exception as exc:  # pydantic raises several types for unschematisable fields
        raise ToolSpecError(f"tool {tool}: {label} has no JSON Schema: {exc}") from exc
