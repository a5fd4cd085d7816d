"""The costs the project sets aims for, in one run: every tool's largest answer against the answer budget, the MCP
server's `initialize` CPU and `tools/list` bytes on three fixtures, read/write tool runs against
`python -c pass` (in-process and through the resident server), discovery commands with empty and warm caches against a
tool run, and `asset.references` against `rg -l`. Each part is its own script (run one alone to look
closer); this runs them in turn.
Usage: python bench/bench_all.py [--runs 7]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per timed command (the median is printed)")
    runs = str(parser.parse_args().runs)
    parts = [("answers", ["bench_answers.py", "--per-tool", "--top", "0"]),
             ("mcp start", ["bench_mcp_start.py", "--runs", "3"]),
             ("tool runs", ["bench_startup.py", "--runs", runs]),
             ("tool runs through the resident server", ["bench_resident.py", "--runs", runs]),
             ("discovery with empty and warm caches", ["bench_discovery.py", "--runs", runs]),
             ("asset.references vs rg -l", ["bench_refs_tool.py", "--runs", "3"])]
    failed = []
    for title, (script, *args) in parts:
        print(f"\n=== {title} ===", flush=True)
        if subprocess.run([sys.executable, str(HERE / script), *args], check=False).returncode != 0:
            failed.append(title)
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
