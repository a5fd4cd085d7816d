"""One invocation's view of the world: loaded plugins, the registry and the selected project.

Every entry (CLI command, MCP server, batch run) builds a Session and asks it; nothing is loaded at import
time, and a test gets a fresh Session (and so a fresh plugin manager) whenever it makes one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from unitycli.availability import Availability, check_availability, static_requirements
from unitycli.descriptors import ToolDescriptor, describe
from unitycli.errors import UnityCliError
from unitycli.knownscripts import KnownScript, merge_known_scripts
from unitycli.owners import ToolOwner
from unitycli.plugin_loader import LoadedPlugins, load_plugins
from unitycli.registry import RegisteredTool, ToolRegistry, build_registry


@dataclass
class Session:
    project_arg: str | None = None
    instance_arg: str | None = None
    cwd: Path = field(default_factory=Path.cwd)
    include_entry_points: bool = True
    extra_plugins: Iterable[tuple[object, ToolOwner]] = ()
    command: str | None = None  # the invocation's command words, so selection errors suggest runnable commands

    @cached_property
    def project_setup(self):  # unitycli.extension_manager.project_setup.ProjectSetup
        """The selected project's approved tool files and extension deny list (nothing when none is selected)."""
        from unitycli.extension_manager.project_setup import project_setup

        selected = self._project
        return project_setup(None if isinstance(selected, UnityCliError) else selected)

    @cached_property
    def plugins(self) -> LoadedPlugins:
        setup = self.project_setup
        loaded = load_plugins(include_entry_points=self.include_entry_points, config_denied=setup.denied,
                              extra_plugins=[*self.extra_plugins, *setup.plugins])
        loaded.failures.extend(setup.failures)
        return loaded

    @cached_property
    def registry(self) -> ToolRegistry:
        return self.project_setup.apply_rules(build_registry(self.plugins))

    @cached_property
    def known_scripts(self) -> dict[str, KnownScript]:
        """Package scripts by GUID, as every loaded plugin declares them (see `unitycli_known_scripts`)."""
        answers = []
        for impl in self.plugins.manager.hook.unitycli_known_scripts.get_hookimpls():
            try:
                answers.append(impl.function())
            except Exception:  # a guest's hook may raise anything; its scripts stay unnamed, as before
                continue
        return merge_known_scripts(answers)

    @cached_property
    def _project(self):  # Project | UnityCliError
        from unitycli.project.selection import select_project

        try:
            return select_project(instance=self.instance_arg, project=self.project_arg, cwd=self.cwd,
                                  command=self.command)
        except UnityCliError as exc:
            return exc

    def project(self):
        """The selected project, or raise its selection error (`E_INSTANCE_REQUIRED`, ...)."""
        selected = self._project
        if isinstance(selected, UnityCliError):
            raise selected
        return selected

    def optional_project(self):
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
        found = self.registry.get(name)
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
        from unitycli.search import closest_names

        close = closest_names(name, self.registry.names())
        blocked = self.project_setup.blocked_error(name)
        if blocked is not None:
            # An unapproved or changed project file may be what provides this name: say so, whatever the
            # spelling, and still offer the close names of loaded tools.
            if close:
                blocked.message += f"; or did you mean {', '.join(close)}?"
                blocked.details["closest"] = close
                blocked.next_actions = [*(blocked.next_actions or []), *(f"unitycli tools describe {c}" for c in close)]
            raise blocked
        details: dict = {"tool": name, "closest": close}
        actions = [f"unitycli tools describe {c}" for c in close] or ["unitycli tools group"]
        raise UnityCliError(
            "E_TOOL_NOT_FOUND_FOR_TARGET",
            f"no tool named {name!r}" + (f"; did you mean {', '.join(close)}?" if close else ""),
            details=details,
            next_actions=actions,
        )

    def availability(self, tool: RegisteredTool) -> Availability | None:
        project = self.optional_project()
        if project is None:
            return None
        return check_availability(self.plugins.manager, tool.spec, tool.owner, project)

    def descriptor(self, tool: RegisteredTool) -> ToolDescriptor:
        descriptor = describe(tool, self.availability(tool))
        if descriptor.available is None:  # no project: the manifest still says what the tool needs
            descriptor.requires_packages = static_requirements(self.plugins.manager, tool.spec, tool.owner)
        return descriptor

    def descriptors(self) -> list[ToolDescriptor]:
        return [self.descriptor(self.registry.tools[name]) for name in self.registry.names()]
