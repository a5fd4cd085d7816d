"""JSON-formatted Unity files: `Packages/*.json`, `ProjectSettings/*.json` and the `.asset` files that are JSON.

Some `ProjectSettings/*.asset` files are JSON, not YAML (every `XRSettings.asset`, ECS PhysicsSamples'
`GameCoreXboxOneSettings.asset`), so a reader must look before choosing a parser. Unity writes these
files in a few fixed layouts (2- or 4-space indent, with or without a final newline; all fixtures checked): the
layout is detected on load, so an unchanged file is written back as its exact bytes and a changed one in the
same layout. A file whose layout cannot be reproduced is readable but refused for writing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.safefs import read_bytes
from unitycli.strict_json import JsonLimitError, loads_file_text
from unitycli.unityfiles.lfs import ensure_not_lfs

BOM = b"\xef\xbb\xbf"
# A JSON file may spell a lone UTF-16 surrogate as an escape (`"\\ud800"` is valid JSON); parsed, it is a code point
# UTF-8 cannot encode. Rendering spells it back as the same escape (lower-case hex, as json.dumps does), so a file
# that held it still round-trips and an edit elsewhere leaves its line as it was.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def escape_lone_surrogates(text: str) -> str:
    """JSON text with each lone surrogate written as its `\\uXXXX` escape (they only occur inside strings)."""
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


@dataclass(frozen=True)
class JsonStyle:
    """How a JSON file is laid out: `indent` (spaces, a tab or None for one line) and whether it ends in a newline."""

    indent: int | str | None
    final_newline: bool
    ensure_ascii: bool = False

    def render(self, data: Any) -> str:
        separators = (",", ": ") if self.indent is not None else (",", ":")
        text = json.dumps(data, indent=self.indent, ensure_ascii=self.ensure_ascii, separators=separators)
        text = escape_lone_surrogates(text)
        return text + "\n" if self.final_newline else text


def looks_like_json(data: bytes) -> bool:
    """True when the bytes start (after a BOM and whitespace) with `{` or `[`; Unity YAML starts with `%YAML`."""
    head = data[len(BOM) :] if data.startswith(BOM) else data
    head = head.lstrip()
    return head[:1] in (b"{", b"[")


def _unreadable(file: str, problem: str, **details: Any) -> UnityCliError:
    return UnityCliError(
        "E_PROJECT_FILE_UNREADABLE",
        f"{file} cannot be parsed: {problem}",
        details={"file": file, "problem": problem, **details},
    )


def parse_json_bytes(raw: bytes, file: str) -> Any:
    """Parse JSON bytes (UTF-8, optional BOM) or raise `E_PROJECT_FILE_UNREADABLE` with the error position.

    Duplicate keys are an error rather than last-one-wins, because which value Unity uses is not documented.
    """
    ensure_not_lfs(file, raw)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _unreadable(file, f"not UTF-8 ({exc.reason})", position=exc.start) from exc
    try:
        return loads_file_text(text)
    except JsonLimitError as exc:
        raise _unreadable(file, f"{exc} (a limit unitycli sets for every JSON file)", reason=exc.reason) from exc
    except json.JSONDecodeError as exc:
        raise _unreadable(file, exc.msg, line=exc.lineno, column=exc.colno, position=exc.pos) from exc
    except (ValueError, RecursionError) as exc:
        raise _unreadable(file, str(exc)) from exc


def _detect_style(text: str, data: Any) -> JsonStyle | None:
    final_newline = text.endswith("\n")
    for indent in (2, 4, "\t", None):
        for ensure_ascii in (False, True):
            style = JsonStyle(indent, final_newline, ensure_ascii)
            if style.render(data) == text:
                return style
    return None


@dataclass
class JsonFile:
    """A loaded JSON file: its exact bytes, the parsed data and the detected layout (None if not reproducible)."""

    file: str
    raw: bytes
    data: Any
    style: JsonStyle | None
    bom: bool
    _fingerprint: str = field(repr=False, default="")

    @classmethod
    def parse(cls, raw: bytes, file: str) -> JsonFile:
        data = parse_json_bytes(raw, file)
        text = raw.decode("utf-8-sig")
        fingerprint = json.dumps(data, ensure_ascii=False)
        return cls(file, raw, data, _detect_style(text, data), raw.startswith(BOM), fingerprint)

    @property
    def round_trips(self) -> bool:
        """True when the file is in a layout this module can write back byte for byte."""
        return self.style is not None

    def to_bytes(self, data: Any = None) -> bytes:
        """The file's bytes for `data` (default: the loaded data). Unchanged data gives back the exact original.

        Raises `E_FILE_FORMAT_UNSUPPORTED` when the data changed and the file's layout is not one we can reproduce.
        """
        data = self.data if data is None else data
        if json.dumps(data, ensure_ascii=False) == self._fingerprint:
            return self.raw
        if self.style is None:
            raise UnityCliError(
                "E_FILE_FORMAT_UNSUPPORTED",
                f"{self.file} is not in a JSON layout Unity writes, so it is not edited",
                details={"file": self.file},
            )
        return (BOM if self.bom else b"") + self.style.render(data).encode("utf-8")


def load_json_file(path: Path, file: str | None = None) -> JsonFile:
    """Read and parse a JSON file; `file` is the name used in errors (default: the path).

    Missing or unreadable files and parse errors raise `E_PROJECT_FILE_UNREADABLE`; LFS pointers raise
    `E_ASSET_LFS_POINTER`.
    """
    name = file or path.as_posix()
    try:
        raw = read_bytes(path)
    except OSError as exc:
        problem = "file not found" if isinstance(exc, FileNotFoundError) else (exc.strerror or str(exc))
        raise _unreadable(name, problem) from exc
    return JsonFile.parse(raw, name)
