"""A click group whose subcommands are imported when invoked, so `tools run` never imports `docs` or `mcp`.

Each entry names the module and attribute of a command, plus modules that extend it on import (approvals add
`approve`/`deny` to the `tools` group). Listing names costs nothing; `commands` (help, the contract walk) loads
them all, so nothing that walks the whole tree sees a partial one.
"""

from __future__ import annotations

import importlib

import click

from unitycli.cli.strict import StrictGroup

LazyEntry = tuple[str, str, tuple[str, ...]]  # (module, attribute, modules imported after it)


class LazyGroup(StrictGroup):
    def __init__(self, *args, lazy: dict[str, LazyEntry], **kwargs) -> None:
        self._lazy = dict(lazy)
        self._loaded: dict[str, click.Command] = {}
        super().__init__(*args, **kwargs)

    # click.Group keeps its subcommands in `self.commands`; reading it here means "all of them".
    @property
    def commands(self) -> dict[str, click.Command]:  # type: ignore[override]
        while self._lazy:  # one module may add several commands (approvals adds three): load until none is left
            self._load(next(iter(self._lazy)))
        return self._loaded

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self._loaded = dict(value)

    def add_command(self, cmd: click.Command, name: str | None = None) -> None:
        name = name or cmd.name
        assert name is not None
        self._lazy.pop(name, None)
        self._loaded[name] = cmd

    def list_commands(self, ctx: click.Context | None) -> list[str]:
        return sorted({*self._lazy, *self._loaded})

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        if cmd_name in self._lazy:
            self._load(cmd_name)
        return self._loaded.get(cmd_name)

    def _load(self, name: str) -> None:
        module_name, attribute, extenders = self._lazy.pop(name)
        command = getattr(importlib.import_module(module_name), attribute)
        for extender in extenders:
            importlib.import_module(extender)
        self._loaded[name] = command
