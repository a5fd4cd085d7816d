"""The one tool registry: every entry (CLI, MCP, batch, docs) reads tools from here.

Registration asks each plugin separately, so a plugin whose hook raises is recorded and skipped. A name with
two providers is a problem naming both; neither runs until the clash is fixed (never last-one-wins).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from unitycli.host.owners import ToolOwner
from unitycli.host.plugin_loader import LoadedPlugins, LoadFailure, short_traceback
from unitycli.toolspec import ToolSpec, ToolSpecError


@dataclass
class RegisteredTool:
    spec: ToolSpec[Any, Any]
    owner: ToolOwner


@dataclass
class RegistryProblem:
    """Something wrong with the tool set: `duplicate`, `malformed` spec, a plugin `load-error`, a by-path module
    changed on disk (`integrity`) or whose import a check `refused` (a project file not approved)."""

    kind: str
    message: str
    tool: str | None = None
    providers: list[ToolOwner] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "message": self.message,
            "tool": self.tool,
            "providers": [p.model_dump(by_alias=True, exclude_none=True) for p in self.providers],
            "details": self.details,
        }


@dataclass
class ToolRegistry:
    tools: dict[str, RegisteredTool] = field(default_factory=dict)
    conflicts: dict[str, list[RegisteredTool]] = field(default_factory=dict)
    problems: list[RegistryProblem] = field(default_factory=list)

    @property
    def healthy(self) -> bool:
        return not self.problems

    def names(self) -> list[str]:
        return sorted(self.tools)

    def get(self, name: str) -> RegisteredTool | None:
        return self.tools.get(name)

    def add(self, spec: ToolSpec[Any, Any], owner: ToolOwner) -> None:
        if spec.name in self.conflicts:
            self.conflicts[spec.name].append(RegisteredTool(spec, owner))
            self._describe_conflict(spec.name)
            return
        existing = self.tools.get(spec.name)
        if existing is None:
            self.tools[spec.name] = RegisteredTool(spec, owner)
            return
        del self.tools[spec.name]
        self.conflicts[spec.name] = [existing, RegisteredTool(spec, owner)]
        self._describe_conflict(spec.name)

    def _describe_conflict(self, name: str) -> None:
        providers = [t.owner for t in self.conflicts[name]]
        self.problems = [p for p in self.problems if not (p.kind == "duplicate" and p.tool == name)]
        self.problems.append(
            RegistryProblem(
                kind="duplicate",
                tool=name,
                providers=providers,
                message=f"tool {name} is provided by {' and '.join(p.label() for p in providers)}; "
                "neither runs until one is removed or disabled",
            )
        )


def build_registry(loaded: LoadedPlugins) -> ToolRegistry:
    """Ask every registered plugin for its tools, one plugin at a time."""
    registry = ToolRegistry()
    for impl in loaded.manager.hook.unitycli_register_tools.get_hookimpls():
        _register_from(registry, loaded, impl)
    add_load_failures(registry, loaded.failures)
    return registry


def add_plugin_tools(registry: ToolRegistry, loaded: LoadedPlugins, plugin_name: str) -> None:
    """Ask one plugin (by its registered name) for its tools: the lazy session's way to grow a registry."""
    for impl in loaded.manager.hook.unitycli_register_tools.get_hookimpls():
        if impl.plugin_name == plugin_name:
            _register_from(registry, loaded, impl)


def add_load_failures(registry: ToolRegistry, failures: list[LoadFailure]) -> None:
    for failure in failures:
        registry.problems.append(
            RegistryProblem(
                kind="load-error",
                message=f"{failure.plugin} failed at {failure.stage}: {failure.error}",
                details=failure.to_dict(),
            )
        )


def _register_from(registry: ToolRegistry, loaded: LoadedPlugins, impl: Any) -> None:
    owner = loaded.owners.get(impl.plugin_name) or ToolOwner(kind="extension", plugin=impl.plugin_name)
    collected: list[ToolSpec[Any, Any]] = []

    def register(spec: ToolSpec[Any, Any]) -> None:
        if not isinstance(spec, ToolSpec):
            raise ToolSpecError(f"register() takes a ToolSpec, got {type(spec).__name__}")
        collected.append(spec)

    try:
        impl.function(register=register)
    except ToolSpecError as exc:
        # The specs registered before the bad one still count; the bad one is reported with its plugin.
        registry.problems.append(
            RegistryProblem(kind="malformed", message=f"{owner.label()}: {exc}", providers=[owner])
        )
    except Exception as exc:  # a guest's hook may raise anything
        failure = LoadFailure(owner.plugin, owner.distribution, owner.entry_point, "register-tools", repr(exc),
                              short_traceback(exc))
        loaded.failures.append(failure)
        return
    for spec in collected:
        registry.add(spec, owner)
