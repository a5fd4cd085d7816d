"""The exact-version dependency manifest of an extension (`manifests/<id>.toml`), parsed and validated.

One file per extension is the single source of truth: the extension ships it inside its wheel and the core's
catalog ships the same bytes, so both sides of `init`, availability and doctor read the same versions. A bad
manifest fails closed with `E_MANIFEST_INVALID` naming the file and the field, never a guess.
"""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatchcase
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from unitycli.errors import UnityCliError
from unitycli.extension_manager import tomlfile
from unitycli.packages.semver import SemVer, is_semver

_ID = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
_PACKAGE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,213}$")
_TOOL_GLOB = re.compile(r"^[a-z0-9.*?\[\]!-]+$")


class PackageProfile(BaseModel):
    """One Unity package an extension depends on: the exact verified versions and which tools need it."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # built when a manifest is read

    name: str
    versions: list[str] = Field(min_length=1)
    tools: list[str] = Field(min_length=1)
    evidence: dict[str, str] = Field(default_factory=dict)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if not _PACKAGE.match(value):
            raise ValueError(f"{value!r} is not a Unity package name (lower-case a-z 0-9 . - _)")
        return value

    @field_validator("versions")
    @classmethod
    def _versions(cls, value: list[str]) -> list[str]:
        for version in value:
            if not is_semver(version):
                raise ValueError(f"{version!r} is not an exact semver version (ranges are not allowed)")
        if len({SemVer.parse(v) for v in value}) != len(value):
            raise ValueError("a version is listed twice")
        return value

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: list[str]) -> list[str]:
        for glob in value:
            if not _TOOL_GLOB.match(glob):
                raise ValueError(f"{glob!r} is not a glob over tool names (a-z 0-9 . - and * ? [ ])")
        return value

    @model_validator(mode="after")
    def _evidence_names_listed_versions(self) -> PackageProfile:
        extra = sorted(set(self.evidence) - set(self.versions))
        if extra:
            raise ValueError(f"evidence given for versions that are not listed: {extra}")
        return self

    def covers(self, tool_name: str) -> bool:
        return any(fnmatchcase(tool_name, glob) for glob in self.tools)

    @property
    def newest(self) -> str:
        """The version `package.add` suggests: the newest verified release, or the newest pre-release when every
        verified version is one (a pre-release is not offered over a release)."""
        parsed = [SemVer.parse(v) for v in self.versions]
        releases = [v for v in parsed if not v.is_prerelease]
        return str(max(releases or parsed))

    def profile(self, version: str | None = None) -> str:
        """`com.unity.probuilder@5.2.2`, or every verified version joined with `|` when none is given."""
        return f"{self.name}@{version or '|'.join(self.versions)}"

    def verified(self, version: str) -> bool:
        if not is_semver(version):
            return False
        wanted = SemVer.parse(version)
        return any(SemVer.parse(v) == wanted for v in self.versions)


class ExtensionManifest(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # built when a manifest is read

    id: str
    distribution: str
    summary: str = Field(min_length=1, max_length=120)
    core_api: str
    version: str | None = None
    packages: list[PackageProfile] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _id(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError(f"{value!r} is not an extension id (lower-case a-z 0-9 -, starting with a letter)")
        return value

    @field_validator("core_api")
    @classmethod
    def _core_api(cls, value: str) -> str:
        from packaging.specifiers import InvalidSpecifier, SpecifierSet  # only when a manifest is read

        try:
            SpecifierSet(value)
        except InvalidSpecifier as exc:
            raise ValueError(f"{value!r} is not a version specifier such as '>=1.0,<2': {exc}") from None
        return value

    @model_validator(mode="after")
    def _distribution_matches_id(self) -> ExtensionManifest:
        if self.distribution != f"unitycli-{self.id}":
            raise ValueError(f"distribution must be 'unitycli-{self.id}', not {self.distribution!r}")
        names = [p.name for p in self.packages]
        if len(set(names)) != len(names):
            raise ValueError("a Unity package is listed twice in [[packages]]")
        return self

    def supports_core(self, core_api: str) -> bool:
        from packaging.specifiers import SpecifierSet

        return SpecifierSet(self.core_api).contains(core_api, prereleases=True)

    def requirements_for(self, tool_name: str) -> list[PackageProfile]:
        """The package profiles a tool needs: every `[[packages]]` entry whose `tools` globs match its name."""
        return [p for p in self.packages if p.covers(tool_name)]


def _field_path(location: tuple[Any, ...]) -> str:
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(root)"


def manifest_invalid(source: str, field: str, problem: str) -> UnityCliError:
    return UnityCliError(
        "E_MANIFEST_INVALID", f"{source}: {field}: {problem}",
        details={"file": source, "field": field, "problem": problem},
        next_actions=[f"fix {field} in {source} (format: manifests/README.md)"],
    )


def parse_manifest(text: str, source: str) -> ExtensionManifest:
    """Parse manifest TOML text; `source` names the file in errors (`manifests/probuilder.toml`)."""
    try:
        data = tomlfile.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise manifest_invalid(source, "(toml)", str(exc)) from None
    try:
        return ExtensionManifest.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        raise manifest_invalid(source, _field_path(tuple(first["loc"])), first["msg"]) from None
