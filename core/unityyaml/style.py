"""Reading a file's formatting habits from its own text, so our edits match the Editor that wrote it.

Three habits differ between files in the fixtures: wrapping long flow mappings at 80 columns (off when the
project's EditorSettings has `m_SerializeInlineMappingsOnOneLine: 1`, as in minigolf; strings wrap regardless), Unity 6 quoting strings that end in `]`
(`propertyPath: 'm_Materials.Array.data[0]'`), and whether an empty value keeps its trailing space.
A file with no evidence either way gets the common default; callers who know the project can pass a style.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

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


def detect_style(text: str) -> EmitStyle:
    """The emit style evidenced by `text` (one file's whole text)."""
    return detect_style_in(text[:4096], [text])


def detect_style_in(head: str, pieces: Iterable[str]) -> EmitStyle:
    """The emit style evidenced by a file given as pieces that start at line starts (its objects, one at a time,
    so a big file is never held decoded whole): every pattern is one line, or (`_EMPTY_BARE`) a line and a look
    at the next one's start, which finds the same at a piece's end as before the next object's `---` line.
    `head`: the file's first few KB, for its line breaks."""
    wrapped = long_flow = quoted = plain = with_space = bare = False
    for text in pieces:
        wrapped = wrapped or _WRAPPED_FLOW.search(text) is not None
        long_flow = long_flow or (not wrapped and _LONG_FLOW.search(text) is not None)
        # Both bracket patterns stay within a line and end at `]` before an optional `'` and `\r`.
        quoted = quoted or (not plain and _in_lines_with(_QUOTED_BRACKET, text, "]'"))
        plain = plain or _in_lines_with(_PLAIN_BRACKET, text, "]")
        with_space = with_space or _EMPTY_WITH_SPACE.search(text) is not None
        bare = bare or (not with_space and _EMPTY_BARE.search(text) is not None)
    return EmitStyle(width=WRAP_WIDTH, one_line_mappings=not wrapped and long_flow,
                     quote_trailing_bracket=quoted and not plain, empty_trailing_space=with_space or not bare,
                     newline="\r\n" if "\r\n" in head[:4096] else "\n")
