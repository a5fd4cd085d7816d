"""The MCP surface's cost to an agent: `tools/list` bytes per project, where they go, and per-call latency.

    python bench/bench_mcp.py [--calls 30] [--tool scene_list] [--parts] [--wordings]

- `tools/list` bytes of the default surface (what every session pays in context), split into the always-listed
  core, the extension groups (counted against `ListPolicy.budget_bytes`) and the meta tools, plus the server
  instructions (which carry the shared-parameter glossary), of `--all`, and the groups collapsed, on our sample
  project and on extension-heavy fixtures (minigolf: URP 17 + Cinemachine + ProBuilder; chicken-defense: URP 14;
  VisualEffectGraph-Samples: HDRP + VFX). Each project is measured in its own process, as a server would be;
- `--parts`: per group, and per part of an entry (name, summary, schema, property descriptions, annotations);
- `--wordings`: property descriptions of the same name whose wordings differ only a little (candidates to unify
  in the plugins, so the glossary can share them);
- the default answer as it arrives over stdio from `unitycli mcp` (the wire bytes: the SDK writes compact JSON);
- per-call latency of a read tool in one running server over stdio (median of --calls), against one CLI
  `unitycli tools run` of the same tool (a process per call), as a ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from tests.fixturepaths import fixture_project  # noqa: E402

SAMPLE = REPO_ROOT / "examples" / "sample-project"
PROJECTS = {"sample-project": SAMPLE, "minigolf": None, "chicken-defense": None, "vfx-samples": None}
PROTOCOL = "2025-11-25"


def _compact(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def _description_bytes(node: object) -> int:
    if isinstance(node, list):
        return sum(_description_bytes(item) for item in node)
    if not isinstance(node, dict):
        return 0
    return sum(_compact(value) + len('"description":,') if key == "description" and isinstance(value, str)
               else _description_bytes(value) for key, value in node.items())


def _surfaces(root: Path) -> dict[str, object]:
    """The figures of one project (run in a fresh process: see `_measure`)."""
    from unitycli.host.session import Session
    from unitycli.mcp.schemas import wire_size
    from unitycli.mcp.surface import ToolSurface
    from unitycli.mcp.toolsets import ListPolicy

    session = Session(project_arg=str(root))
    default = ToolSurface.build(session, ListPolicy())
    everything = ToolSurface.build(session, ListPolicy(list_all=True))
    by_mcp = {d.mcp_name: d for d in default.descriptors}
    kinds: dict[str, int] = {}
    groups: dict[str, dict[str, int]] = {}
    for tool in default.tools:
        descriptor = by_mcp.get(tool.name)
        kind = "meta" if descriptor is None else "core" if descriptor.owner.kind == "builtin" else \
            descriptor.owner.kind
        kinds[kind] = kinds.get(kind, 0) + wire_size(tool)
        entry = tool.model_dump(by_alias=True, mode="json", exclude_none=True)
        row = groups.setdefault(f"{kind}:{descriptor.group if descriptor else 'meta'}", {})
        for part, size in (("tools", 1), ("bytes", wire_size(tool)), ("name", _compact(tool.name) + 8),
                           ("summary", _compact(entry.get("description", "")) + 15),
                           ("schema", _compact(entry["inputSchema"]) + 14),
                           ("propertyDescriptions", _description_bytes(entry["inputSchema"])),
                           ("annotations", _compact(entry["annotations"]) + 15 if "annotations" in entry else 0)):
            row[part] = row.get(part, 0) + size
    return {
        "default_bytes": default.wire_bytes, "default_tools": len(default.tools), "kinds": kinds,
        "groups": groups, "all_bytes": everything.wire_bytes, "all_tools": len(everything.tools),
        "collapsed": default.selection.collapsed_groups,
        "instructions_bytes": len(default.instructions().encode()),
        "glossary_entries": len(default.shared),
    }


def _wordings(root: Path) -> list[tuple[str, str, str, float]]:
    """(property, wording, closest other wording, similarity) for near-duplicate descriptions of one name."""
    import difflib

    from unitycli.host.session import Session
    from unitycli.mcp.schemas import _described_properties, normalized

    found: dict[str, dict[str, set[str]]] = {}
    for descriptor in Session(project_arg=str(root)).descriptors():
        for name, prop in _described_properties(descriptor.input_schema):
            found.setdefault(name, {}).setdefault(prop["description"], set()).add(descriptor.name)
    rows = []
    for name, texts in sorted(found.items()):
        wordings = sorted(texts, key=lambda t: (-len(texts[t]), t))
        for i, text in enumerate(wordings):
            for other in wordings[:i]:
                ratio = difflib.SequenceMatcher(None, normalized(text), normalized(other)).ratio()
                if ratio >= 0.6:
                    rows.append((name, f"{text} [{', '.join(sorted(texts[text]))}]", other, ratio))
                    break
    return rows


def _measure(root: Path) -> dict[str, object]:
    """`_surfaces` in a fresh interpreter: one process, one project, as `unitycli mcp` runs."""
    out = subprocess.run([sys.executable, __file__, "--measure", str(root)], capture_output=True, check=True,
                         cwd=str(REPO_ROOT), text=True)
    return json.loads(out.stdout)


class _Stdio:
    """One `unitycli mcp` process spoken to line by line (handshake era)."""

    def __init__(self, root: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "unitycli", "mcp", "--project", str(root)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=str(REPO_ROOT), env={**os.environ})
        self.next_id = 0

    def request(self, method: str, params: dict) -> tuple[dict, int]:
        self.next_id += 1
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write((json.dumps({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                                           "params": params}) + "\n").encode())
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit(f"the server closed its output during {method}")
            message = json.loads(line)
            if message.get("id") == self.next_id:
                return message, len(line)

    def notify(self, method: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps({"jsonrpc": "2.0", "method": method}) + "\n").encode())
        self.proc.stdin.flush()

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _stdio(root: Path, tool: str, calls: int) -> tuple[int, list[float]]:
    server = _Stdio(root)
    try:
        server.request("initialize", {"protocolVersion": PROTOCOL, "capabilities": {},
                                      "clientInfo": {"name": "bench", "version": "0"}})
        server.notify("notifications/initialized")
        _listing, wire = server.request("tools/list", {})
        times = []
        for _ in range(calls + 1):
            started = time.perf_counter()
            answer, _ = server.request("tools/call", {"name": tool, "arguments": {}})
            times.append(time.perf_counter() - started)
            if answer.get("result", {}).get("isError"):
                raise SystemExit(f"{tool} failed: {answer}")
        return wire, times[1:]  # the first call pays the plugin's first import
    finally:
        server.close()


def _cli(root: Path, tool: str, runs: int) -> list[float]:
    name = tool.replace("_", ".", 1).replace("_", "-")
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "unitycli", "tools", "run", name, "--project", str(root), "--json"],
                       capture_output=True, check=True, cwd=str(REPO_ROOT))
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--tool", default="scene_list", help="a read tool that needs no arguments (MCP name)")
    parser.add_argument("--parts", action="store_true", help="bytes per group and per part of an entry")
    parser.add_argument("--wordings", action="store_true", help="near-duplicate property descriptions")
    parser.add_argument("--measure", metavar="PROJECT", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ["UNITYCLI_RESIDENT"] = "off"  # calls as run in-process (bench_resident.py: through the server)
    if args.measure:
        print(json.dumps(_surfaces(Path(args.measure))))
        return
    roots = {name: root or fixture_project(name) for name, root in PROJECTS.items()}
    if args.wordings:
        for name, text, other, ratio in _wordings(roots["vfx-samples"]) + _wordings(roots["minigolf"]):
            print(f"{name}: {ratio:.2f}\n  {text}\n  ~ {other}")
        return
    print(f"{'project':18}{'default B':>10}{'tools':>6}{'core B':>8}{'ext B':>7}{'meta B':>7}{'instr B':>8}"
          f"{'--all B':>9}{'tools':>6}  collapsed")
    for name, root in roots.items():
        s = _measure(root)
        kinds = s["kinds"]
        print(f"{name:18}{s['default_bytes']:>10}{s['default_tools']:>6}{kinds.get('core', 0):>8}"
              f"{kinds.get('extension', 0):>7}{kinds.get('meta', 0):>7}{s['instructions_bytes']:>8}"
              f"{s['all_bytes']:>9}{s['all_tools']:>6}  {', '.join(s['collapsed']) or '-'}")
        if args.parts:
            for group, row in sorted(s["groups"].items(), key=lambda item: -item[1]["bytes"]):
                print(f"    {group:24}" + " ".join(f"{part}={size}" for part, size in row.items()))
    wire, times = _stdio(SAMPLE, args.tool, args.calls)
    cli = _cli(SAMPLE, args.tool, max(3, args.calls // 10))
    call_ms, cli_ms = statistics.median(times) * 1000, statistics.median(cli) * 1000
    print(f"\nover stdio on sample-project: tools/list answer {wire} bytes on the wire")
    print(f"{args.tool}: {call_ms:.1f} ms per call in a running server (median of {len(times)}), "
          f"{cli_ms:.0f} ms per CLI `tools run` process: {cli_ms / call_ms:.0f}x")


if __name__ == "__main__":
    main()
