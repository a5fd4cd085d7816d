"""Project selection and identity: which Unity project a command works on, and the user's known projects.

Names are exported lazily (as `unitycli.transaction` does): selecting a project for a tool call imports
selection, root and identity, not the instance listing, aliases' models or the Editor guard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unitycli.lazy_exports import lazy_exports

_EXPORTS = {
    "list_aliases": "aliases", "set_alias": "aliases", "unset_alias": "aliases",
    "canonical_path": "identity", "instance_id_for": "identity",
    "list_instances": "instances", "prune": "instances",
    "AliasInfo": "models", "AliasListResult": "models", "AliasSetResult": "models", "AliasUnsetResult": "models",
    "InstanceInfo": "models", "InstancesListResult": "models", "InstancesPruneResult": "models",
    "Project": "root", "open_project": "root",
    "select_project": "selection",
    "user_cache_dir": "userdata", "user_data_dir": "userdata",
}

__all__ = [
    "AliasInfo", "AliasListResult", "AliasSetResult", "AliasUnsetResult", "InstanceInfo",
    "InstancesListResult", "InstancesPruneResult", "Project", "canonical_path", "instance_id_for",
    "list_aliases", "list_instances", "open_project", "prune", "select_project", "set_alias", "unset_alias",
    "user_cache_dir", "user_data_dir",
]

if TYPE_CHECKING:
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

__getattr__ = lazy_exports(__name__, _EXPORTS)
