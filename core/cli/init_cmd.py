"""`unitycli init [--project P] [--check] [--agent NAME]`."""

from __future__ import annotations

import click

from unitycli.cli.state import state
from unitycli.extension_manager.project_init import InitResult


@click.command("init")
@click.option("--check", is_flag=True, help="Only report what init would find and write.")
@click.option("--agent", "agents", multiple=True, metavar="NAME",
              help="Write the agent skill file for NAME (claude, agents) even if its folder does not exist.")
def init_cmd(check: bool, agents: tuple[str, ...]) -> InitResult:
    """Set a Unity project up: .unitycli/, extensions that apply to its packages, the agent skill file."""
    from unitycli.extension_manager.project_init import init_project

    return init_project(state().session, check, agents)
