"""Options that may stand anywhere on the command line, taken out before click parses the rest.

`--json`, `--project` and `--instance` apply to the whole invocation, so an agent can append them wherever it
likes (`unitycli tools run x --json`, `unitycli --json tools run x`). Tokens after a literal `--` are left alone.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from unitycli.errors import UnityCliError

VALUE_OPTIONS = ("--project", "--instance")
FLAG_OPTIONS = ("--json",)


@dataclass
class GlobalOptions:
    json: bool = False
    project: str | None = None
    instance: str | None = None
    rest: list[str] = field(default_factory=list)


def looks_like_option(token: str) -> bool:
    """A token that is an option, not a value: `--x`, `-x`; but `-` (stdin) and negative numbers are values."""
    if token == "-" or not token.startswith("-"):
        return False
    try:
        float(token)
    except ValueError:
        return True
    return False


def extract_global_options(argv: list[str], command_words: frozenset[str] = frozenset()) -> GlobalOptions:
    """Split out the global options; a value-taking option never swallows an option or a command word."""
    _refuse_nul(argv)
    opts = GlobalOptions()
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--":
            opts.rest.extend(argv[i:])
            break
        name, eq, inline = token.partition("=")
        if token in FLAG_OPTIONS:
            opts.json = True
        elif name in FLAG_OPTIONS and eq:
            opts.json = True  # answer in JSON: the caller asked for it, however it was spelled
            from unitycli.cli.strict import flag_value

            try:
                opts.json = flag_value(name, inline)
            except UnityCliError as exc:
                exc.next_actions = ["unitycli " + shlex.join(name if a == token else a for a in argv)]
                raise
        elif name in VALUE_OPTIONS:
            if eq:
                value = inline
            else:
                if i + 1 >= len(argv) or looks_like_option(argv[i + 1]) or _is_command_word(argv[i + 1], command_words):
                    raise UnityCliError(
                        "E_OPTION_VALUE_REQUIRED", f"{name} needs a value",
                        details={"option": name}, next_actions=[f"unitycli <command> {name} <value>"],
                    )
                value = argv[i + 1]
                i += 1
            if not value:
                raise UnityCliError("E_OPTION_VALUE_REQUIRED", f"{name} needs a value", details={"option": name})
            setattr(opts, name.lstrip("-"), value)
        else:
            opts.rest.append(token)
        i += 1
    return opts


def _refuse_nul(argv: list[str]) -> None:
    """No real command line carries a NUL byte (C strings end there); one from an embedding caller would reach
    the file system as a path it cannot open, so it is refused at the door."""
    for position, token in enumerate(argv, 1):
        if "\x00" in token:
            raise UnityCliError("E_OPTION_VALUE_INVALID", f"argument {position} holds a NUL byte",
                                details={"argument": position, "value": token.replace("\x00", "\\x00")[:200]})


def _is_command_word(token: str, command_words: frozenset[str]) -> bool:
    """`--project tools run …`: the word is a command, unless a folder of that name really exists."""
    import os

    return token in command_words and not os.path.exists(token)
