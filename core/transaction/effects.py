"""Planned effects: what a transaction changes, as data (lists of paths and exact unified diffs).

Files are in `created`, `modified`, `deleted` (one `diffs` entry each). Folders are reported apart, in
`createdDirs` (every folder the commit makes: staged ones and missing parents of new files, parents first) and
`deletedDirs` (folders it removes), so the file lists keep meaning exactly "files". The same model is returned by `--dry-run` and by a real commit, so an agent can compare the preview with the
result. Diffs use git's conventions (`a/` and `b/` prefixes, `/dev/null` for a created or deleted side,
`\\ No newline at end of file`), so `git apply` accepts them.
"""

from __future__ import annotations

import codecs
import difflib
from bisect import bisect_left
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer
from pydantic.alias_generators import to_camel

from unitycli.diffwindow import diff_window, spliced_window
from unitycli.spliced import Content, Spliced

_REIMPORT_ROOTS = ("Assets/", "Packages/")
ORIGIN_CONTEXT = 1  # context lines around a rename's or copy's changes (see origin_diff)
_NO_EOL = "\\ No newline at end of file\n"


class _Camel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, validate_by_name=True, validate_by_alias=True,
                              serialize_by_alias=True, frozen=True, defer_build=True)


class FileDiff(_Camel):
    path: str
    diff: str | None = Field(description="Unified diff; null for a binary or undecodable file (see note)")
    binary: bool = Field(False, description="Present (true) only for binary or non-UTF-8 content")
    note: str | None = Field(None, description="Present only when there is something to say, e.g. why diff is null")
    old_revision: str | None = Field(None, description="This path's revision before the commit; absent where it "
                                     "did not exist (created, or the new end of a rename or copy)")
    new_revision: str | None = Field(None, description="This path's revision after the commit; absent when deleted")
    # Where a renamed or copied file comes from, for the transaction to tell R and C from A and D. Not sent: the
    # diff's git header (`rename from/to`, `copy from/to`) says it, and a move's answer would name each path twice.
    renamed_from: str | None = Field(None, exclude=True)
    copied_from: str | None = Field(None, exclude=True)

    @model_serializer(mode="wrap")
    def _only_what_says_something(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A field that would say nothing (false, null) is left out: a write's answer is mostly its diffs, and an
        agent pays for every byte of them."""
        data = handler(self)
        for key in _QUIET_WHEN_EMPTY:
            if key in data and data[key] in (None, False):
                del data[key]
        return data


_QUIET_WHEN_EMPTY = ("binary", "note", "oldRevision", "newRevision", "old_revision", "new_revision")


class PlannedEffects(_Camel):
    created: list[str] = Field([], description="Files the commit creates (not copies: a diff saying `copy from`)")
    modified: list[str] = Field([], description="Files whose content changes")
    deleted: list[str] = Field([], description="Files the commit deletes (not renames: a diff saying `rename from`)")
    diffs: list[FileDiff] = Field([], description="One per created, modified or deleted file; a rename or copy is "
                                  "one entry for both of its paths (its path is the new one, its diff's git header "
                                  "says `rename from/to` or `copy from/to`) and is in none of the lists above, as "
                                  "git's status tells R and C from A and D")
    created_dirs: list[str] = Field([], description="Folders the commit creates, parents first (empty ones too)")
    deleted_dirs: list[str] = Field([], description="Folders the commit removes; each is empty once the deletes "
                                                    "above are applied")
    requires_reimport: bool = Field(False, description="True when an open Editor must reimport: files or folders "
                                                       "under Assets/ or Packages/ changed. It reimports each path "
                                                       "above under those roots, both ends of a move, a .meta "
                                                       "standing for its asset (the paths are not listed again)")


class CommitResult(_Camel):
    txid: str
    committed: bool = Field(description="True when the changes are on disk (false for --dry-run)")
    dry_run: bool
    effects: PlannedEffects
    revisions: dict[str, str | None] = Field(
        default_factory=dict, description="New revision of every changed path (null: deleted)")


def _text(data: bytes) -> str | None:
    """Decoded text, or None for content a line diff would misrepresent."""
    return data.decode("utf-8") if _is_text(data) else None


def _is_text(data: bytes) -> bool:
    """Whether `_text` would decode `data`, checked piece by piece so a big file is never held decoded."""
    if b"\x00" in data[:8192]:
        return False
    if data.isascii():
        return True
    decoder, view = codecs.getincrementaldecoder("utf-8")(), memoryview(data)
    try:
        for start in range(0, len(data), 1 << 20):
            decoder.decode(view[start : start + (1 << 20)])
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    return True


def _lines(text: str) -> list[str]:
    """Split on `\\n` only (str.splitlines also splits on \\x0b, \\u2028 …, which Unity text may contain)."""
    lines = [line + "\n" for line in text.split("\n")]
    lines[-1] = lines[-1][:-1]
    return lines if lines[-1] else lines[:-1]


class _AnchoredMatcher(difflib.SequenceMatcher):
    """Patience-style anchoring before difflib: a one-line edit in a 90k-line scene diffs in milliseconds.

    Lines unique to both sides (Unity's `--- !u!… &fileID` headers are) are matched first by longest increasing
    subsequence; difflib only aligns the short gaps between anchors.
    """

    def __init__(self, a: Sequence[str], b: Sequence[str]) -> None:
        super().__init__(None, a, b, autojunk=False)

    def set_seq2(self, b: Sequence[str]) -> None:  # type: ignore[override]
        # The b2j index difflib builds here is only needed for its own matching, which this class replaces.
        self.b = b
        self.matching_blocks = self.opcodes = None
        self.fullbcount = None

    def get_matching_blocks(self) -> list[difflib.Match]:  # type: ignore[override]
        if self.matching_blocks is None:
            blocks: list[tuple[int, int, int]] = []
            _match(self.a, 0, len(self.a), self.b, 0, len(self.b), blocks, depth=0)
            merged: list[tuple[int, int, int]] = []
            for i, j, n in blocks:
                if merged and merged[-1][0] + merged[-1][2] == i and merged[-1][1] + merged[-1][2] == j:
                    merged[-1] = (merged[-1][0], merged[-1][1], merged[-1][2] + n)
                elif n:
                    merged.append((i, j, n))
            merged.append((len(self.a), len(self.b), 0))
            self.matching_blocks = [difflib.Match(*block) for block in merged]
        return self.matching_blocks


def _match(a: Sequence[str], alo: int, ahi: int, b: Sequence[str], blo: int, bhi: int,
           out: list[tuple[int, int, int]], depth: int) -> None:
    start_a, start_b = alo, blo
    while alo < ahi and blo < bhi and a[alo] == b[blo]:
        alo, blo = alo + 1, blo + 1
    if alo > start_a:
        out.append((start_a, start_b, alo - start_a))
    tail = 0
    while alo < ahi - tail and blo < bhi - tail and a[ahi - tail - 1] == b[bhi - tail - 1]:
        tail += 1
    ahi, bhi = ahi - tail, bhi - tail
    if alo < ahi and blo < bhi:
        anchors = _unique_anchors(a, alo, ahi, b, blo, bhi) if depth < 8 else []
        if anchors:
            prev_a, prev_b = alo, blo
            for i, j in anchors:
                _match(a, prev_a, i, b, prev_b, j, out, depth + 1)
                out.append((i, j, 1))
                prev_a, prev_b = i + 1, j + 1
            _match(a, prev_a, ahi, b, prev_b, bhi, out, depth + 1)
        else:
            matcher = difflib.SequenceMatcher(None, a[alo:ahi], b[blo:bhi])
            out.extend((alo + i, blo + j, n) for i, j, n in matcher.get_matching_blocks() if n)
    if tail:
        out.append((ahi, bhi, tail))


def _unique_anchors(a: Sequence[str], alo: int, ahi: int, b: Sequence[str], blo: int,
                    bhi: int) -> list[tuple[int, int]]:
    """Pairs of lines occurring once on each side, longest run in the same order on both (patience diff)."""
    counts: dict[str, list[int]] = {}
    for i in range(alo, ahi):
        slot = counts.setdefault(a[i], [0, i, 0, -1])
        slot[0] += 1
    for j in range(blo, bhi):
        slot = counts.get(b[j])
        if slot is not None:
            slot[2] += 1
            slot[3] = j
    pairs = sorted((slot[1], slot[3]) for slot in counts.values() if slot[0] == 1 and slot[2] == 1)
    # Longest increasing subsequence of b-indices, O(n log n).
    tails: list[int] = []
    tail_index: list[int] = []
    previous = [-1] * len(pairs)
    for k, (_, j) in enumerate(pairs):
        pos = bisect_left(tails, j)
        if pos == len(tails):
            tails.append(j)
            tail_index.append(k)
        else:
            tails[pos] = j
            tail_index[pos] = k
        previous[k] = tail_index[pos - 1] if pos else -1
    result = []
    k = tail_index[-1] if tail_index else -1
    while k != -1:
        result.append(pairs[k])
        k = previous[k]
    return result[::-1]


def _range(start: int, length: int) -> str:
    """Hunk range in unified format (difflib's rule: an empty range names the line before it)."""
    if length == 1:
        return str(start + 1)
    return f"{start if length == 0 else start + 1},{length}"


def _with_eol(line: str) -> str:
    return line if line.endswith("\n") else line + "\n" + _NO_EOL


def unified_diff(old: str | None, new: str | None, path: str, context: int = 3, first_line: int = 0) -> str:
    """Unified diff of two texts; None on a side means the file does not exist there. `first_line`: how many
    lines precede both texts in their files (see diffwindow.py), added to the hunks' line numbers."""
    a, b = _lines(old or ""), _lines(new or "")
    out = [f"--- {'a/' + path if old is not None else '/dev/null'}\n",
           f"+++ {'b/' + path if new is not None else '/dev/null'}\n"]
    for group in _AnchoredMatcher(a, b).get_grouped_opcodes(context):
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1] + first_line, last[2] - first[1])} "
                   f"+{_range(first[3] + first_line, last[4] - first[3])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out.extend(" " + _with_eol(line) for line in a[i1:i2])
                continue
            out.extend("-" + _with_eol(line) for line in a[i1:i2])
            out.extend("+" + _with_eol(line) for line in b[j1:j2])
    return "".join(out) if len(out) > 2 or old is None or new is None else ""


def _is_text_content(new: Content, old: bytes | None, old_is_text: bool) -> bool:
    """`_is_text` of content, a splice of `old` decoding only its new pieces when `old` is text."""
    if not isinstance(new, Spliced):
        return _is_text(new)
    return b"\x00" not in new.slice(0, 8192) and new.is_utf8(new.base is old and old_is_text)


def file_diff(path: str, old: bytes | None, new: Content | None, old_rev: str | None, new_rev: str | None
              ) -> FileDiff:
    """A FileDiff for one path: a text diff, or a note for binary or non-UTF-8 content."""
    old_is_text = old is not None and _is_text(old)
    if (old is not None and not old_is_text) or (new is not None and not _is_text_content(new, old, old_is_text)):
        sizes = f"{len(old) if old is not None else 'absent'} -> {len(new) if new is not None else 'absent'} bytes"
        return FileDiff(path=path, diff=None, binary=True, note=f"binary or non-UTF-8 content, {sizes}",
                        old_revision=old_rev, new_revision=new_rev)
    if old is not None and new is not None:
        return FileDiff(path=path, diff=_windowed_diff(old, new, path), old_revision=old_rev, new_revision=new_rev)
    new = new.to_bytes() if isinstance(new, Spliced) else new
    return FileDiff(path=path, diff=unified_diff(_text(old) if old is not None else None,
                                                 _text(new) if new is not None else None, path),
                    old_revision=old_rev, new_revision=new_rev)


def _windowed_diff(old: bytes, new: Content, path: str, context: int = 3) -> str:
    """`unified_diff` of two UTF-8 versions of a file, over only the lines around their changes (diffwindow.py)."""
    # a big file's common head and tail left out (a splice's known from its pieces)
    skipped, old_part, new_part = (spliced_window(old, new, context=context) if isinstance(new, Spliced)
                                   else diff_window(old, new, context=context))
    return unified_diff(old_part.decode("utf-8"), new_part.decode("utf-8"), path, context, first_line=skipped)


def origin_diff(source: str, path: str, kind: str, similarity: int, old: bytes, new: bytes,
                new_rev: str | None) -> FileDiff:
    """A rename or copy as git writes it (`diff --git`, `similarity index`, `rename from/to` or `copy from/to`),
    followed by the hunks of only the lines that changed, so `git apply` accepts it and a move costs a few lines
    whatever the file's size. The `---`/`+++` lines are left out: the git header names both sides already. A hunk
    keeps one line of context (`ORIGIN_CONTEXT`): the lines a move or copy changes (a main object's name, a
    meta's guid) say what they are, and git applies a hunk with any context it can match. No old revision: `path`
    did not exist before (the source's is its own)."""
    verb = "rename" if kind == "rename" else "copy"
    header = (f"diff --git a/{source} b/{path}\nsimilarity index {similarity}%\n"
              f"{verb} from {source}\n{verb} to {path}\n")
    origin = {"renamed_from": source} if kind == "rename" else {"copied_from": source}
    if old == new:
        return FileDiff(path=path, diff=header, new_revision=new_rev, **origin)
    if not _is_text(old) or not _is_text(new):
        return FileDiff(path=path, diff=None, binary=True, new_revision=new_rev,
                        note=f"{verb} of {source} with binary or non-UTF-8 changes, {len(old)} -> {len(new)} bytes",
                        **origin)
    body = _windowed_diff(old, new, path, ORIGIN_CONTEXT).split("\n", 2)[2]
    return FileDiff(path=path, diff=header + body, new_revision=new_rev, **origin)


def needs_reimport(path: str) -> bool:
    """An open Editor reimports what changes under Assets/ and Packages/; ProjectSettings reload on their own."""
    return path.startswith(_REIMPORT_ROOTS)
