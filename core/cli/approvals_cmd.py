"""`unitycli tools approve | deny | approvals`: approve project tool files like `direnv allow`.

Attached to the `tools` group. Approvals live in the user data directory keyed by the project's instanceId;
an approval covers one file's exact path and bytes, so any change needs a new approval. Approving a tool file
approves the closure it imports from `.unitycli/tools/` too, each file listed with the tool that imports it, and
refuses (approving nothing) when that closure holds a link or a file that is not a regular `.py` file.
"""

from __future__ import annotations

from typing import Literal

import click
from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.cli.state import state
from unitycli.cli.tools_cmd import tools_group
from unitycli.errors import UnityCliError


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class ApprovedFile(_Model):
    file: str
    digest: str
    previous: str | None = None
    imported_by: str | None = Field(None, description="The tool file whose imports brought this file in; null "
                                                      "for a file named on the command line")


class ApproveResult(_Model):
    project: str
    approved: list[ApprovedFile]


class DenyResult(_Model):
    project: str
    file: str
    removed: bool


class ApprovalEntry(_Model):
    file: str
    status: Literal["approved", "untrusted", "changed", "refused", "file-missing"]
    digest: str | None = None
    approved_digest: str | None = None
    tools: list[str] = Field(default_factory=list)
    imports: list[str] = Field(default_factory=list, description="Files of .unitycli/tools/ it imports (its "
                                                                 "closure), approved with it")
    problem: str | None = Field(None, description="Why an approved tool still does not run: its closure holds a "
                                                  "link, or a file that is not approved at its current digest")
    next_actions: list[str] = Field(default_factory=list)


class ApprovalsResult(_Model):
    project: str
    files: list[ApprovalEntry]
    pruned: list[str] = Field(default_factory=list)


def _project():
    return state().session.project()


@tools_group.command("approve")
@click.argument("files", nargs=-1)
@click.option("--all", "approve_all", is_flag=True, help="Approve every file in .unitycli/tools/ as it is now.")
def approve_cmd(files: tuple[str, ...], approve_all: bool) -> ApproveResult:
    """Approve project tool files (.unitycli/tools/*.py) at their current content."""
    from unitycli.extension_manager.approvals import approvals_for, approve
    from unitycli.host.project_tools import approval_plan, normalise_tool_path, scan_tool_files

    project = _project()
    if not files and not approve_all:
        raise UnityCliError("E_OPTION_VALUE_REQUIRED", "name the files to approve, or pass --all",
                            details={"parameter": "files"},
                            next_actions=["unitycli tools approvals", "unitycli tools approve --all"])
    scanned = {f.relative: f for f in scan_tool_files(project.root, project.instance_id)}
    wanted = list(scanned) if approve_all else [normalise_tool_path(project.root, f, state().cwd) for f in files]
    previous = approvals_for(project.instance_id)
    approved: list[ApprovedFile] = []
    for relative, imported_by in approval_plan(project.root, scanned, wanted).items():
        digest = scanned[relative].digest
        assert digest is not None
        approve(project.instance_id, str(project.root), relative, digest)
        approved.append(ApprovedFile(file=relative, digest=digest, imported_by=imported_by,
                                     previous=(previous.get(relative) or {}).get("digest")))
    return ApproveResult(project=str(project.root), approved=approved)


@tools_group.command("deny")
@click.argument("file")
def deny_cmd(file: str) -> DenyResult:
    """Withdraw the approval of a project tool file; it is no longer imported."""
    from unitycli.extension_manager.approvals import deny
    from unitycli.host.project_tools import normalise_tool_path

    project = _project()
    relative = normalise_tool_path(project.root, file, state().cwd)
    return DenyResult(project=str(project.root), file=relative, removed=deny(project.instance_id, relative))


@tools_group.command("approvals")
@click.option("--prune", is_flag=True, help="Forget approvals whose file is gone or has changed.")
def approvals_cmd(prune: bool) -> ApprovalsResult:
    """List project tool files with their approval state (and prune stale approvals)."""
    from unitycli.extension_manager.approvals import approvals_for
    from unitycli.extension_manager.approvals import prune as prune_approvals
    from unitycli.host.project_tools import closure_error, scan_tool_files

    project = _project()
    scanned = scan_tool_files(project.root, project.instance_id)
    pruned: list[str] = []
    if prune:
        pruned = prune_approvals(project.instance_id, {f.relative: f.digest for f in scanned if f.digest})
    records = approvals_for(project.instance_id)
    entries = []
    by_relative = {f.relative: f for f in scanned}
    for tool_file in scanned:
        blocked = closure_error(project.root, tool_file, by_relative) \
            if tool_file.status == "approved" and tool_file.is_tool else None
        actions = (blocked.next_actions or []) if blocked else [] if tool_file.status == "approved" \
            else (tool_file.blocking_error(project.root).next_actions or [])
        entries.append(ApprovalEntry(file=tool_file.relative, status=tool_file.status, digest=tool_file.digest,
                                     approved_digest=(records.get(tool_file.relative) or {}).get("digest"),
                                     tools=tool_file.known_tools, imports=[m.relative for m in tool_file.closure],
                                     problem=blocked.message if blocked else None, next_actions=actions))
    present = {f.relative for f in scanned}
    for relative, record in sorted(records.items()):
        if relative not in present:
            entries.append(ApprovalEntry(file=relative, status="file-missing", approved_digest=record.get("digest"),
                                         tools=record.get("tools", []),
                                         next_actions=["unitycli tools approvals --prune"]))
    return ApprovalsResult(project=str(project.root), files=entries, pruned=pruned)
