"""Human renderings of results and errors. JSON mode never comes here: `--json` output is the data itself.

A write's `diffs` read as unified diffs, the way `git diff` shows them (coloured only when the output is a
terminal and NO_COLOR is not set), rather than one `path=… diff=…` line with the diff squeezed into it.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

_RED, _GREEN, _CYAN, _BOLD, _RESET = "\033[31m", "\033[32m", "\033[36m", "\033[1m", "\033[0m"


def use_color() -> bool:
    """Colour when standard output is a terminal and the user has not opted out (https://no-color.org)."""
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _diff_line(line: str, color: bool) -> str:
    if not color:
        return line
    if line.startswith(("--- ", "+++ ")):
        return f"{_BOLD}{line}{_RESET}"
    if line.startswith("@@"):
        return f"{_CYAN}{line}{_RESET}"
    if line.startswith("+"):
        return f"{_GREEN}{line}{_RESET}"
    if line.startswith("-"):
        return f"{_RED}{line}{_RESET}"
    return line


def _is_diff_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(d, dict) and "path" in d and "diff" in d for d in value)


def render_diffs(diffs: list[dict[str, Any]], indent: int = 0, *, color: bool = False) -> list[str]:
    """Each file's change as a header line (path and revisions) and its unified diff, line by line."""
    pad = "  " * indent
    lines: list[str] = []
    for entry in diffs:
        extra = " ".join(f"{k}={_scalar(v)}" for k, v in entry.items()
                         if k not in ("path", "diff", "binary") and v not in (None, "", [], {}))
        lines.append(f"{pad}{entry['path']}" + (f"  {extra}" if extra else ""))
        if entry.get("binary"):
            lines.append(f"{pad}  (binary file changed)")
            continue
        text = entry.get("diff") or ""
        lines.extend(f"{pad}  {_diff_line(line, color)}" for line in text.splitlines())
    return lines


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _is_shallow(value: Any) -> bool:
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) for v in value.values())
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return True


def _is_flat_record(item: Any) -> bool:
    """A record small enough for one line: scalars, or containers of scalars."""
    return isinstance(item, dict) and all(_is_shallow(v) for v in item.values())


def _record_line(item: dict[str, Any]) -> str:
    """One line per record: `name=com.unity.probuilder version=5.2.2 …`, leaving out empty fields."""
    return " ".join(f"{k}={_scalar(v)}" for k, v in item.items() if v not in (None, "", [], {}))


def render_tree(value: Any, indent: int = 0, *, color: bool = False) -> list[str]:
    """A readable, complete rendering of nested data: nothing is dropped or abbreviated."""
    pad = "  " * indent
    lines: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "diffs" and _is_diff_list(item):
                lines.append(f"{pad}{key}:")
                lines.extend(render_diffs(item, indent + 1, color=color))
            elif isinstance(item, dict | list) and item:
                lines.append(f"{pad}{key}:")
                lines.extend(render_tree(item, indent + 1, color=color))
            else:
                lines.append(f"{pad}{key}: {_scalar(item) if not isinstance(item, dict | list) else '(none)'}")
    elif isinstance(value, list) and value and all(_is_flat_record(item) for item in value):
        lines.extend(f"{pad}- {_record_line(item)}" for item in value)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict | list):
                sub = render_tree(item, indent + 1, color=color)
                lines.append(f"{pad}- {sub[0].strip()}" if sub else f"{pad}-")
                lines.extend(sub[1:])
            else:
                lines.append(f"{pad}- {_scalar(item)}")
    else:
        lines.append(f"{pad}{_scalar(value)}")
    return lines


def _tool_line(tool: dict[str, Any]) -> str:
    mark = ""
    if tool.get("available") is False:
        mark = f"  [unavailable: {tool.get('unavailableReason')}]"
    kind = "read" if tool.get("readOnly") else "write"
    return f"  {tool['name']:<34} {kind:<5} {tool['summary']}{mark}"


def _registry_lines(result: dict[str, Any]) -> list[str]:
    registry = result.get("registry") or {}
    if registry.get("healthy", True):
        return []
    lines = [f"\n{registry.get('code')}: the tool registry has problems (unitycli extensions doctor):"]
    lines += [f"  - {p['message']}" for p in registry.get("problems", [])]
    return lines


def render_result(command: str, result: Any, *, color: bool | None = None) -> str:
    """`color`: None decides by the terminal (`use_color`)."""
    color = use_color() if color is None else color
    if command == "tools group" and isinstance(result, dict):
        lines = [f"{g['group']:<16} {g['tools']} tools" + (
            f", {g['available']} available" if g.get("available") is not None else "") for g in result["groups"]]
        lines.append("\nList one group: unitycli tools group list <group>")
        lines += _registry_lines(result)
    elif command in ("tools group list", "tools search") and isinstance(result, dict):
        lines = [_tool_line(t) for t in result["tools"]] or ["no tools match"]
        lines.append("\nDetails: unitycli tools describe <name>")
        extensions = result.get("extensions") or []
        if extensions:
            lines.append("\nExtensions in the catalog:")
            for ext in extensions:
                lines.append(f"  {ext['id']:<16} {ext['status']:<14} {ext['summary']}")
                if ext["status"] != "installed":
                    lines.append(f"  {'':<16} install: {ext['installCommand']}" + (
                        "" if ext.get("installable") else "  (no configured source has it yet)"))
        lines += _registry_lines(result)
    elif command == "docs tool" and isinstance(result, dict):
        lines = [result["page"].rstrip("\n")]  # the page is already the human rendering
    elif command in ("doctor", "extensions doctor") and isinstance(result, dict) and "checks" in result:
        lines = _doctor_lines(result)
    else:
        lines = render_tree(result, color=color)
    return "\n".join(lines) + "\n"


_STATUS_MARK = {"pass": "ok  ", "warn": "warn", "fail": "FAIL", "unverifiable": "????"}


def _doctor_lines(result: dict[str, Any]) -> list[str]:
    """A checklist: one line per check, its next actions and a person's steps under it, the totals last."""
    lines = [f"project: {result.get('project') or '-'}"]
    for check in result["checks"]:
        lines.append(f"[{_STATUS_MARK.get(check['status'], check['status'])}] {check['name']}: {check['message']}")
        lines.extend(f"       next: {action}" for action in check.get("nextActions") or [])
        lines.extend(f"       by hand: {step}" for step in check.get("manualSteps") or [])
    counts = result.get("counts") or {}
    summary = ", ".join(f"{n} {k}" for k, n in counts.items())
    lines.append(f"\n{result.get('status', '?')}: {summary}")
    return lines


def render_error(error: dict[str, Any]) -> str:
    lines = [f"error {error['code']}: {error['message']}"]
    details = error.get("details") or {}
    if details:
        lines.append("details:")
        lines.extend(render_tree(details, 1))
    for action in error.get("nextActions") or []:
        lines.append(f"next: {action}")
    for step in error.get("manualSteps") or []:
        lines.append(f"by hand: {step}")
    if error.get("transient"):
        lines.append(f"transient: retry after {error.get('retryAfterMs') or 0} ms")
    return "\n".join(lines) + "\n"
