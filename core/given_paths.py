"""Paths as given: the one place a path a caller typed becomes the project-relative path a tool addresses.

A path names exactly the file it spells, or it is refused. Nothing is trimmed: on Linux and macOS `Assets/Keep `
(trailing space) and `Assets/Keep` are two folders, and trimming once made `asset.delete` remove the wrong one.
Nothing is re-separated: `\\` is a folder separator on Windows but an ordinary file-name character here, so
`Assets\\Foo.png` is refused with `E_PATH_NOT_EXACT`, whose `exactSpelling` the runner turns into the same call
spelled with `/`. The only tidying is what names the same file on every system: a leading `./`, a trailing `/`,
and empty or `.` components.

An absolute path is accepted when it lies lexically under the project root (as selected, or its physical path),
and then stands for the same project-relative path; the remainder still goes through the path guard, so a link
inside the project cannot lead out of it, and `..` is refused as in a relative path.
"""

from __future__ import annotations

import os
import re
from pathlib import Path, PurePosixPath

from unitycli.errors import UnityCliError
from unitycli.transaction import resolve_inside

_DRIVE = re.compile(r"^[A-Za-z]:")


def exact_path(root: Path, given: str) -> str:
    """The project-relative posix path `given` names exactly ("" for the project root itself).

    `E_PATH_OUTSIDE_PROJECT` for anything that leaves the project (judged first, with `\\` read as Windows reads
    it), then `E_PATH_NOT_EXACT` for a path that holds a `\\`.
    """
    relative = _relative(root, given)
    try:
        resolve_inside(root, relative)  # E_PATH_OUTSIDE_PROJECT: `..`, NUL, drive paths, links that lead out
    except UnityCliError as exc:
        if exc.code != "E_PATH_NOT_EXACT":  # the guard's own `\` refusal: said below, naming the path as given
            raise
    parts = [part for part in relative.split("/") if part not in ("", ".")]
    spelled = "/".join(parts)
    if "\\" in spelled:
        exact = "/".join(p for p in spelled.replace("\\", "/").split("/") if p not in ("", "."))
        raise UnityCliError(
            "E_PATH_NOT_EXACT",
            f"{given!r} holds a '\\': a folder separator on Windows, a file-name character on Linux and macOS, so "
            f"the path cannot be addressed exactly; spell it with '/': {exact!r}",
            details={"path": given, "exactSpelling": exact, "reason": "backslash"},
        )
    return spelled


def _relative(root: Path, given: str) -> str:
    """`given` without the project root in front when it is absolute; unchanged otherwise."""
    if not isinstance(given, str):
        raise TypeError(f"a path must be str, not {type(given).__name__}")
    if not given.startswith("/") or _DRIVE.match(given):
        return given
    path = PurePosixPath(given)
    for base in dict.fromkeys((PurePosixPath(root), PurePosixPath(os.path.realpath(root)))):
        if path == base:
            return ""
        if path.is_relative_to(base):
            return path.relative_to(base).as_posix()
    raise UnityCliError(
        "E_PATH_OUTSIDE_PROJECT",
        f"{given!r} is not a path inside the project: the absolute path is not under the project root {root}",
        details={"path": given, "projectRoot": str(root), "reason": "an absolute path outside the project root"},
    )
