"""The read-back check every settings writer runs on the exact bytes it is about to stage.

The staged bytes are parsed again from scratch (a fresh model, not the edited one) and compared with what the
writer meant: each intended top-level value must read back as intended (numbers as Unity stores them, strings
exactly), every other top-level value, the key order, the file header and every other object must read back as
they were before. A wrong emit, a splice in the wrong place or collateral damage each fail with
`E_PROJECT_SETTINGS_VERIFY_FAILED`, and nothing is staged.
"""

from __future__ import annotations

from collections.abc import Mapping as AbcMapping
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.next_actions import tool_command
from unitycli.unityyaml import Mapping, Node, Ref, Scalar, Sequence, UnityYamlFile
from unitycli.unityyaml.fidelity import check
from unitycli.unityyaml.floats import to_float32
from unitycli.unityyaml.nodes import PLAIN


def canonical(node: Node) -> Any:
    """A comparable form of a subtree: scalars as their string value, containers in order, style ignored."""
    if isinstance(node, Scalar):
        return node.text
    if isinstance(node, Mapping):
        return ("map", tuple((k, canonical(v)) for k, v in node.items()))
    assert isinstance(node, Sequence)
    return ("list", tuple(canonical(item) for item in node.items))


def _scalar_matches(node: Scalar, expected: Any) -> bool:
    if isinstance(expected, bool):
        return node.style == PLAIN and node.text == ("1" if expected else "0")
    if isinstance(expected, int):
        value = node.value
        return node.style == PLAIN and isinstance(value, int) and value == expected
    if isinstance(expected, float):
        value = node.value
        return node.style == PLAIN and isinstance(value, int | float) and to_float32(value) == to_float32(expected)
    return isinstance(expected, str) and node.text == expected


def mismatch(node: Node, expected: Any, path: str) -> str | None:
    """The first property path where `node` does not hold `expected`, or None when it does.

    `expected` is a Python value (str, int, float, bool, Ref, dict in key order, list) or an old `Node`, which
    means "exactly as it was".
    """
    if isinstance(expected, Node):
        return None if canonical(node) == canonical(expected) else path
    if isinstance(expected, Ref):
        return None if isinstance(node, Mapping) and node.as_ref() == expected else path
    if isinstance(expected, AbcMapping):
        if not isinstance(node, Mapping) or node.keys() != list(expected):
            return path
        for key, value in expected.items():
            found = mismatch(node[key], value, f'{path}["{key}"]' if not key.isidentifier() else f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list | tuple):
        if not isinstance(node, Sequence) or len(node.items) != len(expected):
            return path
        for i, (item, value) in enumerate(zip(node.items, expected, strict=True)):
            found = mismatch(item, value, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if isinstance(node, Scalar) and _scalar_matches(node, expected) else path


def _failed(file: str, why: str, **details: Any) -> UnityCliError:
    return UnityCliError(
        "E_PROJECT_SETTINGS_VERIFY_FAILED",
        f"{file}: reading back the edited file failed ({why}); nothing was written",
        details={"file": file, **details},
        next_actions=[tool_command("project.format-check", {"path": file})],
        manual_steps=["Report this with the file attached: the edit did not produce what was asked"],
    )


def verify_readback(file: str, class_id: int, before: bytes, after: bytes, intended: AbcMapping[str, Any]) -> None:
    """Raise E_PROJECT_SETTINGS_VERIFY_FAILED unless `after` is `before` with exactly the `intended` values."""
    try:
        new = check(after, file)
    except UnityCliError as exc:
        raise _failed(file, f"the new text does not parse: {exc.message}") from None
    old = UnityYamlFile.parse(before, file)
    if new.header != old.header or len(new.documents) != len(old.documents):
        raise _failed(file, "the file header or the number of objects changed")
    for old_doc, new_doc in zip(old.documents, new.documents, strict=True):
        if (old_doc.class_id, old_doc.file_id) != (new_doc.class_id, new_doc.file_id):
            raise _failed(file, f"object &{old_doc.file_id} moved or changed class")
        if old_doc.class_id != class_id and old_doc.text != new_doc.text:
            raise _failed(file, f"object &{old_doc.file_id}, which was not edited, changed")
    old_doc = next(d for d in old.documents if d.class_id == class_id)
    new_doc = next(d for d in new.documents if d.class_id == class_id)
    old_root, new_root = old_doc.root, new_doc.root
    if not isinstance(old_root, Mapping) or not isinstance(new_root, Mapping) or old_root.keys() != new_root.keys():
        raise _failed(file, "the object's keys changed")
    unknown = set(intended) - set(old_root.keys())
    if unknown:
        raise _failed(file, f"the writer meant to set keys the object does not have: {sorted(unknown)}")
    for key, node in new_root.items():
        expected = intended.get(key, old_root[key])
        where = mismatch(node, expected, key)
        if where:
            shown = canonical(node) if isinstance(node, Scalar) else None
            raise _failed(file, f"{where} does not read back as intended" if key in intended
                          else f"{where} changed although it was not edited", property=where, found=shown)
