"""The server's fixed words: its instructions and the sentences tools share, importable without the MCP SDK.

The instructions go out in the `initialize` answer, which `handshake.py` sends before the SDK or any plugin is
imported (the handshake must not wait for the registry), so they say only what is known without it: the
project, how the list is made, the result shape and that inputs are closed. What depends on the tools (the
groups left out for size, the shared-parameter glossary) is in `tools/list` itself, in the meta tools'
descriptions (`meta.py`), and is rebuilt with it.
"""

from __future__ import annotations

RESULT_SHAPE = ("A call returns structuredContent (and the same JSON as text): {tool, dryRun, output, "
                "plannedEffects, appliedEffects} on success; {error: {code, message, details, nextActions, "
                "manualSteps, nextCalls, transient, retryAfterMs}} with isError on failure. nextActions are "
                "command lines; nextCalls are those of them this server can run, as {tool, arguments} to call as "
                "they are; manualSteps are what only a person can do (in the Unity Editor, in a file): tell the user.")
CLOSED_INPUTS = "Tool inputs are closed: a key the schema does not list is refused (E_SCHEMA_INVALID)."


def instructions(project_root: str | None) -> str:
    """The `initialize` instructions for a server on `project_root` (None: no project selected)."""
    lines = ["unitycli: typed tools for a Unity project, run headless on its files."]
    if project_root is None:
        lines.append("No Unity project is selected: restart the server with --project <path>; until then "
                     "only the meta tools answer.")
    else:
        lines.append(f"Project: {project_root}.")
    lines.append("Listed, each with its one-line summary: whole tool groups this project can run, core first, "
                 "within a size budget; unitycli_describe_tool gives a tool's full description, examples and "
                 "output schema, and the meaning of parameters listed without one. unitycli_search_tools and "
                 "unitycli_describe_tool reach every tool, with the reason when one is unavailable; "
                 "unitycli_run_tool runs any of them.")
    lines.append(RESULT_SHAPE)
    lines.append(CLOSED_INPUTS)
    return " ".join(lines)
