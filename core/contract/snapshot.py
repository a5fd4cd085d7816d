"""Build, digest, compare and write the contract snapshot (`contract/snapshot.json` in the repository).

Tools are grouped by the distribution that ships them: the core (`unitycli`) and each extension in the core's
catalog (`manifests/`). An extension that is not installed where the snapshot is built keeps its stored
section, so a checkout without extensions neither drops nor fakes their contract; the check reports such
sections as unverified instead of passing them silently.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import unitycli
from unitycli.errors import UnityCliError

SNAPSHOT_VERSION = 1
CORE_SECTION = "unitycli"
# Descriptor fields that depend on the selected project or the installed version, not on the contract.
VOLATILE = ("available", "unavailableCode", "unavailableReason", "nextActions", "profileVerified",
            "requiresPackages", "operation", "verifiedBy")


def default_path() -> Path | None:
    """`contract/snapshot.json` of the checkout this package runs from, or None when installed from a wheel."""
    repo = Path(unitycli.__file__).resolve().parent.parent
    return repo / "contract" / "snapshot.json" if (repo / "pyproject.toml").is_file() else None


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_of(snapshot: dict[str, Any]) -> str:
    body = {k: v for k, v in snapshot.items() if k != "digest"}
    return "sha256:" + hashlib.sha256(canonical(body).encode("utf-8")).hexdigest()


def _static_descriptor(descriptor: Any) -> dict[str, Any]:
    data = descriptor.model_dump(by_alias=True, mode="json")
    for key in VOLATILE:
        data.pop(key, None)
    owner = data.pop("owner")
    data["owner"] = {"kind": owner["kind"], "distribution": owner.get("distribution")}
    return data


def catalog_distributions() -> set[str]:
    from unitycli.host.catalog import load_catalog

    return {m.distribution for m in load_catalog().manifests.values()}


def build_tools() -> dict[str, dict[str, Any]]:
    """{section: {tool name: static descriptor}} for the core and the catalog's installed extensions."""
    from unitycli.host.descriptors import ToolHead
    from unitycli.host.session import Session

    session = Session(cwd=Path(unitycli.__file__).resolve().parent)  # a folder that is never a Unity project
    known = catalog_distributions()
    sections: dict[str, dict[str, Any]] = {}
    for name in session.registry.names():
        tool = session.registry.tools[name]
        owner = tool.owner
        if owner.kind == "builtin":
            section = CORE_SECTION
        elif owner.kind == "extension" and owner.distribution in known:
            section = owner.distribution
        else:
            continue  # third-party and project tools are not the core's contract
        sections.setdefault(section, {})[name] = _static_descriptor(ToolHead(tool, None).describe())
    return sections


def build_snapshot(cli: Any, stored: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[str]]:
    """The current snapshot, and the catalog sections carried over from `stored` (not installed here)."""
    from unitycli.contract.cli_schemas import cli_output_schemas

    tools = build_tools()
    carried = []
    if stored:
        known = catalog_distributions()
        for section, entries in stored.get("tools", {}).items():
            if section not in tools and section != CORE_SECTION and section in known:
                tools[section] = entries
                carried.append(section)
    snapshot: dict[str, Any] = {"snapshotVersion": SNAPSHOT_VERSION, "tools": dict(sorted(tools.items())),
                                "cli": cli_output_schemas(cli)}
    snapshot["digest"] = digest_of(snapshot)
    return snapshot, sorted(carried)


def read_snapshot(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        raise UnityCliError("E_CONTRACT_DRIFT", f"the contract snapshot {path} cannot be read: {exc}",
                            details={"file": str(path)}) from None


def write_snapshot(path: Path, snapshot: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(snapshot, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def differences(stored: dict[str, Any], current: dict[str, Any], carried: list[str]) -> list[dict[str, str]]:
    """What changed, one entry per tool or command, so the failure says where to look."""
    found: list[dict[str, str]] = []
    old_tools, new_tools = stored.get("tools", {}), current.get("tools", {})
    for section in sorted((set(old_tools) | set(new_tools)) - set(carried)):
        old, new = old_tools.get(section, {}), new_tools.get(section, {})
        for name in sorted(set(old) | set(new)):
            if name not in new:
                found.append({"kind": "tool", "name": name, "change": "removed", "section": section})
            elif name not in old:
                found.append({"kind": "tool", "name": name, "change": "added", "section": section})
            elif canonical(old[name]) != canonical(new[name]):
                fields = sorted(k for k in set(old[name]) | set(new[name]) if old[name].get(k) != new[name].get(k))
                found.append({"kind": "tool", "name": name, "change": "changed: " + ", ".join(fields),
                              "section": section})
    old_cli, new_cli = stored.get("cli", {}), current.get("cli", {})
    for command in sorted(set(old_cli) | set(new_cli)):
        if command not in new_cli:
            found.append({"kind": "command", "name": command, "change": "removed"})
        elif command not in old_cli:
            found.append({"kind": "command", "name": command, "change": "added"})
        elif canonical(old_cli[command]) != canonical(new_cli[command]):
            found.append({"kind": "command", "name": command, "change": "output schema changed"})
    if not found and stored.get("digest") != digest_of(stored):
        found.append({"kind": "file", "name": "digest", "change": "the stored digest does not match the content"})
    return found


def check(path: Path, cli: Any) -> dict[str, Any]:
    """Compare the file with the code: `E_CONTRACT_DRIFT` naming each difference, else the digest.

    `unverifiedSections` names catalog extensions the snapshot holds but this environment has not installed.
    """
    stored = read_snapshot(path)
    if stored is None:
        raise UnityCliError("E_CONTRACT_DRIFT", f"there is no contract snapshot at {path}",
                            details={"file": str(path)}, next_actions=["unitycli docs contract --write"])
    current, carried = build_snapshot(cli, stored)
    changes = differences(stored, current, carried)
    if changes:
        raise UnityCliError(
            "E_CONTRACT_DRIFT",
            f"{len(changes)} contract change(s) not in {path}: "
            + "; ".join(f"{c['name']} {c['change']}" for c in changes[:5]),
            details={"file": str(path), "differences": changes, "storedDigest": stored.get("digest"),
                     "currentDigest": current["digest"]},
            next_actions=["unitycli docs contract --write"],  # once the change is reviewed
        )
    return {"file": str(path), "digest": current["digest"], "unverifiedSections": carried}
