"""Reading one ProjectSettings file through the transaction, and staging an edit of it only after a read-back.

All settings tools share this path so that every one refuses the same things the same way: a Git LFS pointer,
a file that does not round-trip byte for byte, a file without exactly one object of the expected class, and —
for writers — a `serializedVersion` whose layout is not in `versions.py`.
"""

from __future__ import annotations

from collections.abc import Mapping as AbcMapping
from dataclasses import dataclass, field
from typing import Any

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.plugins.settings.readback import verify_readback
from unitycli.plugins.settings.versions import SettingsKind
from unitycli.transaction import revision_of
from unitycli.unityfiles.unreadable import UnreadableFile, unreadable_if_pointer
from unitycli.unityyaml import Document, Mapping, UnityYamlFile, ensure_roundtrips
from unitycli.unityyaml.split import unsupported


@dataclass
class SettingsFile:
    """One settings file as read: its bytes, the parsed model, its single object and what we know of its layout."""

    kind: SettingsKind
    data: bytes
    file: UnityYamlFile
    doc: Document
    serialized_version: int | None
    warnings: list[str] = field(default_factory=list)

    @property
    def path(self) -> str:
        return self.kind.path

    @property
    def revision(self) -> str:
        return revision_of(self.data)

    @property
    def verified(self) -> bool:
        return self.serialized_version in self.kind.versions

    @property
    def root(self) -> Mapping:
        root = self.doc.root
        if not isinstance(root, Mapping):
            raise unsupported(f"the {self.kind.class_name} object has no fields", self.path)
        return root


def version_unavailable(kind: SettingsKind, found: Any, what: str = "serializedVersion",
                        verified: frozenset[int] | None = None) -> UnityCliError:
    """E_PROJECT_SETTINGS_VERSION_UNAVAILABLE: the layout of this version was never checked against a real file."""
    allowed = sorted(verified if verified is not None else kind.versions)
    return UnityCliError(
        "E_PROJECT_SETTINGS_VERSION_UNAVAILABLE",
        f"{kind.path}: {kind.class_name} {what} {found} is not a layout unitycli has verified "
        f"(verified: {', '.join(map(str, allowed))}); the file is not edited",
        details={"file": kind.path, "class": kind.class_name, "field": what, "found": found, "verified": allowed},
        next_actions=[],
        manual_steps=["Change this setting in the Unity Editor (Project Settings window); the matching project.get-* "
                      "tool still reads it"],
    )


def read_settings(ctx: ToolContext, kind: SettingsKind, *, expected_revision: str | None = None,
                  for_write: bool = False) -> SettingsFile:
    """The settings file as this transaction sees it; writers also get the version and revision checks."""
    if expected_revision is not None:
        ctx.transaction.expect_revision(kind.path, expected_revision)
    data = ctx.transaction.read_bytes(kind.path)
    file = ensure_roundtrips(data, kind.path)
    docs = file.of_class(kind.class_id)
    if len(docs) != 1 or len(file.documents) != 1:
        raise unsupported(f"expected exactly one {kind.class_name} object (--- !u!{kind.class_id}), found "
                          f"{len(docs)} among {len(file.documents)} objects", kind.path)
    doc = docs[0]
    version = doc.get("serializedVersion", None)
    settings = SettingsFile(kind, data, file, doc, version if isinstance(version, int) else None)
    if not settings.verified:
        if for_write:
            raise version_unavailable(kind, settings.serialized_version)
        settings.warnings.append(
            f"{kind.path} has {kind.class_name} serializedVersion {settings.serialized_version}, a layout unitycli "
            f"has not verified (verified: {sorted(kind.versions)}); values are read by key name and may be "
            "incomplete, and writers refuse this file")
    return settings


def read_settings_or_unreadable(ctx: ToolContext, kind: SettingsKind) -> tuple[SettingsFile | None, list[UnreadableFile]]:
    """For readers: the settings file, or None and the file listed as unreadable when it is a Git LFS pointer.

    A pointer says nothing about the settings, so the reader answers only what holds without the file; writers
    use `read_settings` and refuse with E_ASSET_LFS_POINTER.
    """
    if ctx.transaction.exists(kind.path):
        unreadable = unreadable_if_pointer(kind.path, ctx.transaction.read_bytes(kind.path))
        if unreadable is not None:
            return None, [unreadable]
    return read_settings(ctx, kind), []


def stage_edit(ctx: ToolContext, settings: SettingsFile, intended: AbcMapping[str, Any]) -> str | None:
    """Read back the edited model's bytes, then stage exactly those bytes; the new revision, or None if unchanged.

    Verification runs before staging, so a failed check leaves nothing in the transaction, even in a batch.
    """
    after = settings.file.to_bytes()
    if after == settings.data:
        return None
    verify_readback(settings.path, settings.kind.class_id, settings.data, after, intended)
    ctx.transaction.write_bytes(settings.path, after)
    return revision_of(after)
