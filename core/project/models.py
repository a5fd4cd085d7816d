"""Result models of `instances list|prune` and `target alias set|list|unset`: camelCase JSON, serialised by the CLI.

Serialise with `model_dump(mode="json", by_alias=True)` so field names come out as `instanceId`, `lastSeen`, ...
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

InstanceStatus = Literal["offline", "editor-open", "unverifiable", "missing"]


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True, defer_build=True)


class InstanceInfo(_Model):
    """One known project. `evidence` says why the status was given (lock file, live pid, missing path...)."""

    path: str
    instance_id: str
    aliases: list[str]
    status: InstanceStatus
    evidence: list[str]
    unity_version: str | None = None
    last_seen: str | None = None


class InstancesListResult(_Model):
    """`counts` are by status over every record, shown or not; `hidden` is how many `--all` would add."""

    instances: list[InstanceInfo]
    counts: dict[str, int] = {}
    hidden: int = 0


class InstancesPruneResult(_Model):
    """`removed` are the projects whose folder no longer exists; their aliases were removed with them."""

    removed: list[InstanceInfo]
    remaining: int


class AliasInfo(_Model):
    name: str
    path: str
    instance_id: str


class AliasSetResult(_Model):
    """`replaced` is the alias's previous target when `set` moved it to another project."""

    alias: AliasInfo
    replaced: AliasInfo | None = None


class AliasListResult(_Model):
    aliases: list[AliasInfo]


class AliasUnsetResult(_Model):
    removed: AliasInfo
