"""Which layout a new object is written in, and what verifies it.

A headless write cannot ask the Editor how it serializes a class, so a layout is used only with evidence:

1. the file being edited holds a document of that class in a known layout (the Editor that will open the file
   reads it, and a new object then looks like its neighbours: a pre-2022.2 scene gets `m_RootOrder`), unless
   only Editors newer than the project's wrote that layout (the type tree says so: a scene saved in a newer
   Editor must not spread a layout the project's Editor cannot read);
2. the Editor type tree of the project's Unity version (`unitycli.typetree`, picked by its stated rule) has
   exactly the template's top-level fields and serializedVersion (the template then only gives the values);
   without a table entry, the project's Unity stream is one whose fixture projects show the layout, or lies
   between two such (`Layout.versions`);
3. another scene or prefab of the project holds a document of that class in a known layout (a bounded scan:
   at most `SCAN_FILES` files and `SCAN_BYTES` bytes, stopping at the first hit).

Otherwise the write is refused with `E_TEMPLATE_UNVERIFIABLE`; `allowUnverified` writes the known layout closest
to the project's version instead (Unity upgrades an older `serializedVersion` on load; it may not read a newer one).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from unitycli.errors import UnityCliError
from unitycli.scene.templates import Layout, fingerprint_of, layouts_of
from unitycli.unityclasses import CLASS_IDS
from unitycli.unityyaml import UnityYamlFile

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.typetree import Picked

SCAN_FILES = 400
SCAN_BYTES = 64 * 1024 * 1024
_SUFFIXES = (".unity", ".prefab")
_STREAM = re.compile(r"^(\d+)\.(\d+)")


def files_holding(root: Path, class_id: int, skip: str | None) -> Iterator[tuple[str, bytes]]:
    """The project's scenes and prefabs (project-relative path, bytes) holding a document of `class_id`, in path
    order: at most `SCAN_FILES` files and `SCAN_BYTES` bytes are read; `skip` (the file being edited) and
    symlinks are not."""
    assets = root / "Assets"
    if not assets.is_dir():
        return
    needle = f"--- !u!{class_id} &".encode()
    budget, files = SCAN_BYTES, 0
    for path in sorted(p for p in assets.rglob("*") if p.suffix in _SUFFIXES):
        rel = path.relative_to(root).as_posix()
        if rel == skip or not path.is_file() or path.is_symlink():
            continue
        files += 1
        size = path.stat().st_size
        if files > SCAN_FILES or size > budget:
            return
        budget -= size
        data = path.read_bytes()
        if needle in data:
            yield rel, data


@dataclass(frozen=True)
class Chosen:
    """A layout and the evidence that verifies it for this write."""

    layout: Layout
    verified_by: str  # "file", "typeTree", "unityVersion", "project" or "allowUnverified"
    evidence: str


def stream_of(unity_version: str | None) -> str | None:
    """`6000.3.2f1` -> `6000.3` (the stream a version table is keyed by)."""
    match = _STREAM.match(unity_version or "")
    return f"{match.group(1)}.{match.group(2)}" if match else None


def _stream_key(stream: str) -> tuple[int, int]:
    major, minor = stream.split(".")
    return int(major), int(minor)


def _covers(layout: Layout, stream: str | None) -> bool:
    """Whether `stream` is one of the layout's streams or lies between two of them."""
    if stream is None or not layout.versions:
        return False
    keys = [_stream_key(s) for s in layout.versions]
    return min(keys) <= _stream_key(stream) <= max(keys)


def _documents_of(text: str, class_id: int) -> list[tuple[str, str]]:
    """(fileID, body) of every non-stripped document of `class_id` in a file's text."""
    out = []
    for match in re.finditer(rf"^--- !u!{class_id} &(-?\d+)\r?\n", text, re.M):
        end = text.find("\n--- !u!", match.end())
        out.append((match.group(1), text[match.end(): len(text) if end < 0 else end + 1]))
    return out


def _known(layouts: tuple[Layout, ...], body: str) -> Layout | None:
    fingerprint = fingerprint_of(body)
    return next((layout for layout in layouts if layout.matches(fingerprint)), None)


@dataclass
class TemplateSource:
    """The evidence one write may use: the project root (for the scan) and its Unity version."""

    root: Path | None = None
    unity_version: str | None = None
    allow_unverified: bool = False
    _scanned: dict[int, tuple[Layout, str] | None] = field(default_factory=dict)
    chosen: dict[str, Chosen] = field(default_factory=dict)  # the latest choice per class, for reporting

    @classmethod
    def for_project(cls, root: str | Path, *, allow_unverified: bool = False) -> TemplateSource:
        """The evidence of a project: its files and the version in ProjectSettings/ProjectVersion.txt."""
        from unitycli.unityfiles import read_project_version

        try:
            version: str | None = read_project_version(Path(root)).editor_version
        except UnityCliError:
            version = None
        return cls(root=Path(root), unity_version=version, allow_unverified=allow_unverified)

    def choose(self, class_name: str, file: UnityYamlFile | None = None) -> Chosen:
        """The layout to write a new `class_name` object in (into `file`), or `E_TEMPLATE_UNVERIFIABLE`."""
        result = self._choose(class_name, file)
        self.chosen[class_name] = result
        return result

    def _choose(self, class_name: str, file: UnityYamlFile | None) -> Chosen:
        layouts = layouts_of(class_name)
        if not layouts:
            raise UnityCliError("E_COMPONENT_UNSUPPORTED", f"{class_name!r} has no known default layout",
                                details={"component": class_name})
        class_id = CLASS_IDS[class_name]
        if file is not None:
            hit = self._in_text(layouts, file.to_text(), class_id)
            if hit is not None and not self._newer_than_project(class_name, hit[0]):
                return Chosen(hit[0], "file", f"{file.name} &{hit[1]}")
        by_tree = self._by_type_tree(class_name, layouts)
        if by_tree is not None:
            return by_tree
        stream = stream_of(self.unity_version)
        by_version = next((layout for layout in layouts if _covers(layout, stream)), None)
        if by_version is not None:
            return Chosen(by_version, "unityVersion", f"Unity {stream}: {by_version.evidence}")
        scanned = self._scan(layouts, class_id, skip=file.name if file is not None else None)
        if scanned is not None:
            return Chosen(scanned[0], "project", scanned[1])
        if self.allow_unverified:
            return Chosen(self._closest(layouts, stream), "allowUnverified", "none")
        raise self._unverifiable(class_name, layouts, stream)

    def _picked(self) -> Picked | None:
        """The type-tree dump standing for the project's version (None: no version, or none the table has)."""
        from unitycli.typetree import pick_version

        if not self.unity_version:
            return None
        try:
            return pick_version(self.unity_version)
        except UnityCliError:
            return None

    def _newer_than_project(self, class_name: str, layout: Layout) -> bool:
        """Whether only Editors newer than the project's wrote this layout (the project's Editor could not read a
        copy of it, though the file holds one: a scene saved in a newer Editor)."""
        from unitycli.typetree import layouts_of as tree_layouts

        picked = self._picked()
        if picked is None:
            return False
        keys, version = layout.fingerprint
        names = tuple(k for k in keys if k != "serializedVersion")
        same = [tree for tree in tree_layouts(class_name)
                if (tree.top_names[: len(names)] == names if layout.header_only else
                    (tree.top_names, str(tree.serialized_version) if tree.serialized_version > 1 else None)
                    == (names, version))]
        return bool(same) and all(tree.oldest > picked.index for tree in same)

    def _by_type_tree(self, class_name: str, layouts: tuple[Layout, ...]) -> Chosen | None:
        """The template whose top-level fields and serializedVersion are the type tree's for this Unity version."""
        from unitycli.typetree import layout_for

        picked = self._picked()
        if picked is None:
            return None
        tree = layout_for(class_name, picked)
        if tree is None:
            return None
        version = str(tree.serialized_version) if tree.serialized_version > 1 else None
        for layout in layouts:
            keys, own_version = layout.fingerprint
            names = tuple(k for k in keys if k != "serializedVersion")
            if (tree.top_names[: len(names)] == names) if layout.header_only else \
                    ((names, own_version) == (tree.top_names, version)):
                return Chosen(layout, "typeTree", f"Unity {picked.layout_from} type tree (values: {layout.evidence})")
        return None

    @staticmethod
    def _in_text(layouts: tuple[Layout, ...], text: str, class_id: int) -> tuple[Layout, str] | None:
        """The newest known layout among the file's documents of the class (a file may mix old and new)."""
        found = {}
        for file_id, body in _documents_of(text, class_id):
            layout = _known(layouts, body)
            if layout is not None:
                found.setdefault(layouts.index(layout), (layout, file_id))
                if layout is layouts[0]:
                    break
        return found[min(found)] if found else None

    def _scan(self, layouts: tuple[Layout, ...], class_id: int, skip: str | None) -> tuple[Layout, str] | None:
        if class_id in self._scanned:
            return self._scanned[class_id]
        self._scanned[class_id] = None
        if self.root is None:
            return None
        for rel, data in files_holding(self.root, class_id, skip):
            hit = self._in_text(layouts, data.decode("utf-8", "replace"), class_id)
            if hit is not None:
                self._scanned[class_id] = (hit[0], f"{rel} &{hit[1]}")
                break
        return self._scanned[class_id]

    @staticmethod
    def _closest(layouts: tuple[Layout, ...], stream: str | None) -> Layout:
        """The layout of the newest stream at or below `stream` (else the oldest verified one); newest for none."""
        verified = [(max(_stream_key(s) for s in layout.versions), layout) for layout in layouts if layout.versions]
        if not verified:
            return layouts[0]
        if stream is None:
            return max(verified, key=lambda pair: pair[0])[1]
        key = _stream_key(stream)
        older = [pair for pair in verified if pair[0] <= key]
        return (max(older, key=lambda p: p[0]) if older else min(verified, key=lambda p: p[0]))[1]

    def _unverifiable(self, class_name: str, layouts: tuple[Layout, ...], stream: str | None) -> UnityCliError:
        verified = sorted({s for layout in layouts for s in layout.versions}, key=_stream_key)
        known = [{"serializedVersion": layout.serialized_version, "versions": list(layout.versions),
                  "evidence": layout.evidence} for layout in layouts]
        where = f"Unity {self.unity_version}" if self.unity_version else "this project (no ProjectVersion.txt)"
        streams = ", ".join(verified) if verified else "no Unity version on its own"
        return UnityCliError(
            "E_TEMPLATE_UNVERIFIABLE",
            f"the {class_name} layout of {where} is unverified: no file of the project holds a {class_name} to copy "
            f"it from, and the known layouts are verified for Unity {streams}",
            details={"class": class_name, "unityVersion": self.unity_version, "verifiedVersions": verified,
                     "knownLayouts": known},
            next_actions=[f"Add one {class_name} in the Unity Editor and save, then retry (its layout is then "
                          "copied)", "Repeat with allowUnverified: true to write the known layout closest to "
                          "this Unity version (Unity upgrades older layouts when it loads them)"])
