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
from unitycli.unityyaml.nodes import PLAIN, Mapping, Node, Scalar, Sequence
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


def _fit(node: Node, value: Any) -> Any:
    """The value to emit in `node`'s slot in Unity's style: a mapping that is inline now stays inline (vectors,
    colours). Any shape may replace any other (Unity writes an empty map as `{}`, an empty list as `[]`, and fills
    them as blocks: ProjectSettings.asset `applicationIdentifier: {}` in a fresh project, a block map in minigolf's).
    """
    if isinstance(node, Mapping) and node.flow and node.keys_ and isinstance(value, AbcMapping) \
            and not isinstance(value, Flow) and value:
        return Flow(value)
    if isinstance(value, tuple):
        return list(value)
    return value


def set_value(text: str, top: Mapping, path: str, value: Any, style: EmitStyle) -> str:
    """`text` with the value at `path` replaced by `value`, emitted the way Unity writes it."""
    steps = resolve(top, path)
    if len(steps) < 2:
        raise _unsupported(path, "give a property path inside the object")
    return _set_at(text, steps, _fit(steps[-1].child, value), style)


def _set_at(text: str, steps: list[Step], value: Any, style: EmitStyle) -> str:
    """Replace the node at the end of `steps`; inside an inline mapping the whole mapping is re-emitted."""
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
    line_start = _line_start(text, start)
    after_dashes = isinstance(container, Sequence) and not text[line_start:start].replace("-", " ").strip(" ")
    emitted = emit_inline(value, column=start - line_start, indent=container.col, flow=False,
                          mapping_value=isinstance(container, Mapping), style=style, after_indention=after_dashes)
    return text[:start] + emitted + text[end:]


def _sequence(top: Mapping, path: str) -> tuple[list[Step], Sequence]:
    steps = resolve(top, path)
    node = steps[-1].child
    if not isinstance(node, Sequence):
        raise _unsupported(path, "it is not a list")
    return steps, node


def _line_based(text: str, steps: list[Step], seq: Sequence) -> bool:
    """Whether items can be added and removed as whole lines: a block list outside inline mappings whose items
    each start a line (not `- - …`, Unity's nested lists: m_ColliderPaths in 2D Platformer.unity)."""
    if seq.flow or any(step.container.flow for step in steps[1:]):
        return False
    return all(not text[_line_start(text, dash):dash].strip(" ") for dash in seq.dashes)


def _whole_list(text: str, steps: list[Step], seq: Sequence, items: list[Any], style: EmitStyle) -> str:
    """Re-emit the list at the end of `steps` with `items` (untouched values are copied verbatim)."""
    if len(steps) < 2:
        raise _unsupported("", "give a property path inside the object")
    return _set_at(text, steps, items, style)


def insert_item(text: str, top: Mapping, path: str, index: int, value: Any, style: EmitStyle) -> str:
    """`text` with `value` inserted as item `index` of the list at `path` (`len` appends)."""
    steps, seq = _sequence(top, path)
    count = len(seq.items)
    if index < 0:
        index += count + 1
    if not 0 <= index <= count:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{path!r} has {count} items; cannot insert at {index}",
                            details={"path": path, "index": index, "count": count})
    if not count or not _line_based(text, steps, seq):
        items = [_model(item) for item in seq.items]
        items.insert(index, value)
        return _whole_list(text, steps, seq, items, style)
    item = emit_block_item(value, dash_col=seq.col, style=style)
    nl = style.newline
    if index < count:
        pos = _line_start(text, seq.dashes[index])
        return text[:pos] + item + nl + text[pos:]
    eol = text.find("\n", seq.end)
    if eol < 0:
        return text + nl + item
    return text[: eol + 1] + item + nl + text[eol + 1 :]


def remove_item(text: str, top: Mapping, path: str, index: int, style: EmitStyle) -> str:
    """`text` without item `index` of the list at `path`; the last item leaves `[]`, as Unity writes it."""
    steps, seq = _sequence(top, path)
    count = len(seq.items)
    if index < 0:
        index += count
    if not 0 <= index < count:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{path!r} has {count} items; no item {index}",
                            details={"path": path, "index": index, "count": count})
    if count == 1 or not _line_based(text, steps, seq):
        items = [_model(item) for i, item in enumerate(seq.items) if i != index]
        return _whole_list(text, steps, seq, items, style)
    start = _line_start(text, seq.dashes[index])
    if index + 1 < count:
        end = _line_start(text, seq.dashes[index + 1])
        return text[:start] + text[end:]
    eol = text.find("\n", seq.items[index].end)
    if eol < 0:
        return text[: start - 1]
    return text[:start] + text[eol + 1 :]


def _mapping_model(node: Mapping) -> dict[str, Any]:
    model = _model(node)
    assert isinstance(model, dict)
    return model


def insert_key(text: str, top: Mapping, path: str, key: str, value: Any, after: str | None,
               style: EmitStyle) -> str:
    """`text` with `key: value` added to the mapping at `path`, after `after` (default: at the end).

    A block mapping gets one new line; an inline one (`{}` included: a fresh project's `applicationIdentifier`)
    is re-emitted whole, `{}` becoming a block as Unity writes a filled map.
    """
    steps = resolve(top, path)
    node = steps[-1].child
    if not isinstance(node, Mapping):
        raise _unsupported(path, "keys can only be added to a mapping")
    if key in node:
        raise _unsupported(path, f"it already has the key {key!r}")
    if after is not None and node.index_of(after) < 0:
        raise UnityCliError("E_PROPERTY_NOT_FOUND", f"{path!r} has no key {after!r}",
                            details={"path": path, "key": after})
    if node.flow or any(s.container.flow for s in steps[1:]) or not node.keys_:
        if len(steps) < 2:
            raise _unsupported(path, "the object's body is empty")
        items = list(_mapping_model(node).items())
        at = len(items) if after is None else node.index_of(after) + 1
        items.insert(at, (key, value))
        merged: dict[str, Any] = dict(items)
        return _set_at(text, steps, Flow(merged) if node.flow and node.keys_ else merged, style)
    last_end = node.end if after is None else node.values[node.index_of(after)].end
    entry = emit_entry(key, value, col=node.col, style=style)
    eol = text.find("\n", last_end)
    if eol < 0:
        return text + style.newline + entry
    return text[: eol + 1] + entry + style.newline + text[eol + 1 :]


def remove_key(text: str, top: Mapping, path: str, style: EmitStyle | None = None) -> str:
    """`text` without the mapping entry at `path` (its key and its whole value); removing a mapping's only key
    leaves `{}`, as Unity writes an empty map."""
    steps = resolve(top, path)
    step = steps[-1]
    container = step.container
    if len(steps) < 2 or not isinstance(container, Mapping):
        raise _unsupported(path, "only an entry of a mapping inside the object can be removed")
    key_start = container.key_spans[step.index][0]
    start = _line_start(text, key_start)
    shares_line = bool(text[start:key_start].strip(" "))
    if container.flow or any(s.container.flow for s in steps[1:-1]) or len(container.keys_) == 1 or shares_line:
        if len(steps) < 3:
            raise _unsupported(path, "it is the object's only property")
        rest = {k: v for k, v in _mapping_model(container).items() if k != container.keys_[step.index]}
        value: Any = Flow(rest) if container.flow and rest else rest
        return _set_at(text, steps[:-1], value, style or EmitStyle())
    eol = text.find("\n", step.child.end)
    if eol < 0:
        return text[: start - 1]
    return text[:start] + text[eol + 1 :]
