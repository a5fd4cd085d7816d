"""`unitycli mcp`: serve the registry to an MCP client over stdio.

Client configuration: `{"command": "unitycli", "args": ["mcp", "--project", "<path>"]}`. Stdout belongs to the
protocol from the first byte to the last, so a failure to start is reported on stderr with its exit code,
never as an envelope on stdout.
"""

from __future__ import annotations

import logging
import math
import sys

import click

from unitycli.cli.state import state
from unitycli.errors import UnityCliError


@click.command("mcp")
@click.option("--toolsets", metavar="GROUP,GROUP", help="List only these tool groups (plus the meta tools).")
@click.option("--all", "list_all", is_flag=True, help="List every tool, including those this project cannot run.")
@click.option("--poll-interval", type=float, default=1.0, show_default=True, metavar="SECONDS",
              help="How often to check whether the tool set changed (tools/list_changed).")
def mcp_cmd(toolsets: str | None, list_all: bool, poll_interval: float) -> None:
    """Serve tools over MCP (stdio): the tools this project can run, plus search, describe and run by name.

    By default whole tool groups this project can run are listed while the whole list, meta tools included,
    fits in 40,000 bytes: the core groups first, then the project's approved tools, then extension groups
    (those for packages it has first, smaller ones first); a group left out is named in the search tool's
    description. Tools the project cannot run are never listed, but unitycli_search_tools and
    unitycli_run_tool reach them. Parameter meanings several listed tools share are written once, in
    unitycli_describe_tool's description. `initialize` is answered before any tool is loaded.
    --toolsets and --all apply no budget."""
    import anyio

    import unitycli
    from unitycli.cli.render import render_error
    from unitycli.mcp.handshake import answer_initialize, read_first_line
    from unitycli.mcp.options import ServerOptions
    from unitycli.mcp.toolsets import ListPolicy, parse_toolsets

    if math.isnan(poll_interval):  # float() accepts "nan"; every comparison with it is false, sleep() refuses it
        raise UnityCliError("E_OPTION_VALUE_INVALID", "--poll-interval needs a number of seconds, not nan",
                            details={"option": "--poll-interval"})
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="unitycli mcp: %(levelname)s %(message)s")
    cli_state = state()
    try:
        policy = ListPolicy(toolsets=parse_toolsets(toolsets), list_all=list_all)
        options = ServerOptions(project=cli_state.options.project, instance=cli_state.options.instance,
                                cwd=cli_state.cwd, policy=policy, poll_interval=max(poll_interval, 0.05))
        # The handshake first, before the SDK and the plugins are imported (see `unitycli.mcp.handshake`).
        instructions = options.instructions()
        sys.stdout.flush()
        ahead = read_first_line(sys.stdin.fileno())
        early = answer_initialize(ahead, sys.stdout.fileno(), version=unitycli.__version__,
                                  instructions=instructions)
        from unitycli.mcp.server import serve_stdio

        anyio.run(serve_stdio, options, ahead, early)
    except UnityCliError as exc:
        sys.stderr.write(render_error(exc.to_dict()))
        sys.stderr.flush()
        raise SystemExit(exc.exit_code) from None
    except KeyboardInterrupt:
        raise SystemExit(0) from None
