"""The per-class defaults of `component.add` cite Editor-written fixture documents: every value's key is a field of
a cited document, with the same nesting, inline/block style, list item shape and nested serializedVersions, and
the place a class writes `serializedVersion` is the one the cited documents show; and every value equals the
value its cited document holds (a value without evidence fails)."""

from __future__ import annotations

import pytest

from tests.fixturepaths import fixture_path
from unitycli.typetree.defaults import DEFAULTS, CitedValues
from unitycli.typetree.report import check_document
from unitycli.unityyaml import Document, Flow, Mapping, Node, Ref, Scalar, Sequence, UnityYamlFile


def _shape(node: Node) -> object:
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


def _cited(cite: str) -> Document:
    path, file_id = cite.rsplit(" &", 1)
    return UnityYamlFile.read(fixture_path(path)).get(int(file_id))


@pytest.mark.parametrize(("class_name", "cited"), DEFAULTS.items(), ids=list(DEFAULTS))
def test_each_default_is_a_field_of_an_editor_written_document_it_cites(class_name: str, cited: CitedValues) -> None:
    docs = [_cited(cite) for cite in cited.documents]
    for doc in docs:
        assert doc.class_name == class_name
        assert check_document(doc, None).status == "matches"  # Editor-written: a layout some Editor writes
    for key, value in cited.values.items():
        shapes = [_shape(doc.root.get(key)) for doc in docs if doc.root.get(key) is not None]
        assert shapes, f"{class_name}.{key} is in none of {cited.cites}"
        ours = _model_shape(value)
        assert any(shape == ours or (ours == ("list", None) and shape[0] == "list") for shape in shapes), \
            (key, shapes, ours)
    where = docs[0].root.keys_
    at = where.index("serializedVersion") if "serializedVersion" in where else None
    assert cited.version_after == (where[at - 1] if at else None)


def _same(node: Node | None, value: object) -> bool:
    """Whether a document's node holds exactly the model value (numbers compared as numbers)."""
    if isinstance(value, Ref):
        return isinstance(node, Mapping) and node.as_ref() == value
    if isinstance(value, dict):
        return isinstance(node, Mapping) and node.as_ref() is None and list(node.keys_) == list(value) and \
            all(_same(node.get(k), v) for k, v in value.items())
    if isinstance(value, list):
        return isinstance(node, Sequence) and len(node.items) == len(value) and \
            all(_same(n, v) for n, v in zip(node.items, value, strict=True))
    if not isinstance(node, Scalar):
        return False
    try:
        return float(node.text) == float(str(value))
    except ValueError:
        return node.text == str(value)


@pytest.mark.parametrize(("class_name", "cited"), DEFAULTS.items(), ids=list(DEFAULTS))
def test_each_default_value_is_the_value_its_cited_document_holds(class_name: str, cited: CitedValues) -> None:
    docs = {cite: _cited(cite) for cite in cited.documents}
    for key, value in cited.values.items():
        cite = cited.elsewhere.get(key) or next((c for c in cited.cites if docs[c].root.get(key) is not None), None)
        assert cite is not None, f"{class_name}.{key}: no cited document has the field"
        assert _same(docs[cite].root.get(key), value), \
            f"{class_name}.{key} = {value!r}, but {cite} holds {docs[cite].root.get(key)!r}"


def test_a_value_the_cited_document_does_not_hold_fails() -> None:
    light = DEFAULTS["Light"]
    wrong = CitedValues(light.cites, {**light.values, "m_Type": 2}, light.version_after)  # Main Menu's sun is 1
    doc = _cited(wrong.cite)
    assert not _same(doc.root.get("m_Type"), wrong.values["m_Type"])
    assert _same(doc.root.get("m_Type"), 1)
