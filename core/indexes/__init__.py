"""Project indexes: GUID <-> path from `.meta` files and who-references-what from YAML files, cached per project.

`ProjectIndex.open(root)` builds or refreshes the cache and answers queries; nothing here knows about the CLI.
A long-lived process runs a `ResidentIndex` for its project, and every `ProjectIndex.open` of it is then served from
an index kept current by a file watcher.
"""

from unitycli.indexes.index import ProjectIndex
from unitycli.indexes.models import Dependency, DocumentId, DuplicateGuid, IndexStats, Referrer, Target
from unitycli.indexes.resident import ResidentIndex

__all__ = ["Dependency", "DocumentId", "DuplicateGuid", "IndexStats", "ProjectIndex", "Referrer", "ResidentIndex",
           "Target"]
