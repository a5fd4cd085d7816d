"""Reading a file's formatting habits from its own text, so our edits match the Editor that wrote it.

Three habits differ between files in the fixtures: wrapping long flow mappings at 80 columns (off when the
project's EditorSettings has `m_SerializeInlineMappingsOnOneLine: 1`, as in minigolf; strings wrap regardless), Unity 6 quoting strings that end in `]`
(`propertyPath: 'm_Materials.Array.data[0]'`), and whether an empty value keeps its trailing space.
A file with no evidence either way gets the common default; callers who know the project can pass a style.
"""

from __future__ import annotations

import re

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
    newline = "\r\n" if "\r\n" in text[:4096] else "\n"
    one_line = not _WRAPPED_FLOW.search(text) and _LONG_FLOW.search(text) is not None
    # Both bracket patterns stay within a line and end at `]` before an optional `'` and `\r`.
    brackets = _in_lines_with(_QUOTED_BRACKET, text, "]'") and not _in_lines_with(_PLAIN_BRACKET, text, "]")
    trailing_space = _EMPTY_WITH_SPACE.search(text) is not None or _EMPTY_BARE.search(text) is None
    return EmitStyle(width=WRAP_WIDTH, one_line_mappings=one_line, quote_trailing_bracket=brackets,
                     empty_trailing_space=trailing_space, newline=newline)
