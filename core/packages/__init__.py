"""The Unity packages of a project: resolution (lock, manifest, package.json), semver order, manifest edits.

Names are exported lazily (as `unitycli.transaction` does): resolving packages for a read does not import the
manifest editor (and its tarball reader).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from unitycli.lazy_exports import lazy_exports

_EXPORTS = {
    "Manifest": "manifest_edit", "render_manifest": "manifest_edit", "unity_dependency_order": "manifest_edit",
    "validate_dependency": "manifest_edit",
    "Certainty": "models", "PackageSource": "models", "ResolvedPackage": "models", "ResolvedPackages": "models",
    "is_git_url": "resolver", "resolve_packages": "resolver",
    "SemVer": "semver", "compare_versions": "semver", "is_semver": "semver",
}

__all__ = [
    "Certainty", "Manifest", "PackageSource", "ResolvedPackage", "ResolvedPackages", "SemVer",
    "compare_versions", "is_git_url", "is_semver", "render_manifest", "resolve_packages",
    "unity_dependency_order", "validate_dependency",
]

if TYPE_CHECKING:
    from unitycli.packages.manifest_edit import (
        Manifest,
        render_manifest,
        unity_dependency_order,
        validate_dependency,
    )
    from unitycli.packages.models import Certainty, PackageSource, ResolvedPackage, ResolvedPackages
    from unitycli.packages.resolver import is_git_url, resolve_packages
    from unitycli.packages.semver import SemVer, compare_versions, is_semver

__getattr__ = lazy_exports(__name__, _EXPORTS)
