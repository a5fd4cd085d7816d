"""`unitycli docs tool <name>`: one tool's page, rendered from its descriptor (never written by hand)."""

from __future__ import annotations

import json
import shlex
from typing import Any

from unitycli.host.descriptors import ToolDescriptor


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def render_tool_page(d: ToolDescriptor) -> str:
    lines = [f"# {d.name} — {d.title}", "", d.summary, "", d.description, ""]
    lines += [
        "## Facts",
        f"- MCP name: `{d.mcp_name}` (group `{d.group}`)",
        f"- read-only: {_yes(d.read_only_hint)}; destructive: {_yes(d.destructive_hint)}; "
        f"idempotent: {_yes(d.idempotent_hint)} (hints; they describe, they never gate)",
        f"- dry-run (`--dry-run`, MCP `dryRun`): {'supported' if d.supports_dry_run else 'not supported'}",
        f"- permissions: {', '.join(d.permissions) or 'none'}; target: {d.target}",
        f"- provided by: {_owner(d)}",
    ]
    if d.requires_packages:
        lines.append("- needs Unity packages: " + ", ".join(
            f"{r.name}@{'|'.join(r.versions)}" + (f" (project has {r.project_has})" if r.project_has else "")
            for r in d.requires_packages))
    if d.available is not None:
        lines.append(f"- available for the selected project: {_yes(d.available)}"
                     + (f" — {d.unavailable_code}: {d.unavailable_reason}" if not d.available else ""))
        lines += [f"  - next: {a}" for a in d.next_actions or []]
    lines += ["", "## Examples"]
    examples: list[dict[str, Any]] = list(d.examples) or [{}]
    for example in examples:
        payload = json.dumps(example, separators=(",", ":"))
        dry = " --dry-run" if not d.read_only_hint and d.supports_dry_run else ""
        lines.append(f"    unitycli tools run {d.name} --input {shlex.quote(payload)}{dry}")
    lines.append(f"    MCP: tools/call {d.mcp_name} {json.dumps(examples[0])}")
    lines += ["", "## Input schema", "", _indent(d.input_schema), "", "## Output schema", "", _indent(d.output_schema)]
    return "\n".join(lines) + "\n"


def _owner(d: ToolDescriptor) -> str:
    owner = d.owner
    if owner.kind == "builtin":
        return "unitycli (built-in)"
    if owner.kind == "project":
        return f"project tool {owner.file}"
    return f"{owner.distribution or owner.plugin} {owner.version or ''}".strip()


def _indent(schema: dict[str, Any]) -> str:
    return "\n".join("    " + line for line in json.dumps(schema, indent=2).splitlines())
