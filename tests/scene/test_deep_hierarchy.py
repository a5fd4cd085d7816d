"""A 20,000-deep GameObject chain: every read answers or refuses with E_HIERARCHY_TOO_DEEP in
bounded time and memory, in a separate process with a generous timeout so that a hang fails the test."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixturepaths import REPO_ROOT
from tests.scenetext import HEADER, gameobject_text
from unitycli.scene import SceneModel
from unitycli.scene.tree import MAX_DEPTH
from unitycli.unityyaml import UnityYamlFile

DEPTH = 20_000
FILE = "Assets/Scenes/Deep.unity"


def _go(n: int) -> int:
    return 1000 + 2 * n


def deep_scene(depth: int, *, loop: bool = False) -> bytes:
    """`Node 0/Node 1/…` one below the other; with `loop`, Node 0's father is the last node (a m_Father loop)."""
    parts = [HEADER]
    for n in range(depth):
        last = n == depth - 1
        child = _go(0) + 1 if last and loop else (None if last else _go(n + 1) + 1)
        father = _go(depth - 1) + 1 if n == 0 and loop else (0 if n == 0 else _go(n - 1) + 1)
        children = f"\n  - {{fileID: {child}}}" if child else " []"
        parts.append(gameobject_text(_go(n), f"Node {n}", "{x: 0, y: 1, z: 0}", children=children, father=father))
    return "".join(parts).encode()


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("deep") / "project"
    shutil.copytree(REPO_ROOT / "examples" / "sample-project", root,
                    ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))
    (root / FILE).write_bytes(deep_scene(DEPTH))
    return root


def _run(root: Path, tool: str, data: dict) -> tuple[dict, int]:
    """The envelope of one CLI call and the child's peak RSS in MB; a hang fails at the timeout."""
    code = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
            "sys.stdout.write(done.stdout); "
            "sys.stderr.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))")
    done = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "unitycli", "tools", "run", tool,
                           "--project", str(root), "--input", json.dumps(data), "--json"],
                          capture_output=True, text=True, env=os.environ.copy(), timeout=300, check=False)
    return json.loads(done.stdout), int(done.stderr.strip().splitlines()[-1]) // 1024


def test_hierarchy_of_a_20000_deep_chain_pages_until_the_depth_limit(project):
    first, rss = _run(project, "scene.hierarchy", {"file": FILE, "limit": 3, "includeComponents": False})
    assert first["ok"], first
    result = first["result"]["output"]
    assert result["total"] == DEPTH
    assert [(i["name"], i["depth"], i["path"]) for i in result["items"]] == [
        ("Node 0", 0, "Node 0"), ("Node 1", 1, "Node 0/Node 1"), ("Node 2", 2, "Node 0/Node 1/Node 2")]
    assert rss < 600


def test_a_page_beyond_the_depth_limit_is_a_catalogued_refusal(project):
    envelope, _ = _run(project, "scene.hierarchy", {"file": FILE, "root": _go(5000), "depth": 2})
    error = envelope["error"]
    assert error["code"] == "E_HIERARCHY_TOO_DEEP"
    assert error["details"] == {"fileID": _go(5000), "name": "Node 5000", "maxDepth": MAX_DEPTH}


def test_hierarchy_with_a_depth_limit_answers(project):
    envelope, _ = _run(project, "scene.hierarchy", {"file": FILE, "depth": 2, "includeComponents": False})
    items = envelope["result"]["output"]["items"]
    assert [(i["name"], i.get("childrenBeyondDepth")) for i in items] == [
        ("Node 0", None), ("Node 1", None), ("Node 2", True)]


def test_find_of_a_shallow_name_answers_and_a_deep_one_is_refused(project):
    envelope, _ = _run(project, "gameobject.find", {"file": FILE, "name": "Node 7"})
    assert [m["path"] for m in envelope["result"]["output"]["matches"]] == ["/".join(f"Node {n}" for n in range(8))]
    envelope, _ = _run(project, "gameobject.find", {"file": FILE, "name": "Node 19999"})
    assert envelope["error"]["code"] == "E_HIERARCHY_TOO_DEEP"


def test_get_by_path_and_by_file_id_answer_or_refuse(project):
    envelope, _ = _run(project, "gameobject.get", {"file": FILE, "gameObject": "Node 0/Node 1",
                                                   "includeFields": False})
    assert envelope["result"]["output"]["gameObject"]["fileID"] == _go(1)
    envelope, _ = _run(project, "gameobject.get", {"file": FILE, "gameObject": "Node 0/Node 2"})
    assert envelope["error"]["code"] == "E_GAMEOBJECT_NOT_FOUND"
    envelope, _ = _run(project, "gameobject.get", {"file": FILE, "gameObject": _go(19_999)})
    assert envelope["error"]["code"] == "E_HIERARCHY_TOO_DEEP"


def test_a_father_loop_is_cut_so_walks_end_and_nothing_vanishes():
    model = SceneModel(UnityYamlFile.parse(deep_scene(5, loop=True), FILE))
    assert model.cycles == [_go(0)]
    assert [(n.name, n.depth) for n in model.walk()] == [(f"Node {n}", n) for n in range(5)]


def test_limits_are_exact():
    model = SceneModel(UnityYamlFile.parse(deep_scene(MAX_DEPTH + 2), FILE))
    nodes = list(model.walk())
    assert nodes[MAX_DEPTH].depth == MAX_DEPTH
    assert nodes[MAX_DEPTH].path.count("/") == MAX_DEPTH
    with pytest.raises(Exception) as caught:
        _ = nodes[MAX_DEPTH + 1].path
    assert getattr(caught.value, "code", None) == "E_HIERARCHY_TOO_DEEP"




def test_the_hierarchy_names_a_father_loop_instead_of_dropping_its_objects(tmp_path):
    root = Path(shutil.copytree(REPO_ROOT / "examples" / "sample-project", tmp_path / "loop",
                                ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli")))
    (root / FILE).write_bytes(deep_scene(3, loop=True))
    envelope, _ = _run(root, "scene.hierarchy", {"file": FILE, "includeComponents": False})
    output = envelope["result"]["output"]
    assert output["transformCycles"] == [_go(0)]
    assert [(i["name"], i["depth"]) for i in output["items"]] == [("Node 0", 0), ("Node 1", 1), ("Node 2", 2)]
