"""The fixture corpus of Unity YAML files, found once per test session (by content: the `%YAML` header)."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from tests.fixturepaths import fixtures_root

YAML_MAGIC = (b"%YAML", b"\xef\xbb\xbf%YAML")


@lru_cache(maxsize=1)
def _corpus(root: str) -> tuple[Path, ...]:
    found = []
    for folder, _dirs, names in os.walk(root):
        for name in names:
            path = Path(folder, name)
            with path.open("rb") as fh:
                if fh.read(8).startswith(YAML_MAGIC):
                    found.append(path)
    return tuple(sorted(found))


def unity_yaml_files() -> tuple[Path, ...]:
    """Every Unity YAML file under the fixtures (JSON `.asset` files and `.meta` files are not YAML)."""
    return _corpus(str(fixtures_root()))
