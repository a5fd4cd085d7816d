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
_UNITY_STREAM = re.compile(r"^(0|[1-9]\d{0,4})\.(0|[1-9]\d{0,2})$")


def unity_stream(text: str) -> tuple[int, int]:
    """`2022.3` as (2022, 3): the `unity` field of a package's package.json (the oldest Editor that resolves it)."""
    major, minor = text.split(".")
    return int(major), int(minor)


class PackageProfile(BaseModel):
    """One Unity package an extension depends on: the exact verified versions and which tools need it."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)  # built when a manifest is read

    name: str
    versions: list[str] = Field(min_length=1)
    tools: list[str] = Field(min_length=1)
    # Tools that create new objects (an override, a feature, a camera): they need proof of the layout they write,
    # where reads run on any present version and edits change only fields the file already holds.
    creates: list[str] = Field(default_factory=list)
    # Among `creates`: tools that on a version not listed take the layout from the project (the package's C# on
    # disk or an object of the class in it) and write only what that proves.
    proves: list[str] = Field(default_factory=list)
    # The package's own `unity` field (package.json) at each version: the oldest Editor stream that resolves it.
    # A next action proposes a version only when the project's Editor is at least this.
    unity: dict[str, str] = Field(default_factory=dict)
    # Where the evidence covers a version's layout only from a later Editor stream than `unity` (a field under
    # `#if UNITY_2022_2_OR_NEWER`): on an older Editor that version is not verified.
    verified_unity: dict[str, str] = Field(default_factory=dict)
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

    @field_validator("unity", "verified_unity")
    @classmethod
    def _unity(cls, value: dict[str, str]) -> dict[str, str]:
        for version, stream in value.items():
            if not isinstance(stream, str) or not _UNITY_STREAM.match(stream):
                raise ValueError(f"unity minimum of {version!r} must be an Editor stream such as '2022.3'")
        return value

    @field_validator("tools", "creates", "proves")
    @classmethod
    def _tools(cls, value: list[str]) -> list[str]:
        for glob in value:
            if not _TOOL_GLOB.match(glob):
                raise ValueError(f"{glob!r} is not a glob over tool names (a-z 0-9 . - and * ? [ ])")
        return value

    @model_validator(mode="after")
    def _evidence_names_listed_versions(self) -> PackageProfile:
        for table in ("evidence", "unity", "verified_unity"):
            extra = sorted(set(getattr(self, table)) - set(self.versions))
            if extra:
                raise ValueError(f"{table} given for versions that are not listed: {extra}")
        stray = [glob for glob in self.proves if glob not in self.creates]
        if stray:
            raise ValueError(f"proves names tools that creates does not: {stray}")
        return self

    def covers(self, tool_name: str) -> bool:
        return any(fnmatchcase(tool_name, glob) for glob in self.tools)

    def creates_objects(self, tool_name: str) -> bool:
        return any(fnmatchcase(tool_name, glob) for glob in self.creates)

    def proves_objects(self, tool_name: str) -> bool:
        """Whether the tool creates on an unlisted version by writing only what the project proves."""
        return self.creates_objects(tool_name) and any(fnmatchcase(tool_name, glob) for glob in self.proves)

    def resolvable(self, editor: tuple[int, int] | None) -> list[str]:
        """The verified versions an Editor of this stream can resolve (its package.json `unity` minimum is
        known and not newer), newest first by semver; none when the Editor is unknown."""
        if editor is None:
            return []
        fits = [v for v in self.versions if v in self.unity and unity_stream(self.unity[v]) <= editor
                and self.verified_on(v, editor)]
        return sorted(fits, key=SemVer.parse, reverse=True)

    def proposable(self, editor: tuple[int, int] | None) -> str | None:
        """The version `package.add` may suggest: the newest resolvable release, else the newest resolvable
        pre-release; None when the Editor can resolve no verified version."""
        fits = self.resolvable(editor)
        releases = [v for v in fits if not SemVer.parse(v).is_prerelease]
        candidates = releases or fits
        return candidates[0] if candidates else None

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

    def verified_on(self, version: str, editor: tuple[int, int] | None) -> bool:
        """Whether the evidence for a listed version covers this Editor stream (None: not known, so only a
        version without an Editor floor counts)."""
        floor = self.verified_unity.get(version)
        return floor is None or (editor is not None and unity_stream(floor) <= editor)

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
            raise ValueError(f"{value!r} is not a version specifier such as '>=2.0,<3': {exc}") from None
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
        next_actions=[], manual_steps=[f"Fix {field} in {source} (format: manifests/README.md)"],
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
