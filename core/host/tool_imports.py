"""What a project tool imports from `.unitycli/tools/`, found by reading its source, never by running it.

Approving a tool approves this closure: every module file inside the tools folder that the tool
imports, directly or through another such module, sibling (`import helper`, `from lib import x`), relative
(`from .x import y`) or by a constant name (`importlib.import_module("helper")`). Whatever it cannot reach as a
regular, non-link `.py` file inside the folder (a link to a file or folder, a compiled module, a FIFO) is a
member with a problem: such a tool is never approved or loaded. The closure is conservative: a name that would
resolve to a file in the folder counts even when the tool never puts the folder on `sys.path`.
"""

from __future__ import annotations

import ast
import os
import stat
from dataclasses import dataclass
from pathlib import Path

TOOLS_DIR = ".unitycli/tools"
_COMPILED = (".so", ".pyd", ".pyc", ".pyw")


@dataclass(frozen=True)
class Member:
    """One file of a tool's closure: its project-relative path, and why it cannot be approved (if it cannot)."""

    relative: str
    problem: str | None = None


def _imported_names(data: bytes, package: str) -> set[str]:
    """Dotted module names `data` imports, every parent package included; relative ones resolved in `package`.
    Source that does not parse imports nothing here (it never compiles to run either)."""
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return set()
    wanted: set[str] = set()
    for node in ast.walk(tree):  # iterative: a deep tree does not recurse here
        if isinstance(node, ast.Import):
            wanted.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                if node.level - 1 > len(parts) or not package:
                    continue  # beyond the top of the tools folder: fails at run time, reaches nothing here
                base = ".".join(parts[:len(parts) - (node.level - 1)])
            else:
                base = ""
            stem = ".".join(p for p in (base, node.module or "") if p)
            if stem:
                wanted.add(stem)
            wanted.update(".".join(p for p in (stem, alias.name) if p) for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in ("__import__", "import_module"):
                wanted.add(node.args[0].value)
    names: set[str] = set()
    for dotted in wanted:
        parts = [p for p in dotted.split(".") if p]
        names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return names


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except (OSError, ValueError):
        return None


def _kind(path: Path) -> str | None:
    """"file", "dir", "link", "other" or None (absent), without following a link."""
    st = _lstat(path)
    if st is None:
        return None
    if stat.S_ISLNK(st.st_mode):
        return "link"
    if stat.S_ISREG(st.st_mode):
        return "file"
    return "dir" if stat.S_ISDIR(st.st_mode) else "other"


def _resolve(tools_dir: Path, dotted: str) -> list[tuple[Path, str | None]]:
    """The files (or the link, folder or compiled module standing in for one) `dotted` names in the tools folder;
    [] when it is not there (a standard-library or installed module)."""
    parts = dotted.split(".")
    folder = tools_dir
    for part in parts[:-1]:
        kind = _kind(folder / part)
        if kind == "link":
            return [(folder / part, "is a link (a folder linked in is not approved code)")]
        if kind != "dir":
            return []
        folder = folder / part
    last = parts[-1]
    found: list[tuple[Path, str | None]] = []
    package, module = folder / last, folder / f"{last}.py"
    package_kind = _kind(package)
    if package_kind == "link":
        found.append((package, "is a link (a folder linked in is not approved code)"))
    elif package_kind == "dir":
        init_kind = _kind(package / "__init__.py")
        if init_kind == "file":
            found.append((package / "__init__.py", None))
        elif init_kind is not None:
            found.append((package / "__init__.py", "is a link or not a regular file"))
    module_kind = _kind(module)
    if module_kind == "file":
        found.append((module, None))
    elif module_kind is not None:
        found.append((module, "is a link or not a regular file"))
    if not found and folder.is_dir() and not folder.is_symlink():
        try:
            compiled = sorted(entry for entry in os.listdir(folder)
                              if entry.startswith(last + ".") and entry.endswith(_COMPILED))
        except OSError:
            compiled = []
        found += [(folder / entry, "is a compiled module (only .py source can be approved)") for entry in compiled]
    return found


def _package_of(relative_in_tools: str) -> str:
    """The package a file's relative imports resolve in: '' for a top-level tool file."""
    parts = relative_in_tools[:-len(".py")].split("/")
    return ".".join(parts[:-1])  # `lib/__init__.py` and `lib/x.py` both resolve in `lib`


def tool_closure(root: Path, relative: str, read: dict[str, bytes]) -> list[Member]:
    """Every file under `.unitycli/tools/` that `relative` imports, transitively, in a stable order (the tool
    itself excluded). `read` maps already-read files to their bytes (the bytes that will be hashed and run)."""
    tools_dir = root / TOOLS_DIR
    prefix = TOOLS_DIR + "/"
    members: dict[str, Member] = {}
    queue = [relative]
    seen = {relative}
    while queue:
        current = queue.pop(0)
        data = read.get(current)
        if data is None:
            continue
        for dotted in sorted(_imported_names(data, _package_of(current[len(prefix):]))):
            for path, problem in _resolve(tools_dir, dotted):
                rel = prefix + path.relative_to(tools_dir).as_posix()
                if rel in seen:
                    continue
                seen.add(rel)
                members[rel] = Member(rel, problem)
                if problem is None:
                    queue.append(rel)
    return [members[k] for k in sorted(members)]
