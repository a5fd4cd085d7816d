"""A test-only plugin with writers, for the MCP and batch tests until the built-in writers cover what they need.

`notes.append` appends a line to a text file through the transaction, `notes.read` reads one back (through the
transaction, so a batch dry-run sees staged writes), and `notes.slow` reports progress in steps and can be
cancelled before it commits. Registered with `Session(extra_plugins=[(notes_plugin, OWNER)])`.
"""

from __future__ import annotations

import threading
import time

from pydantic import Field

from unitycli.host.hookspecs import hookimpl
from unitycli.host.owners import ToolOwner
from unitycli.toolspec import ToolInput, ToolOutput, ToolSpec

OWNER = ToolOwner(kind="builtin", plugin="test:notes", distribution="unitycli")
SLOW_STARTED = threading.Event()
SLOW_STOPPED = threading.Event()


class AppendInput(ToolInput):
    file: str = Field(description="project-relative text file")
    text: str


class AppendOutput(ToolOutput):
    file: str
    lines: int


class ReadInput(ToolInput):
    file: str


class ReadOutput(ToolOutput):
    file: str
    text: str


class SlowInput(ToolInput):
    file: str
    steps: int = 50


def append(ctx, request: AppendInput) -> AppendOutput:
    old = ctx.transaction.read_text(request.file) if ctx.transaction.exists(request.file) else ""
    new = old + request.text + "\n"
    ctx.transaction.write_text(request.file, new)
    return AppendOutput(file=request.file, lines=new.count("\n"))


def read(ctx, request: ReadInput) -> ReadOutput:
    return ReadOutput(file=request.file, text=ctx.transaction.read_text(request.file))


def slow(ctx, request: SlowInput) -> AppendOutput:
    SLOW_STARTED.set()
    try:
        for step in range(request.steps):
            ctx.progress(step, request.steps, f"step {step}")
            time.sleep(0.05)
    finally:
        SLOW_STOPPED.set()
    ctx.transaction.write_text(request.file, "slow\n")
    return AppendOutput(file=request.file, lines=1)


def _writer(name: str, title: str, summary: str, input_model, output_model, handler) -> ToolSpec:
    return ToolSpec(name=name, title=title, summary=summary, description=summary + " (test plugin)",
                    input_model=input_model, output_model=output_model, handler=handler, read_only=False,
                    idempotent=False, permissions=("reads_project", "writes_project"))


@hookimpl
def unitycli_register_tools(register) -> None:
    register(_writer("notes.append", "Append a note", "Append a line to a text file.", AppendInput, AppendOutput,
                     append))
    register(_writer("notes.slow", "Slow note", "Write a file after many progress steps.", SlowInput, AppendOutput,
                     slow))
    register(ToolSpec(name="notes.read", title="Read a note", summary="Read a text file.",
                      description="Read a text file (test plugin).", input_model=ReadInput, output_model=ReadOutput,
                      handler=read))
