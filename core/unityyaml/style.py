"""Reading a file's formatting habits from its own text, so our edits match the Editor that wrote it.

Three habits differ between files in the fixtures: wrapping long flow mappings at 80 columns (off when the
project's EditorSettings has `m_SerializeInlineMappingsOnOneLine: 1`, as in minigolf; strings wrap regardless), Unity 6 quoting strings that end in `]`
(`propertyPath: 'm_Materials.Array.data[0]'`), and whether an empty value keeps its trailing space.
A file with no evidence either way gets the common default; callers who know the project can pass a style.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from unitycli.unityyaml.emit import WRAP_WIDTH, EmitStyle

_WRAPPED_FLOW = re.compile(r"\{[^{}\n]*,\r?\n")
# A flow mapping with `, ` past column 80 on one line: a wrapping writer would have broken the line there.
_LONG_FLOW = re.compile(r"^[^\n{]*\{[^\n]{0,200}?(?<=[^\n]{80}), ", re.M)
_QUOTED_BRACKET = re.compile(r"(?::|^ *-) '[^'\n]*\]'\r?$|^ *(?:- )?'[^'\n]*\]':", re.M)
_PLAIN_BRACKET = re.compile(r"(?::|^ *-) [^'\"\s{\[][^\n]*\]\r?$", re.M)
_EMPTY_WITH_SPACE = re.compile(r"(?::|^ *-) \r?$", re.M)
_EMPTY_BARE = re.compile(r"^( *)[^ \n%-][^\n]*[^ \n]:\r?\n(?!\1 )(?!\1- )(?!\1-\r?\n)", re.M)


def _in_lines_with(pattern: re.Pattern[str], text: str, needle: str) -> bool:
    """`pattern.search(text) is not None` for a one-line pattern every match of which contains `needle`: only the
    lines holding `needle` are searched (a string find runs far faster than a regex tried at every position)."""
    pos = text.find(needle)
    while pos >= 0:
        start = text.rfind("\n", 0, pos) + 1
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        if pattern.search(text, start, end):
            return True
        pos = text.find(needle, end)
    return False


# The evidence a piece of a file holds, one bit per habit: a file's style is decided by the OR of its pieces' bits,
# so the bits of each object can be kept with it (scene/filecache.py) and a file edited since is decided from the
# bits of its untouched objects and those of the changed ones, exactly as from its whole text. A primary habit
# decides alone when found; its secondary one (a regex tried at every line: a second for a 64 MB scene) matters
# only while the primary is found nowhere.
WRAPPED, LONG_FLOW, QUOTED, PLAIN, WITH_SPACE, BARE = (1 << k for k in range(6))
EVERY = (1 << 6) - 1
PRIMARY = WRAPPED | PLAIN | WITH_SPACE
_SECONDARY = {WRAPPED: LONG_FLOW, PLAIN: QUOTED, WITH_SPACE: BARE}


# What each habit's bit is looked for by, primary habits first.
_LOOKS: tuple[tuple[int, Callable[[str], bool]], ...] = (
    (WRAPPED, lambda text: _WRAPPED_FLOW.search(text) is not None),
    (PLAIN, lambda text: _in_lines_with(_PLAIN_BRACKET, text, "]")),
    (WITH_SPACE, lambda text: _EMPTY_WITH_SPACE.search(text) is not None),
    (LONG_FLOW, lambda text: _LONG_FLOW.search(text) is not None),
    (QUOTED, lambda text: _in_lines_with(_QUOTED_BRACKET, text, "]'")),
    (BARE, lambda text: _EMPTY_BARE.search(text) is not None),
)


def style_evidence(text: str, wanted: int = EVERY) -> int:
    """The habits among `wanted` that `text` (a piece starting at a line start: one object, or a whole file)
    shows, as bits; a secondary habit is not looked for where its primary one is found (see `looked_past`).
    Every pattern is one line, or (`_EMPTY_BARE`) a line and a look at the next one's start, which finds the
    same at a piece's end as before the next object's `---` line. Both bracket patterns stay within a line and
    end at `]` before an optional `'` and `\r`."""
    found = 0
    for bit, look in _LOOKS:
        if bit & wanted & ~_LOOKED_PAST[found] and look(text):
            found |= bit
    return found


def looked_past(found: int) -> int:
    """The secondary habits `style_evidence` does not look for in a piece that shows the primary habits `found`
    (a table of every set of habits: asked several times for each object of a 64 MB scene)."""
    return _LOOKED_PAST[found & EVERY]


_LOOKED_PAST = tuple(sum(second for first, second in _SECONDARY.items() if found & first) for found in range(EVERY + 1))


def file_evidence(pieces: Iterable[Callable[[int], int]]) -> int:
    """The deciding evidence of a file given as its pieces, each a function from the habits wanted to those it
    shows. One pass: a primary habit is looked for until a piece shows it, its secondary one while the primary is
    found nowhere yet and until a piece shows it; so a piece is asked only what can still change the style."""
    found = 0
    for piece in pieces:
        missing = PRIMARY & ~found
        wanted = missing | (_LOOKED_PAST[missing] & ~found)
        if not wanted:
            break
        found |= piece(wanted)
    return found


def style_of(evidence: int, head: str) -> EmitStyle:
    """The emit style of a file whose pieces show `evidence` (their bits OR-ed); `head`: the file's first few KB,
    for its line breaks."""
    wrapped, plain, with_space = evidence & WRAPPED, evidence & PLAIN, evidence & WITH_SPACE
    return EmitStyle(width=WRAP_WIDTH, one_line_mappings=not wrapped and bool(evidence & LONG_FLOW),
                     quote_trailing_bracket=bool(evidence & QUOTED) and not plain,
                     empty_trailing_space=bool(with_space) or not evidence & BARE,
                     newline="\r\n" if "\r\n" in head[:4096] else "\n")


def detect_style(text: str) -> EmitStyle:
    """The emit style evidenced by `text` (one file's whole text)."""
    return style_of(file_evidence([lambda wanted: style_evidence(text, wanted)]), text[:4096])
