"""Per-invocation state the CLI commands share: global options and one lazily built Session."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import click

from unitycli.cli.argv import GlobalOptions
from unitycli.session import Session


@dataclass
class CliState:
    options: GlobalOptions
    request_id: str
    cwd: Path = field(default_factory=Path.cwd)

    @cached_property
    def session(self) -> Session:
        return Session(project_arg=self.options.project, instance_arg=self.options.instance, cwd=self.cwd)


def state() -> CliState:
    return click.get_current_context().find_object(CliState)
