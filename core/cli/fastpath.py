"""Serve repeated discovery commands from a cache without importing click, pydantic or any plugin.

`tools group`, `tools search` and `tools describe` are asked again and again by agents. The first run goes the
normal way and stores its result together with the files it depended on (installed code, entry points, the
project's package files, approvals, aliases) as (path, size, mtime). A later identical call re-stats those
files and, if nothing changed, prints the stored result with a fresh request id. Any doubt means a miss.
This module must stay stdlib-only: its whole point is start-up time.
"""

from __future__ import annotations

import json
import os
import sys

from unitycli.depstat import ENV_KEYS, cache_dir, deps_unchanged, stat_entry

CACHE_VERSION = 1
DISCOVERY = (("tools", "group"), ("tools", "search"), ("tools", "describe"))
GLOBAL_VALUE_OPTIONS = ("--project", "--instance")  # cli.argv.VALUE_OPTIONS, held equal by a test; no errors import


def parse(argv: list[str]) -> tuple[list[str], dict[str, str], bool] | None:
    """(command tokens, global options, json mode) for a discovery command, else None (take the slow path)."""
    rest: list[str] = []
    options: dict[str, str] = {}
    json_mode = False
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--json":
            json_mode = True
        elif token in GLOBAL_VALUE_OPTIONS:
            if i + 1 >= len(argv) or argv[i + 1].startswith("-"):
                return None
            options[token] = argv[i + 1]
            i += 1
        elif token.startswith("-"):
            return None  # --help, --project=x and anything unusual: let the real parser answer
        else:
            rest.append(token)
        i += 1
    if tuple(rest[:2]) not in DISCOVERY:
        return None
    shapes = {("tools", "group"): (2, 4), ("tools", "search"): (3,), ("tools", "describe"): (3,)}
    if len(rest) not in shapes[tuple(rest[:2])]:
        return None
    if len(rest) == 4 and rest[2] != "list":
        return None
    return rest, options, json_mode


def cache_key(rest: list[str], options: dict[str, str], cwd: str) -> str:
    import hashlib  # only a discovery command gets here; `tools run` does not pay for it

    material = {
        "v": CACHE_VERSION,
        "python": sys.executable,
        "version": sys.version,
        "rest": rest,
        "options": options,
        "cwd": cwd,
        "env": {k: os.environ.get(k) for k in ENV_KEYS},
    }
    return hashlib.sha256(json.dumps(material, sort_keys=True).encode()).hexdigest()


def try_serve(argv: list[str]) -> bool:
    """Print a cached discovery result and return True, or return False for the normal path."""
    parsed = parse(argv)
    if parsed is None:
        return False
    rest, options, json_mode = parsed
    path = cache_dir("discovery") / (cache_key(rest, options, os.getcwd()) + ".json")
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if entry.get("v") != CACHE_VERSION or not deps_unchanged(entry.get("deps", [])):
        return False
    import uuid

    envelope = entry["envelope"]
    envelope["requestId"] = "req-" + uuid.uuid4().hex[:20]
    if json_mode:
        # strict_json.WIRE_SEPARATORS, not imported: it would cost this path 15 ms
        sys.stdout.write(json.dumps(envelope, ensure_ascii=False, separators=(",", ":")) + "\n")
    else:
        from unitycli.cli.render import render_result

        sys.stdout.write(render_result(envelope["command"], envelope["result"]))
    sys.stdout.flush()
    return True


def store(argv: list[str], envelope: dict, deps: list[str]) -> None:
    """Remember a successful discovery result with the files it depended on (best effort, atomic)."""
    parsed = parse(argv)
    if parsed is None:
        return
    rest, options, _ = parsed
    directory = cache_dir("discovery")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        target = directory / (cache_key(rest, options, os.getcwd()) + ".json")
        entry = {"v": CACHE_VERSION, "deps": [stat_entry(p) for p in sorted(set(deps))], "envelope": envelope}
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(entry, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        return
