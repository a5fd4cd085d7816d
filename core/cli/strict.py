"""Click made strict: every usage mistake becomes a catalogued error instead of click's own message.

Click accepts `--input --dry-run` as an input value of "--dry-run"; here a value-taking option followed by
another option or nothing is `E_OPTION_VALUE_REQUIRED`, an unknown option `E_UNKNOWN_OPTION` and an unknown
command word `UNKNOWN_COMMAND`, each with the valid choices in `details`.
"""

from __future__ import annotations

import difflib

import click

from unitycli.cli.argv import FLAG_OPTIONS, VALUE_OPTIONS, looks_like_option
from unitycli.errors import UnityCliError


def _value_options(command: click.Command, ctx: click.Context) -> dict[str, click.Option]:
    found: dict[str, click.Option] = {}
    for param in command.get_params(ctx):
        if isinstance(param, click.Option) and not param.is_flag and not param.count:
            for opt in param.opts + param.secondary_opts:
                found[opt] = param
    return found


def _check_values(command: click.Command, ctx: click.Context, args: list[str]) -> None:
    value_opts = _value_options(command, ctx)
    i = 0
    while i < len(args):
        token = args[i]
        if token == "--":
            return
        if token in value_opts:
            if i + 1 >= len(args) or looks_like_option(args[i + 1]):
                raise UnityCliError(
                    "E_OPTION_VALUE_REQUIRED",
                    f"{token} needs a value",
                    details={"option": token, "command": ctx.command_path},
                    next_actions=[f"{ctx.command_path} --help"],
                )
            i += 2
            continue
        if looks_like_option(token) and token.split("=", 1)[0] not in _all_options(command, ctx):
            known = sorted(_all_options(command, ctx))
            close = difflib.get_close_matches(token, known, n=2)
            raise UnityCliError(
                "E_UNKNOWN_OPTION",
                f"{ctx.command_path} has no option {token}" + (f"; did you mean {', '.join(close)}?" if close else ""),
                details={"option": token, "command": ctx.command_path, "validOptions": known},
                next_actions=[f"{ctx.command_path} --help"],
            )
        i += 1


TRUE_WORDS = frozenset({"true", "1", "yes", "on"})
FALSE_WORDS = frozenset({"false", "0", "no", "off"})


def flag_value(name: str, text: str) -> bool:
    """The boolean an agent meant by `--flag=<text>`, or `E_OPTION_VALUE_INVALID` naming what is accepted."""
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise UnityCliError(
        "E_OPTION_VALUE_INVALID",
        f"{name} is a flag: give it alone, or as {name}=true / {name}=false (got {text!r})",
        details={"option": name, "value": text, "accepted": sorted(TRUE_WORDS | FALSE_WORDS)},
        next_actions=[f"unitycli <command> {name}"],
    )


def _flag_options(command: click.Command, ctx: click.Context) -> set[str]:
    return {opt for param in command.get_params(ctx) if isinstance(param, click.Option) and param.is_flag
            for opt in param.opts if opt.startswith("--")}


def _expand_flag_values(command: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
    """`--dry-run=true` is `--dry-run`; `--dry-run=false` is no flag at all; anything else is refused."""
    flags = _flag_options(command, ctx)
    out: list[str] = []
    for i, token in enumerate(args):
        if token == "--":
            return out + args[i:]
        name, eq, value = token.partition("=")
        if eq and name in flags:
            if flag_value(name, value):
                out.append(name)
            continue
        out.append(token)
    return out


def _all_options(command: click.Command, ctx: click.Context) -> set[str]:
    names = {"--help", "-h", *GLOBAL_OPTIONS}  # accepted anywhere (see unitycli.cli.argv)
    for param in command.get_params(ctx):
        if isinstance(param, click.Option):
            names.update(param.opts + param.secondary_opts)
    return names


GLOBAL_OPTIONS = (*FLAG_OPTIONS, *VALUE_OPTIONS)
CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"]}


class StrictCommand(click.Command):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("context_settings", CONTEXT_SETTINGS)
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        args = _expand_flag_values(self, ctx, args)
        _check_values(self, ctx, args)
        return super().parse_args(ctx, args)


class StrictGroup(click.Group):
    command_class = StrictCommand

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("context_settings", CONTEXT_SETTINGS)
        super().__init__(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # Only the group's own options come before the first command word.
        head: list[str] = []
        for token in args:
            if not looks_like_option(token):
                break
            head.append(token)
        _check_values(self, ctx, head)
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: click.Context, args: list[str]):
        name = args[0] if args else ""
        if name and self.get_command(ctx, name) is None and not looks_like_option(name):
            commands = self.list_commands(ctx)
            close = difflib.get_close_matches(name, commands, n=2)
            raise UnityCliError(
                "UNKNOWN_COMMAND",
                f"{ctx.command_path} has no command {name!r}" + (f"; did you mean {', '.join(close)}?" if close else ""),
                details={"command": name, "validCommands": commands},
                next_actions=[f"{ctx.command_path} {c} --help" for c in close] or [f"{ctx.command_path} --help"],
            )
        return super().resolve_command(ctx, args)


StrictGroup.group_class = StrictGroup
