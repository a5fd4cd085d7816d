"""`unitycli extensions list | install | remove | sync | approve | doctor`."""

from __future__ import annotations

import click

from unitycli.cli.state import state
from unitycli.cli.strict import StrictGroup
from unitycli.doctor_report import DoctorResult
from unitycli.errors import UnityCliError
from unitycli.extension_manager.installer import InstallResult, RemoveResult, SyncResult
from unitycli.extension_manager.inventory import ExtensionsListResult
from unitycli.extension_manager.source_approvals import SourceApprovalResult

_PIP_ARG_HELP = "Extra argument passed to pip (repeatable), e.g. --pip-arg=--no-build-isolation."


@click.group("extensions", cls=StrictGroup)
def extensions_group() -> None:
    """Extensions: what is installed and available here, install/remove, and the doctor."""


@extensions_group.command("list")
def list_cmd() -> ExtensionsListResult:
    """The catalog joined with installed extensions and, for a selected project, their availability."""
    from unitycli.extension_manager.inventory import list_extensions

    return list_extensions(state().session)


def _WHEEL_SOURCES(command):  # noqa: N802 - a decorator named like the option pair it adds
    """`--find-links DIR` (repeatable) and `--index-url URL`: wheels or an index the person names, used by pip."""
    command = click.option("--index-url", default=None, metavar="URL",
                           help="A package index of built extensions; pip resolves the extension there.")(command)
    return click.option("--find-links", "find_links", multiple=True, metavar="DIR",
                        help="A folder of built extension wheels, searched first (repeatable).")(command)


@extensions_group.command("install")
@click.argument("target")
@click.option("--source", type=click.Choice(["repo", "wheelhouse", "pypi"]), default=None,
              help="Take an extension id from this source only (default: the first that has it, in the order "
                   "below).")
@click.option("--pip-arg", "pip_args", multiple=True, metavar="ARG", help=_PIP_ARG_HELP)
@_WHEEL_SOURCES
def install_cmd(target: str, source: str | None, pip_args: tuple[str, ...], find_links: tuple[str, ...],
                index_url: str | None) -> InstallResult:
    """Install an extension by id, or from a local folder or wheel, with pip; record it in the project's lock.

    \b
    An id is looked up, in this order, in:
      wheelhouse  folders of built wheels: [sources] wheelhouse = ["../wheels"] in your config.toml (user
                  data directory), then in .unitycli/config.toml
      repo        extension source folders (<id>/pyproject.toml): [sources] extensions in your config.toml,
                  then the extensions/ folder of the unitycli checkout this runs from, or instead
                  [sources] extensions = "<folder>" in .unitycli/config.toml
      pypi        the package index, only for extensions the catalog says are published (exact version);
                  [sources] index = false turns it off; --index-url URL: your index, any version pip resolves
    --find-links DIR adds a wheelhouse searched first. Folders in [sources] are relative to the file's folder (the project root for .unitycli/config.toml). A place
    named by the project's config is used only after `extensions approve`. Wheelhouse and repo installs work offline (a source
    folder is built with --no-build-isolation when setuptools is installed). The lock records a portable source
    (repo:extensions/<id>, wheelhouse, pypi or local), the version and the RECORD digest, never a local path;
    `extensions sync` installs the same from that project's sources elsewhere.
    """
    from unitycli.extension_manager.installer import install

    return install(target, state().session.optional_project(), pip_args, source, find_links, index_url)


@extensions_group.command("remove")
@click.argument("extension_id")
@click.option("--uninstall", is_flag=True, help="Also uninstall the distribution with pip.")
@click.option("--pip-arg", "pip_args", multiple=True, metavar="ARG", help=_PIP_ARG_HELP)
def remove_cmd(extension_id: str, uninstall: bool, pip_args: tuple[str, ...]) -> RemoveResult:
    """Remove an extension from the project's lock (and uninstall it with --uninstall)."""
    from unitycli.extension_manager.installer import remove

    return remove(extension_id, state().session.optional_project(), uninstall, pip_args)


@extensions_group.command("sync")
@click.option("--dry-run", is_flag=True, help="Only report drift between the lock and what is installed.")
@click.option("--pip-arg", "pip_args", multiple=True, metavar="ARG", help=_PIP_ARG_HELP)
@_WHEEL_SOURCES
def sync_cmd(dry_run: bool, pip_args: tuple[str, ...], find_links: tuple[str, ...], index_url: str | None) -> SyncResult:
    """Install exactly what the project's .unitycli/extensions.toml says; report drift.

    Each entry's exact version comes from its recorded source first (repo:extensions/<id>, wheelhouse, pypi),
    then from any other configured source (see `extensions install --help`). An entry the project chose (a place
    from its .unitycli/config.toml or lock, or a distribution that is not the catalog's) is installed only after
    `extensions approve`; --dry-run shows where each comes from and whether it needs approval.
    """
    from unitycli.extension_manager.installer import sync

    return sync(state().session.project(), dry_run, pip_args, find_links, index_url)


@extensions_group.command("approve")
@click.argument("extension_ids", nargs=-1)
@click.option("--all", "approve_all", is_flag=True, help="Every lock entry that needs an approval, as it is now.")
def approve_cmd(extension_ids: tuple[str, ...], approve_all: bool) -> SourceApprovalResult:
    """Approve installing extensions the project chose: shows each one's distribution, version, where it comes
    from, who chose that place and the sha256 of its exact files, and records that approval for this project.

    \b
    Needed for a lock entry whose source folder or wheelhouse comes from the project's .unitycli/config.toml or
    a path in its lock, or whose distribution is not unitycli's catalog extension of that id; `extensions sync`
    installs such an entry only from exactly the approved files. Approvals live in the user data directory.
    """
    from unitycli.extension_manager.installer import plan_offers
    from unitycli.extension_manager.source_approvals import approve

    project = state().session.project()
    if not extension_ids and not approve_all:
        raise UnityCliError("E_OPTION_VALUE_REQUIRED", "name the extension ids to approve, or pass --all",
                            details={"parameter": "extension_ids"},
                            next_actions=["unitycli extensions sync --dry-run", "unitycli extensions approve --all"])
    offers, not_needed = plan_offers(project, None if approve_all else list(extension_ids))
    for offer in offers:
        approve(project, offer)
    return SourceApprovalResult(project=str(project.root), approved=offers, not_needed=not_needed)


@extensions_group.command("doctor")
def doctor_cmd() -> DoctorResult:  # inside a CommandResult, which carries any failure beside it
    """Diagnose extensions: load errors, clashes, tool schemas, manifests, integrity, lock, packages, project tools.

    Exit 0 when every check passes (warnings allowed), 1 on any failure, 3 when something is unverifiable.
    """
    from unitycli.cli.results import doctor_outcome
    from unitycli.doctor_report import DoctorReport
    from unitycli.extension_manager.doctor import extension_checks

    session = state().session
    project = session.optional_project()
    report = extension_checks(session, DoctorReport(project=str(project.root) if project else None))
    return doctor_outcome(DoctorResult.of(report))
