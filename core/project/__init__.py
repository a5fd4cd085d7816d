"""Project selection and identity: which Unity project a command works on, and the user's known projects."""

from __future__ import annotations

from unitycli.project.aliases import list_aliases, set_alias, unset_alias
from unitycli.project.identity import canonical_path, instance_id_for
from unitycli.project.instances import list_instances, prune
from unitycli.project.models import (
    AliasInfo,
    AliasListResult,
    AliasSetResult,
    AliasUnsetResult,
    InstanceInfo,
    InstancesListResult,
    InstancesPruneResult,
)
from unitycli.project.root import Project, open_project
from unitycli.project.selection import select_project
from unitycli.project.userdata import user_cache_dir, user_data_dir

__all__ = [
    "AliasInfo", "AliasListResult", "AliasSetResult", "AliasUnsetResult", "InstanceInfo", "InstancesListResult",
    "InstancesPruneResult", "Project", "canonical_path", "instance_id_for", "list_aliases", "list_instances",
    "open_project", "prune", "select_project", "set_alias", "unset_alias", "user_cache_dir", "user_data_dir",
]
