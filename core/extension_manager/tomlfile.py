"""TOML from a repository is hostile input: parse it so that any text ends in a TOML error, never a crash.

`tomllib` recurses once per nesting level, so a file nested 100,000 levels deep (`a = [[[[…`) raises
RecursionError out of every command that reads it. Here that becomes the `TOMLDecodeError` every caller already
turns into its catalogued `E_MANIFEST_INVALID` naming the file.
"""

from __future__ import annotations

import os
import tomllib
from typing import Any

from unitycli.safefs import read_text


def loads(text: str) -> dict[str, Any]:
    """`tomllib.loads`, with a nesting too deep to parse reported as a TOML error."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise tomllib.TOMLDecodeError("arrays or tables are nested too deeply to parse") from None


def read(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A TOML file as `loads` parses it, read with `safefs.read_text` so a FIFO in its place is refused (an
    OSError), not waited on."""
    return loads(read_text(path))
