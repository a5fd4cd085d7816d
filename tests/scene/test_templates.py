"""Every template's layout is the layout of the real document it cites, and every Unity stream its version table
names has a fixture project of that stream whose files show it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path, fixtures_root
from unitycli.scene.layouts import TemplateSource, stream_of
from unitycli.scene.templates import LAYOUTS, Layout, fingerprint_of
from unitycli.unityyaml import Flow, Mapping, Node, Ref, Scalar, Sequence, UnityYamlFile


def _shape(node: Node) -> object:
    """Keys at every level (and whether inline), serializedVersion values, list item shapes (first item)."""
    if isinstance(node, Mapping):
        if node.as_ref() is not None:
            return "ref"
        return ("flow" if node.flow else "block", *(
            (k, v.text if k == "serializedVersion" and isinstance(v, Scalar) else _shape(v))
            for k, v in zip(node.keys_, node.values, strict=True)))
    if isinstance(node, Sequence):
        return ("list", _shape(node.items[0]) if node.items else None)
    return "scalar"


def _model_shape(value: object) -> object:
    if isinstance(value, Ref):
        return "ref"
    if isinstance(value, dict):
        return ("flow" if isinstance(value, Flow) else "block", *(
            (k, str(v) if k == "serializedVersion" else _model_shape(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", _model_shape(value[0]) if value else None)
    return "scalar"


def _same_lists(real: object, ours: object) -> object:
    """`ours` with empty lists taking the real item shape (a new component's lists start empty)."""
    if isinstance(real, tuple) and isinstance(ours, tuple) and len(real) == len(ours):
        if real[:1] == ("list",) and ours == ("list", None):
            return real
        return tuple(_same_lists(r, o) for r, o in zip(real, ours, strict=True))
    return ours


def _evidence(layout: Layout):
    file, file_id = layout.evidence.rsplit(" &", 1)
    doc = UnityYamlFile.read(fixture_path(file)).get(int(file_id))
    assert doc.class_name == layout.class_name
    return doc


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda lay: f"{lay.class_name}-{lay.evidence.rsplit('&', 1)[1]}")
def test_each_layout_is_the_layout_of_the_document_it_cites(layout: Layout) -> None:
    doc = _evidence(layout)
    assert layout.matches(fingerprint_of(doc.text.split("\n", 2)[2]))
    real, ours = _shape(doc.root), _model_shape(layout.build(7))
    if layout.header_only:
        real = real[: len(ours)]  # type: ignore[index]
    assert real == _same_lists(real, ours)


@cache
def _projects_by_stream() -> dict[str, list[Path]]:
    out: dict[str, list[Path]] = {}
    for version_file in fixtures_root().glob("**/ProjectSettings/ProjectVersion.txt"):
        match = re.search(r"m_EditorVersion: (\S+)", version_file.read_text(errors="replace"))
        stream = stream_of(match.group(1)) if match else None
        if stream:
            out.setdefault(stream, []).append(version_file.parent.parent)
    return out


@pytest.mark.parametrize("layout", [lay for lay in LAYOUTS if lay.versions],
                         ids=lambda lay: f"{lay.class_name}-{lay.serialized_version}")
def test_each_verified_stream_has_a_fixture_project_whose_files_show_the_layout(layout: Layout) -> None:
    for stream in layout.versions:
        projects = _projects_by_stream().get(stream, [])
        assert projects, f"no fixture project of Unity {stream}"
        found = [TemplateSource(root=p)._scan(layouts := (layout,), layout.class_id, None) for p in projects]
        assert any(f is not None and f[0] is layouts[0] for f in found), (layout.class_name, stream)
