"""One invocation's view of the world: loaded plugins, the registry and the selected project.

Every entry (CLI command, MCP server, batch run) builds a Session and asks it; nothing is loaded at import
time, and a test gets a fresh Session (and so a fresh plugin manager) whenever it makes one.

Two ways to a tool: `registry` loads every plugin (discovery, MCP listing, docs); `prepare(name)` first asks the
compiled map (`unitycli.host.registry_index`) which plugin provides the name and loads only that one, so a call
pays for its own plugin, then resolves everything about the call that does not depend on its input (owner,
project, availability, integrity: the host's own checks, `unitycli.host.checks`, called directly) once, as a
`PreparedCall` that `unitycli.runner.run_tool` runs. The map is
written after each full build and ignored whenever anything it depends on changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from unitycli.errors import ErrorSpec, UnityCliError
from unitycli.host.availability import Availability
from unitycli.host.checks import HostChecks
from unitycli.host.owners import ToolOwner
from unitycli.host.plugin_loader import LoadedPlugins, load_plugins
from unitycli.host.registry import RegisteredTool, ToolRegistry, build_registry
from unitycli.host.registry_index import IndexedTool, StoredIndex
from unitycli.knownscripts import KnownScript, merge_known_scripts
from unitycli.next_actions import NextAction, SameCall, describe_command, render

if TYPE_CHECKING:  # pragma: no cover
    import pluggy

    from unitycli.host.descriptors import ToolDescriptor, ToolHead
    from unitycli.host.project_setup import ProjectSetup
    from unitycli.project.selection import Project
    from unitycli.toolspec import ToolSpec


@dataclass(frozen=True)
class PreparedCall:
    """One tool resolved for the session's project, once: the spec and owner, the plugin manager that loaded it,
    the package scripts handlers may name, and the checks that do not depend on the input.

    `refusal` is the project-selection or availability error that stops the call; it is kept, not raised, so the
    runner reports a malformed input first (an agent fixes its call before its project), in the same order on
    every entry.
    """

    tool: RegisteredTool
    project: Project | None
    known_scripts: dict[str, KnownScript]
    profile_verified: bool | None = None
    refusal: UnityCliError | None = None
    error_catalog: Callable[[], dict[str, ErrorSpec]] = dict  # resolves a plugin's own code raised as a string

    @property
    def spec(self) -> ToolSpec[Any, Any]:
        return self.tool.spec


@dataclass
class LazyPlugins:
    """The plugins a lazy session has loaded so far (each called tool's owner)."""

    loaded: LoadedPlugins
    registry: ToolRegistry
    index: StoredIndex
    plugins: set[str] = field(default_factory=set)


@dataclass
class Session:
    project_arg: str | None = None
    instance_arg: str | None = None
    cwd: Path = field(default_factory=Path.cwd)
    include_entry_points: bool = True
    extra_plugins: Iterable[tuple[object, ToolOwner]] = ()
    command: str | None = None  # the invocation's command words, so selection errors suggest runnable commands

    @cached_property
    def project_setup(self) -> ProjectSetup:
        """The selected project's approved tool files and extension deny list (nothing when none is selected)."""
        from unitycli.host.project_setup import project_setup

        selected = self._project
        return project_setup(None if isinstance(selected, UnityCliError) else selected)

    @cached_property
    def checks(self) -> HostChecks:
        """Availability and integrity of this session's tools, with the manifests and packages they read."""
        return HostChecks()

    @cached_property
    def plugins(self) -> LoadedPlugins:
        setup = self.project_setup
        loaded = load_plugins(include_entry_points=self.include_entry_points, config_denied=setup.denied,
                              extra_plugins=[*self.extra_plugins, *setup.plugins])
        loaded.failures.extend(setup.failures)
        return loaded

    @cached_property
    def registry(self) -> ToolRegistry:
        registry = self.project_setup.apply_rules(build_registry(self.plugins))
        self._store_index(registry)
        return registry

    # --- the compiled map (see unitycli.host.registry_index) -----------------------------------------------------

    @property
    def _indexable(self) -> bool:
        """Only a session that loads exactly what is installed (no test plugins, no opt-outs) uses the map."""
        return self.include_entry_points and not list(self.extra_plugins)

    @cached_property
    def _index_path(self) -> Path:
        from unitycli.host.registry_index import index_path

        return index_path({"project": self.project_arg, "instance": self.instance_arg, "cwd": str(self.cwd)})

    def dependencies(self) -> list[str]:
        """The files what this session loads and answers depends on (installed code, entry points, the project's
        package and unitycli files, approvals, aliases): the discovery cache and the MCP watcher check them.
        Listed once per session (a walk of every installed package, ~35 ms): a discovery command stores both the
        tool map and its answer with them, and each is stat'ed as it is stored."""
        return list(self._dependencies)

    @cached_property
    def _dependencies(self) -> list[str]:
        from unitycli.host.discovery_deps import discovery_dependencies

        selected = self._project
        return discovery_dependencies(None if isinstance(selected, UnityCliError) else selected.root, self.cwd)

    def _store_index(self, registry: ToolRegistry) -> None:
        from unitycli.host.registry_index import RegistryIndex, store_index

        # An unhealthy registry is stored too: only `registry.tools` (the names that run) enter the map, so a
        # clashing, refused or unapproved name still takes the full path and gets its exact error.
        if not self._indexable:
            return
        tools = {name: IndexedTool(plugin=t.owner.plugin, owner=t.owner) for name, t in registry.tools.items()}
        store_index(self._index_path, RegistryIndex(tools=tools, known_scripts=self.known_scripts),
                    self.dependencies())

    @cached_property
    def _lazy(self) -> LazyPlugins | None:
        from unitycli.host.plugin_loader import new_manager
        from unitycli.host.registry_index import load_index

        if not self._indexable or "registry" in self.__dict__:
            return None
        index = load_index(self._index_path)
        if index is None:
            return None
        return LazyPlugins(loaded=LoadedPlugins(manager=new_manager()), registry=ToolRegistry(), index=index)

    def _lazy_tool(self, name: str) -> RegisteredTool | None:
        """The tool through the map, loading only its plugin; None sends the caller to the full registry."""
        if "registry" in self.__dict__:
            return None
        found = self._lazy.registry.get(name) if self._lazy is not None else None
        if found is not None or self._lazy is None:
            return found
        try:
            entry = self._lazy.index.tool(name)
        except (KeyError, TypeError, ValueError):  # a damaged entry is a miss
            return None
        if entry is None or entry.owner.kind == "project":  # project tools load with their approvals
            return None
        if entry.plugin not in self._lazy.plugins and not self._load_lazily(self._lazy, entry):
            return None
        found = self._lazy.registry.get(name)
        if found is None or found.owner != entry.owner:
            return None
        return found

    def _load_lazily(self, lazy: LazyPlugins, entry: IndexedTool) -> bool:
        """Load one plugin into the lazy session: a built-in by module, an extension through the same RECORD
        check (and lock pin) as a full load, before any of its code is imported."""
        from unitycli.host.plugin_loader import (
            BUILTIN_PLUGINS,
            builtin_owner,
            extension_entry_points,
            load_builtin,
            load_entry_point,
        )
        from unitycli.host.project_setup import pin_lock_digests
        from unitycli.host.registry import add_plugin_tools

        owner = entry.owner
        if owner.kind == "project":
            return False  # project tools load with their approvals, in a full load only
        if owner.kind == "builtin":
            module = next((m for m in BUILTIN_PLUGINS if builtin_owner(m).plugin == entry.plugin), None)
            if module is None:
                return False
            load_builtin(lazy.loaded, module)
        else:
            ep = next((e for e in extension_entry_points() if f"ext:{e.name}" == entry.plugin), None)
            if ep is None:
                return False
            selected = self._project
            if not isinstance(selected, UnityCliError):
                pin_lock_digests(selected)  # the lock's RECORD pins, checked before the import as in a full load
            load_entry_point(lazy.loaded, ep, set())  # a denied extension is never in the map
            if lazy.loaded.failures:
                return False  # refused (integrity) or broken: the full load reports it exactly
        add_plugin_tools(lazy.registry, lazy.loaded, entry.plugin)
        lazy.plugins.add(entry.plugin)
        return not lazy.loaded.failures

    def error_catalog(self, *, everything: bool = False) -> dict[str, ErrorSpec]:
        """The core's codes and those of every plugin this session loaded (fully, or lazily one by one): enough
        to resolve any code a tool it ran raised, since a plugin raises the core's codes and its own.
        `everything` loads every plugin first, for the whole catalog (`docs errors`, an extension's meta-tests)."""
        from unitycli.host.plugin_loader import error_catalog

        if everything:
            self.plugins  # noqa: B018 - the full load, so every installed plugin's codes are in
        lazy = self.__dict__.get("_lazy")
        full = self.__dict__.get("plugins")
        return error_catalog(*(loaded for loaded in (lazy.loaded if lazy is not None else None, full)
                               if loaded is not None))

    def manager_for(self, tool: RegisteredTool) -> pluggy.PluginManager:
        """The plugin manager that loaded `tool`: the lazy one when it came through the map."""
        lazy: LazyPlugins | None = self.__dict__.get("_lazy")
        if lazy is not None and lazy.registry.get(tool.spec.name) is tool:
            return lazy.loaded.manager
        return self.plugins.manager

    @cached_property
    def known_scripts(self) -> dict[str, KnownScript]:
        """Package scripts by GUID, as every loaded plugin declares them (see `unitycli_known_scripts`); a lazy
        session takes them from the map, which recorded every plugin's answer."""
        lazy: LazyPlugins | None = self.__dict__.get("_lazy")
        if lazy is not None and "plugins" not in self.__dict__:
            try:
                return lazy.index.known_scripts
            except (KeyError, TypeError, ValueError):  # a damaged map: ask the plugins themselves
                pass
        answers: list[list[KnownScript] | None] = []
        for impl in self.plugins.manager.hook.unitycli_known_scripts.get_hookimpls():
            try:
                answers.append(cast("list[KnownScript] | None", impl.function()))
            except Exception:  # a guest's hook may raise anything; its scripts stay unnamed, as before
                continue
        return merge_known_scripts(answers)

    @cached_property
    def _project(self) -> Project | UnityCliError:
        from unitycli.project.selection import select_project

        try:
            return select_project(instance=self.instance_arg, project=self.project_arg, cwd=self.cwd,
                                  command=self.command)
        except UnityCliError as exc:
            return exc

    def project(self) -> Project:
        """The selected project, or raise its selection error (`E_INSTANCE_REQUIRED`, ...)."""
        selected = self._project
        if isinstance(selected, UnityCliError):
            raise selected
        return selected

    def optional_project(self) -> Project | None:
        """The selected project, or None when none was asked for and none is above the working directory.

        An explicit `--project`/`--instance` that fails is still an error: the caller asked for it.
        """
        selected = self._project
        if isinstance(selected, UnityCliError):
            if selected.code == "E_INSTANCE_REQUIRED" and not (self.project_arg or self.instance_arg):
                return None
            raise selected
        return selected

    def tool(self, name: str) -> RegisteredTool:
        """The registered tool of that name, or the catalogued reason it cannot be had."""
        found = self._lazy_tool(name) or self.registry.get(name)
        if found is not None:
            return found
        if name in self.registry.conflicts:
            providers = [t.owner for t in self.registry.conflicts[name]]
            raise UnityCliError(
                "E_TOOL_REGISTRY_UNHEALTHY",
                f"tool {name} has {len(providers)} providers: {' and '.join(p.label() for p in providers)}",
                details={"tool": name, "providers": [p.model_dump(by_alias=True, exclude_none=True) for p in providers]},
                next_actions=["unitycli extensions doctor", *(
                    f"UNITYCLI_DISABLE_EXTENSIONS={p.extension_id} unitycli tools describe {name}"
                    for p in providers if p.extension_id
                )],
            )
        for failure in self.plugins.failures:
            # An extension refused before import (tampered or unverifiable): its tools carry its id as group.
            if failure.stage == "integrity" and name.split(".", 1)[0] == failure.plugin.removeprefix("ext:"):
                raise UnityCliError(failure.code or "E_EXTENSION_INTEGRITY_MISMATCH", failure.error,
                                    details={"tool": name, **{k: v for k, v in failure.details.items()
                                                              if k != "nextActions"}},
                                    next_actions=failure.details.get("nextActions") or [])
        from unitycli.suggest import closest_names

        close = closest_names(name, self.registry.names())
        blocked = self.project_setup.blocked_error(name)
        if blocked is not None:
            # An unapproved or changed project file may be what provides this name: say so, whatever the
            # spelling, and still offer the close names of loaded tools.
            if close:
                blocked.message += f"; or did you mean {', '.join(close)}?"
                blocked.details["closest"] = close
                blocked.next_actions = [*(blocked.next_actions or []), *(describe_command(c) for c in close)]
            raise blocked
        details: dict[str, Any] = {"tool": name, "closest": close}
        actions: list[NextAction] = [describe_command(c) for c in close] or ["unitycli tools group"]
        raise UnityCliError(
            "E_TOOL_NOT_FOUND_FOR_TARGET",
            f"no tool named {name!r}" + (f"; did you mean {', '.join(close)}?" if close else ""),
            details=details,
            next_actions=actions,
        )

    def prepare(self, name: str) -> PreparedCall:
        """The call of tool `name` on this session's project, resolved once (see `PreparedCall`).

        An unknown name, or code that fails its integrity check, raises here: the integrity check comes before
        the spec's by-path handler and models are imported, so nothing of a refused extension runs. The
        project's selection error and the tool's unavailability are kept for the runner."""
        try:
            tool = self.tool(name)
            self.checks.ensure_integrity(self.manager_for(tool), tool.owner)
            self._resolve(tool)
        except UnityCliError as exc:
            raise self._for_project(exc) from None
        known = self.known_scripts
        selected = self._project
        if isinstance(selected, UnityCliError):
            return PreparedCall(tool, None, known, refusal=selected, error_catalog=self.error_catalog)
        try:
            profile_verified = self._ensure_available(tool)
        except UnityCliError as exc:
            return PreparedCall(tool, selected, known, refusal=exc.for_project(selected.root),
                                error_catalog=self.error_catalog)
        return PreparedCall(tool, selected, known, profile_verified=profile_verified,
                            error_catalog=self.error_catalog)

    @staticmethod
    def _resolve(tool: RegisteredTool) -> None:
        """Import what the spec names by path (its handler and models); a file its RECORD does not vouch for is
        the loader's integrity error, anything else a registry problem naming the plugin."""
        from unitycli.toolspec import ToolSpecError

        try:
            tool.spec.resolve()
        except ToolSpecError as exc:
            raise _spec_failure(tool, exc) from None

    def _for_project(self, exc: UnityCliError) -> UnityCliError:
        """Next actions name the selected project, when there is one."""
        selected = self._project
        return exc if isinstance(selected, UnityCliError) else exc.for_project(selected.root)

    def _ensure_available(self, tool: RegisteredTool) -> bool | None:
        """Refuse an unavailable tool before any effect; return whether its package profile is verified."""
        availability = self.availability(tool)
        if availability is None:
            return None
        if not availability.available:
            raise UnityCliError(
                availability.code or "E_INTERNAL",
                availability.unavailable_reason or f"{tool.spec.name} is not available for this project",
                details={
                    "tool": tool.spec.name,
                    "requiresPackages": [r.model_dump(by_alias=True) for r in availability.requires_packages],
                },
                next_actions=availability.next_actions,
                manual_steps=availability.manual_steps,
            )
        return availability.profile_verified

    def availability(self, tool: RegisteredTool) -> Availability | None:
        project = self.optional_project()
        if project is None:
            return None
        return self.checks.availability(self.manager_for(tool), tool.spec, tool.owner, project)

    def head(self, tool: RegisteredTool) -> ToolHead:
        """The tool's descriptor facts, read when asked (`ToolHead`), with its availability here (or, with no
        project, the packages its manifest says it needs): nothing of the tool is imported until a schema is read."""
        from unitycli.host.descriptors import ToolHead

        availability = self.availability(tool)
        requirements = [] if availability is not None else \
            self.checks.requirements(self.manager_for(tool), tool.spec, tool.owner)
        return ToolHead(tool, availability, requirements)

    def heads(self) -> list[ToolHead]:
        """Every registered tool's head, by name: what `tools group|search` and the MCP list read (see `head`)."""
        return [self.head(self.registry.tools[name]) for name in self.registry.names()]

    def descriptor(self, tool: RegisteredTool) -> ToolDescriptor:
        """The tool's descriptor; a model without a JSON Schema is `E_TOOL_REGISTRY_UNHEALTHY` naming its plugin
        (schemas are built here, on request, not when the plugin registers)."""
        from unitycli.toolspec import ToolSpecError

        head = self.head(tool)
        try:
            return head.describe()
        except ToolSpecError as exc:
            raise _spec_failure(tool, exc) from None

    def descriptors(self) -> list[ToolDescriptor]:
        """Every tool's descriptor, less those `with_schemas` leaves out."""
        return [head.describe() for head in self.with_schemas(self.heads())]

    def with_schemas(self, heads: Iterable[ToolHead], *, output: bool = True) -> list[ToolHead]:
        """The heads whose schemas build (input, and output unless `output=False`), built now. One whose schema
        cannot be built is left out and reported as `malformed`, one whose code fails its integrity check while
        being imported (changed on disk since its RECORD) as `integrity`, one whose import another check refused (a
        project file not approved) as `refused` with that error's next actions; each carries its error's code. One
        tool's failure never fails the listing (MCP `tools/list`, the doctor)."""
        from unitycli.host.registry import RegistryProblem
        from unitycli.toolspec import ToolSpecError

        found = []
        for head in heads:
            try:
                head.input_schema  # noqa: B018 - built and kept by the head
                if output:
                    head.output_schema  # noqa: B018
            except ToolSpecError as exc:
                error = _spec_failure(head.tool, exc)
                kind = "malformed" if error.code == "E_TOOL_REGISTRY_UNHEALTHY" else "integrity" \
                    if isinstance(error, IntegrityRefusal) else "refused"
                details: dict[str, Any] = {"code": error.code}
                if kind == "refused":  # a check refused its import (a project file not approved): its own way out
                    details["nextActions"] = [render(action) for action in error.next_actions or []
                                              if not isinstance(action, SameCall)]  # no call to repeat here
                if not any(p.kind == kind and p.tool == head.name for p in self.registry.problems):
                    self.registry.problems.append(RegistryProblem(
                        kind=kind, tool=head.name, message=error.message, providers=[head.owner], details=details))
                continue
            found.append(head)
        return found


class IntegrityRefusal(UnityCliError):
    """The loader's integrity check refused a module a spec names by path (its bytes differ from the RECORD):
    told as that check's error, never as a malformed spec."""


def _spec_failure(tool: RegisteredTool, exc: Exception) -> UnityCliError:
    """Why a spec's by-path reference could not be imported: the integrity check's refusal when that is what
    stopped it (a file changed on disk since its RECORD, a project tool not approved), else a registry problem."""
    from unitycli.host.verified_import import VerificationError

    refused = exc.__cause__
    if isinstance(refused, UnityCliError):  # a project tool's import refused: its own words and steps
        return refused
    if isinstance(refused, VerificationError):  # the loader's integrity refusal
        return IntegrityRefusal(refused.code, f"{tool.owner.label()}: {refused}",
                                details={"tool": tool.spec.name, **getattr(refused, "details", {})},
                                next_actions=["unitycli extensions doctor"])
    return _unhealthy(tool, exc)


def _unhealthy(tool: RegisteredTool, exc: Exception) -> UnityCliError:
    """A registered tool whose spec cannot be used (no schema, a by-path reference that fails), naming its plugin."""
    return UnityCliError("E_TOOL_REGISTRY_UNHEALTHY", f"{tool.owner.label()}: {exc}",
                         details={"tool": tool.spec.name,
                                  "providers": [tool.owner.model_dump(by_alias=True, exclude_none=True)]},
                         next_actions=["unitycli extensions doctor"])
