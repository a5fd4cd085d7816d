"""The default `tools/list` rule (see `unitycli.mcp.toolsets`), asserted as a rule rather than as byte counts.

Core and approved project tools: always, whatever they weigh. Extension groups the project can run: whole,
within the budget counted for them alone, package-backed ones before package-free ones, smaller before larger.
Tools the project cannot run: never by default. Then, on the real fixture projects, what that means for an agent.
"""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_project
from unitycli.availability import PackageRequirement
from unitycli.descriptors import ToolDescriptor
from unitycli.mcp.names import META_TOOLS, build_name_table
from unitycli.mcp.schemas import wire_size
from unitycli.mcp.surface import ToolSurface
from unitycli.mcp.toolsets import ListPolicy, select_tools
from unitycli.owners import ToolOwner
from unitycli.session import Session


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


def test_core_and_project_tools_are_always_listed_and_not_counted_against_the_budget():
    core = [_tool(f"{g}.t{i}", "builtin", size=1_000) for g in ("scene", "project") for i in range(20)]
    own = [_tool("team.report", "project", size=5_000)]
    ext = [_tool(f"urp.t{i}", package="com.unity.render-pipelines.universal") for i in range(5)]
    selection = _select(core + own + ext, budget=500)  # core alone is 80 times the budget
    assert _groups(selection) == ["project", "scene", "team", "urp"]  # the core's order, then the rest
    assert selection.collapsed_groups == []


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
    selection = _select(core + extra, budget=100)
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
    session = surface.session
    listed = [t.name for t in surface.tools]
    assert listed[-3:] == list(META_TOOLS)
    core = {t.spec.mcp_name for t in session.registry.tools.values() if t.owner.kind == "builtin"}
    assert core <= set(listed)  # every core tool, whatever the extensions
    assert all(d.available is True for d in surface.selection.listed)  # nothing the project cannot run
    sizes = {t.name: wire_size(t) for t in surface.tools}
    runnable: dict[str, set[str]] = {}
    for d in surface.descriptors:
        if d.owner.kind == "extension" and d.available is True:
            runnable.setdefault(d.group, set()).add(d.name)
    listed_ext = _listed_groups(surface, "extension")
    for group, tools in runnable.items():  # whole groups: all of a group's runnable tools, or none
        assert (tools <= set(surface.selection.names)) == (group in listed_ext), group
        assert (group in listed_ext) != (group in surface.selection.collapsed_groups), group
    ext_bytes = sum(sizes[d.mcp_name] for d in surface.selection.listed if d.owner.kind == "extension")
    assert ext_bytes <= surface.policy.budget_bytes


@pytest.mark.parametrize(("name", "expected", "named", "absent"), [
    ("minigolf", {"urp", "cinemachine"}, {"probuilder"}, {"hdrp"}),  # URP 17
    ("chicken-defense", {"urp", "cinemachine"}, {"probuilder"}, {"hdrp"}),  # URP 14
    ("vfx-samples", {"hdrp", "vfx", "cinemachine"}, set(), {"urp", "probuilder"}),  # HDRP + VFX Graph
])
def test_an_agent_sees_the_toolsets_of_the_projects_packages_by_default(name, expected, named, absent):
    """The point of the rule: on a render-pipeline project the pipeline's tools are listed, not one search away;
    a group of the project's packages past the budget (ProBuilder's many modelling tools) is named instead."""
    surface = _surface(name)
    groups = _listed_groups(surface, "extension")
    assert expected <= groups and not absent & groups
    assert named <= set(surface.selection.collapsed_groups)


def test_a_group_past_the_budget_is_named_and_stays_runnable():
    roomy = _surface("chicken-defense", ListPolicy(budget_bytes=10**6))
    by_name = {t.name: wire_size(t) for t in roomy.tools}
    ext = [d for d in roomy.selection.listed if d.owner.kind == "extension"]
    ext_bytes = sum(by_name[d.mcp_name] for d in ext)
    tight = _surface("chicken-defense", ListPolicy(budget_bytes=ext_bytes - 1))
    assert tight.selection.collapsed_groups
    for collapsed in tight.selection.collapsed_groups:
        assert not any(t.name.startswith(collapsed + "_") for t in tight.tools)
        assert collapsed in tight.instructions() and collapsed in tight.tools[-3].description
    assert "scene_hierarchy" in [t.name for t in tight.tools]
    group = tight.selection.collapsed_groups[0]
    hits = [h for h in tight.call("unitycli_search_tools", {"query": group})["tools"]
            if h["name"].startswith(group + ".")]
    assert hits and all(h["listed"] is False for h in hits) and any(h["available"] is True for h in hits)
