"""`unitycli.testing`: a pytest plugin for extension and project-tool authors, so they test the way the core does.

Installed as the `pytest11` entry point `unitycli`, it gives every test its own unitycli home (no test reads or
writes the user's data) and offers:

- `unity_project` (a pytest fixture) / `make_unity_project(dest)`: a small Unity project written into a temporary
  folder (`UnityProject`: a 2022.3.17f1 project with its manifest and lock, a scene with a Camera and a Light, a
  prefab, a MonoBehaviour script and a .meta per asset), so an extension's tests run without the fixture corpus;
- `fixture_root()`: the `unity/` folder of the real Unity fixtures (`UNITYCLI_FIXTURES`, default
  `../shared/fixtures` from the working directory); absent, a test skips with the reason, and fails under `CI=true`;
- `copy_fixture_project(name, dest)`: a writable copy of a fixture project (by short name or relative path);
- `project_fixture(name, scope=..., prepare=...)`: a pytest fixture giving such a copy, declared in one line of a
  conftest (`minigolf = project_fixture("minigolf")`) instead of a fixture body per suite;
- `run_tool(root, tool, input, dry_run=False)`: one tool call through the same runner every entry uses, returning
  the output or the error and the file diffs; `tool_output(...)` / `tool_error(...)` run it and assert that it
  succeeded / failed, returning the output / the error;
- `assert_dry_run_matches_commit(root, tool, input)`: the promise every writer keeps — the dry run writes nothing
  and plans exactly the diff that the commit then applies;
- `changed_lines(before, after)`: the exact `(old, new)` line pairs an edit changed, for exact-text assertions;
- `child_venv(path)`: a throwaway venv layered over the running environment, to test that a wheel installs,
  loads and passes its integrity check;
- `registered_specs(prefix)`, `registry_problems()`, `describe_tool(root, name)`, `error_catalog()`: the registry,
  descriptors and merged error catalog as the core sees them, for an extension's own meta-tests.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

SHORT_NAMES = {
    "chicken-defense": "chicken-defense",
    "minigolf": "minigolf",
    "vfx-samples": "VisualEffectGraph-Samples",
    "physics-samples": "EntityComponentSystemSamples/PhysicsSamples",
    "cinemachine-hdrp": "com.unity.cinemachine/Projects/HDRP",
    "cinemachine-urp": "com.unity.cinemachine/Projects/URP",
}
_IGNORED = shutil.ignore_patterns("Library", "Temp", ".unitycli")


# The kit project: every file below `testkit/project/` is a byte-for-byte copy of the file at the same path in
# the fixture project `unity/chicken-defense/` (Unity 2022.3.17f1), e.g. `testkit/project/Assets/Scenes/
# SampleScene.unity` is `unity/chicken-defense/Assets/Scenes/SampleScene.unity`; tests/kit/test_kit_provenance.py
# holds every file to its source. Left out (so a reference check names them as missing): the two materials and the
# textures the Egg prefab's renderers use, the URP package scripts (as in any clone without Library/), and every
# ProjectSettings file but ProjectVersion.txt and TagManager.asset.
KIT_PROJECT = Path(__file__).resolve().parent / "testkit" / "project"
KIT_SOURCE = "chicken-defense"  # the fixture project the kit's files are copied from


class UnityProject:
    """A writable Unity project in a temporary folder, made by `make_unity_project` (the `unity_project` fixture),
    with the tool-running helpers of this module bound to it: the `pytester` of unitycli tests."""

    version = "2022.3.17f1"
    scene = "Assets/Scenes/SampleScene.unity"  # Main Camera (Camera), Directional Light (Light), Global Volume
    prefab = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Egg.prefab"  # Egg, Egg/Model, Egg/UI Icon
    script = "Assets/LlamAcademy/ChickenDefense/Units/Chicken/Behaviors/Egg.cs"  # MonoBehaviour `Egg`, no fields
    volume_profile = "Assets/Settings/SampleSceneProfile.asset"  # the scene's Global Volume profile

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, relative: str) -> Path:
        return self.root / relative

    def read_text(self, relative: str) -> str:
        return self.path(relative).read_bytes().decode("utf-8")

    def write_text(self, relative: str, text: str) -> Path:
        """Add or replace a file of the test's own (a script of the package under test, a crafted scene)."""
        target = self.path(relative)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
        return target

    def run(self, tool: str, data: dict[str, Any] | None = None, *, dry_run: bool = False) -> ToolRun:
        return run_tool(self.root, tool, data, dry_run=dry_run)

    def output(self, tool: str, data: dict[str, Any] | None = None, *, dry_run: bool = False) -> dict[str, Any]:
        return tool_output(self.root, tool, data, dry_run=dry_run)

    def error(self, tool: str, data: dict[str, Any] | None = None, *, dry_run: bool = False) -> dict[str, Any]:
        return tool_error(self.root, tool, data, dry_run=dry_run)

    def write(self, tool: str, data: dict[str, Any]) -> ToolRun:
        """Run a writer as a dry run and then for real, checking the preview is the commit."""
        return assert_dry_run_matches_commit(self.root, tool, data)


def make_unity_project(dest: Path) -> UnityProject:
    """Write the kit project into `dest/Project` (a folder that must not exist yet) and return it."""
    root = Path(dest) / "Project"
    shutil.copytree(KIT_PROJECT, root)
    for path in root.rglob("*"):  # an install may hold the kit read-only; the copy is the test's to write
        path.chmod(path.stat().st_mode | 0o200)
    return UnityProject(root)


@pytest.fixture
def unity_project(tmp_path: Path) -> UnityProject:
    """A fresh kit project (`UnityProject`) for this test; needs no fixture corpus."""
    return make_unity_project(tmp_path)


def missing_fixtures(reason: str) -> None:
    """Skip the test for want of the fixture corpus, with the reason; fail it under CI (`CI=true`), where a
    missing corpus must never turn a run green."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the real-project fixtures are required)")
    pytest.skip(reason)


def fixture_root() -> Path:
    """The `unity/` folder of the shared fixtures, or skip (fail under CI) with the reason."""
    base = Path(os.environ.get("UNITYCLI_FIXTURES", Path.cwd().parent / "shared" / "fixtures")).resolve()
    unity = base / "unity"
    if not unity.is_dir():
        missing_fixtures(f"Unity fixtures not found at {unity}; set UNITYCLI_FIXTURES to the fixtures folder")
    return unity


def fixture_project(name: str) -> Path:
    """A fixture project's root, by short name (`minigolf`) or path relative to `unity/`."""
    root = fixture_root() / SHORT_NAMES.get(name, name)
    if not (root / "ProjectSettings" / "ProjectVersion.txt").is_file():
        missing_fixtures(f"fixture project {name} not found at {root}")
    return root


def copy_fixture_project(name: str, dest: Path) -> Path:
    """A writable copy of a whole fixture project under `dest` (its Library/ and Temp/ left out)."""
    source = fixture_project(name)
    target = Path(dest) / Path(SHORT_NAMES.get(name, name)).name
    shutil.copytree(source, target, ignore=_IGNORED, symlinks=True)
    return target


def project_fixture(name: str, *, scope: str = "function", prepare: Callable[[Path], None] | None = None) -> Any:
    """A pytest fixture that copies fixture project `name` (then runs `prepare` on the copy) into its own temporary
    folder: per test by default, or once per `scope` ("module") for tests that only read. Assign it in a conftest:
    `minigolf_ro = project_fixture("minigolf", scope="module")`."""

    def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
        root = copy_fixture_project(name, tmp_path_factory.mktemp(Path(SHORT_NAMES.get(name, name)).name))
        if prepare is not None:
            prepare(root)
        return root

    copy.__doc__ = f"A writable copy of the {name} fixture project (one per {scope})."
    return pytest.fixture(scope=scope)(copy)


@dataclass
class ToolRun:
    """One tool call's outcome: `output` when it succeeded, else `error` (the catalogued error as a dict)."""

    ok: bool
    output: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    effects: dict[str, Any] | None = None
    diffs: dict[str, str] = field(default_factory=dict)
    profile_verified: bool | None = None


def run_tool(root: Path, tool: str, data: dict[str, Any] | None = None, *, dry_run: bool = False) -> ToolRun:
    """Run `tool` on the project at `root` exactly as `unitycli tools run` would (a fresh session each call)."""
    from unitycli.errors import UnityCliError
    from unitycli.host.session import Session
    from unitycli.runner import RunOptions
    from unitycli.runner import run_tool as run

    session = Session(project_arg=str(root), cwd=Path(root))
    try:
        result = run(session.prepare(tool), data or {}, RunOptions(dry_run=dry_run))
    except UnityCliError as exc:
        return ToolRun(ok=False, error=exc.to_dict())
    effects = result.planned_effects if dry_run else result.applied_effects
    diffs = {d["path"]: d["diff"] for d in (effects or {}).get("diffs", [])}
    return ToolRun(ok=True, output=result.output, effects=effects, diffs=diffs,
                   profile_verified=result.profile_verified)


def tool_output(root: Path, tool: str, data: dict[str, Any] | None = None, *, dry_run: bool = False) -> dict[str, Any]:
    """The output of a tool call that must succeed (the test fails with the error otherwise)."""
    run = run_tool(root, tool, data, dry_run=dry_run)
    assert run.ok, run.error
    return run.output  # type: ignore[return-value]


def tool_error(root: Path, tool: str, data: dict[str, Any] | None = None, *, dry_run: bool = False) -> dict[str, Any]:
    """The catalogued error of a tool call that must fail (the test fails with the output otherwise)."""
    run = run_tool(root, tool, data, dry_run=dry_run)
    assert not run.ok, run.output
    return run.error  # type: ignore[return-value]


def _session(root: Path | None = None) -> Any:
    from unitycli.host.session import Session

    return Session(project_arg=str(root) if root is not None else None, cwd=Path(root) if root else Path.cwd())


def registered_specs(prefix: str | None = None) -> dict[str, Any]:
    """Tool name → ToolSpec of every registered tool (those whose name starts with `prefix`, when given)."""
    tools = _session().registry.tools
    return {name: tool.spec for name, tool in sorted(tools.items()) if prefix is None or name.startswith(prefix)}


def registry_problems() -> list[dict[str, Any]]:
    """Duplicate names, malformed specs and load errors, as `extensions doctor` reports them."""
    return [problem.to_dict() for problem in _session().registry.problems]


def describe_tool(root: Path | None, name: str) -> dict[str, Any]:
    """The descriptor of `name` as `unitycli tools describe --json` gives it (availability for `root`, if any)."""
    session = _session(root)
    return session.descriptor(session.tool(name)).model_dump(by_alias=True, mode="json")


def error_catalog() -> dict[str, Any]:
    """Code → ErrorSpec of the whole catalog: the core's codes and every loaded plugin's own (with `owner`)."""
    return _session().error_catalog(everything=True)


def _snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not {"Library", ".unitycli"} & set(p.relative_to(root).parts)}


def assert_dry_run_matches_commit(root: Path, tool: str, data: dict[str, Any]) -> ToolRun:
    """Dry-run `tool`, check nothing was written, commit it, check the applied effects equal the planned ones."""
    before = _snapshot(root)
    planned = run_tool(root, tool, data, dry_run=True)
    assert planned.ok, planned.error
    assert _snapshot(root) == before, f"a dry run of {tool} changed the project"
    committed = run_tool(root, tool, data)
    assert committed.ok, committed.error
    assert committed.effects == planned.effects, f"{tool}: the dry-run diff differs from what was committed"
    return committed


def moved_from(entry: dict[str, Any]) -> str | None:
    """The path an effects `diffs` entry was renamed or copied from, as its git header says (`rename from X`,
    `copy from X`); None for a file created, changed or deleted in place."""
    header = (entry.get("diff") or "").split("\n@@", 1)[0]
    for line in header.splitlines():
        for verb in ("rename from ", "copy from "):
            if line.startswith(verb):
                return line[len(verb):]
    return None


def changed_lines(before: str, after: str) -> list[tuple[str, str]]:
    """The `(old, new)` pairs of lines an edit replaced, in order; a pure insertion or removal pairs with ''."""
    pairs: list[tuple[str, str]] = []
    old, new = before.splitlines(), after.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        left, right = old[i1:i2], new[j1:j2]
        width = max(len(left), len(right))
        pairs.extend(zip(left + [""] * (width - len(left)), right + [""] * (width - len(right)), strict=True))
    return pairs


def child_venv(path: Path) -> Path:
    """A venv at `path` that sees the running interpreter's packages (unitycli and its dependencies) after its
    own, and returns its python. Not `venv --system-site-packages`: that exposes the *base* interpreter's
    site-packages, so a child of `.venv/bin/python` would not see `.venv` at all."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    site_packages = next((Path(path) / "lib").glob("python3*/site-packages"))
    parents = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    lines = "".join(f"import site; site.addsitedir({p!r})\n" for p in parents)
    (site_packages / "zz-parent-environment.pth").write_text(lines)
    return Path(path) / "bin" / "python"


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "layout_unchecked(reason): this test's writes are not held to Unity's "
                                       "layouts (a named exception of `layout_checked_writes`)")
    config.addinivalue_line("markers", "next_actions_unchecked(reason): the next actions this test makes are not "
                                       "held to being runnable (it makes bad ones on purpose)")
    _start_next_action_log(config)
    # Before any fixture of any scope: a CLI subprocess a test (or a module fixture) starts must neither use a
    # developer's resident server nor leave one behind (`unitycli_home` sets it again per test); a test that builds
    # its own environment is caught at the end (`unitycli.testing_residents`).
    os.environ["UNITYCLI_RESIDENT"] = "off"
    from unitycli import testing_residents

    run = testing_residents.name_run()
    if run is not None:
        config.stash[_RESIDENTS_RUN] = run


_RESIDENTS_RUN = pytest.StashKey[str]()


def _fail_on_residents_left(session: Any) -> None:
    """A resident server a test left running fails the session (and is stopped), naming the test that started it."""
    from unitycli import testing_residents

    run = session.config.stash.get(_RESIDENTS_RUN, None)
    if run is None or session.config.option.collectonly:
        return
    left = testing_residents.left_behind(run)
    if not left:
        return
    testing_residents.stop(list(left))
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_sep("=", f"{len(left)} resident server(s) left running (stopped now)", red=True)
        for pid, test in sorted(left.items()):
            reporter.write_line(f"  pid {pid}, started by {test} (its environment lacks UNITYCLI_RESIDENT=off?)")
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


# Every next action the session produces must run (`unitycli.testing_actions`): each process records, and the
# process that made the log folder (the xdist controller, or a plain run) checks it when the session ends.
_ACTIONS_OWNED = pytest.StashKey[Path]()
_tests_run = [0]  # tests whose call phase reported to this process (under xdist: to the controller)


def _start_next_action_log(config: Any) -> None:
    from unitycli import testing_actions

    inherited = os.environ.get(testing_actions.ENV)
    if hasattr(config, "workerinput") and inherited:
        log_dir = Path(inherited)
    else:
        log_dir = testing_actions.new_log_dir()
        os.environ[testing_actions.ENV] = str(log_dir)  # xdist workers start after this and inherit it
        config.stash[_ACTIONS_OWNED] = log_dir
    testing_actions.start(log_dir)


def pytest_runtest_logreport(report: Any) -> None:
    if report.when == "call":
        _tests_run[0] += 1


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    """The owner of the log checks every next action recorded (see `unitycli.testing_actions`); no resident server
    may be left running."""
    from unitycli import testing_actions

    _fail_on_residents_left(session)

    log_dir = session.config.stash.get(_ACTIONS_OWNED, None)
    if log_dir is None or session.config.option.collectonly or exitstatus == pytest.ExitCode.INTERRUPTED:
        return
    try:
        problems, counts = testing_actions.check(log_dir, _tests_run[0])
    except Exception as exc:  # noqa: BLE001 - the check's own failure must not hide the run's summary
        problems, counts = [f"the next-action check failed: {exc!r}"], {"records": 0, "calls": 0, "lines": 0,
                                                                         "tests": _tests_run[0]}
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if not problems:
        shutil.rmtree(log_dir, ignore_errors=True)
        return
    if reporter is not None:
        reporter.write_sep("=", f"{len(problems)} next action(s) an agent cannot run", red=True)
        for line in problems:
            reporter.write_line(f"  {line}")
        reporter.write_line(f"  ({counts['records']} recorded: {counts['calls']} tool calls, {counts['lines']} "
                            f"lines, over {counts['tests']} tests; the records are in {log_dir})")
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


@pytest.fixture(autouse=True)
def next_actions_checked(request: Any) -> Any:
    """Names the running test in the next-action records (or leaves a `next_actions_unchecked` test's out)."""
    from unitycli import testing_actions

    testing_actions.current_test(request.node.nodeid,
                                 request.node.get_closest_marker("next_actions_unchecked") is not None)
    yield
    testing_actions.current_test(None, False)


class WriteFindings:
    """The layout problems the commits of one test wrote so far (see `layout_checked_writes`)."""

    def __init__(self, report: Path) -> None:
        self.report = report

    def read(self) -> list[str]:
        from unitycli.typetree.written import recorded

        return recorded(self.report)

    def clear(self) -> None:
        self.report.unlink(missing_ok=True)


@pytest.fixture(autouse=True)
def layout_checked_writes(request: Any, monkeypatch: Any, tmp_path_factory: Any) -> Any:
    """Every transaction commit of a test, in this process or a unitycli subprocess it starts, is held to Unity's
    own layouts (`unitycli.typetree.written`): a new document must be in the project Editor's layout, an edited
    Editor-written one must still be in an Editor's. A finding fails the test at teardown, naming the document;
    `@pytest.mark.layout_unchecked(reason)` exempts a test that writes such a document on purpose."""
    from unitycli.transaction.transaction import WRITE_CHECK_ENV

    findings = WriteFindings(tmp_path_factory.mktemp("write-check") / "problems.jsonl")
    monkeypatch.setenv(WRITE_CHECK_ENV, str(findings.report))
    yield findings
    found = findings.read()
    if found and request.node.get_closest_marker("layout_unchecked") is None:
        shown = "\n".join(f"  {problem}" for problem in found[:10])
        pytest.fail(f"a write left {len(found)} document(s) in no Unity Editor's layout:\n{shown}", pytrace=False)


@pytest.fixture(autouse=True)
def unitycli_home(tmp_path_factory, monkeypatch) -> Path:
    """Every test gets its own unitycli home, so no test reads or writes the user's data or another test's."""
    home = tmp_path_factory.mktemp("unitycli-home")
    monkeypatch.setenv("UNITYCLI_HOME", str(home))
    monkeypatch.delenv("UNITYCLI_DISABLE_EXTENSIONS", raising=False)
    monkeypatch.setenv("UNITYCLI_RESIDENT", "off")  # a developer's resident server never answers a test's call
    return home


_LEGACY_PREFAB = """--- !u!1001 &{file_id}
Prefab:
  m_ObjectHideFlags: 0
  serializedVersion: 2
  m_Modification:
    m_TransformParent: {{fileID: 0}}
    m_Modifications: []
    m_RemovedComponents: []
  m_ParentPrefab: {{fileID: 100100000, guid: 103612e5e1ff43a4e896c567a2cb3ae1, type: 3}}
  m_RootGameObject: {{fileID: 0}}
  m_IsPrefabParent: 0
  m_IsExploded: 1
"""


def write_pre_2018_3_prefab_form(path: Path) -> int:
    """Rewrite a copied scene or prefab as Unity before 2018.3 would hold a prefab instance: its first
    `PrefabInstance:` becomes a `Prefab:` (`m_SourcePrefab` named `m_ParentPrefab`, `m_IsPrefabParent: 0`), or,
    in a file without instances, such a document is appended. Returns the instance's fileID (what writers must
    refuse, `legacyPrefabInstances`)."""
    text = path.read_text(encoding="utf-8")
    found = re.search(r"^--- !u!1001 &(-?\d+)\nPrefabInstance:\n", text, flags=re.MULTILINE)
    if found is None:
        file_id = 184320516
        path.write_text(text + _LEGACY_PREFAB.format(file_id=file_id), encoding="utf-8", newline="\n")
        return file_id
    end = text.find("\n--- ", found.end())
    end = len(text) if end < 0 else end + 1
    body = text[found.end():end].replace("  m_SourcePrefab:", "  m_ParentPrefab:", 1) + "  m_IsPrefabParent: 0\n"
    header = found.group(0).replace("PrefabInstance:", "Prefab:")
    path.write_text(text[:found.start()] + header + body + text[end:], encoding="utf-8", newline="\n")
    return int(found.group(1))
