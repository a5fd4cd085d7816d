"""`extensions list`: the catalog joined with installed distributions and, for a selected project, availability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError
from unitycli.host.catalog import load_catalog
from unitycli.host.installed import installed_extensions, same_name
from unitycli.host.manifest import ExtensionManifest
from unitycli.packages.models import ResolvedPackages
from unitycli.packages.resolver import resolve_packages

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.host.session import Session

ExtensionStatus = Literal["active", "not-installed", "load-error", "disabled", "integrity-failed"]


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)


class PackageState(_Model):
    profile: str = Field(description="`com.unity.probuilder@5.2.2|6.0.4`: the package and its verified versions")
    name: str
    versions: list[str]
    project_has: str | None = None
    verified: bool | None = None


class ExtensionInfo(_Model):
    id: str
    distribution: str
    summary: str | None = None
    version: str | None = Field(None, description="installed version")
    catalog_version: str | None = None
    status: ExtensionStatus
    in_catalog: bool
    integrity: str | None = None
    tools: int = 0
    available_tools: int | None = None
    packages: list[PackageState] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)


class ExtensionsListResult(_Model):
    project: str | None
    extensions: list[ExtensionInfo]


def _resolved(session: Session) -> ResolvedPackages | None:
    project = session.optional_project()
    if project is None:
        return None
    try:
        return resolve_packages(project.root)
    except UnityCliError:
        return None  # doctor reports an unreadable lock; the listing leaves `projectHas` blank


def _package_states(manifest: ExtensionManifest | None, resolved: ResolvedPackages | None) -> list[PackageState]:
    if manifest is None:
        return []
    states = []
    for profile in manifest.packages:
        has = resolved.get(profile.name) if resolved is not None else None
        version = has.version if has is not None else None
        states.append(PackageState(profile=profile.profile(), name=profile.name, versions=list(profile.versions),
                                   project_has=version,
                                   verified=profile.verified(version) if version and has and has.verifiable else None))
    return states


def list_extensions(session: Session) -> ExtensionsListResult:
    catalog = load_catalog()
    loaded = session.plugins
    registry = session.registry
    project = session.optional_project()
    resolved = _resolved(session)
    infos: dict[str, ExtensionInfo] = {}
    for ext in installed_extensions():
        owner = next((o for o in loaded.owners.values() if o.kind == "extension" and o.extension_id == ext.id), None)
        failure = next((f for f in loaded.failures if f.plugin == f"ext:{ext.id}"), None)
        disabled = any(o.extension_id == ext.id for o in loaded.disabled)
        manifest = catalog.get(ext.id)
        if manifest is not None and not same_name(manifest.distribution, ext.distribution):
            manifest = None
        info = ExtensionInfo(id=ext.id, distribution=ext.distribution, version=ext.version, status="active",
                             in_catalog=manifest is not None, summary=manifest.summary if manifest else None,
                             catalog_version=manifest.version if manifest else None)
        if disabled:
            info.status = "disabled"
        elif failure is not None or owner is None:
            # Refused before import by the RECORD check, or failed to load.
            info.status = "integrity-failed" if failure is not None and failure.stage == "integrity" else "load-error"
            info.problems.append(failure.error if failure else "not registered")
        else:
            result = session.checks.integrity(loaded.manager, owner)
            info.integrity = result.status if result is not None else None
            if result is not None and not result.ok:
                info.status = "integrity-failed"
                info.problems.append(result.message)
            tools = [t for t in registry.tools.values() if t.owner.plugin == owner.plugin]
            info.tools = len(tools)
            if project is not None:
                info.available_tools = sum(1 for t in tools if (a := session.availability(t)) and a.available)
            own = session.checks.manifest_for(loaded.manager, owner)
            if isinstance(own, ExtensionManifest):
                manifest = own
                info.summary = info.summary or own.summary
        info.packages = _package_states(manifest, resolved)
        infos[ext.id] = info
    for ext_id, manifest in catalog.manifests.items():
        if ext_id not in infos:
            infos[ext_id] = ExtensionInfo(id=ext_id, distribution=manifest.distribution, summary=manifest.summary,
                                          catalog_version=manifest.version, status="not-installed", in_catalog=True,
                                          packages=_package_states(manifest, resolved))
    return ExtensionsListResult(project=str(project.root) if project else None,
                                extensions=[infos[k] for k in sorted(infos)])
