"""The Unity packages of a project: resolution (lock, manifest, package.json), semver order, manifest edits."""

from __future__ import annotations

from unitycli.packages.manifest_edit import (
    Manifest,
    render_manifest,
    unity_dependency_order,
    validate_dependency,
)
from unitycli.packages.models import Certainty, PackageSource, ResolvedPackage, ResolvedPackages
from unitycli.packages.resolver import is_git_url, resolve_packages
from unitycli.packages.semver import SemVer, compare_versions, is_semver

__all__ = [
    "Certainty",
    "Manifest",
    "PackageSource",
    "ResolvedPackage",
    "ResolvedPackages",
    "SemVer",
    "compare_versions",
    "is_git_url",
    "is_semver",
    "render_manifest",
    "resolve_packages",
    "unity_dependency_order",
    "validate_dependency",
]
