"""Every tool answer fits a byte budget an agent can afford; beyond it, a summary plus a handle, never a silent cut.

The budget is 64 KiB of the `result` as `--json` prints it (UTF-8, no spaces: `strict_json.WIRE_SEPARATORS`), the
same document MCP returns as its text content. Agents cut tool answers at about 25,000 tokens (Claude Code), which is
roughly 100 KB of JSON; 64 KiB leaves room for the envelope and the client's own framing.

An answer over budget is written whole to a file in a per-user folder (owner-only, in the system temp folder, so a
dry run leaves the project untouched), with every diff also in one patch file `git apply` accepts. The answer then
keeps everything that fits: the largest diffs give way first (their entries stay, with `diff: null` and a note),
then the longest lists are shortened from the end. `overflow` says what was left out, how big the whole answer
was, and where it is.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.strict_json import WIRE_SEPARATORS

ANSWER_BUDGET = 64 * 1024
_KEEP_FILES = 64  # the newest spilled answers kept per user; older ones are removed when a new one is written
_EFFECTS = ("plannedEffects", "appliedEffects")
_NAMED_DIFFS = 10  # left-out diffs named one by one in overflow.omitted; beyond, a count


class Overflow(BaseModel):
    """What an answer over budget left out, and where the whole of it is."""

    model_config = ConfigDict(alias_generator=to_camel, validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True)

    bytes: int = Field(description="Size of the whole answer")
    budget: int = Field(description="The answer budget in bytes; this answer fits it")
    file: str | None = Field(description="The whole answer as JSON (owner-only file); null when it could not be "
                                         "saved (the reason is in omitted)")
    patch: str | None = Field(None, description="Every diff of the answer as one patch file (`git apply` accepts "
                                                "it); null when the answer has no diff")
    omitted: list[str] = Field(description="What this answer leaves out, e.g. `appliedEffects.diffs[0].diff` or "
                                           "`output.moved: 120 of 1000 items shown`")


def answer_size(value: Any) -> int:
    """Bytes of `value` as `--json` prints it."""
    return len(json.dumps(value, ensure_ascii=False, separators=WIRE_SEPARATORS).encode("utf-8"))


# The spilled file's separators: the wire's, with a line break after each comma, so the file has one value per line
# (a reader can page and grep it) and is written in the same single pass of the C encoder that measures the answer
# (`indent` would take Python's encoder: 30 ms for a 130 KB answer). JSON escapes every line break inside a string,
# so each b"\n" in the text is one of these and the wire size is the text's size less their count.
_LINE_SEPARATORS = (",\n", ":")


def _encoded(answer: dict[str, Any]) -> tuple[bytes, int]:
    """The answer as the spilled file holds it, and its size as `--json` prints it."""
    data = json.dumps(answer, ensure_ascii=False, separators=_LINE_SEPARATORS).encode("utf-8")
    return data, len(data) - data.count(b"\n")


def answers_dir() -> Path:
    """The caller's own folder for spilled answers; refused (PermissionError) if another user owns it or it is a
    symlink."""
    import tempfile  # only an answer over budget is written out; every other call skips its import

    uid = os.getuid() if hasattr(os, "getuid") else None
    folder = Path(tempfile.gettempdir()) / f"unitycli-answers-{uid if uid is not None else os.getlogin()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    info = os.lstat(folder)
    if not stat.S_ISDIR(info.st_mode) or (uid is not None and info.st_uid != uid):
        raise PermissionError(f"{folder} is not a folder of this user")
    if uid is not None and stat.S_IMODE(info.st_mode) & 0o077:
        os.chmod(folder, 0o700)
    return folder


def _write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)
    return path


def _prune(folder: Path) -> None:
    """Keep the newest `_KEEP_FILES`; another process may be pruning the same folder, so a file gone meanwhile is
    skipped, never a failure of this answer."""
    files = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if "." in entry.name:
                with contextlib.suppress(FileNotFoundError):
                    files.append((entry.stat().st_mtime, entry.path))
    for _, old in sorted(files, reverse=True)[_KEEP_FILES:]:
        Path(old).unlink(missing_ok=True)


def _spill(tool: str, answer: dict[str, Any], data: bytes) -> tuple[Path, Path | None]:
    """Write `data` (the answer as `_encoded` made it) and a patch of its diffs."""
    folder = answers_dir()
    stem = f"{time.strftime('%Y%m%dT%H%M%S')}-{tool}-{secrets.token_hex(4)}"
    diffs = [d.get("diff") for key in _EFFECTS for d in (answer.get(key) or {}).get("diffs", [])]
    patch = "".join(d for d in diffs if d)
    patch_path = _write(folder, stem + ".patch", patch.encode("utf-8")) if patch else None
    file = _write(folder, stem + ".json", data)
    _prune(folder)
    return file, patch_path


def _drop_diffs(answer: dict[str, Any], omitted: list[str], over: int) -> bool:
    """Replace the largest diffs by a note until `over` bytes are saved (or none is left); name them in `omitted`,
    one by one when few, else as a count per effects list. True when any was replaced. The effects and their
    entries are copied first (in `answer`, a copy of the caller's top level), so the caller's stay whole."""
    for key in _EFFECTS:
        effects = answer.get(key)
        if effects and effects.get("diffs"):
            answer[key] = {**effects, "diffs": [dict(d) for d in effects["diffs"]]}
    entries = [(answer_size(d["diff"]), key, i, d) for key in _EFFECTS
               for i, d in enumerate((answer.get(key) or {}).get("diffs", [])) if d.get("diff")]
    dropped: dict[str, list[int]] = {}
    for size, key, i, entry in sorted(entries, key=lambda e: (-e[0], e[1], e[2])):
        if over <= 0:
            break
        entry["diff"] = None
        entry["note"] = "left out to fit the answer budget: see overflow.patch"
        dropped.setdefault(key, []).append(i)
        over -= size
    for key, indexes in dropped.items():
        if len(indexes) <= _NAMED_DIFFS:
            omitted.extend(f"{key}.diffs[{i}].diff" for i in sorted(indexes))
        else:
            omitted.append(f"{key}.diffs[].diff: {len(indexes)} diffs (their entries say which)")
    return bool(dropped)


def _lists(holder: Any, key: Any, path: str, found: list[list[Any]]) -> None:
    """Add to `found` each list of two or more items below `holder[key]` that no such list holds, as [path, its
    holder, its key, None]: the largest list is always one of them (a list is larger than any list inside it), so
    the ones inside are neither walked nor measured. Every dict and one-item list on the way is copied into its
    holder, so a list found is cut by replacing it there, never in the caller's answer."""
    value = holder[key]
    if isinstance(value, dict):
        value = holder[key] = dict(value)
        for inner in value:
            _lists(value, inner, f"{path}.{inner}" if path else inner, found)
    elif isinstance(value, list):
        if len(value) > 1:
            found.append([path, holder, key, None])
            return
        value = holder[key] = list(value)
        for i in range(len(value)):
            _lists(value, i, f"{path}[{i}]", found)


def _shorten_lists(answer: dict[str, Any], omitted: list[str], limit: int, size: int | None = None) -> int:
    """Halve the largest list (end first) until the answer is within `limit`; record each list's final count.
    Returns the answer's size (`size`: the answer's, when the caller knows it). `answer` is a copy of the caller's
    top level, whose lists are replaced by shorter copies, not cut in place.

    Sizes are measured once and then kept by arithmetic (a cut saves its items and the comma before each: the
    cut-off items' size as a list, less one for the brackets), not by encoding the answer again after every cut;
    a list's own size only once there are two to choose from."""
    size = answer_size(answer) if size is None else size
    if size <= limit:
        return size
    # [path, holder, key, the list's size (None until there is another list to compare it with)], in walk order,
    # which breaks ties between equally large lists
    candidates: list[list[Any]] = []
    for key in answer:
        _lists(answer, key, key, candidates)
    totals: dict[str, tuple[int, Any, Any]] = {}
    while size > limit and candidates:
        if len(candidates) > 1:
            for candidate in candidates:
                if candidate[3] is None:
                    candidate[3] = answer_size(candidate[1][candidate[2]])
        at = max(range(len(candidates)), key=lambda i: candidates[i][3] or 0)
        path, holder, key, listed = candidates[at]
        items = holder[key]
        totals.setdefault(path, (len(items), holder, key))
        keep = max(1, len(items) // 2)
        saved = answer_size(items[keep:]) - 1
        holder[key] = items[:keep]
        size -= saved
        candidates[at][3] = None if listed is None else listed - saved
        if keep == 1:  # no longer a list to halve: the lists inside its one item may be
            inner: list[list[Any]] = []
            _lists(holder[key], 0, f"{path}[0]", inner)
            candidates[at:at + 1] = inner
    for path, (total, holder, key) in totals.items():
        omitted.append(f"{path}: {len(holder[key])} of {total} items shown")
    return size


def fit(tool: str, answer: dict[str, Any]) -> dict[str, Any]:
    """`answer` as it is when within budget; else a copy that fits, with `overflow` naming the whole answer's file."""
    data, size = _encoded(answer)
    if size <= ANSWER_BUDGET:
        return answer
    omitted: list[str] = []
    try:
        file, patch = _spill(tool, answer, data)
    except OSError as exc:  # the answer (and a write it reports) must not fail because a temp folder is unusable
        file = patch = None
        omitted.append(f"the whole answer could not be saved: {exc}")
    slim = dict(answer)  # cut down by copying what changes (see _drop_diffs, _lists): the caller's stays whole
    reserve = 1024  # room for the overflow summary itself
    dropped = _drop_diffs(slim, omitted, size - ANSWER_BUDGET + reserve)
    # many dropped diffs' notes can still be too much
    kept = _shorten_lists(slim, omitted, ANSWER_BUDGET - reserve, None if dropped else size)
    if kept > ANSWER_BUDGET - reserve and slim.get("output"):  # one huge value: only the file has it
        slim["output"] = {}
        omitted.append("output: all of it (one value alone is over the budget)")
    overflow = Overflow(bytes=size, budget=ANSWER_BUDGET, file=str(file) if file else None,
                        patch=str(patch) if patch else None,
                        omitted=omitted)
    slim["overflow"] = overflow.model_dump(by_alias=True)
    while answer_size(slim) > ANSWER_BUDGET and len(overflow.omitted) > 1:  # a long omitted list: say it shorter
        overflow.omitted = overflow.omitted[:len(overflow.omitted) // 2] + ["… more: see overflow.file"]
        slim["overflow"] = overflow.model_dump(by_alias=True)
    return slim
