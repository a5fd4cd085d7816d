"""`ProjectSettings/ProjectVersion.txt`: which Unity Editor wrote the project.

It is plain `key: value` lines, not a YAML document with a Unity header:
`m_EditorVersion: 2022.3.17f1` and `m_EditorVersionWithRevision: 2022.3.17f1 (4fc78088f837)`.
Older projects have only the first line, so the revision is optional.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError
from unitycli.safefs import read_bytes
from unitycli.unityfiles.lfs import ensure_not_lfs

# 2022.3.17f1, 6000.0.25f1, 2023.1.0b3, 2019.4.40f1c1 (China builds add `c1`).
_VERSION = re.compile(
    r"(?P<major>\d+)\.(?P<minor>\d+)\.(?P<patch>\d+)(?P<kind>[abfpx])(?P<build>\d+)(?P<suffix>\w*)"
)
_WITH_REVISION = re.compile(r"(?P<version>\S+) \((?P<revision>[0-9a-f]+)\)")


class ProjectVersion(BaseModel):
    """The Editor version (`2022.3.17f1`), its parts, and the changeset revision when the file has it."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)

    editor_version: str
    revision: str | None = None
    major: int
    minor: int
    patch: int
    release_type: str  # a alpha, b beta, f final, p patch, x experimental
    build: int

    @property
    def stream(self) -> str:
        """`2022.3` or `6000.0`: the release stream that decides serialized layouts."""
        return f"{self.major}.{self.minor}"


def parse_project_version(text: str, file: str = "ProjectSettings/ProjectVersion.txt") -> ProjectVersion:
    """Parse the file's text; raise `E_PROJECT_FILE_UNREADABLE` when `m_EditorVersion` is missing or malformed."""
    values: dict[str, str] = {}
    for line in text.splitlines():
        key, sep, value = line.partition(":")
        if sep:
            values[key.strip()] = value.strip()
    editor = values.get("m_EditorVersion", "")
    match = _VERSION.fullmatch(editor)
    if match is None:
        raise UnityCliError(
            "E_PROJECT_FILE_UNREADABLE",
            f"{file} has no valid m_EditorVersion",
            details={
                "file": file,
                "problem": "m_EditorVersion missing or malformed",
                "value": editor or None,
            },
        )
    revision = None
    with_revision = _WITH_REVISION.fullmatch(values.get("m_EditorVersionWithRevision", ""))
    if with_revision and with_revision.group("version") == editor:
        revision = with_revision.group("revision")
    return ProjectVersion(
        editor_version=editor,
        revision=revision,
        major=int(match.group("major")),
        minor=int(match.group("minor")),
        patch=int(match.group("patch")),
        release_type=match.group("kind"),
        build=int(match.group("build")),
    )


def read_project_version(project_root: Path) -> ProjectVersion:
    """Read `ProjectSettings/ProjectVersion.txt` of a project; unreadable or missing gives E_PROJECT_FILE_UNREADABLE."""
    file = "ProjectSettings/ProjectVersion.txt"
    try:
        raw = read_bytes(project_root / file)
    except OSError as exc:
        raise UnityCliError(
            "E_PROJECT_FILE_UNREADABLE",
            f"{file} cannot be read",
            details={"file": file, "problem": exc.strerror or str(exc)},
        ) from exc
    ensure_not_lfs(file, raw)
    return parse_project_version(raw.decode("utf-8-sig", errors="replace"), file)
