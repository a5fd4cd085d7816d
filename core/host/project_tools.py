"""Tools kept as Python files in the Unity project's `.unitycli/tools/`.

Each file is read once; its approval digest is computed over those bytes; only an approved file is compiled,
and it is compiled from the very bytes that were hashed (the file is never read again), so what runs is what
was approved. An unapproved or changed file is never imported: it is reported as blocked with the expected and
actual digests and the `tools approve` command. Symlinks are refused so a file cannot point outside the
project, and a project tool may not shadow a built-in or extension tool name.

A tool runs only when every file of its import closure (`tool_imports`: the modules in `.unitycli/tools/` it
imports, read statically) is an approved, regular, non-link file at its current digest; approving a tool
approves that closure. While tools load and run, `ProjectImportGuard` serves any import of a file inside the
project (as spelled, or after resolving links) only from such an approved file's hashed bytes.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import re
import shlex
import sys
import types
from contextlib import suppress
from dataclasses import dataclass, field
from importlib.machinery import ModuleSpec
from pathlib import Path
from typing import Any, Literal

from unitycli.errors import UnityCliError
from unitycli.extension_manager.approvals import approval_digest, approvals_for
from unitycli.host.owners import ToolOwner
from unitycli.host.plugin_loader import LoadFailure, short_traceback
from unitycli.host.tool_imports import TOOLS_DIR, Member, tool_closure

_FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*\.py$")
_DIR_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")

FileStatus = Literal["approved", "untrusted", "changed", "refused"]


@dataclass
class ToolFile:
    """One `.unitycli/tools/*.py` file as read: its bytes, digest and approval state."""

    relative: str
    path: Path
    data: bytes | None
    digest: str | None
    status: FileStatus
    expected: str | None = None
    problem: str | None = None
    known_tools: list[str] = field(default_factory=list)
    closure: list[Member] = field(default_factory=list)  # what it imports from the tools folder (tool_imports)

    @property
    def is_tool(self) -> bool:
        """A file directly in the tools folder is loaded as a tool; one in a subfolder only when imported."""
        return "/" not in self.relative[len(TOOLS_DIR) + 1:]

    def approve_command(self, root: Path) -> str:
        return f"unitycli tools approve {shlex.quote(self.relative)} --project {shlex.quote(str(root))}"

    def blocking_error(self, root: Path) -> UnityCliError:
        """The catalogued reason this file is not imported, with expected and actual digests."""
        details: dict[str, Any] = {"file": self.relative, "expected": self.expected, "actual": self.digest}
        if self.status == "refused":
            return UnityCliError("E_PATH_OUTSIDE_PROJECT", f"project tool {self.relative} refused: {self.problem}",
                                 details=details, next_actions=[],
                                 manual_steps=[f"Replace {self.relative} with a regular file"])
        if self.status == "changed":
            return UnityCliError(
                "E_PROJECT_TOOL_INTEGRITY_MISMATCH",
                f"project tool {self.relative} changed since it was approved (approved {self.expected}, "
                f"now {self.digest}); review it and approve again", details=details,
                next_actions=[f"git diff -- {shlex.quote(self.relative)}", self.approve_command(root)])
        return UnityCliError(
            "E_PROJECT_TOOL_UNTRUSTED",
            f"project tool {self.relative} is not approved for this project (digest {self.digest}); review it and "
            "approve it", details=details, next_actions=[self.approve_command(root)])


def normalise_tool_path(root: Path, name: str, cwd: Path | None = None) -> str:
    """`.unitycli/tools/<file>.py` for a user-given name, or E_PATH_OUTSIDE_PROJECT for anything else.

    Accepts `x.py`, `.unitycli/tools/x.py`, or a path (absolute or from the cwd) to a file in that folder.
    Traversal (`..`), subfolders and other folders are refused.
    """
    tools_dir = root / TOOLS_DIR
    given = Path(name)
    if given.is_absolute():
        candidate = given
    elif len(given.parts) == 1:
        candidate = tools_dir / given
    elif given.parts[:2] == (".unitycli", "tools"):
        candidate = root / given
    else:
        candidate = (cwd or root) / given
    candidate = Path(os.path.abspath(candidate))
    parts = candidate.relative_to(tools_dir).parts if candidate.is_relative_to(tools_dir) else ()
    if ".." in given.parts or not parts or not _FILE_NAME.match(candidate.name) \
            or not all(_DIR_NAME.match(p) for p in parts[:-1]):
        raise UnityCliError(
            "E_PATH_OUTSIDE_PROJECT",
            f"{name!r} is not a .py file inside {TOOLS_DIR}/ of {root}",
            details={"file": name, "toolsDir": str(tools_dir)},
            next_actions=[f"unitycli tools approvals --project {shlex.quote(str(root))}"])
    return f"{TOOLS_DIR}/" + "/".join(parts)


def _read_no_follow(path: Path) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        return handle.read()


def _python_files(tools_dir: Path) -> list[Path]:
    """`*.py` files under `tools_dir`, without following symlinked folders or entering hidden/cache folders."""
    out: list[Path] = []
    for folder, dirs, files in os.walk(tools_dir, followlinks=False):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        out += [Path(folder) / f for f in sorted(files) if f.endswith(".py") and not f.startswith(".")]
    return sorted(out, key=lambda p: (len(p.relative_to(tools_dir).parts), p.relative_to(tools_dir).as_posix()))


def scan_tool_files(root: Path, instance_id: str) -> list[ToolFile]:
    """Every `*.py` in `.unitycli/tools/` and its subfolders (helper packages such as `lib/__init__.py` are
    approved like tool files), read once and checked against this project's approvals."""
    tools_dir = root / TOOLS_DIR
    if not tools_dir.is_dir():
        return []
    approvals = approvals_for(instance_id)
    inside = tools_dir.resolve() == (root.resolve() / TOOLS_DIR)
    found: list[ToolFile] = []
    for path in _python_files(tools_dir):
        relative = f"{TOOLS_DIR}/" + path.relative_to(tools_dir).as_posix()
        record = approvals.get(relative) or {}
        expected = record.get("digest")
        known = list(record.get("tools", []))
        if not inside or path.is_symlink() or not path.is_file() or not _FILE_NAME.match(path.name):
            problem = "symlinks and non-regular files are not loaded" if inside else \
                f"{TOOLS_DIR} leaves the project"
            found.append(ToolFile(relative, path, None, None, "refused", expected, problem, known))
            continue
        try:
            data = _read_no_follow(path)
        except OSError as exc:
            found.append(ToolFile(relative, path, None, None, "refused", expected, f"cannot be read: {exc}", known))
            continue
        digest = approval_digest(relative, data)
        status: FileStatus = "approved" if expected == digest else ("changed" if expected else "untrusted")
        found.append(ToolFile(relative, path, data, digest, status, expected, None, known))
    read = {f.relative: f.data for f in found if f.data is not None}
    for tool_file in found:
        if tool_file.data is not None:
            tool_file.closure = tool_closure(root, tool_file.relative, read)
    return found


def closure_error(root: Path, tool_file: ToolFile, files: dict[str, ToolFile]) -> UnityCliError | None:
    """Why `tool_file` may not run although it may be approved itself: a file it imports from the tools folder
    is a link, not a regular file, not approved or changed since its approval. None when all are approved."""
    for member in tool_file.closure:
        imported = files.get(member.relative)
        if member.problem is not None or imported is None or imported.status == "refused":
            problem = member.problem or (imported.problem if imported is not None else None) \
                or "cannot be approved (only .py files in folders unitycli scans)"
            return UnityCliError(
                "E_PATH_OUTSIDE_PROJECT",
                f"project tool {tool_file.relative} imports {member.relative}, which {problem}; it is not run",
                details={"file": tool_file.relative, "imports": member.relative, "problem": problem},
                next_actions=[tool_file.approve_command(root)],
                manual_steps=[f"Replace {member.relative} with a regular .py file inside {TOOLS_DIR}/, then "
                              "approve the tool again"])
        if imported.status != "approved":
            error = imported.blocking_error(root)
            return UnityCliError(
                error.code, f"project tool {tool_file.relative} imports {member.relative}: {error.message}",
                details={**error.details, "file": member.relative, "importedBy": tool_file.relative},
                next_actions=[tool_file.approve_command(root)])
    return None


def approval_plan(root: Path, scanned: dict[str, ToolFile], wanted: list[str]) -> dict[str, str | None]:
    """The files `tools approve <wanted>` approves: each named file and the closure it imports, mapped to the
    tool whose imports bring it in (None for a named file). Refuses (approving nothing) a file that does not
    exist or cannot be approved, and a closure holding a link or a file that is not a regular `.py` file."""
    from dataclasses import replace

    as_approved = {k: f if f.status == "refused" or f.digest is None else replace(f, status="approved")
                   for k, f in scanned.items()}
    plan: dict[str, str | None] = {}
    for relative in wanted:
        tool_file = scanned.get(relative)
        if tool_file is None:
            raise UnityCliError("E_ASSET_NOT_FOUND", f"{relative} does not exist in {root}",
                                details={"file": relative}, next_actions=["unitycli tools approvals"])
        if tool_file.status == "refused" or tool_file.digest is None:
            raise tool_file.blocking_error(root)
        blocked = closure_error(root, tool_file, as_approved)  # only links and unreadable files stop it
        if blocked is not None:
            raise blocked
        plan[relative] = None
        for member in tool_file.closure:
            plan.setdefault(member.relative, relative)
    return plan


@dataclass(frozen=True)
class ProjectToolApproval:
    """Attached to a loaded project tool module so its integrity can be re-checked before each run."""

    instance_id: str
    relative: str
    digest: str


@dataclass
class ProjectTools:
    files: list[ToolFile] = field(default_factory=list)
    plugins: list[tuple[object, ToolOwner]] = field(default_factory=list)
    failures: list[LoadFailure] = field(default_factory=list)

    closure_errors: dict[str, UnityCliError] = field(default_factory=dict)  # approved tool file -> why not run

    def blocked(self) -> list[ToolFile]:
        return [f for f in self.files if f.status != "approved"]


def project_owner(tool_file: ToolFile) -> ToolOwner:
    return ToolOwner(kind="project", plugin=f"project:{tool_file.relative}", file=tool_file.relative,
                     version=tool_file.digest)


def _module_name(tool_file: ToolFile) -> str:
    stem = re.sub(r"[^A-Za-z0-9_]", "_", tool_file.path.stem)
    return f"unitycli_project_tools.{stem}_{(tool_file.digest or '')[7:19]}"


def load_project_tools(root: Path, instance_id: str) -> ProjectTools:
    """Import the approved files (from the hashed bytes); record every blocked or failing one.

    From here on (loading and running), every import of a module whose file lies inside the project root goes
    through `ProjectImportGuard`: only an approved file at its current digest runs, from its hashed bytes."""
    result = ProjectTools(files=scan_tool_files(root, instance_id))
    guard_project_imports(root, result.files)
    by_relative = {f.relative: f for f in result.files}
    for tool_file in result.files:
        owner = project_owner(tool_file)
        if not tool_file.is_tool and tool_file.status == "approved":
            continue  # an approved helper module: imported only when a tool imports it
        if tool_file.status != "approved" or tool_file.data is None or tool_file.digest is None:
            error = tool_file.blocking_error(root)
            result.failures.append(LoadFailure(owner.plugin, None, None, "approval", error.message, "",
                                               code=error.code, details={**error.details,
                                                                         "nextActions": error.next_actions}))
            continue
        blocked = closure_error(root, tool_file, by_relative)
        if blocked is not None:  # approved itself, but it imports code that is not: nothing of it runs
            result.closure_errors[tool_file.relative] = blocked
            result.failures.append(LoadFailure(owner.plugin, None, None, "closure", blocked.message, "",
                                               code=blocked.code, details={**blocked.details,
                                                                           "nextActions": blocked.next_actions}))
            continue
        name = _module_name(tool_file)
        module = types.ModuleType(name)
        module.__file__ = str(tool_file.path)
        module.__dict__["__unitycli_approval__"] = ProjectToolApproval(instance_id, tool_file.relative, tool_file.digest)
        sys.modules[name] = module  # pydantic resolves postponed annotations through sys.modules
        try:
            code = compile(tool_file.data, str(tool_file.path), "exec", dont_inherit=True)
            exec(code, module.__dict__)  # noqa: S102 - the approved bytes, by design
        except ProjectImportRefused as exc:
            sys.modules.pop(name, None)
            result.failures.append(LoadFailure(owner.plugin, None, None, "approval", exc.message, "",
                                               code=exc.code, details={**exc.details,
                                                                       "nextActions": exc.next_actions or []}))
            continue
        except BaseException as exc:  # noqa: BLE001 - a project file may raise anything, even SystemExit
            if isinstance(exc, KeyboardInterrupt):
                raise
            sys.modules.pop(name, None)
            result.failures.append(LoadFailure(owner.plugin, None, None, "import", repr(exc), short_traceback(exc)))
            continue
        result.plugins.append((module, owner))
    return result


# --- every import of a project file, whatever imports it ----------------------------------------------------------

class ProjectImportRefused(UnityCliError, ImportError):
    """An import of a file inside the project that is not an approved tool file at its current digest."""


class _ApprovedLoader(importlib.abc.Loader):
    def __init__(self, tool_file: ToolFile) -> None:
        self.tool_file = tool_file

    def create_module(self, spec: ModuleSpec) -> types.ModuleType | None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        assert self.tool_file.data is not None
        code = compile(self.tool_file.data, str(self.tool_file.path), "exec", dont_inherit=True)
        exec(code, module.__dict__)  # noqa: S102 - the approved, hashed bytes


class ProjectImportGuard(importlib.abc.MetaPathFinder):
    """First on `sys.meta_path`: resolves each import as the path finder would, and when the module's file lies
    inside a guarded project root — as spelled or after resolving links, so a link inside the project to code
    outside it counts as inside — runs it only if it is an approved regular file reached without a link."""

    def __init__(self) -> None:
        self.roots: dict[Path, tuple[Path, dict[str, ToolFile]]] = {}

    def guard(self, root: Path, files: list[ToolFile]) -> None:
        by_relative = {f.relative: f for f in files}
        for spelling in {Path(os.path.abspath(root)), root.resolve()}:
            self.roots[spelling] = (root, by_relative)

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if not self.roots:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not spec.origin or not spec.has_location:
            return None  # not found, or a namespace package (a folder: no code of its own runs)
        try:
            lexical, resolved = Path(os.path.abspath(spec.origin)), Path(spec.origin).resolve()
        except (OSError, ValueError, RuntimeError):
            return None
        for spelling, (root, files) in self.roots.items():
            hit = next((p for p in (lexical, resolved) if p.is_relative_to(spelling)), None)
            if hit is None:
                continue
            relative = hit.relative_to(spelling).as_posix()
            tool_file = files.get(relative)
            if tool_file is None:
                raise ProjectImportRefused(
                    "E_PROJECT_TOOL_UNTRUSTED",
                    f"{relative} (imported as {fullname}) is inside the project but is not an approved tool file; "
                    f"only regular .py files in {TOOLS_DIR}/ (no links) can be approved",
                    details={"file": relative, "module": fullname, "expected": None, "actual": None},
                    next_actions=[],
                    manual_steps=[f"Move {relative} under {TOOLS_DIR}/ as a regular file and approve it"])
            if tool_file.status != "approved" or tool_file.data is None:
                error = tool_file.blocking_error(root)
                raise ProjectImportRefused(error.code, error.message + f" (imported as {fullname})",
                                           details={**error.details, "module": fullname},
                                           next_actions=error.next_actions)
            if resolved != root.resolve() / relative:
                raise ProjectImportRefused(
                    "E_PATH_OUTSIDE_PROJECT", f"{spec.origin} (imported as {fullname}) reaches {relative} through "
                    "a link; only the approved file itself is imported",
                    details={"file": relative, "module": fullname, "path": spec.origin},
                    next_actions=[], manual_steps=[f"Import {relative} from {TOOLS_DIR}/ itself"])
            new = importlib.util.spec_from_file_location(
                fullname, root.resolve() / relative, loader=_ApprovedLoader(tool_file),
                submodule_search_locations=spec.submodule_search_locations)
            if new is not None:
                new.cached = None
            return new
        return None


_GUARD = ProjectImportGuard()


def guard_project_imports(root: Path, files: list[ToolFile]) -> ProjectImportGuard:
    """Put the guard first on `sys.meta_path` (once per process) and make it guard `root` with these files."""
    _GUARD.guard(root, files)
    if not sys.meta_path or sys.meta_path[0] is not _GUARD:
        with suppress(ValueError):
            sys.meta_path.remove(_GUARD)
        sys.meta_path.insert(0, _GUARD)
    importlib.invalidate_caches()
    return _GUARD
