"""The resolved Unity packages of a project, as data that goes into tool results (camelCase JSON)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

# `unknown` is used only without a lock file, where nothing says whether a semver request comes from a registry
# or ships with the Editor, and for a source value this version of unitycli does not know.
PackageSource = Literal["registry", "builtin", "git", "local", "embedded", "unknown"]

# `lock`: versions come from Packages/packages-lock.json as Unity last resolved them.
# `manifest-only`: no usable lock (enableLockFile false, or the file is absent); direct dependencies are read from
# manifest.json and embedded/local package.json files, and transitive dependencies are unknown.
Certainty = Literal["lock", "manifest-only"]


class _Model(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


class ResolvedPackage(_Model):
    """One Unity package of the project.

    `version` is the resolved semver version, or None when it cannot be known offline. `verifiable` is False
    whenever an availability check must not trust `version` (git package without its cache folder, missing
    package.json, lock older than the manifest); `reason` then says why in one sentence.
    """

    name: str
    requested: str | None = None  # the manifest.json value when the package is a direct dependency
    version: str | None = None
    source: PackageSource
    depth: int | None = None  # from the lock; None without a lock
    direct: bool  # listed in manifest.json
    url: str | None = None  # registry URL, or the git URL of a git package
    hash: str | None = None  # git commit of a git package (lock)
    path: str | None = (
        None  # package folder for local/embedded/cached-git packages, relative to the project root
    )
    dependencies: dict[str, str] = Field(default_factory=dict)
    verifiable: bool = True
    reason: str | None = None
    # False when Packages/packages-lock.json exists but Unity has not yet resolved this package's current state:
    # the manifest changed its version, added it, or removed it while another package still needs it. The
    # version is then the manifest's (what Unity will resolve) and `reason` says so. Kept out of JSON output and
    # schemas (the contract snapshot); `reason` carries the same news to JSON readers.
    resolved_by_unity: bool = Field(True, exclude=True)


class ResolvedPackages(_Model):
    """Every package the project has, how sure we are, and what looked wrong on the way."""

    lock_present: bool
    lock_enabled: bool
    certainty: Certainty
    packages: dict[str, ResolvedPackage]
    warnings: list[str] = Field(default_factory=list)
    # Packages whose dependency lists are not known offline, so a package that is not listed may still arrive
    # through them (every registry package of a project without a lock; a package added to or changed in the
    # manifest since Unity last wrote the lock). Empty when every dependency is known. Not serialised.
    unknown_dependencies_of: list[str] = Field(default_factory=list, exclude=True)
    # Packages the lock still lists but Unity will drop when it next resolves (no longer in the manifest and no
    # package needs them), with the version the lock had. Not serialised.
    removed: dict[str, str] = Field(default_factory=dict, exclude=True)
    # Of `removed`, those the lock lists with `"source": "builtin"`: the Editor ships them at its own version.
    removed_bundled: list[str] = Field(default_factory=list, exclude=True)

    @property
    def transitive_known(self) -> bool:
        """Whether a package that is not listed is really absent: every listed package's dependencies are known."""
        return not self.unknown_dependencies_of

    @property
    def lock_usable(self) -> bool:
        return self.certainty == "lock"

    def get(self, name: str) -> ResolvedPackage | None:
        return self.packages.get(name)
