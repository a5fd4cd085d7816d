"""Which registry tools `tools/list` shows directly; everything else stays reachable through the meta tools.

Agents pick tools from the list, and every listed entry costs context on every session, so the default list holds
only what the selected project can actually run, and all of it, meta tools included, fits in `budget_bytes`:

1. Tools are listed in whole groups (a group is all or nothing, so an agent never sees half a toolset), in this
   order: the built-in groups (project, scene, prefab, gameobject, component, asset, package, then the others by
   name), the team's own approved project tools, then the extension groups the project can run, those whose
   tools need a package the project has (urp on a URP project, hdrp, cinemachine, probuilder …) first, then
   groups that need no package (e.g. vfx's particle-system tools); within each, the smaller group first (the
   most whole toolsets for the bytes), then by name. A group that does not fit is skipped and the next one tried.
2. The three meta tools (search, describe with the shared-parameter glossary, run) are always listed, and their
   bytes are counted first (`reserved`).
3. Tools the project cannot run (their package is absent or unverifiable) are never listed by default.

A group that does not fit is not dropped silently: the selection names it, the search tool's description says
so, and it stays one `unitycli_run_tool` call away. `--toolsets` narrows to named groups; `--all` lists every
tool, unavailable ones included; neither applies the budget.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from unitycli.errors import UnityCliError
from unitycli.host.descriptors import ToolHead
from unitycli.mcp.names import NameTable

# Bytes of the whole `tools/list` answer's entries (compact JSON), meta tools included: about 10,000 tokens, a
# fifth of what Claude Code allows one tool answer, paid once per session.
DEFAULT_BUDGET_BYTES = 40_000


@dataclass(frozen=True)
class ListPolicy:
    """The server's listing options, fixed at start (`unitycli mcp --toolsets a,b` / `--all`)."""

    toolsets: frozenset[str] | None = None
    list_all: bool = False
    budget_bytes: int = DEFAULT_BUDGET_BYTES


@dataclass
class Selection:
    """The outcome of applying a policy to the current descriptors."""

    listed: list[ToolHead] = field(default_factory=list)
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


def _runnable(descriptor: ToolHead) -> bool:
    """Listed by default: available for the selected project. Without a project nothing can run."""
    return descriptor.available is True


def _package_backed(tools: list[ToolHead]) -> bool:
    """Whether the group is there because of a package the project has (some runnable tool needs one)."""
    return any(d.requires_packages for d in tools)


# Among built-ins, what an agent reaches for first: the project, then scene and object editing, then assets.
_BUILTIN_ORDER = ("project", "scene", "prefab", "gameobject", "component", "asset", "package")


def _builtin_order(group: str) -> int:
    return _BUILTIN_ORDER.index(group) if group in _BUILTIN_ORDER else len(_BUILTIN_ORDER)


def listable(descriptors: Iterable[ToolHead], names: NameTable, policy: ListPolicy) -> list[ToolHead]:
    """The tools the policy may list at all, before the budget (the glossary is derived from these)."""
    return _candidates(list(descriptors), names, policy, Selection())


def _candidates(descriptors: list[ToolHead], names: NameTable, policy: ListPolicy,
                selection: Selection) -> list[ToolHead]:
    clashing = {n for group in names.clashes.values() for n in group}
    selection.clashing = sorted(clashing)
    candidates: list[ToolHead] = []
    for descriptor in descriptors:
        if descriptor.name in clashing:
            continue
        if policy.toolsets is not None and descriptor.group not in policy.toolsets:
            continue
        if not policy.list_all and not _runnable(descriptor):
            selection.unavailable += 1
            continue
        candidates.append(descriptor)
    return candidates


def select_tools(descriptors: list[ToolHead], names: NameTable, policy: ListPolicy, *,
                 size: Callable[[ToolHead], int] = lambda _d: 0, reserved: int = 0) -> Selection:
    """Apply the policy (module doc): toolsets narrow, `--all` widens; by default whole groups, built-in ones
    first, then the team's approved project tools, then runnable extension groups (package-backed and smaller
    first), while the sum of their entries' `size` fits in the budget less the `reserved` bytes (the meta tools)."""
    selection = Selection()
    candidates = _candidates(descriptors, names, policy, selection)
    if policy.list_all or policy.toolsets is not None:
        selection.listed = candidates
        return selection
    core: dict[str, list[ToolHead]] = {}
    own: dict[str, list[ToolHead]] = {}  # the team's approved project tools
    added: dict[str, list[ToolHead]] = {}  # extension tools by group, a core group's included
    for descriptor in candidates:
        kind = descriptor.owner.kind
        target = core if kind == "builtin" else own if kind == "project" else added
        target.setdefault(descriptor.group, []).append(descriptor)
    costs = {id(tools): sum(size(d) for d in tools) for groups in (core, own, added) for tools in groups.values()}
    order = [core[g] for g in sorted(core, key=lambda g: (_builtin_order(g), g))] + \
        [own[g] for g in sorted(own)] + \
        [added[g] for g in sorted(added, key=lambda g: (not _package_backed(added[g]), costs[id(added[g])], g))]
    room = policy.budget_bytes - reserved
    for tools in order:
        cost = costs[id(tools)]
        if cost <= room:
            selection.listed.extend(tools)
            room -= cost
        elif tools[0].group not in selection.collapsed_groups:
            selection.collapsed_groups.append(tools[0].group)
    return selection
