"""The user data directory and its JSON stores: isolation, atomic writes, and concurrent writers losing nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from unitycli.project import list_aliases, list_instances, user_cache_dir, user_data_dir


def test_unitycli_home_holds_data_and_cache(_isolated_home):
    assert user_data_dir() == Path(_isolated_home)
    assert user_cache_dir() == Path(_isolated_home) / "cache"


def test_without_unitycli_home_the_platform_dirs_are_used(monkeypatch):
    monkeypatch.delenv("UNITYCLI_HOME")
    assert user_data_dir().name == "unitycli"
    assert user_cache_dir().name == "unitycli"


_WRITER = """
import sys
from unitycli.project import set_alias, select_project
from pathlib import Path
worker, count, root = sys.argv[1], int(sys.argv[2]), sys.argv[3]
for i in range(count):
    set_alias(f"w{worker}-{i}", root)
    select_project(None, root, Path(root))
"""


def test_concurrent_alias_writers_lose_nothing(make_project, _isolated_home):
    roots = [make_project(f"p{n}") for n in range(6)]
    env = {**os.environ, "UNITYCLI_HOME": str(_isolated_home)}
    procs = [subprocess.Popen([sys.executable, "-c", _WRITER, str(n), "15", str(root)], env=env)
             for n, root in enumerate(roots)]
    assert [p.wait(timeout=60) for p in procs] == [0] * 6
    assert sorted(a.name for a in list_aliases()) == sorted(f"w{n}-{i}" for n in range(6) for i in range(15))
    assert sorted(i.path for i in list_instances()) == sorted(str(r.resolve()) for r in roots)
    leftovers = [p.name for p in Path(_isolated_home).iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
