"""`unitycli mcp` start-up as a client meets it: the CPU the server spent before its `initialize` answer, and the
size of its default `tools/list`, on three fixture projects (and `--all` for scale).

The CPU is the server process's user + system time (all threads) read from `/proc/<pid>/stat` the moment the
answer line arrives: `resource.getrusage(RUSAGE_CHILDREN)` counts a child only once it has exited, and this one
goes on serving. The aim is under 1 CPU-second for `initialize` and at most 40,000 bytes for the
whole default `tools/list` (its `tools` array as compact JSON, meta tools included).
Usage: python bench/bench_mcp_start.py [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fixturepaths import fixture_project  # noqa: E402

FIXTURES = ("chicken-defense", "minigolf", "physics-samples")
INIT_AIM_CPU_S = 1.0
LIST_AIM_BYTES = 40_000


def _cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _send(proc: subprocess.Popen, message: dict) -> None:
    assert proc.stdin is not None
    proc.stdin.write((json.dumps(message) + "\n").encode())
    proc.stdin.flush()


def _answer(proc: subprocess.Popen, request_id: int) -> dict:
    assert proc.stdout is not None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"the server closed its output before answering request {request_id}")
        message = json.loads(line)
        if message.get("id") == request_id:
            return message


def start(root: Path, *extra: str) -> tuple[float, int, int]:
    """(CPU seconds before the initialize answer, tools/list bytes, tools listed) of one server start."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.Popen([sys.executable, "-m", "unitycli", "mcp", "--project", str(root), *extra],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    try:
        _send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}})
        _answer(proc, 1)
        cpu = _cpu_seconds(proc.pid)
        _send(proc, {"jsonrpc": "2.0", "method": "notifications/initialized"})
        _send(proc, {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}})
        tools = _answer(proc, 2)["result"]["tools"]
        size = len(json.dumps(tools, ensure_ascii=False, separators=(",", ":")).encode())
        return cpu, size, len(tools)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=60)


def main(runs: int = 3) -> bool:
    """Print the table; True when every fixture meets both aims."""
    print(f"MCP start (initialize aim < {INIT_AIM_CPU_S} CPU s; default tools/list aim <= {LIST_AIM_BYTES} B)")
    print(f"{'project':18}{'init CPU s':>11}{'tools/list B':>14}{'tools':>7}{'--all B':>10}{'tools':>7}")
    ok = True
    for name in FIXTURES:
        root = fixture_project(name)
        starts = [start(root) for _ in range(runs)]
        cpu = statistics.median(s[0] for s in starts)
        _, size, count = starts[-1]
        _, all_size, all_count = start(root, "--all")
        ok = ok and cpu < INIT_AIM_CPU_S and size <= LIST_AIM_BYTES
        print(f"{name:18}{cpu:>11.2f}{size:>14}{count:>7}{all_size:>10}{all_count:>7}")
    return ok


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    main(parser.parse_args().runs)
