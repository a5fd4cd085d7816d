"""Where a tool's example runs, derived from the files so no list of tools and projects is kept anywhere: the project
its spec names; else our sample project when it holds every project path the example names and the tool is
available there; else the first fixture project (shallowest path first) that does."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.fixturepaths import UNITY
from unitycli.host.session import Session
from unitycli.testing import SHORT_NAMES

SAMPLE = "sample"


@cache
def fixture_projects() -> tuple[str, ...]:
    """Every Unity project under the fixtures (a folder with ProjectSettings/ProjectVersion.txt), shallow first."""
    if not UNITY.is_dir():
        return ()
    found = [p.parent.parent for p in UNITY.glob("**/ProjectSettings/ProjectVersion.txt")
             if len(p.relative_to(UNITY).parts) <= 6]
    return tuple(p.relative_to(UNITY).as_posix() for p in sorted(found, key=lambda p: (len(p.parts), str(p))))


@cache
def _session(root: str) -> Session:
    return Session(project_arg=root, cwd=Path(root))


def _available(root: Path, tool_name: str) -> bool:
    session = _session(str(root))
    availability = session.availability(session.tool(tool_name))
    return availability is None or availability.available


def example_project(spec, index: int, sample_root: Path) -> str:
    """`sample`, or a fixture project's path relative to the fixtures' unity/ folder."""
    named = spec.example_projects[index] if index < len(spec.example_projects) else None
    if named:
        return SHORT_NAMES.get(named, named)
    paths = [v for v in spec.examples[index].values()
             if isinstance(v, str) and v.startswith(("Assets/", "Packages/", "ProjectSettings/"))]

    def holds(root: Path) -> bool:
        return all((root / path).exists() for path in paths) and _available(root, spec.name)

    if holds(sample_root):
        return SAMPLE
    for project in fixture_projects():
        if holds(UNITY / project):
            return project
    return SAMPLE  # nowhere better: the test then fails with the tool's own answer there
