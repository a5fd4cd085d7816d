"""The default `tools/list` rule (see `unitycli.mcp.toolsets`), asserted as a rule rather than as byte counts.

Whole groups within one budget for the whole list (meta tools reserved first): core groups first, then approved
project tools, then extension groups the project can run, package-backed ones before package-free ones, smaller
before larger. Tools the project cannot run: never by default. Then, on the real fixture projects, what that
means for an agent.
"""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_project
from unitycli.host.availability import PackageRequirement
from unitycli.host.descriptors import ToolDescriptor
from unitycli.host.owners import ToolOwner
from unitycli.host.session import Session
from unitycli.mcp.names import META_TOOLS, build_name_table
from unitycli.mcp.surface import ToolSurface
from unitycli.mcp.toolsets import ListPolicy, select_tools


def _tool(name: str, kind: str = "extension", *, package: str | None = None, available: bool = True,
          size: int = 100) -> ToolDescriptor:
    requires = [PackageRequirement(name=package, versions=["1.0.0"], project_has="1.0.0")] if package else []
    return ToolDescriptor(name=name, mcp_name=name.replace(".", "_").replace("-", "_"), title=name,
                          group=name.split(".")[0], summary="s", description="d", input_schema={},
                          output_schema={}, read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                          supports_dry_run=True, permissions=[], target="project", requires_packages=requires,
                          available=available, owner=ToolOwner(kind=kind, plugin="x"),
                          examples=[{"size": size}])


def _select(tools: list[ToolDescriptor], budget: int, **policy):
    return select_tools(tools, build_name_table(t.name for t in tools), ListPolicy(budget_bytes=budget, **policy),
                        size=lambda d: d.examples[0]["size"])


def _groups(selection) -> list[str]:
    return list(dict.fromkeys(d.group for d in selection.listed))


def test_core_groups_come_first_then_project_tools_then_extensions_all_within_one_budget():
    core = [_tool(f"{g}.t{i}", "builtin", size=100) for g in ("scene", "project", "gameobject") for i in range(3)]
    own = [_tool("team.report", "project", size=50)]
    ext = [_tool(f"urp.t{i}", package="com.unity.render-pipelines.universal") for i in range(2)]
    selection = _select(core + own + ext, budget=1_000)
    assert _groups(selection) == ["project", "scene", "gameobject", "team"]  # the core's order, then the rest
    assert selection.collapsed_groups == ["urp"]  # 200 more would pass 1,000
    # Core groups are whole too, and a group that does not fit is skipped for the next one that does.
    assert _groups(_select(core + own + ext, budget=500)) == ["project", "team"]
    reserved = select_tools(core, build_name_table(t.name for t in core), ListPolicy(budget_bytes=1_000),
                            size=lambda d: d.examples[0]["size"], reserved=350)
    assert _groups(reserved) == ["project", "scene"] and reserved.collapsed_groups == ["gameobject"]


def test_extension_groups_are_whole_package_backed_first_then_smaller_first():
    tools = [_tool(f"vfx.t{i}", size=100) for i in range(2)]  # no package needed: smallest, yet last
    tools += [_tool(f"cinemachine.t{i}", package="com.unity.cinemachine", size=100) for i in range(5)]
    tools += [_tool(f"urp.t{i}", package="com.unity.render-pipelines.universal", size=100) for i in range(3)]
    tools += [_tool(f"alpha.t{i}", package="com.example.alpha", size=100) for i in range(4)]
    selection = _select(tools, budget=1_000)
    # urp (300) + alpha (400) fit; cinemachine (500) no longer does and is skipped whole; vfx (200) still fits.
    assert _groups(selection) == ["urp", "alpha", "vfx"]
    assert selection.collapsed_groups == ["cinemachine"]
    assert not any(d.group == "cinemachine" for d in selection.listed)
    assert sum(d.examples[0]["size"] for d in selection.listed) <= 1_000


def test_a_package_free_group_never_takes_the_room_of_a_package_backed_one():
    tools = [_tool(f"aaa.t{i}") for i in range(3)]  # package-free, sorts first by name
    tools += [_tool(f"zzz.t{i}", package="com.example.z") for i in range(3)]
    selection = _select(tools, budget=300)
    assert _groups(selection) == ["zzz"] and selection.collapsed_groups == ["aaa"]


def test_tools_the_project_cannot_run_are_never_listed_by_default_and_never_split_a_group():
    tools = [_tool("vfx.get-graph", package="com.unity.visualeffectgraph", available=False),
             _tool("vfx.get-line"), _tool("vfx.set-line"),
             _tool("hdrp.get-pipeline", package="com.unity.render-pipelines.high-definition", available=False)]
    selection = _select(tools, budget=10**6)
    assert selection.names == ["vfx.get-line", "vfx.set-line"]
    assert selection.unavailable == 2 and selection.collapsed_groups == []
    assert len(_select(tools, budget=0, list_all=True).listed) == 4  # --all: everything, no budget
    assert _select(tools, budget=0, toolsets=frozenset({"vfx"})).names == ["vfx.get-line", "vfx.set-line"]


def test_an_extension_tool_in_a_core_group_is_counted_as_the_extension_group_it_is():
    core = [_tool(f"scene.t{i}", "builtin", size=1_000) for i in range(3)]
    extra = [_tool("scene.from-an-extension", size=200)]
    selection = _select(core + extra, budget=3_100)
    assert selection.names == [d.name for d in core] and selection.collapsed_groups == ["scene"]


# --- on the fixture projects ------------------------------------------------------------------------------------

_SURFACES: dict[str, ToolSurface] = {}


def _surface(name: str, policy: ListPolicy | None = None) -> ToolSurface:
    if policy is not None:
        return ToolSurface.build(Session(project_arg=str(fixture_project(name))), policy)
    if name not in _SURFACES:
        _SURFACES[name] = ToolSurface.build(Session(project_arg=str(fixture_project(name))), ListPolicy())
    return _SURFACES[name]


def _listed_groups(surface: ToolSurface, kind: str) -> set[str]:
    return {d.group for d in surface.selection.listed if d.owner.kind == kind}


@pytest.mark.parametrize("name", ["chicken-defense", "minigolf", "vfx-samples", "physics-samples"])
def test_the_default_list_follows_the_rule_on_every_fixture_project(name):
    surface = _surface(name)
    listed = [t.name for t in surface.tools]
    assert listed[-3:] == list(META_TOOLS)
    assert all(d.available is True for d in surface.selection.listed)  # nothing the project cannot run
    assert surface.wire_bytes <= surface.policy.budget_bytes  # the whole list, meta tools included
    runnable: dict[str, set[str]] = {}
    for d in surface.heads:
        if d.available is True:
            runnable.setdefault(f"{d.owner.kind}:{d.group}", set()).add(d.name)
    listed = set(surface.selection.names)
    for key, tools in runnable.items():  # whole groups: all of a group's runnable tools of one kind, or none
        assert tools <= listed or not tools & listed, key
        assert (tools <= listed) != (key.split(":")[1] in surface.selection.collapsed_groups), key
    core_groups = list(dict.fromkeys(d.group for d in surface.selection.listed if d.owner.kind == "builtin"))
    assert core_groups[:2] == ["project", "scene"]  # the everyday groups come first
    kinds = [d.owner.kind for d in surface.selection.listed]
    assert kinds == sorted(kinds, key=["builtin", "project", "extension"].index)  # core first


@pytest.mark.parametrize(("name", "expected", "absent"), [
    ("minigolf", {"urp", "cinemachine", "probuilder"}, {"hdrp"}),  # URP 17
    ("chicken-defense", {"urp", "cinemachine", "probuilder"}, {"hdrp"}),  # URP 14
    ("vfx-samples", {"hdrp", "vfx", "cinemachine"}, {"urp", "probuilder"}),  # HDRP + VFX Graph
])
def test_an_agent_is_told_the_toolsets_of_the_projects_packages(name, expected, absent):
    """A group of the project's packages the budget leaves out is named in the search tool's description, one
    call away; `--toolsets` lists it, and a group the project cannot run is never named as runnable."""
    surface = _surface(name)
    search = surface.tools[-3].description
    assert all(group in search for group in expected) and not any(f" {group}," in search for group in absent)
    narrowed = _surface(name, ListPolicy(toolsets=frozenset(expected)))
    assert expected == {d.group for d in narrowed.selection.listed}


def test_a_group_past_the_budget_is_named_and_stays_runnable():
    roomy = _surface("chicken-defense", ListPolicy(budget_bytes=10**6))
    assert not roomy.selection.collapsed_groups
    tight = _surface("chicken-defense", ListPolicy(budget_bytes=roomy.wire_bytes - 1))
    assert tight.selection.collapsed_groups
    for collapsed in tight.selection.collapsed_groups:
        assert not any(t.name.startswith(collapsed + "_") for t in tight.tools)
        assert collapsed in tight.tools[-3].description
    assert "scene_hierarchy" in [t.name for t in tight.tools]
    group = tight.selection.collapsed_groups[0]
    hits = [h for h in tight.call("unitycli_search_tools", {"query": group})["tools"]
            if h["name"].startswith(group + ".")]
    assert hits and all(h["listed"] is False for h in hits) and any(h["available"] is True for h in hits)
