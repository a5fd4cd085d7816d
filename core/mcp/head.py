"""Our own reading of a JSON-RPC line's top level, for the lines the strict parser refuses.

A request whose id can be read is answered with that id, or the client waits forever. What "readable" means:

- the line is JSON by RFC 8259's grammar (after one leading byte-order mark, dropped before anything reads the
  line): numbers of any size, repeated keys and lone-surrogate escapes are grammar, so the id stays readable;
  `NaN`, `Infinity`, a trailing comma and a truncated line are not JSON, and their id is not read (JSON-RPC
  answers a parse error with a null id);
- the top level is one object whose `id` member is a string or a number (`true`, `null`, an array: no id);
- a key repeated at the top level counts by its last occurrence, as Python's `json` and pydantic's parser (the
  one the SDK uses) read it, so the screen and the SDK never disagree on which id a line carries;
- the id is kept as the exact text sent, so `1e400` or a 5,000-digit integer goes back to the client unchanged
  (neither survives a round trip through Python numbers).

The walk is iterative and linear, so a line nested 100,000 levels deep is read like any other.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

_TOKEN = re.compile(r"""
    (?P<string>"(?:[^"\\\x00-\x1f]+|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*")
  | (?P<number>-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)
  | (?P<literal>true|false|null)
  | (?P<punct>[\[\]{}:,])
""", re.X)
_SPACE = re.compile(r"[ \t\n\r]*")
_INTEGER = re.compile(r"-?(?:0|[1-9][0-9]*)")
_INT64 = range(-(2**63), 2**63)
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class Member:
    """A top-level member's value: its kind (`string`, `number`, `literal`, `object`, `array`) and, for a scalar,
    its exact text."""

    kind: str
    text: str = ""


@dataclass
class Head:
    """The top-level members of a line that is one JSON object, and the keys it repeats."""

    members: dict[str, Member] = field(default_factory=dict)
    repeated: list[str] = field(default_factory=list)

    @property
    def id_text(self) -> str | None:
        """The id exactly as sent, when it is a string or a number; else None (answered with a null id). Bytes
        that were not UTF-8 (read as lone surrogates) make it unreadable: they could not be written back."""
        member = self.members.get("id")
        if member is None or member.kind not in ("string", "number") or _SURROGATE.search(member.text):
            return None
        return member.text

    def id_is_valid(self) -> bool:
        """An id the SDK can carry: a string of Unicode text, or an integer in the signed 64-bit range."""
        member = self.members.get("id")
        if member is None:
            return False
        if member.kind == "string":
            return not _SURROGATE.search(json.loads(member.text))
        return member.kind == "number" and _INTEGER.fullmatch(member.text) is not None and \
            len(member.text) <= 20 and int(member.text) in _INT64

    @property
    def method(self) -> str | None:
        member = self.members.get("method")
        return json.loads(member.text) if member is not None and member.kind == "string" else None


def read_head(text: str) -> Head | None:
    """The top level of `text` when it is exactly one JSON object, else None (not JSON, or not an object)."""
    head = Head()
    stack: list[str] = []  # "{" or "[" per open container
    state = "value"  # value | item_or_end | key_or_end | key | colon | next | done
    key = ""
    pos = _SPACE.match(text, 0).end()  # type: ignore[union-attr]  # `*` always matches
    if not text.startswith("{", pos):
        return None
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            return None
        kind, token = match.lastgroup or "", match.group()
        pos = _SPACE.match(text, match.end()).end()  # type: ignore[union-attr]
        if state == "done":
            return None
        if state in ("value", "item_or_end"):
            if token == "]" and state == "item_or_end":
                stack.pop()
            elif kind != "punct" or token in "{[":
                if stack == ["{"]:  # a top-level member's value; a repeated key keeps its last value
                    head.members[key] = Member(kind, token) if kind != "punct" else \
                        Member("object" if token == "{" else "array")
                if token in ("{", "["):
                    stack.append(token)
                    state = "key_or_end" if token == "{" else "item_or_end"
                    continue
            else:
                return None
        elif state in ("key", "key_or_end"):
            if token == "}" and state == "key_or_end":
                stack.pop()
            elif kind == "string":
                if stack == ["{"]:
                    key = json.loads(token)
                    if key in head.members and key not in head.repeated:
                        head.repeated.append(key)
                state = "colon"
                continue
            else:
                return None
        elif state == "colon":
            if token != ":":
                return None
            state = "value"
            continue
        elif state == "next":
            if token == ",":
                state = "key" if stack[-1] == "{" else "value"
                continue
            if token != {"{": "}", "[": "]"}[stack[-1]]:
                return None
            stack.pop()
        state = "next" if stack else "done"
    return head if state == "done" else None
