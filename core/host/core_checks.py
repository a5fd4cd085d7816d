"""The core's own availability and integrity checks, registered through the same hooks as any plugin.

Availability: the owning extension's manifest (its own packaged copy through `unitycli_extension_manifest`,
else the core catalog's) against the project's resolved Unity packages. Integrity: built-ins are `builtin`,
installed extensions are checked against their RECORD, project tools against their approval. Doctor: Git LFS
pointer files in ProjectSettings/ and Assets/ (a clone without `git lfs pull`), which reads skip and writers refuse.
"""

from __future__ import annotations

import os
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path
from typing import TYPE_CHECKING

from unitycli.errors import UnityCliError
from unitycli.host.availability import Availability, PackageRequirement
from unitycli.host.hookspecs import hookimpl
from unitycli.host.integrity import IntegrityResult
from unitycli.next_actions import lfs_pull_command
from unitycli.safefs import read_bytes
from unitycli.unityfiles.lfs import MAX_POINTER_SIZE, is_lfs_pointer

# The extension manager and the package resolver are imported where an extension's tool needs them: a built-in
# tool's call (most calls) never does, and importing them costs ~40 ms of every run.
if TYPE_CHECKING:  # pragma: no cover
    from unitycli.extension_manager.config import ProjectConfig
    from unitycli.host.catalog import Catalog
    from unitycli.host.dependencies import ProjectPackages
    from unitycli.host.manifest import ExtensionManifest
    from unitycli.host.owners import ToolOwner
    from unitycli.host.plugin_loader import LoadedPlugins
    from unitycli.packages.models import ResolvedPackages
    from unitycli.project.selection import Project
    from unitycli.toolspec import ToolSpec


LFS_SCANNED = ("ProjectSettings", "Assets")
LFS_LISTED = 20  # pointer paths named in the doctor entry; the count covers all of them


def lfs_pointer_files(root: Path) -> list[str]:
    """Project-relative paths of the Git LFS pointers in ProjectSettings/ and Assets/, sorted.

    A pointer is under 1 KiB (spec v1), so only small files are opened. Symlinked folders are not followed, as
    Unity does not follow them under Assets/.
    """
    found: list[str] = []
    for top in LFS_SCANNED:
        for dirpath, dirnames, filenames in os.walk(root / top):
            dirnames.sort()
            for name in filenames:
                file = Path(dirpath, name)
                try:
                    if file.is_symlink() or file.stat().st_size >= MAX_POINTER_SIZE:
                        continue
                    data = read_bytes(file)
                except OSError:
                    continue
                if is_lfs_pointer(data):
                    found.append(file.relative_to(root).as_posix())
    return sorted(found)


def _pull_commands(paths: list[str]) -> list[str]:
    """One `git lfs pull --include` for the listed paths (comma-separated, as git-lfs takes them), then all."""
    listed = paths[:LFS_LISTED]
    if any("," in path for path in listed):  # a comma would split the pattern: name the first files one by one
        listed = listed[:5]
        commands = [lfs_pull_command(include=path) for path in listed]
    else:
        commands = [lfs_pull_command(include=",".join(listed))]
    return commands if len(listed) == len(paths) else [*commands, lfs_pull_command()]


def _same_distribution(a: str | None, b: str | None) -> bool:
    def norm(name: str | None) -> str:
        return (name or "").lower().replace("_", "-").replace(".", "-")

    return norm(a) == norm(b)


class CoreChecks:
    """Holds the loaded plugins so it can read other plugins' manifests; caches per session."""

    def __init__(self, loaded: LoadedPlugins) -> None:
        self.loaded = loaded
        self._catalog: Catalog | None = None
        self._manifests: dict[str, ExtensionManifest | UnityCliError | None] = {}
        self._resolved: dict[Path, ResolvedPackages | UnityCliError] = {}
        self._configs: dict[Path, ProjectConfig | UnityCliError] = {}
        self._integrity: dict[str, IntegrityResult] = {}
        self._packages: dict[Path, ProjectPackages] = {}

    # --- manifests -----------------------------------------------------------------------------------------
    @property
    def catalog(self) -> Catalog:
        from unitycli.host.catalog import load_catalog

        if self._catalog is None:
            self._catalog = load_catalog()
        return self._catalog

    def manifest_for(self, owner: ToolOwner) -> ExtensionManifest | UnityCliError | None:
        """The extension's own packaged manifest, else the catalog's; None when it declares no dependencies."""
        if owner.plugin not in self._manifests:
            self._manifests[owner.plugin] = self._find_manifest(owner)
        return self._manifests[owner.plugin]

    def packaged_manifest_text(self, owner: ToolOwner) -> str | None:
        for impl in self.loaded.manager.hook.unitycli_extension_manifest.get_hookimpls():
            if impl.plugin_name == owner.plugin:
                return impl.function()
        return None

    def _find_manifest(self, owner: ToolOwner) -> ExtensionManifest | UnityCliError | None:
        from unitycli.host.manifest import manifest_invalid, parse_manifest

        source = f"{owner.distribution or owner.plugin} (packaged manifest)"
        try:
            text = self.packaged_manifest_text(owner)
        except Exception as exc:  # a guest's hook may raise anything
            return manifest_invalid(source, "(unitycli_extension_manifest)", f"the hook raised {exc!r}")
        if text is None:
            return self.catalog.by_distribution(owner.distribution)
        try:
            manifest = parse_manifest(text, source)
        except UnityCliError as exc:
            return exc
        if owner.distribution and not _same_distribution(manifest.distribution, owner.distribution):
            return manifest_invalid(source, "distribution",
                                    f"names {manifest.distribution!r} but is shipped by {owner.distribution!r}")
        return manifest

    # --- project data --------------------------------------------------------------------------------------
    def resolved(self, root: Path) -> ResolvedPackages | UnityCliError:
        from unitycli.packages.resolver import resolve_packages

        if root not in self._resolved:
            try:
                self._resolved[root] = resolve_packages(root)
            except UnityCliError as exc:
                self._resolved[root] = exc
        return self._resolved[root]

    def config(self, root: Path) -> ProjectConfig | UnityCliError:
        from unitycli.extension_manager.config import read_project_config

        if root not in self._configs:
            try:
                self._configs[root] = read_project_config(root)
            except UnityCliError as exc:
                self._configs[root] = exc
        return self._configs[root]

    # --- hooks ---------------------------------------------------------------------------------------------
    @hookimpl
    def unitycli_doctor_checks(self, report) -> None:
        """Git LFS pointers where settings or assets should be: reads skip them, writers refuse them."""
        if not report.project:
            return
        pointers = lfs_pointer_files(Path(report.project))
        if not pointers:
            report.add("project:lfs-pointers", "pass", "no Git LFS pointer files in ProjectSettings/ or Assets/")
            return
        shown = ", ".join(pointers[:3]) + (f" and {len(pointers) - 3} more" if len(pointers) > 3 else "")
        report.add("project:lfs-pointers", "warn",
                   f"{len(pointers)} file(s) in ProjectSettings/ or Assets/ are Git LFS pointers, not their "
                   f"content ({shown}); tools cannot read them and writers refuse them",
                   _pull_commands(pointers),
                   {"count": len(pointers), "files": pointers[:LFS_LISTED], "listed": min(len(pointers), LFS_LISTED)})

    @hookimpl
    def unitycli_tool_availability(self, tool: ToolSpec, owner: ToolOwner, project: Project) -> Availability | None:
        if owner.kind != "extension":
            return None
        from unitycli.host.dependencies import (
            ProjectPackages,
            check_tool,
            core_api_refusal,
            doctor_command,
        )

        manifest = self.manifest_for(owner)
        if manifest is None:
            return None
        root = project.root
        if isinstance(manifest, UnityCliError):
            # The doctor only reports this again: say what changes it.
            fix = (f"Update or reinstall {owner.distribution or owner.plugin} so it ships a valid extension manifest "
                   "(or report the problem to its authors)")
            return Availability.unavailable("E_MANIFEST_INVALID", manifest.message,
                                            [*(manifest.next_actions or []), fix, doctor_command(root)])
        refused = core_api_refusal(manifest, root)
        if refused is not None:
            return refused
        if not manifest.requirements_for(tool.name):
            return Availability.ok()
        resolved = self.resolved(root)
        if isinstance(resolved, UnityCliError):
            return Availability.unavailable(
                "E_EXTENSION_DEPENDENCY_UNVERIFIABLE",
                f"{tool.name} needs Unity packages, but the project's packages cannot be read: {resolved.message}",
                [*(resolved.next_actions or []), doctor_command(root)])
        config = self.config(root)
        if isinstance(config, UnityCliError):
            return Availability.unavailable("E_MANIFEST_INVALID", config.message,
                                            [*(config.next_actions or []), doctor_command(root)])
        if root not in self._packages:  # one Editor-version read and one package-source lookup per project
            self._packages[root] = ProjectPackages.of(root, resolved, config)
        return check_tool(manifest, tool.name, self._packages[root], read_only=tool.read_only)

    @hookimpl
    def unitycli_tool_requirements(self, tool: ToolSpec, owner: ToolOwner) -> list[PackageRequirement] | None:
        if owner.kind != "extension":
            return None
        manifest = self.manifest_for(owner)
        if manifest is None or isinstance(manifest, UnityCliError):
            return None
        return [PackageRequirement(name=profile.name, versions=list(profile.versions))
                for profile in manifest.requirements_for(tool.name)]

    @hookimpl
    def unitycli_check_integrity(self, owner: ToolOwner) -> IntegrityResult | None:
        if owner.kind == "builtin":
            return IntegrityResult(status="builtin", message=f"{owner.plugin} ships inside unitycli")
        if owner.kind == "project":
            return self._project_integrity(owner)
        if not owner.distribution:
            return None
        if owner.distribution not in self._integrity:
            self._integrity[owner.distribution] = self._distribution_integrity(owner.distribution)
        return self._integrity[owner.distribution]

    def _distribution_integrity(self, name: str) -> IntegrityResult:
        from unitycli.host.record import verify_distribution

        try:
            dist = distribution(name)
        except PackageNotFoundError:
            return IntegrityResult(status="unverifiable", code="E_EXTENSION_INTEGRITY_UNVERIFIABLE",
                                   message=f"{name} is no longer installed", details={"distribution": name})
        return verify_distribution(dist)

    def _project_integrity(self, owner: ToolOwner) -> IntegrityResult:
        """The loaded bytes were approved at load time; fail if that approval was withdrawn since."""
        from unitycli.extension_manager.approvals import approvals_for

        plugin = self.loaded.manager.get_plugin(owner.plugin)
        approval = getattr(plugin, "__unitycli_approval__", None)
        if approval is None:
            return IntegrityResult(status="failed", code="E_PROJECT_TOOL_UNTRUSTED",
                                   message=f"project tool {owner.file} was not loaded through an approval",
                                   details={"file": owner.file})
        record = approvals_for(approval.instance_id).get(approval.relative) or {}
        if record.get("digest") != approval.digest:
            return IntegrityResult(
                status="failed", code="E_PROJECT_TOOL_UNTRUSTED",
                message=f"the approval of project tool {approval.relative} was withdrawn or replaced",
                details={"file": approval.relative, "expected": record.get("digest"), "actual": approval.digest},
                next_actions=[f"unitycli tools approve {approval.relative}"])
        return IntegrityResult(status="verified", message=f"project tool {approval.relative} is approved",
                               details={"file": approval.relative, "digest": approval.digest})


def plugin_for(loaded: LoadedPlugins) -> CoreChecks:
    """Called by the plugin loader: the core checks need the loaded plugins to find extension manifests."""
    return CoreChecks(loaded)
