"""The preprocessor symbols the Editor compiles a script with: the Editor's own, the input handler's, and the
`versionDefines` of the script's assembly definition satisfied by the project's packages.

Unity's rules (manual pages "Conditional compilation" and "Assembly definition properties: Version Defines"):
`UNITY_EDITOR`, `UNITY_<major>`, `UNITY_<major>_<minor>`, `UNITY_<major>_<minor>_<patch>` and
`UNITY_<stream>_OR_NEWER` for every release stream up to the Editor's; `ENABLE_INPUT_SYSTEM` /
`ENABLE_LEGACY_INPUT_MANAGER` from ProjectSettings' `activeInputHandler` (0 old, 1 new, 2 both); a version define
applies when the named package (or `Unity`, the Editor) resolves to a version in the expression's range
(`1.2.0` means at least 1.2.0; `[1.0,2.0)` is an interval).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from unitycli.packages.semver import compare_versions, is_semver
from unitycli.typetree.versions import version_key

# Release streams that have an `_OR_NEWER` define, oldest first (Unity 6 keeps UNITY_2023_3_OR_NEWER).
_STREAMS = ("5.3", "5.4", "5.5", "5.6", "2017.1", "2017.2", "2017.3", "2017.4", "2018.1", "2018.2", "2018.3",
            "2018.4", "2019.1", "2019.2", "2019.3", "2019.4", "2020.1", "2020.2", "2020.3", "2021.1", "2021.2",
            "2021.3", "2022.1", "2022.2", "2022.3", "2023.1", "2023.2", "2023.3", "6000.0", "6000.1", "6000.2",
            "6000.3", "6000.4", "6000.5")
_INTERVAL = re.compile(r"^\s*([\[(])\s*([^,\s]*)\s*,\s*([^\])\s]*)\s*([\])])\s*$")


def _stream_key(stream: str) -> tuple[int, int]:
    major, minor = stream.split(".")
    return int(major), int(minor)


def editor_symbols(editor_version: str, input_handler: int | None) -> set[str]:
    key = version_key(editor_version)
    symbols = {"UNITY_EDITOR", "UNITY_EDITOR_64", "UNITY_64", "ENABLE_MONO", "DEBUG", "TRACE"}
    if key is not None:
        major, minor, patch = key[:3]
        symbols |= {f"UNITY_{major}", f"UNITY_{major}_{minor}", f"UNITY_{major}_{minor}_{patch}"}
        current = (major, minor)
        symbols |= {f"UNITY_{s.replace('.', '_')}_OR_NEWER" for s in _STREAMS if _stream_key(s) <= current}
        if major >= 6000:
            symbols.add("UNITY_2023_3_OR_NEWER")
    if input_handler in (0, 2):
        symbols.add("ENABLE_LEGACY_INPUT_MANAGER")
    if input_handler in (1, 2):
        symbols.add("ENABLE_INPUT_SYSTEM")
    return symbols


def _compare(name: str, a: str, b: str) -> int | None:
    if name == "Unity":
        left, right = version_key(a), version_key(b)
        if left is None or right is None:
            return None
        return (left > right) - (left < right)
    padded = b if is_semver(b) else ".".join((b.split("-")[0].split(".") + ["0", "0"])[:3]) + (
        "-" + b.split("-", 1)[1] if "-" in b else "")
    try:
        return compare_versions(a, padded)
    except ValueError:
        return None


def version_matches(name: str, version: str, expression: str) -> bool:
    """Whether `version` of package `name` satisfies a versionDefines expression (unknown forms: False)."""
    interval = _INTERVAL.match(expression)
    if interval is None:
        cmp = _compare(name, version, expression.strip())
        return cmp is not None and cmp >= 0
    low_open, low, high, high_close = interval.groups()
    if low:
        cmp = _compare(name, version, low)
        if cmp is None or cmp < 0 or (cmp == 0 and low_open == "("):
            return False
    if high:
        cmp = _compare(name, version, high)
        if cmp is None or cmp > 0 or (cmp == 0 and high_close == ")"):
            return False
    return True


def assembly_symbols(version_defines: Iterable[Mapping[str, object]], package_version: Callable[[str], str | None],
                     editor_version: str) -> set[str]:
    """The defines of an asmdef's `versionDefines` that the project's resolved packages satisfy."""
    out: set[str] = set()
    for entry in version_defines:
        name, expression, define = entry.get("name"), entry.get("expression", ""), entry.get("define")
        if not isinstance(name, str) or not isinstance(define, str) or not isinstance(expression, str):
            continue
        version = editor_version if name == "Unity" else package_version(name)
        if version and version_matches(name, version, expression or "0.0.0"):
            out.add(define)
    return out
