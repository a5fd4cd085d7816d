"""The host's own availability and integrity checks: plain methods the session calls, not hooks.

Availability: the owning extension's manifest (its own packaged copy through `unitycli_extension_manifest`,
else the core catalog's) against the project's resolved Unity packages. Integrity: built-ins are `builtin`,
installed extensions are checked against their RECORD, project tools against their approval. One `HostChecks`
per session caches what it read (manifests, resolved packages, configs, RECORD verdicts); each method takes the
plugin manager that loaded the owner, since a lazily loaded tool has its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from unitycli.errors import UnityCliError
from unitycli.host.availability import Availability, PackageRequirement
from unitycli.host.integrity import IntegrityResult

# The extension manager and the package resolver are imported where an extension's tool needs them: a built-in
# tool's call (most calls) never does, and importing them costs ~40 ms of every run.
if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

    import pluggy

    from unitycli.extension_manager.config import ProjectConfig
    from unitycli.host.catalog import Catalog
    from unitycli.host.dependencies import ProjectPackages
    from unitycli.host.manifest import ExtensionManifest
    from unitycli.host.owners import ToolOwner
    from unitycli.packages.models import ResolvedPackages
    from unitycli.project.selection import Project
    from unitycli.toolspec import ToolSpec

T = TypeVar("T")


def _read_once(cache: dict[Path, T | UnityCliError], root: Path, read: Callable[[Path], T]) -> T | UnityCliError:
    """`read(root)` or its catalogued error, computed once per project for the session."""
    if root not in cache:
        try:
            cache[root] = read(root)
        except UnityCliError as exc:
            cache[root] = exc
    return cache[root]


def _same_distribution(a: str | None, b: str | None) -> bool:
    def norm(name: str | None) -> str:
        return (name or "").lower().replace("_", "-").replace(".", "-")

    return norm(a) == norm(b)


class HostChecks:
    """Availability and integrity of a session's tools, with what it read cached for the session."""

    def __init__(self) -> None:
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

    def manifest_for(self, pm: pluggy.PluginManager, owner: ToolOwner) -> ExtensionManifest | UnityCliError | None:
        """The extension's own packaged manifest, else the catalog's; None when it declares no dependencies."""
        if owner.plugin not in self._manifests:
            self._manifests[owner.plugin] = self._find_manifest(pm, owner)
        return self._manifests[owner.plugin]

    @staticmethod
    def packaged_manifest_text(pm: pluggy.PluginManager, owner: ToolOwner) -> str | None:
        for impl in pm.hook.unitycli_extension_manifest.get_hookimpls():
            if impl.plugin_name == owner.plugin:
                return cast("str | None", impl.function())
        return None

    def _find_manifest(self, pm: pluggy.PluginManager, owner: ToolOwner) -> ExtensionManifest | UnityCliError | None:
        from unitycli.host.manifest import manifest_invalid, parse_manifest

        source = f"{owner.distribution or owner.plugin} (packaged manifest)"
        try:
            text = self.packaged_manifest_text(pm, owner)
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

        return _read_once(self._resolved, root, resolve_packages)

    def config(self, root: Path) -> ProjectConfig | UnityCliError:
        from unitycli.extension_manager.config import read_project_config

        return _read_once(self._configs, root, read_project_config)

    # --- the checks --------------------------------------------------------------------------------------------
    def availability(self, pm: pluggy.PluginManager, tool: ToolSpec[Any, Any], owner: ToolOwner,
                     project: Project) -> Availability:
        """Whether `tool` can run on `project`: a built-in or project tool always can; an extension's tool when
        its manifest's packages are in the project at a version it was verified against."""
        if owner.kind != "extension":
            return Availability.ok()
        from unitycli.host.dependencies import (
            ProjectPackages,
            check_tool,
            core_api_refusal,
            doctor_command,
        )

        manifest = self.manifest_for(pm, owner)
        if manifest is None:
            return Availability.ok()
        root = project.root
        if isinstance(manifest, UnityCliError):
            # The doctor only reports this again: say what changes it.
            fix = (f"Update or reinstall {owner.distribution or owner.plugin} so it ships a valid extension manifest "
                   "(or report the problem to its authors)")
            return Availability.unavailable("E_MANIFEST_INVALID", manifest.message,
                                            [*(manifest.next_actions or []), doctor_command(root)],
                                            manual_steps=[*manifest.manual_steps, fix])
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
                [*(resolved.next_actions or []), doctor_command(root)], manual_steps=resolved.manual_steps)
        config = self.config(root)
        if isinstance(config, UnityCliError):
            # The config reader's own next action is the doctor too (its check re-reads the file): named once.
            return Availability.unavailable("E_MANIFEST_INVALID", config.message, [doctor_command(root)],
                                            manual_steps=config.manual_steps)
        if root not in self._packages:  # one Editor-version read and one package-source lookup per project
            self._packages[root] = ProjectPackages.of(root, resolved, config)
        return check_tool(manifest, tool.name, self._packages[root], read_only=tool.read_only)

    def requirements(self, pm: pluggy.PluginManager, tool: ToolSpec[Any, Any],
                     owner: ToolOwner) -> list[PackageRequirement]:
        """The Unity packages (and verified versions) `tool` needs, known without any project (descriptors)."""
        if owner.kind != "extension":
            return []
        manifest = self.manifest_for(pm, owner)
        if manifest is None or isinstance(manifest, UnityCliError):
            return []
        return [PackageRequirement(name=profile.name, versions=list(profile.versions))
                for profile in manifest.requirements_for(tool.name)]

    def integrity(self, pm: pluggy.PluginManager, owner: ToolOwner) -> IntegrityResult | None:
        """Whether the code behind `owner` is the code that was verified; None for an extension loaded from no
        distribution (a test's in-process plugin), which has nothing to verify against."""
        if owner.kind == "builtin":
            return IntegrityResult(status="builtin", message=f"{owner.plugin} ships inside unitycli")
        if owner.kind == "project":
            return self._project_integrity(pm, owner)
        if not owner.distribution:
            return None
        if owner.distribution not in self._integrity:
            self._integrity[owner.distribution] = self._distribution_integrity(owner.distribution)
        return self._integrity[owner.distribution]

    def _distribution_integrity(self, name: str) -> IntegrityResult:
        # Imported here: `importlib.metadata` (with its `email` parser) costs a built-in tool's call ~15 ms.
        from importlib.metadata import PackageNotFoundError, distribution

        from unitycli.host.record import verify_distribution

        try:
            dist = distribution(name)
        except PackageNotFoundError:
            return IntegrityResult(status="unverifiable", code="E_EXTENSION_INTEGRITY_UNVERIFIABLE",
                                   message=f"{name} is no longer installed", details={"distribution": name})
        return verify_distribution(dist)

    def ensure_integrity(self, pm: pluggy.PluginManager, owner: ToolOwner) -> None:
        """Raise a failed integrity answer: code that fails its check never runs."""
        result = self.integrity(pm, owner)
        if result is not None and not result.ok:
            raise result.error(owner)

    def _project_integrity(self, pm: pluggy.PluginManager, owner: ToolOwner) -> IntegrityResult:
        """The loaded bytes were approved at load time; fail if that approval was withdrawn since."""
        from unitycli.extension_manager.approvals import approvals_for

        plugin = pm.get_plugin(owner.plugin)
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

