"""Approvals of project tool files, like `direnv allow`.

An approval is sha256(project-relative path + "\\n" + file bytes): moving or changing a file needs a new one.
Approvals are stored in the user data directory keyed by the project's instanceId, never in the repository,
so a commit cannot approve its own code.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from unitycli.project.userdata import JsonStore

_STORE = JsonStore("approvals.json", "projects")


def approval_digest(relative_path: str, data: bytes) -> str:
    """`sha256:<hex>` over the project-relative POSIX path, a newline, and the exact bytes."""
    return "sha256:" + hashlib.sha256(relative_path.encode("utf-8") + b"\n" + data).hexdigest()


def approvals_for(instance_id: str) -> dict[str, dict[str, Any]]:
    """{relative path: {"digest", "approvedAt", "tools"}} for one project."""
    return dict(_STORE.read().get(instance_id, {}))


def approve(instance_id: str, project_root: str, relative_path: str, digest: str) -> None:
    def change(data: dict[str, Any]) -> None:
        entry = data.setdefault(instance_id, {})
        previous = entry.get(relative_path, {})
        entry[relative_path] = {
            "digest": digest,
            "approvedAt": datetime.now(UTC).isoformat(timespec="seconds"),
            "projectRoot": project_root,
            "tools": previous.get("tools", []) if previous.get("digest") == digest else [],
        }

    _STORE.update(change)


def deny(instance_id: str, relative_path: str) -> bool:
    """Remove an approval; True when there was one."""
    def change(data: dict[str, Any]) -> bool:
        entry = data.get(instance_id, {})
        removed = entry.pop(relative_path, None) is not None
        if not entry:
            data.pop(instance_id, None)
        return removed

    return _STORE.update(change)


def remember_tools(instance_id: str, relative_path: str, digest: str, tools: list[str]) -> None:
    """Record which tool names an approved file registered, so a later blocked version can be named by them."""
    current = approvals_for(instance_id).get(relative_path)
    if not current or current.get("digest") != digest or current.get("tools") == tools:
        return

    def change(data: dict[str, Any]) -> None:
        record = data.get(instance_id, {}).get(relative_path)
        if record and record.get("digest") == digest:
            record["tools"] = tools

    _STORE.update(change)


def prune(instance_id: str, current: dict[str, str]) -> list[str]:
    """Drop approvals whose file is gone or whose digest no longer matches; `current` maps path → digest."""
    def change(data: dict[str, Any]) -> list[str]:
        entry = data.get(instance_id, {})
        stale = sorted(path for path, record in entry.items() if current.get(path) != record.get("digest"))
        for path in stale:
            del entry[path]
        if not entry:
            data.pop(instance_id, None)
        return stale

    return _STORE.update(change)
