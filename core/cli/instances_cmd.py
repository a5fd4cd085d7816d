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
@click.option("--all", "show_all", is_flag=True, help="Also list records whose folder is missing or no longer the "
              "same Unity project.")
def instances_list_cmd(show_all: bool) -> InstancesListResult:
    """List known projects: path, instanceId, aliases and status (offline, editor-open, unverifiable, missing).

    Records that cannot be used (missing, unverifiable) are counted but only listed with --all."""
    every = instances.list_instances()
    shown = every if show_all else [i for i in every if i.status in instances.USABLE]
    counts = {status: sum(1 for i in every if i.status == status) for status in instances.STATUSES}
    return InstancesListResult(instances=shown, counts=counts, hidden=len(every) - len(shown))


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
@click.argument("path", metavar="PATH|INSTANCE_ID")
def alias_set_cmd(name: str, path: str) -> AliasSetResult:
    """Point alias NAME at the Unity project at PATH, or at the known project with that instanceId."""
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
