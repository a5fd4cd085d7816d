"""Project indexes: GUID <-> path from `.meta` files and who-references-what from YAML files, cached per project.

`ProjectIndex.open(root)` builds or refreshes the cache and answers queries; nothing here knows about the CLI.
"""

from unitycli.indexes.index import ProjectIndex
from unitycli.indexes.models import Dependency, DocumentId, DuplicateGuid, IndexStats, Referrer, Target

__all__ = ["Dependency", "DocumentId", "DuplicateGuid", "IndexStats", "ProjectIndex", "Referrer", "Target"]
