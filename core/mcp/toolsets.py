"""Which registry tools `tools/list` shows directly; everything else stays reachable through the meta tools.

Agents pick tools from the list, and every listed schema costs context, so the default list holds only what the
selected project can actually run. The core's groups (project, scene, prefab, gameobject, component, asset, package)
are always listed whole: an extension appearing must never take away the everyday tools. The team's project tools,
then the extensions installed for this project's packages, fill the rest of the budget in whole groups.
A group that does not fit is not dropped silently: the selection names it, and the server says so in its
instructions and in the search tool's description. `--toolsets` narrows to named groups; `--all` lists every
tool, unavailable ones included.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from unitycli.descriptors import ToolDescriptor
from unitycli.errors import UnityCliError
from unitycli.mcp.names import META_TOOLS, NameTable

DEFAULT_BUDGET = 64  # entries, the three meta tools and the always-listed core groups included


@dataclass(frozen=True)
class ListPolicy:
    """The server's listing options, fixed at start (`unitycli mcp --toolsets a,b` / `--all`)."""

    toolsets: frozenset[str] | None = None
    list_all: bool = False
    budget: int = DEFAULT_BUDGET


@dataclass
class Selection:
    """The outcome of applying a policy to the current descriptors."""

    listed: list[ToolDescriptor] = field(default_factory=list)
    collapsed_groups: list[str] = field(default_factory=list)  # available, but left to the meta tools for size
    unavailable: int = 0  # tools the project cannot run now (reachable through search/describe with reasons)
    clashing: list[str] = field(default_factory=list)  # registry names whose MCP names collide

    @property
    def names(self) -> list[str]:
        return [d.name for d in self.listed]


def parse_toolsets(value: str | None) -> frozenset[str] | None:
    """`--toolsets probuilder,scene` → {"probuilder", "scene"}; None when not given."""
    if value is None:
        return None
    names = frozenset(part.strip().lower() for part in value.split(",") if part.strip())
    if not names:
        raise UnityCliError("E_OPTION_VALUE_INVALID", "--toolsets needs at least one tool group",
                            details={"option": "--toolsets"}, next_actions=["unitycli tools group"])
    return names


def check_toolsets(toolsets: frozenset[str] | None, groups: Iterable[str]) -> None:
    """Refuse a toolset name that is no tool group, naming the valid ones (a typo must not empty the list)."""
    if toolsets is None:
        return
    known = sorted(set(groups))
    unknown = sorted(toolsets - set(known))
    if unknown:
        raise UnityCliError(
            "E_OPTION_VALUE_INVALID",
            f"--toolsets names no tool group: {', '.join(unknown)}",
            details={"option": "--toolsets", "unknown": unknown, "validToolsets": known},
            next_actions=["unitycli tools group"],
        )


def _runnable(descriptor: ToolDescriptor) -> bool:
    """Listed by default: available for the selected project. Without a project nothing can run."""
    return descriptor.available is True


# Whole groups fill the budget in this order: the team's own project tools, then the extensions installed for
# this project's packages, then the built-ins (always reachable through the meta tools anyway).
_OWNER_RANK = {"project": 0, "extension": 1, "builtin": 2}


# Among built-ins, what an agent reaches for first: the project, then scene and object editing, then assets.
_BUILTIN_ORDER = ("project", "scene", "prefab", "gameobject", "component", "asset", "package")


def _builtin_order(group: str) -> int:
    return _BUILTIN_ORDER.index(group) if group in _BUILTIN_ORDER else len(_BUILTIN_ORDER)


def _rank(descriptor: ToolDescriptor) -> int:
    return _OWNER_RANK.get(descriptor.owner.kind, 1)


def select_tools(descriptors: list[ToolDescriptor], names: NameTable, policy: ListPolicy) -> Selection:
    """Apply the policy: toolsets narrow, `--all` widens; by default the core's groups are listed whole, then
    project and extension groups in whole groups while they fit the budget, each in name order."""
    selection = Selection()
    clashing = {n for group in names.clashes.values() for n in group}
    selection.clashing = sorted(clashing)
    candidates: list[ToolDescriptor] = []
    for descriptor in descriptors:
        if descriptor.name in clashing:
            continue
        if policy.toolsets is not None and descriptor.group not in policy.toolsets:
            continue
        if not policy.list_all and not _runnable(descriptor):
            selection.unavailable += 1
            continue
        candidates.append(descriptor)
    if policy.list_all or policy.toolsets is not None:
        selection.listed = candidates
        return selection
    room = policy.budget - len(META_TOOLS)
    by_group: dict[str, list[ToolDescriptor]] = {}
    for descriptor in candidates:
        by_group.setdefault(descriptor.group, []).append(descriptor)
    core = [g for g in by_group if all(d.owner.kind == "builtin" for d in by_group[g])]
    for group in sorted(core, key=lambda g: (_builtin_order(g), g)):
        selection.listed.extend(by_group[group])
        room -= len(by_group[group])
    rest = [g for g in by_group if g not in core]
    for group in sorted(rest, key=lambda g: (min(_rank(d) for d in by_group[g]), g)):
        tools = by_group[group]
        if len(tools) <= room:
            selection.listed.extend(tools)
            room -= len(tools)
        else:
            selection.collapsed_groups.append(group)
    return selection
