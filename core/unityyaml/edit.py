"""Edits as text splices: each operation rewrites only the characters of the value it changes.

A value inside a flow mapping is changed by re-emitting that whole flow mapping, because Unity re-wraps the
mapping as one unit (`- target: {fileID: …, guid: …,\\n        type: 3}`); untouched numbers in it are copied
verbatim. Everything outside the re-emitted span stays byte for byte.
"""

from __future__ import annotations

from collections.abc import Mapping as AbcMapping
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.unityyaml.emit import EmitStyle, Flow, Verbatim, emit_block_item, emit_entry, emit_inline
from unitycli.unityyaml.nodes import PLAIN, Mapping, Node, Ref, Scalar, Sequence
from unitycli.unityyaml.paths import Step, resolve


def _unsupported(path: str, why: str) -> UnityCliError:
    return UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED", f"cannot edit {path!r}: {why}", details={"path": path})


def _line_start(text: str, pos: int) -> int:
    return text.rfind("\n", 0, pos) + 1


def _region(step: Step) -> tuple[int, int]:
    """The characters that hold the child's value: from just after `key:` / `-` to the value's end."""
    c = step.container
    child = step.child
    if isinstance(c, Mapping):
        return c.key_spans[step.index][1], child.end
    return c.dashes[step.index] + 1, child.end


def _model(node: Node) -> Any:
    """An emit model of an existing subtree that reproduces it: plain one-line scalars verbatim."""
    if isinstance(node, Mapping):
        values = {k: _model(v) for k, v in zip(node.keys_, node.values, strict=True)}
        return Flow(values) if node.flow else values
    if isinstance(node, Sequence):
        return [_model(item) for item in node.items]
    assert isinstance(node, Scalar)
    if node.style == PLAIN and "\n" not in node.raw:
        return Verbatim(node.raw)
    return node.text


def _replace_in(model: Any, steps: list[Step], value: Any) -> Any:
    """`model` (built from steps[0].container) with the node at the end of `steps` replaced by `value`."""
    if not steps:
        return value
    step = steps[0]
    if isinstance(model, dict):
        key = step.container.keys_[step.index]  # type: ignore[union-attr]
        model[key] = _replace_in(model[key], steps[1:], value)
    else:
        model[step.index] = _replace_in(model[step.index], steps[1:], value)
    return model


def _check_shape(path: str, node: Node, value: Any) -> Any:
    """The value to emit for `node`'s slot, keeping Unity's style (flow stays flow); refuses a shape change."""
    is_map = isinstance(value, AbcMapping | Ref)
    is_list = isinstance(value, list | tuple)
    if isinstance(node, Scalar):
        if (is_map or is_list) and not (node.style == PLAIN and node.raw == ""):
            raise _unsupported(path, "it holds a single value, not a mapping or list")
        return value
    if isinstance(node, Mapping):
        if not is_map:
            raise _unsupported(path, f"it holds a mapping; got {type(value).__name__}")
        if node.flow and isinstance(value, AbcMapping) and not isinstance(value, Flow):
            return Flow(value)
        return value
    if not is_list:
        raise _unsupported(path, f"it holds a list; got {type(value).__name__}")
    return list(value)


def set_value(text: str, top: Mapping, path: str, value: Any, style: EmitStyle) -> str:
    """`text` with the value at `path` replaced by `value`, emitted the way Unity writes it."""
    steps = resolve(top, path)
    if len(steps) < 2:
        raise _unsupported(path, "give a property path inside the object")
    value = _check_shape(path, steps[-1].child, value)
    flow_at = next((k for k in range(1, len(steps)) if steps[k].container.flow), None)
    if flow_at is None:
        anchor, new_value = steps[-1], value
    else:
        anchor = steps[flow_at - 1]
        new_value = _replace_in(_model(anchor.child), steps[flow_at:], value)
    return _splice_value(text, anchor, new_value, style)


def _splice_value(text: str, step: Step, value: Any, style: EmitStyle) -> str:
    start, end = _region(step)
    container = step.container
    emitted = emit_inline(value, column=start - _line_start(text, start), indent=container.col, flow=False,
                          mapping_value=isinstance(container, Mapping), style=style)
    return text[:start] + emitted + text[end:]


def _block_sequence(text: str, top: Mapping, path: str) -> tuple[list[Step], Sequence]:
    steps = resolve(top, path)
    node = steps[-1].child
    if not isinstance(node, Sequence):
        raise _unsupported(path, "it is not a list")
    if any(step.container.flow for step in steps[1:]):
        raise _unsupported(path, "the list is inside an inline {…} mapping")
    return steps, node


def _dash_line(text: str, seq: Sequence, index: int, path: str) -> int:
    dash = seq.dashes[index]
    start = _line_start(text, dash)
    if text[start:dash].strip(" "):
        raise _unsupported(path, "the item shares its line with another list (`- - …`)")
    return start


def insert_item(text: str, top: Mapping, path: str, index: int, value: Any, style: EmitStyle) -> str:
    """`text` with `value` inserted as item `index` of the list at `path` (`len` appends)."""
    steps, seq = _block_sequence(text, top, path)
    count = len(seq.items)
    if index < 0:
        index += count + 1
    if not 0 <= index <= count:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{path!r} has {count} items; cannot insert at {index}",
                            details={"path": path, "index": index, "count": count})
    if seq.flow:
        if count:
            raise _unsupported(path, "inline lists with items are not written by Unity")
        return _splice_value(text, steps[-1], [value], style)
    item = emit_block_item(value, dash_col=seq.col, style=style)
    nl = style.newline
    if index < count:
        pos = _dash_line(text, seq, index, path)
        return text[:pos] + item + nl + text[pos:]
    eol = text.find("\n", seq.end)
    if eol < 0:
        return text + nl + item
    return text[: eol + 1] + item + nl + text[eol + 1 :]


def remove_item(text: str, top: Mapping, path: str, index: int, style: EmitStyle) -> str:
    """`text` without item `index` of the list at `path`; the last item leaves `[]`, as Unity writes it."""
    steps, seq = _block_sequence(text, top, path)
    count = len(seq.items)
    if index < 0:
        index += count
    if not 0 <= index < count:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{path!r} has {count} items; no item {index}",
                            details={"path": path, "index": index, "count": count})
    if count == 1:
        return _splice_value(text, steps[-1], [], style)
    start = _dash_line(text, seq, index, path)
    if index + 1 < count:
        end = _dash_line(text, seq, index + 1, path)
        return text[:start] + text[end:]
    eol = text.find("\n", seq.items[index].end)
    if eol < 0:
        return text[: start - 1]
    return text[:start] + text[eol + 1 :]


def insert_key(text: str, top: Mapping, path: str, key: str, value: Any, after: str | None,
               style: EmitStyle) -> str:
    """`text` with `key: value` added to the block mapping at `path`, after `after` (default: at the end)."""
    steps = resolve(top, path)
    node = steps[-1].child
    if not isinstance(node, Mapping) or node.flow or any(s.container.flow for s in steps[1:]):
        raise _unsupported(path, "keys can only be added to a block mapping")
    if key in node:
        raise _unsupported(path, f"it already has the key {key!r}")
    if after is None:
        last_end = node.end
    else:
        i = node.index_of(after)
        if i < 0:
            raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{path!r} has no key {after!r}",
                                details={"path": path, "key": after})
        last_end = node.values[i].end
    entry = emit_entry(key, value, col=node.col, style=style)
    eol = text.find("\n", last_end)
    if eol < 0:
        return text + style.newline + entry
    return text[: eol + 1] + entry + style.newline + text[eol + 1 :]


def remove_key(text: str, top: Mapping, path: str) -> str:
    """`text` without the block-mapping entry at `path` (its key line and any lines of its value)."""
    steps = resolve(top, path)
    step = steps[-1]
    container = step.container
    if len(steps) < 2 or not isinstance(container, Mapping) or container.flow:
        raise _unsupported(path, "only an entry of a block mapping inside the object can be removed")
    if len(container.keys_) == 1:
        raise _unsupported(path, "it is the mapping's only key; set the mapping instead")
    key_start = container.key_spans[step.index][0]
    start = _line_start(text, key_start)
    if text[start:key_start].strip(" "):
        raise _unsupported(path, "the key shares its line with a list dash")
    eol = text.find("\n", step.child.end)
    if eol < 0:
        return text[: start - 1]
    return text[:start] + text[eol + 1 :]
