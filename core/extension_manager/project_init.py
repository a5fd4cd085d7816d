"""`unitycli init`: set a Unity project up for unitycli and say which extensions apply to it.

Maps the project's Unity packages to catalog extensions (even ones not installed yet), records the applicable
ones that are installed in the extension lock (a lock entry says "this project needs that extension"; an entry
nobody can install yet would only make every later doctor run fail), says how to install the others, creates `.unitycli/` with a config and a tools folder note, and writes the agent
skill file where an agent folder exists or was asked for. All writes go through one Transaction, so `--check`
is a dry run that reports exactly what would be written.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError
from unitycli.extension_manager.config import CONFIG
from unitycli.extension_manager.installer import Sources, installed_source, lock_digest
from unitycli.extension_manager.lock import LockEntry, read_lock, stage_lock
from unitycli.extension_manager.skill import AGENT_FOLDERS, AGENT_SKILL_PATHS, render_skill
from unitycli.host.catalog import load_catalog
from unitycli.host.installed import installed_extensions, same_name
from unitycli.host.project_tools import TOOLS_DIR
from unitycli.packages.resolver import resolve_packages

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.host.session import Session

_CONFIG_TEMPLATE = """\
# unitycli project settings (committed with the project). Approvals of .unitycli/tools/*.py are NOT kept here:
# each person approves project tools on their own machine with `unitycli tools approve`.

[extensions]
# Extensions never loaded for this project (applied before import):
disabled = []
"""

_TOOLS_README = """\
# Project tools

Python files here define unitycli tools for this project, with the same API as extensions
(`@hookimpl def unitycli_register_tools(register): register(ToolSpec(...))`).

A file runs only after a person has approved its exact content on their machine:

    unitycli tools approve .unitycli/tools/<file>.py
    unitycli tools approvals

Changing a file blocks it until it is approved again. A project tool may not reuse a built-in or extension
tool name.
"""


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class PackageMatch(_Model):
    name: str
    profile: str
    project_has: str | None
    state: Literal["verified", "unsupported-version", "unverifiable"]


class ExtensionMatch(_Model):
    id: str
    distribution: str
    status: Literal["active", "not-installed"]
    installed_version: str | None = None
    packages: list[PackageMatch]


class InitResult(_Model):
    project: str
    check: bool
    extensions: list[ExtensionMatch]
    not_applicable: list[str] = Field(description="catalog extensions whose packages the project does not have")
    skill_files: list[str]
    effects: dict[str, Any]
    next_actions: list[str]


def _match(manifest, resolved) -> list[PackageMatch]:
    found = []
    for profile in manifest.packages:
        package = resolved.get(profile.name)
        if package is None:
            continue
        if package.version is None or not package.verifiable:
            state = "unverifiable"
        else:
            state = "verified" if profile.verified(package.version) else "unsupported-version"
        found.append(PackageMatch(name=profile.name, profile=profile.profile(), project_has=package.version,
                                  state=state))
    return found


def _skill_targets(root, agents: tuple[str, ...]) -> list[str]:
    unknown = sorted(set(agents) - set(AGENT_SKILL_PATHS))
    if unknown:
        raise UnityCliError("E_OPTION_VALUE_INVALID", f"--agent {unknown[0]} is not known",
                            details={"option": "--agent", "value": unknown[0], "valid": sorted(AGENT_SKILL_PATHS)})
    names = set(agents) | {name for name, folder in AGENT_FOLDERS.items() if (root / folder).is_dir()}
    return [AGENT_SKILL_PATHS[name] for name in sorted(names)]


def init_project(session: Session, check: bool, agents: tuple[str, ...] = ()) -> InitResult:
    from unitycli.transaction import Transaction

    project = session.project()
    root = project.root
    resolved = resolve_packages(root)
    installed = {e.id: e for e in installed_extensions()}
    matches: list[ExtensionMatch] = []
    not_applicable: list[str] = []
    for ext_id, manifest in sorted(load_catalog().manifests.items()):
        packages = _match(manifest, resolved)
        if not packages:
            not_applicable.append(ext_id)
            continue
        ext = installed.get(ext_id)
        active = ext is not None and same_name(ext.distribution, manifest.distribution)
        matches.append(ExtensionMatch(id=ext_id, distribution=manifest.distribution,
                                      status="active" if active else "not-installed",
                                      installed_version=ext.version if active else None, packages=packages))
    entries = read_lock(root)
    updated = dict(entries)
    sources = Sources.for_project(project)
    for match in matches:
        ext = installed.get(match.id)
        if match.id in updated or match.status != "active" or ext is None:
            continue
        # Where it really came from, portably: the repository's extensions/ folder, a wheel, a folder elsewhere
        # or the index (PEP 610 direct_url.json) -- never the path on this machine.
        updated[match.id] = LockEntry(distribution=match.distribution, version=ext.version,
                                      digest=lock_digest(ext.dist), source=installed_source(ext.dist, sources))
    transaction = Transaction(root, dry_run=check, allow_editor_open=True)
    if not transaction.exists(CONFIG):
        transaction.write_text(CONFIG, _CONFIG_TEMPLATE)
    if not transaction.exists(f"{TOOLS_DIR}/README.md"):
        transaction.write_text(f"{TOOLS_DIR}/README.md", _TOOLS_README)
    stage_lock(transaction, updated)
    skill_files = _skill_targets(root, agents)
    if skill_files:
        text = render_skill(session.descriptors())
        for path in skill_files:
            transaction.write_text(path, text)
    effects = transaction.commit().model_dump(by_alias=True, mode="json")
    quoted = shlex.quote(str(root))
    catalog = load_catalog()
    actions = [f"unitycli extensions install {m.id} --project {quoted}" for m in matches
               if m.status == "not-installed" and catalog.get(m.id) is not None and catalog.get(m.id).version]
    actions.append(f"unitycli extensions doctor --project {quoted}")
    if check:
        actions.insert(0, f"unitycli init --project {quoted}")
    return InitResult(project=str(root), check=check, extensions=matches, not_applicable=not_applicable,
                      skill_files=skill_files, effects=effects, next_actions=actions)
