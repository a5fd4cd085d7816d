"""Shared helpers for extension-manager tests: small copies of fixture projects and fake extensions with manifests.

Tests never write into the shared fixtures: `copy_project` copies only what package resolution needs
(ProjectVersion.txt, Packages/manifest.json, packages-lock.json when the project has one) plus an empty Assets/.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

from tests.core.fake_dists import make_dist
from tests.fixturepaths import fixture_project

REPO = Path(__file__).resolve().parents[2]
TESTEXT = REPO / "tests" / "data" / "unitycli-testext"

BITESIZE_CLIENT_DRIVEN = "com.unity.multiplayer.samples.bitesize/Basic/ClientDriven"


def copy_project(name: str, dest: Path, extra: tuple[str, ...] = ()) -> Path:
    """A minimal writable copy of fixture project `name` (see tests.fixturepaths.PROJECTS) under `dest`."""
    source = fixture_project(name)
    root = dest / Path(name).name
    (root / "Assets").mkdir(parents=True)
    (root / "ProjectSettings").mkdir()
    (root / "Packages").mkdir()
    shutil.copy2(source / "ProjectSettings" / "ProjectVersion.txt", root / "ProjectSettings")
    for file in ("manifest.json", "packages-lock.json"):
        if (source / "Packages" / file).exists():
            shutil.copy2(source / "Packages" / file, root / "Packages" / file)
    for relative in extra:
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source / relative, target)
    return root


def make_state(state: tuple, dest: Path) -> tuple[Path, str]:
    """A copy of a fixture project put into an availability state: (project, tool, setup or None, code)."""
    project, tool, setup, _ = state
    root = copy_project(project, dest)
    if setup is not None:
        setup(root)
    return root, tool


MANIFEST_HOOK = '''

from unitycli.host.hookspecs import hookimpl as _hookimpl


@_hookimpl
def unitycli_extension_manifest():
    return {manifest!r}
'''

TOOLS_MODULE = '''
from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec


class In(ToolInput):
    pass


class Out(ToolOutput):
    ok: bool


def handler(ctx, request):
    return Out(ok=True)


@hookimpl
def unitycli_register_tools(register):
    for name in {names!r}:
        writer = name in {writers!r}
        register(ToolSpec(name=name, title="T", summary="A test tool.", description="A test tool.",
                          input_model=In, output_model=Out, handler=handler, read_only=not writer,
                          permissions=("reads_project", "writes_project") if writer else ("reads_project",)))
'''

PROBUILDER_5_2_2 = '''
id = "fakepb"
distribution = "unitycli-fakepb"
summary = "fake ProBuilder extension"
core_api = ">=2.0,<3"

[[packages]]
name = "com.unity.probuilder"
versions = ["5.2.2"]
tools = ["fakepb.mesh-*"]
creates = ["fakepb.mesh-*"]

[packages.unity]
"5.2.2" = "2019.4"
'''


def fake_extension(site: Path, ext_id: str, tools: list[str], manifest: str | None, *, dist: str | None = None,
                   writers: tuple[str, ...] = ("fakepb.mesh-count",)) -> Path:
    """An installed-looking extension registering `tools` (those in `writers` as writers, which a manifest's
    `creates` may name), shipping `manifest` through its manifest hook."""
    body = TOOLS_MODULE.format(names=tools, writers=list(writers))
    if manifest is not None:
        body += MANIFEST_HOOK.format(manifest=textwrap.dedent(manifest))
    return make_dist(site, dist or f"unitycli-{ext_id}", f"{ext_id.replace('-', '_')}_ext", body, entry_name=ext_id)


def installed_ids() -> set[str]:
    """Ids of the extensions installed in the environment under test (CI installs every one this repo ships)."""
    from unitycli.host.installed import installed_extensions

    return {e.id for e in installed_extensions()}


def status_if_installed(ext_id: str) -> str:
    """The `extensions list`/`init` status an extension of the catalog has here: active or not-installed."""
    return "active" if ext_id in installed_ids() else "not-installed"
