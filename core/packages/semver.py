"""Unity package versions are semver 2.0 (`3.1.8-pre.1`, `1.0.0-exp.2`), so they are ordered by semver precedence.

PEP 440 (`packaging.version`) would misread them: it normalises `-pre.1` to a pre-release of a different kind and
rejects tags such as `-exp.2` or `-preview.3`. Precedence follows semver.org §11: major, minor, patch numerically;
a pre-release sorts before its release; pre-release identifiers compare numerically when both are numeric,
numeric before alphanumeric, alphanumerics in ASCII order, and a shorter list first when all else is equal.
Build metadata (`+...`) is kept but ignored for precedence and equality.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import total_ordering

# The regular expression suggested by semver.org (no leading zeros in numeric parts).
_SEMVER = re.compile(
    r"(?P<major>0|[1-9]\d*)\.(?P<minor>0|[1-9]\d*)\.(?P<patch>0|[1-9]\d*)"
    r"(?:-(?P<pre>(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+(?P<build>[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?"
)


@total_ordering
@dataclass(frozen=True, eq=False)
class SemVer:
    """A parsed semver 2.0 version. Compare instances with <, ==, sorted(); `str()` gives the original text."""

    major: int
    minor: int
    patch: int
    prerelease: tuple[str, ...] = ()
    build: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> SemVer:
        """Parse `text` strictly; raise ValueError for anything that is not semver 2.0."""
        match = _SEMVER.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise ValueError(f"not a semver version: {text!r}")
        pre, build = match.group("pre"), match.group("build")
        return cls(
            int(match.group("major")),
            int(match.group("minor")),
            int(match.group("patch")),
            tuple(pre.split(".")) if pre else (),
            tuple(build.split(".")) if build else (),
        )

    @property
    def is_prerelease(self) -> bool:
        return bool(self.prerelease)

    def _key(self) -> tuple:
        # A release (no pre-release) outranks every pre-release of the same version: (1,) > (0, ...).
        pre = (
            (1,)
            if not self.prerelease
            else (0, *[(0, int(p), "") if p.isdigit() else (1, 0, p) for p in self.prerelease])
        )
        return (self.major, self.minor, self.patch, pre)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SemVer) and self._key() == other._key()

    def __lt__(self, other: SemVer) -> bool:
        if not isinstance(other, SemVer):
            return NotImplemented
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        text = f"{self.major}.{self.minor}.{self.patch}"
        if self.prerelease:
            text += "-" + ".".join(self.prerelease)
        if self.build:
            text += "+" + ".".join(self.build)
        return text


def is_semver(text: str) -> bool:
    """True when `text` is a semver 2.0 version (what a registry or builtin Unity package resolves to)."""
    return isinstance(text, str) and _SEMVER.fullmatch(text) is not None


def compare_versions(a: str, b: str) -> int:
    """-1, 0 or 1 as `a` has lower, equal or higher semver precedence than `b`; ValueError if either isn't semver."""
    left, right = SemVer.parse(a), SemVer.parse(b)
    return (left > right) - (left < right)
