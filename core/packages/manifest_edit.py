"""Edit `Packages/manifest.json` the way the Unity Editor writes it, so an edit shows up as a one-line diff.

Unity's layout (all 16 fixture manifests): 2-space indent, `"key": value`, a final newline, and `dependencies`
ordered as every non-`com.unity.modules.*` name sorted, then every `com.unity.modules.*` name sorted (ordinal
order: the fixtures hold `com.unity.render-pipelines.universal-config` before `com.unity.rendering.light-transport`,
so `-` sorts before `.`). Other top-level keys (`enableLockFile`, `scopedRegistries`, `testables`,
`disableProjectUpdate`) keep their position and content; `enableLockFile` comes first in ECS PhysicsSamples.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.packages.resolver import is_git_url
from unitycli.packages.semver import is_semver
from unitycli.unityfiles.jsonfiles import BOM, escape_lone_surrogates, parse_json_bytes

MANIFEST = "Packages/manifest.json"
_MODULES = "com.unity.modules."
# Unity package names: lower-case letters, digits, `-`, `_` and `.` (e.g. `jillejr.newtonsoft.json-for-unity`).
_NAME = re.compile(r"[a-z0-9][a-z0-9._-]{0,213}")


def unity_dependency_order(names: list[str]) -> list[str]:
    """Names in Unity's manifest order: non-module packages sorted, then `com.unity.modules.*` sorted."""
    return sorted(n for n in names if not n.startswith(_MODULES)) + sorted(
        n for n in names if n.startswith(_MODULES)
    )


def render_manifest(data: dict[str, Any], *, bom: bool = False) -> bytes:
    """Serialise manifest data in Unity's layout (dependencies re-ordered, other keys as given)."""
    out = dict(data)
    deps = out.get("dependencies")
    if isinstance(deps, dict):
        out["dependencies"] = {name: deps[name] for name in unity_dependency_order(list(deps))}
    text = escape_lone_surrogates(json.dumps(out, indent=2, ensure_ascii=False)) + "\n"
    return (BOM if bom else b"") + text.encode("utf-8")


def _invalid(message: str, **details: Any) -> UnityCliError:
    return UnityCliError("E_PACKAGE_SPEC_INVALID", message, details=details)


def validate_dependency(name: str, value: str) -> None:
    """Refuse a name Unity would reject, or a value that is not semver, a git URL or a `file:` path."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise _invalid(
            f"{name!r} is not a valid Unity package name (lower-case letters, digits, '.', '-', '_')",
            name=name,
        )
    if not isinstance(value, str) or not (is_semver(value) or value.startswith("file:") or is_git_url(value)):
        raise _invalid(f"{value!r} is not a semver version, git URL or file: path", name=name, value=value)


@dataclass(frozen=True)
class Manifest:
    """A parsed manifest.json with its original bytes. `to_bytes()` of an unedited manifest is the original."""

    raw: bytes
    data: dict[str, Any]

    @classmethod
    def parse(cls, raw: bytes, file: str = MANIFEST) -> Manifest:
        data = parse_json_bytes(raw, file)
        deps = data.get("dependencies", {}) if isinstance(data, dict) else None
        if not isinstance(deps, dict):
            raise UnityCliError(
                "E_PROJECT_FILE_UNREADABLE",
                f"{file} has no `dependencies` object",
                details={"file": file, "problem": "unexpected shape"},
            )
        return cls(raw, data)

    @property
    def dependencies(self) -> dict[str, str]:
        return dict(self.data.get("dependencies", {}))

    @property
    def is_unity_layout(self) -> bool:
        """True when the file is exactly what Unity would write for its content (so edits are minimal diffs)."""
        return render_manifest(self.data, bom=self.raw.startswith(BOM)) == self.raw

    def to_bytes(self) -> bytes:
        return self.raw

    def _with_dependencies(self, deps: dict[str, str]) -> Manifest:
        data = dict(self.data)
        data["dependencies"] = deps
        return Manifest(render_manifest(data, bom=self.raw.startswith(BOM)), data)

    def with_dependency(self, name: str, value: str) -> Manifest:
        """Add `name` or change its value. An unchanged value gives back the same bytes."""
        validate_dependency(name, value)
        if self.dependencies.get(name) == value:
            return self
        return self._with_dependencies({**self.dependencies, name: value})

    def without_dependency(self, name: str) -> Manifest:
        """Remove `name`; `E_PACKAGE_NOT_FOUND` when the manifest does not list it."""
        deps = self.dependencies
        if name not in deps:
            from unitycli.suggest import closest

            near = closest(name, sorted(deps))
            raise UnityCliError(
                "E_PACKAGE_NOT_FOUND",
                f"{name} is not a dependency in {MANIFEST}" + (f"; did you mean {', '.join(near)}?" if near else ""),
                details={"name": name, "dependencies": sorted(deps), "didYouMean": near},
            )
        del deps[name]
        return self._with_dependencies(deps)
