"""`package.list`, `package.add`, `package.remove`: the project's Unity packages, edited the way Unity writes them.

Writes go through the transaction (so `--dry-run` shows the one-line diff) and through
`unitycli.packages.manifest_edit`, which keeps Unity's key order and formatting. Unity resolves a changed
manifest and rewrites packages-lock.json the next time the Editor opens the project; these tools never
touch the lock, and their results say so. Availability follows the manifest at once.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import Field

from unitycli.errors import UnityCliError
from unitycli.host.hookspecs import hookimpl
from unitycli.packages.manifest_edit import MANIFEST, Manifest
from unitycli.packages.models import ResolvedPackage
from unitycli.packages.resolver import resolve_packages
from unitycli.toolspec import Register, ToolInput, ToolOutput, ToolSpec

_LOCK_NOTE = ("Packages/packages-lock.json is unchanged: the Unity Editor resolves the new manifest and rewrites the "
              "lock when it next opens the project; until then availability checks report the lock's state.")
# The schema default above is part of the contract snapshot; results carry the accurate note below.
_RESOLVE_NOTE = ("Packages/packages-lock.json is unchanged: the Unity Editor resolves the new manifest and rewrites the "
                 "lock when it next opens the project. Availability follows the manifest at once: a direct "
                 "dependency's version is what Unity will resolve, reported as not yet resolved by Unity.")
_UNCHANGED_NOTE = "Packages/manifest.json already had this value; nothing was written."


class PackageListInput(ToolInput):
    include_transitive: bool = Field(False, description="Also list packages pulled in by other packages.")


class PackageListOutput(ToolOutput):
    certainty: str = Field(description="`lock` (from packages-lock.json) or `manifest-only` (less certain)")
    warnings: list[str]
    packages: list[ResolvedPackage]


class PackageAddInput(ToolInput):
    name: str = Field(description="Unity package name, e.g. com.unity.probuilder")
    version: str = Field(description="Exact semver version, a git URL, or a file: path")
    expected_revision: str | None = Field(None, description="Refuse unless manifest.json is at this revision.")


class PackageRemoveInput(ToolInput):
    name: str = Field(description="Unity package name to remove from Packages/manifest.json")
    expected_revision: str | None = Field(None, description="Refuse unless manifest.json is at this revision.")


class PackageEditOutput(ToolOutput):
    file: str = MANIFEST
    name: str
    version: str | None = Field(description="The value now in manifest.json (None after a removal)")
    previous: str | None = Field(description="The value before the edit (None when the package was not listed)")
    changed: bool
    note: str = _LOCK_NOTE


def package_list(ctx, request: PackageListInput) -> PackageListOutput:
    resolved = resolve_packages(ctx.project.root)
    items = sorted(resolved.packages.values(), key=lambda p: (not p.direct, p.name))
    if not request.include_transitive:
        items = [p for p in items if p.direct]
    return PackageListOutput(certainty=resolved.certainty, warnings=resolved.warnings, packages=items)


def _read_manifest(ctx, expected_revision: str | None) -> Manifest:
    if expected_revision is not None:
        ctx.transaction.expect_revision(MANIFEST, expected_revision)
    manifest = Manifest.parse(ctx.transaction.read_bytes(MANIFEST))
    if not manifest.is_unity_layout:
        raise UnityCliError(
            "E_FILE_FORMAT_UNSUPPORTED",
            f"{MANIFEST} is not in the layout the Unity Editor writes, so an edit would reformat other lines",
            details={"file": MANIFEST},
            next_actions=[],
            manual_steps=["Open the project in the Unity Editor once so it rewrites Packages/manifest.json"])
    return manifest


def _write(ctx, before: Manifest, after: Manifest) -> bool:
    if after.to_bytes() == before.to_bytes():
        return False
    ctx.transaction.write_bytes(MANIFEST, after.to_bytes())
    return True


def _note(changed: bool) -> str:
    if not changed:
        return _UNCHANGED_NOTE
    return _RESOLVE_NOTE


_PATH_MAX = 4096  # Linux PATH_MAX; Windows and macOS allow less, and no Unity project has a longer package path
_NAME_MAX = 255  # bytes of one path component on every filesystem Unity supports


def _check_file_value(ctx, name: str, value: str) -> None:
    """A `file:` value must be a path Unity can open: no NUL or control characters, not absurdly long, and an
    existing folder (with package.json) or tarball, relative to Packages/ unless absolute. E_PACKAGE_SPEC_INVALID."""

    def invalid(why: str) -> UnityCliError:
        shown = value if len(value) <= 120 else value[:117] + "..."
        return UnityCliError(
            "E_PACKAGE_SPEC_INVALID", f"{shown!r} is not a file: path Unity can use: {why}; nothing was written",
            details={"name": name, "value": shown, "length": len(value), "reason": why,
                     "hint": "give file: a path (relative to Packages/, or absolute) of an existing package folder "
                             "or .tgz tarball"},
            next_actions=[])

    spec = value[len("file:"):]
    if not spec:
        raise invalid("the path is empty")
    bad = next((ch for ch in spec if ord(ch) < 0x20 or ord(ch) == 0x7F), None)
    if bad is not None:
        raise invalid(f"it contains the control character U+{ord(bad):04X}")
    if len(spec.encode("utf-8")) > _PATH_MAX:
        raise invalid(f"the path is {len(spec.encode('utf-8'))} bytes long (at most {_PATH_MAX})")
    if any(len(part.encode("utf-8")) > _NAME_MAX for part in spec.replace("\\", "/").split("/")):
        raise invalid(f"a path component is longer than {_NAME_MAX} bytes")
    target = Path(spec) if os.path.isabs(spec) else Path(ctx.project.root) / "Packages" / spec
    try:
        exists = target.exists()
    except (OSError, ValueError) as exc:
        raise invalid(f"the path cannot be checked ({exc})") from None
    if not exists:
        raise invalid(f"{target.as_posix()} does not exist")
    if target.is_dir() and not (target / "package.json").is_file():
        raise invalid(f"the folder {target.as_posix()} has no package.json")


def package_add(ctx, request: PackageAddInput) -> PackageEditOutput:
    if isinstance(request.version, str) and request.version.startswith("file:"):
        _check_file_value(ctx, request.name, request.version)
    manifest = _read_manifest(ctx, request.expected_revision)
    previous = manifest.dependencies.get(request.name)
    changed = _write(ctx, manifest, manifest.with_dependency(request.name, request.version))
    return PackageEditOutput(name=request.name, version=request.version, previous=previous, changed=changed,
                             note=_note(changed))


def package_remove(ctx, request: PackageRemoveInput) -> PackageEditOutput:
    manifest = _read_manifest(ctx, request.expected_revision)
    previous = manifest.dependencies.get(request.name)
    changed = _write(ctx, manifest, manifest.without_dependency(request.name))
    return PackageEditOutput(name=request.name, version=None, previous=previous, changed=changed,
                             note=_note(changed))


@hookimpl
def unitycli_register_tools(register: Register) -> None:
    register(ToolSpec(
        name="package.list", title="List Unity packages",
        summary="Unity packages of the project with resolved version, source and certainty.",
        description=("Reads Packages/manifest.json, packages-lock.json and package.json files of embedded, local "
                     "and cached git packages. Direct dependencies only unless includeTransitive is set. Read-only."),
        input_model=PackageListInput, output_model=PackageListOutput, handler=package_list,
        examples=({}, {"includeTransitive": True}),
    ))
    register(ToolSpec(
        name="package.add", title="Add or change a Unity package",
        summary="Add a Unity package to Packages/manifest.json, or change its version.",
        description=("Edits Packages/manifest.json in Unity's own key order and format (a one-line diff). Accepts an "
                     "exact semver version, a git URL or a file: path. Does not touch packages-lock.json: the Unity "
                     "Editor resolves the package when it next opens the project."),
        input_model=PackageAddInput, output_model=PackageEditOutput, handler=package_add,
        read_only=False, destructive=True, idempotent=True, permissions=("reads_project", "writes_project"),
        examples=({"name": "com.unity.probuilder", "version": "6.0.4"},),
    ))
    register(ToolSpec(
        name="package.remove", title="Remove a Unity package",
        summary="Remove a Unity package from Packages/manifest.json.",
        description=("Deletes the package's line from Packages/manifest.json, keeping Unity's format. "
                     "E_PACKAGE_NOT_FOUND when it is not a direct dependency. Does not touch packages-lock.json."),
        input_model=PackageRemoveInput, output_model=PackageEditOutput, handler=package_remove,
        read_only=False, destructive=True, idempotent=False, permissions=("reads_project", "writes_project"),
        examples=({"name": "com.unity.probuilder"},),
    ))
