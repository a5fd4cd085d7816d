"""Unity's own layouts of native classes per Editor version, and a checker that holds documents against them.

`table` loads the versioned layout table lazily per class; `versions` picks the dump that stands for a
project's Unity version; `check` holds Unity-YAML documents against a class's layouts.
"""

from unitycli.typetree.nodes import TypeNode
from unitycli.typetree.table import (
    Layout,
    class_id_of,
    class_name_of,
    layout_for,
    layouts_of,
    pick_version,
    require_layout,
    versions,
)
from unitycli.typetree.versions import PICK_RULE, Picked, pick, version_key

__all__ = ["PICK_RULE", "Layout", "Picked", "TypeNode", "class_id_of", "class_name_of", "layout_for",
           "layouts_of", "pick", "pick_version", "require_layout", "version_key", "versions"]
