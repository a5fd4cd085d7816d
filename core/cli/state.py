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
from unitycli.errors import UnityCliError
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
    """`extensions doctor` from `extensions doctor --json`: the words before the first option, which a next action
    repeats with another `--project`; empty (the action then says `<command>`) unless they name a command that
    runs as they stand. A tool call is not repeated this way: without its `--input` it would be another call."""
    words: list[str] = []
    for token in args:
        if token.startswith("-"):
            break
        words.append(token)
    if not words or words[0] == "tools":
        return ""
    found = find_command(words)
    if isinstance(found, str) or isinstance(found[0], click.Group):
        return ""  # no such command, or a group alone, which runs nothing
    command, parent, rest = found
    try:  # its arguments, without the options that followed: a required option left behind makes it no command
        command.make_context(command.name or "", rest, parent=parent)
    except (click.ClickException, click.exceptions.Exit, UnityCliError):
        return ""
    return shlex.join(words)


def find_command(words: list[str]) -> tuple[click.Command, click.Context, list[str]] | str:
    """The command the leading words name (down through the groups, up to the first option), the context of the
    group it belongs to and the words left for it; or the word that names no command."""
    from unitycli.cli.main import cli

    command: click.Command = cli
    parent = context = click.Context(cli, info_name="unitycli")
    rest = list(words)
    while isinstance(command, click.Group) and rest and not rest[0].startswith("-"):
        sub = command.get_command(context, rest[0])
        if sub is None:
            return rest[0]
        parent, context = context, click.Context(sub, info_name=rest[0], parent=context)
        command, rest = sub, rest[1:]
    return command, parent, rest


def state() -> CliState:
    return click.get_current_context().find_object(CliState)
