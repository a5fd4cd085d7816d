"""`unitycli instances …` and `unitycli target alias …`: known projects and their aliases."""

from __future__ import annotations

import click

from unitycli.cli.strict import StrictGroup
from unitycli.project import aliases, instances
from unitycli.project.models import (
    AliasListResult,
    AliasSetResult,
    AliasUnsetResult,
    InstancesListResult,
    InstancesPruneResult,
)


@click.group("instances", cls=StrictGroup)
def instances_group() -> None:
    """Projects unitycli has seen, with their Editor status."""


@instances_group.command("list")
def instances_list_cmd() -> InstancesListResult:
    """List known projects: path, instanceId, aliases and status (offline, editor-open, unverifiable, missing)."""
    return InstancesListResult(instances=instances.list_instances())


@instances_group.command("prune")
def instances_prune_cmd() -> InstancesPruneResult:
    """Forget known projects whose folder no longer exists (and their aliases)."""
    removed = instances.prune()
    return InstancesPruneResult(removed=removed, remaining=len(instances.list_instances()))


@click.group("target", cls=StrictGroup)
def target_group() -> None:
    """Name projects with aliases for --instance."""


@target_group.group("alias", cls=StrictGroup)
def alias_group() -> None:
    """Set, list and unset project aliases (kept in the user data directory, never in the repository)."""


@alias_group.command("set")
@click.argument("name")
@click.argument("path")
def alias_set_cmd(name: str, path: str) -> AliasSetResult:
    """Point alias NAME at the Unity project at PATH."""
    return aliases.set_alias(name, path)


@alias_group.command("list")
def alias_list_cmd() -> AliasListResult:
    """List aliases."""
    return AliasListResult(aliases=aliases.list_aliases())


@alias_group.command("unset")
@click.argument("name")
def alias_unset_cmd(name: str) -> AliasUnsetResult:
    """Remove alias NAME."""
    return AliasUnsetResult(removed=aliases.unset_alias(name))
