"""Installed-looking extension distributions made on the fly: a dist-info with entry points on sys.path.

`importlib.metadata` finds them exactly as it finds pip-installed ones, so loading, isolation and clash
reporting are exercised through the real entry-point machinery without a pip install per test.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import sys
import textwrap
from pathlib import Path

TOOL_MODULE = '''
from unitycli.host.hookspecs import hookimpl
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec


class EchoInput(ToolInput):
    text: str


class EchoOutput(ToolOutput):
    echoed: str


def echo(ctx, request):
    return EchoOutput(echoed=request.text)


@hookimpl
def unitycli_register_tools(register):
    register(ToolSpec(
        name={tool_name!r}, title="Echo", summary="Echo the given text back.",
        description="Returns its input text; used to test extension loading.",
        input_model=EchoInput, output_model=EchoOutput, handler=echo,
        supports_dry_run={supports_dry_run}, examples=({{"text": "hi"}},),
    ))
'''


def make_dist(site: Path, dist: str, module: str, body: str, *, entry_name: str | None = None,
              version: str = "1.0.0", record: bool = True) -> Path:
    """Write module `module` and a dist-info for `dist` whose entry point loads it (with a RECORD, like pip)."""
    (site / f"{module}.py").write_text(textwrap.dedent(body), encoding="utf-8")
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(
        f"[unitycli.extensions]\n{entry_name or dist.removeprefix('unitycli-')} = {module}\n", encoding="utf-8"
    )
    if record:  # what pip writes: installed code without a RECORD cannot be verified, so its tools are blocked
        write_record(site, info, [site / f"{module}.py", info / "METADATA", info / "entry_points.txt"])
    importlib.invalidate_caches()
    sys.modules.pop(module, None)
    return info


def write_record(site: Path, info: Path, files: list[Path]) -> None:
    """A RECORD listing `files` with their sha256, in the form pip writes (urlsafe base64, no padding)."""
    rows = []
    for file in files:
        data = file.read_bytes()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        rows.append(f"{file.relative_to(site).as_posix()},sha256={digest},{len(data)}")
    rows.append(f"{(info / 'RECORD').relative_to(site).as_posix()},,")
    (info / "RECORD").write_text("\n".join(rows) + "\n", encoding="utf-8")


def echo_tool(tool_name: str, *, supports_dry_run: bool = True) -> str:
    return TOOL_MODULE.format(tool_name=tool_name, supports_dry_run=supports_dry_run)
