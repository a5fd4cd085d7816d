"""Big scenes: each call on 1–64 MB synthetic scenes against the floor and PyYAML, CPU and memory.

The scenes are built by `make_big_scene.py` from chicken-defense's Game scene (real documents, fresh fileIDs per
copy) and put in a copy of the sample project. Every measurement is one fresh process, as an agent runs the tool
(`unitycli tools run …`, start-up included), and reports that process's CPU seconds (user + system) and peak RSS:

  * floor: Python starts and reads the file;
  * PyYAML CSafeLoader: loads every object (one `yaml.load` per document, as bench_yaml.py does); skipped with
    `--no-pyyaml` (at 64 MB it takes a minute and most of a GB);
  * scene.hierarchy (a page of 50, compact), gameobject.find (one name), gameobject.get (one object, fields),
    component.set (one field, committed: a new value each run, on the file as the run before wrote it; then
    again right after the scene was replaced on disk from outside, which makes the project index re-scan it).

Each call prints its answer's size so a figure never stands for an empty answer. Columns: CPU seconds (the
process and its children), CPU as a multiple of the floor, the least and most CPU of the runs as multiples of the floor, peak RSS in MB (10^6 bytes, as the file's size) and as
a multiple of the file's size. The median of `--repeat` runs (the machine is shared: a best-of figure flatters). Children run without PYTHONDONTWRITEBYTECODE, as an
installed unitycli does (its bytecode is cached), and with their own UNITYCLI_HOME.

The scene's compact structure (names, components, parents, children) is saved per revision of the file by the
first call that reads it (scene/filecache.py): the row "first call on a new revision" pays that scan, the rows
after it read the saved structure, and a write saves the structure of the revision it writes.

With `--resident`, every `unitycli` call goes through a resident server started for the run (`unitycli resident
start`, in a private socket folder): a call's CPU is then the client's plus what the server and its forked child
spent (read from /proc), and the peak memory column is the client's alone (the child's is not measured).

Then `batch`: 100 one-field `component.set` lines (each committed before the next) on chicken-defense's Game
scene, as lines per CPU second over the whole call and per line beyond the first (start-up cancels).

    python bench/bench_big_scene.py [--sizes 1 4 16 64] [--repeat 1] [--no-pyyaml] [--no-batch] [--resident]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_resident import (
    server_cpu as resident_server_cpu,  # bench/ is the script's folder, first on sys.path
)

ROOT = Path(__file__).resolve().parent.parent

SCENE = "Assets/Scenes/Big.unity"
GAME = "Assets/LlamAcademy/ChickenDefense/Scenes/Game.unity"
CHICKEN = Path(os.environ.get("UNITYCLI_FIXTURES", ROOT.parent / "shared" / "fixtures")) / "unity" / "chicken-defense"
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
GAMEOBJECT = 41118590  # "Enemy Brain" in Game.unity (copy 0 keeps its fileIDs)
NAME = "Enemy Brain"
PYYAML = r"""
import re, sys, yaml
class L(yaml.CSafeLoader): pass
L.add_multi_constructor("tag:unity3d.com,2011:", lambda l, s, n: l.construct_mapping(n, deep=True))
text = open(sys.argv[1], encoding="utf-8").read()
heads = list(re.finditer(r"^--- !u!(\d+) &(-?\d+)( stripped)?$", text, re.M))
n = 0
for k, m in enumerate(heads):
    end = heads[k + 1].start() if k + 1 < len(heads) else len(text)
    yaml.load("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!" + m.group(1) + text[m.end():end], Loader=L)
    n += 1
print(n)
"""


SCRIPT = os.path.join(sysconfig.get_path("scripts"), "unitycli")
RESIDENT: dict[str, int] = {}  # "pid" of the resident server when --resident


def server_cpu() -> float:
    """The resident server's CPU with its reaped children's (0 without one)."""
    return resident_server_cpu(RESIDENT.get("pid"))


def measure(argv: list[str]) -> tuple[float, float, str]:
    """(CPU seconds, peak RSS in MB, stdout) of one child process (and the processes it waited for); through the
    resident server, the CPU adds the server's and its child's, and the RSS is the client's."""
    before = server_cpu()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, close_fds=True, env=ENV)
    out = proc.stdout.read() if proc.stdout else b""  # type: ignore[union-attr]
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    if RESIDENT:
        time.sleep(0.05)  # the server reaps its child after the client got the exit code
    cpu = usage.ru_utime + usage.ru_stime + server_cpu() - before
    return cpu, usage.ru_maxrss * 1024 / 1e6, out.decode("utf-8", "replace")


SPREAD: dict[str, tuple[float, float]] = {}  # label -> (least, most) CPU seconds of its runs, for the table


def median(repeat: int, argv: list[str] | Callable[[int], list[str]], before: object = None, label: str = ""
           ) -> tuple[float, float, str]:
    """The run of median CPU of `repeat` runs, each after `before()`; `argv` may be made per run (`argv(k)`).
    The least and most CPU of the runs are kept in SPREAD under `label`."""
    runs = []
    for k in range(repeat):
        if callable(before):
            before()
        runs.append(measure(argv(k) if callable(argv) else argv))
    runs.sort(key=lambda r: r[0])
    SPREAD[label] = (runs[0][0], runs[-1][0])
    return runs[(len(runs) - 1) // 2]


def spread(label: str, floor: float) -> str:
    """`least–most` CPU of a row's runs as multiples of the floor."""
    low, high = SPREAD.get(label, (0.0, 0.0))
    return f"{low / floor:4.1f}–{high / floor:4.1f}x"


def tool_argv(project: Path, tool: str, data: dict) -> list[str]:
    # the console script through a resident server: `-m` puts the working directory on sys.path, a configuration
    # the server (started by the console script) refuses
    entry = [SCRIPT] if RESIDENT else ["-m", "unitycli"]
    return [sys.executable, *entry, "tools", "run", tool, "--project", str(project), "--input", json.dumps(data),
            "--json"]


def filecache_folder() -> str:
    """The folder of saved structures under the user cache (named by scene/filecache.py)."""
    from unitycli.scene import filecache
    return filecache._FOLDER


def set_field(project: Path, value: float) -> list[str]:
    """`component.set` of one field of the measured GameObject to `value`."""
    return tool_argv(project, "component.set", {"file": SCENE, "gameObject": GAMEOBJECT, "component": "Transform",
                                               "property": "m_LocalPosition.x", "value": value})


def answer(out: str) -> str:
    """What the call returned, in a few words."""
    try:
        envelope = json.loads(out)
    except ValueError:
        return out.strip()[:40] or "(no output)"
    if not isinstance(envelope, dict):
        return f"{envelope} objects loaded"
    if not envelope.get("ok"):
        return envelope["error"]["code"]
    if "steps" in envelope["result"]:
        result = envelope["result"]
        return f"{result['succeeded']} of {result['total']} lines succeeded"
    output = envelope["result"]["output"]
    if "items" in output:
        return f"{len(output['items'])} of {output['total']} items"
    if "matches" in output:
        return f"{len(output['matches'])} match(es)"
    if "components" in output and "gameObject" in output:
        return f"{len(output['components'])} components"
    return f"{len(out)} bytes"


def batch_table(tmp: Path, repeat: int) -> None:
    """100 committed one-field writes on chicken-defense's Game scene through `unitycli batch`."""
    if not (CHICKEN / GAME).is_file():
        print(f"\nbatch: missing fixture {CHICKEN / GAME}; set UNITYCLI_FIXTURES")
        return
    project = tmp / "chicken"
    shutil.copytree(CHICKEN, project, ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))

    def commands(name: str, count: int) -> Path:
        path = tmp / name
        path.write_text("".join(
            "component.set " + json.dumps({"file": GAME, "gameObject": GAMEOBJECT, "component": "Transform",
                                           "property": "m_LocalPosition.x", "value": k % 7 + 0.5}) + "\n"
            for k in range(count)), encoding="utf-8")
        return path

    base = [sys.executable, "-m", "unitycli", "batch", "--project", str(project), "--json", "--commands"]
    one, many = commands("one.txt", 1), commands("many.txt", 100)
    measure([*base, str(one)])  # bytecode, index
    t_one, rss_one, _ = median(repeat, [*base, str(one)])
    t_many, rss_many, out = median(repeat, [*base, str(many)])
    per_line = (t_many - t_one) / 99
    print(f"\nbatch, 100 committed one-field component.set lines on chicken-defense Game.unity "
          f"({(CHICKEN / GAME).stat().st_size / 1e6:.2f} MB): {answer(out)}")
    print(f"  1 line:    {t_one:6.2f} s CPU, peak {rss_one:5.0f} MB")
    print(f"  100 lines: {t_many:6.2f} s CPU, peak {rss_many:5.0f} MB -> {100 / t_many:5.1f} lines/s over the whole "
          f"call, {per_line * 1000:5.1f} ms and {1 / per_line if per_line > 0 else float('inf'):5.1f} lines/s per "
          "line beyond the first")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1, 4, 16, 64])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--no-pyyaml", action="store_true")
    parser.add_argument("--no-batch", action="store_true")
    parser.add_argument("--resident", action="store_true", help="run every call through a resident server")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir="/tmp") as tmp:  # short: a Unix socket path has 107 bytes
        ENV["UNITYCLI_HOME"] = str(Path(tmp) / "home")
        ENV["UNITYCLI_RESIDENT"] = "off"  # in-process, unless --resident starts the run's own server
        if args.resident:
            start_resident(Path(tmp))
        try:
            return run_tables(args, tmp)
        finally:
            if RESIDENT:
                subprocess.run([sys.executable, SCRIPT, "resident", "stop"], env=ENV, capture_output=True,
                               check=False)


def start_resident(tmp: Path) -> None:
    sockets = tmp / "s"
    sockets.mkdir(mode=0o700)
    ENV["UNITYCLI_RESIDENT_DIR"] = str(sockets)
    ENV["UNITYCLI_RESIDENT"] = "use"  # the run's server, started here; a call never starts another
    started = subprocess.run([sys.executable, SCRIPT, "resident", "start", "--json"], env=ENV, capture_output=True,
                             text=True, check=False)
    if started.returncode != 0:
        raise SystemExit(f"resident start failed: {started.stdout}{started.stderr}")
    RESIDENT["pid"] = json.loads(started.stdout)["result"]["pid"]
    print(f"through a resident server (pid {RESIDENT['pid']}): CPU adds the server's; peak MB is the client's")


def run_tables(args: argparse.Namespace, tmp: str) -> int:
    """Each size's table, then the batch table."""
    scans = Path(tmp) / "home" / "cache" / filecache_folder()  # scene/filecache.py: the saved structures
    project = Path(tmp) / "project"
    shutil.copytree(ROOT / "examples" / "sample-project", project,
                    ignore=shutil.ignore_patterns("Library", "Temp", ".unitycli"))
    measure(tool_argv(project, "scene.list", {}))  # bytecode, index, caches
    header = (f"{'MB':>5} {'call':<44} {'cpu s':>7} {'x floor':>8} {'runs':>11} {'peak MB':>8} {'x file':>7}"
              "  answer")
    print(header)
    print("-" * len(header))
    for size in args.sizes:
        scene, pristine = project / SCENE, Path(tmp) / "pristine.unity"
        # Built in its own process: a child forked from a big parent would count the parent's pages as its own.
        subprocess.run([sys.executable, str(ROOT / "bench" / "make_big_scene.py"), "--size-mb", str(size),
                        "--out", str(pristine)], check=True, capture_output=True)
        shutil.copyfile(pristine, scene)
        mb = pristine.stat().st_size / 1e6
        # The project index notices the new scene on the next call and scans it for references once: paid
        # here, so that it is not charged to the first measured call alone.
        measure(tool_argv(project, "project.info", {}))
        measure(tool_argv(project, "asset.dependencies", {"path": "Assets/Scenes/Garden.unity"}))
        floor, floor_rss, _ = median(args.repeat, [sys.executable, "-c",
                                                 f"open({str(scene)!r}, 'rb').read()"], label="floor")
        calls: list[tuple[str, list[str] | Callable[[int], list[str]], object]] = []
        if not args.no_pyyaml:
            calls.append(("PyYAML CSafeLoader load", [sys.executable, "-c", PYYAML, str(scene)], None))
        page = tool_argv(project, "scene.hierarchy", {"file": SCENE, "limit": 50})
        calls += [
            ("scene.hierarchy page of 50, new revision", page,
             lambda: shutil.rmtree(scans, ignore_errors=True)),
            ("scene.hierarchy page of 50", page, None),
            ("gameobject.find one name", tool_argv(project, "gameobject.find",
                                                    {"file": SCENE, "name": NAME}), None),
            ("gameobject.get one object", tool_argv(project, "gameobject.get",
                                                     {"file": SCENE, "gameObject": GAMEOBJECT}), None),
            # A new value each run: every run changes the field of the file as the run before wrote it.
            ("component.set one field, commit", lambda k: set_field(project, 3 + k), None),
            ("gameobject.find right after that write", tool_argv(project, "gameobject.find",
                                                                  {"file": SCENE, "name": NAME}), None),
            # The scene replaced on disk from outside (as when the Editor saves it) just before: the project
            # index re-scans it for references, which this call pays.
            ("component.set, file just replaced from outside", lambda k: set_field(project, 3),
             lambda scene=scene, pristine=pristine: shutil.copyfile(pristine, scene)),
        ]
        print(f"{mb:>5.1f} {'floor: Python reads the file':<44} {floor:>7.2f} {1:>7.1f}x "
              f"{spread('floor', floor):>11} {floor_rss:>8.0f} {floor_rss / mb:>6.1f}x")
        start, start_rss, out = median(args.repeat, tool_argv(project, "project.info", {}), label="start")
        print(f"{mb:>5.1f} {'start-up: project.info (reads no scene)':<44} {start:>7.2f} {start / floor:>7.1f}x "
              f"{spread('start', floor):>11} {start_rss:>8.0f} {start_rss / mb:>6.1f}x  {answer(out)}")
        for label, argv, before in calls:
            cpu, rss, out = median(args.repeat, argv, before, label)
            print(f"{mb:>5.1f} {label:<44} {cpu:>7.2f} {cpu / floor:>7.1f}x {spread(label, floor):>11} "
                  f"{rss:>8.0f} {rss / mb:>6.1f}x  {answer(out)}", flush=True)
    if not args.no_batch:
        batch_table(Path(tmp), args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
