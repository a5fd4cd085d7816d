"""Fresh fileIDs in the style of the file they go into.

Over the fixtures, scene objects have positive IDs below 2^31 (10,784 of 11,595 scene headers) while prefab
objects have large random 64-bit IDs (3,491 of 3,512 positive). Settings assets use small ones (`&1`). A new ID
copies the file's habit and is unique in the file.
"""

from __future__ import annotations

import random
from collections.abc import Collection

SCENE_ROOTS_FILE_ID = 2**63 - 1  # SceneRoots (`--- !u!1660057539`), the last object of a scene
_SMALL_LIMIT = 2**31
_MASK63 = 0x7FFFFFFFFFFFFFFF
# Main-object IDs that every asset of a kind shares (11400000 ScriptableObject, 2100000 Material, ...); they say
# nothing about the ID style of the file.
_FIXED_MAIN_IDS = {11400000, 2100000, 100100000, 7400000, 9100000, 2800000, 4300000, 13400000, 11500000}


def uses_large_ids(existing: Collection[int], *, is_scene: bool) -> bool:
    """Whether new IDs should be random 64-bit ones (prefabs, assets with such IDs) or small (scenes)."""
    if is_scene:
        return False
    ids = [i for i in existing if i not in _FIXED_MAIN_IDS]
    return not ids or any(i < 0 or i >= _SMALL_LIMIT for i in ids)


def fresh_file_id(existing: Collection[int], *, large: bool, rng: random.Random | None = None) -> int:
    """A positive fileID not in `existing`: random 64-bit when `large`, else random below 2^31."""
    rng = rng or random.SystemRandom()
    low, high = (2**32, 2**63 - 2) if large else (1, _SMALL_LIMIT - 1)
    while True:
        candidate = rng.randint(low, high)
        if candidate not in existing:
            return candidate


def stripped_file_id(source_file_id: int, prefab_instance_file_id: int) -> int:
    """The fileID Unity gives a stripped object in a prefab: (source fileID XOR PrefabInstance fileID) & 2^63-1.

    Holds for all 703 stripped documents in the fixture prefabs; scenes do not follow it.
    """
    return (source_file_id ^ prefab_instance_file_id) & _MASK63
