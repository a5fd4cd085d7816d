"""What the selected project adds to a session's plugins: its approved tool files and its extension deny list.

Kept out of `session.py` so the session stays a thin composition: it asks for a `ProjectSetup`, passes its
plugins and deny list to the loader, and lets it enforce the project-tool rules on the registry.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from unitycli.errors import UnityCliError
from unitycli.host.owners import ToolOwner
from unitycli.host.plugin_loader import LoadFailure
from unitycli.host.registry import RegistryProblem, ToolRegistry

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.host.project_tools import ToolFile
    from unitycli.project.root import Project


@dataclass
class ProjectSetup:
    project: Project | None = None
    plugins: list[tuple[object, ToolOwner]] = field(default_factory=list)
    failures: list[LoadFailure] = field(default_factory=list)
    denied: tuple[str, ...] = ()
    files: list[ToolFile] = field(default_factory=list)
    closure_errors: dict[str, UnityCliError] = field(default_factory=dict)  # approved tools that import unapproved code

    def apply_rules(self, registry: ToolRegistry) -> ToolRegistry:
        """A project tool never shadows a built-in or extension tool: the project tool is refused, the other runs."""
        for name, providers in list(registry.conflicts.items()):
            others = [t for t in providers if t.owner.kind != "project"]
            project = [t for t in providers if t.owner.kind == "project"]
            if not project or len(others) != 1:
                continue
            registry.tools[name] = others[0]
            del registry.conflicts[name]
            registry.problems = [p for p in registry.problems if not (p.kind == "duplicate" and p.tool == name)]
            for tool in project:
                registry.problems.append(RegistryProblem(
                    kind="shadowing", tool=name, providers=[tool.owner, others[0].owner],
                    message=f"{tool.owner.label()} defines {name}, which {others[0].owner.label()} already provides; "
                            "the project tool is refused (E_PROJECT_TOOL_SHADOWS): rename it",
                    details={"code": "E_PROJECT_TOOL_SHADOWS", "file": tool.owner.file}))
        self._remember_tool_names(registry)
        return registry

    def _remember_tool_names(self, registry: ToolRegistry) -> None:
        from unitycli.extension_manager.approvals import remember_tools

        if self.project is None:
            return
        by_file: dict[str, list[str]] = {}
        for tool in registry.tools.values():
            if tool.owner.kind == "project" and tool.owner.file:
                by_file.setdefault(tool.owner.file, []).append(tool.spec.name)
        for tool_file in self.files:
            if tool_file.status == "approved" and tool_file.digest and tool_file.relative in by_file:
                with suppress(UnityCliError):  # only a convenience for naming blocked tools later
                    remember_tools(self.project.instance_id, tool_file.relative, tool_file.digest,
                                   sorted(by_file[tool_file.relative]))

    def blocked_error(self, tool_name: str) -> UnityCliError | None:
        """Why a tool that a blocked project file used to provide cannot run, if one did."""
        if self.project is None:
            return None
        for tool_file in self.files:
            if tool_name not in tool_file.known_tools:
                continue
            if tool_file.status != "approved":
                return tool_file.blocking_error(self.project.root)
            if tool_file.relative in self.closure_errors:
                return self.closure_errors[tool_file.relative]
        never_approved = [f for f in self.files if f.status == "untrusted" and not f.known_tools]
        if never_approved:
            # Their tool names are unknown until imported; say so rather than a bare "not found".
            error = never_approved[0].blocking_error(self.project.root)
            error.message = (f"no tool named {tool_name!r} is loaded; {len(never_approved)} project tool file(s) "
                             f"were not imported because they are not approved: "
                             f"{', '.join(f.relative for f in never_approved)}")
            error.details = {"tool": tool_name, "files": [
                {"file": f.relative, "actual": f.digest} for f in never_approved]}
            error.next_actions = [f.approve_command(self.project.root) for f in never_approved]
            return error
        return None


def pin_lock_digests(project: Project) -> None:
    """Where the project's lock pins an extension's RECORD digest, the loader checks it before import."""
    from unitycli.extension_manager.lock import read_lock
    from unitycli.host.verified_import import LockPin, pin_digests

    pins: list[LockPin] = []
    with suppress(UnityCliError, OSError, ValueError):
        pins = [LockPin(ext_id, entry.distribution, entry.version, entry.digest)
                for ext_id, entry in read_lock(project.root).items() if entry.digest]
    pin_digests(pins)


def project_setup(project: Project | None) -> ProjectSetup:
    """Load the project's approved tool files and read its deny list; a bad config is a recorded failure."""
    from unitycli.extension_manager.config import read_project_config
    from unitycli.host.project_tools import load_project_tools

    setup = ProjectSetup(project=project)
    if project is None:
        return setup
    try:
        setup.denied = read_project_config(project.root).disabled_extensions
    except UnityCliError as exc:
        setup.failures.append(LoadFailure("project:.unitycli/config.toml", None, None, "config", exc.message, "",
                                          code=exc.code, details=exc.details))
    pin_lock_digests(project)
    tools = load_project_tools(project.root, project.instance_id)
    setup.plugins, setup.files, setup.closure_errors = tools.plugins, tools.files, tools.closure_errors
    setup.failures.extend(tools.failures)
    return setup
