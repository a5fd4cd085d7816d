"""Per-invocation state the CLI commands share: global options and one lazily built Session."""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TextIO

import click

from unitycli.cli.argv import GlobalOptions
from unitycli.host.session import Session


@dataclass
class CliState:
    options: GlobalOptions
    request_id: str
    cwd: Path = field(default_factory=Path.cwd)
    # The real stdout, taken before plugin code runs with stdout diverted to stderr; only envelopes go here.
    stdout: TextIO = field(default_factory=lambda: sys.stdout)

    @cached_property
    def session(self) -> Session:
        return Session(project_arg=self.options.project, instance_arg=self.options.instance, cwd=self.cwd,
                       command=command_words(self.options.rest) or None)


def command_words(args: list[str]) -> str:
    """`tools run project.info` from `tools run project.info --input {}`: the words before the first option."""
    words: list[str] = []
    for token in args:
        if token.startswith("-"):
            break
        words.append(token)
    return shlex.join(words)


def state() -> CliState:
    return click.get_current_context().find_object(CliState)
