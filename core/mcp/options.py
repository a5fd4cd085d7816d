"""What `unitycli mcp` was started with: importable without the MCP SDK, so the handshake can be answered first."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from unitycli.host.session import Session
from unitycli.mcp.toolsets import ListPolicy


@dataclass
class ServerOptions:
    """The server's start options; `session_factory` lets tests add plugins."""

    project: str | None = None
    instance: str | None = None
    cwd: Path = field(default_factory=Path.cwd)
    policy: ListPolicy = field(default_factory=ListPolicy)
    poll_interval: float = 1.0
    session_factory: Callable[[ServerOptions], Session] | None = None
    resident_index: bool = True  # keep the project index open and watched for the connection's life

    def new_session(self) -> Session:
        if self.session_factory is not None:
            return self.session_factory(self)
        return Session(project_arg=self.project, instance_arg=self.instance, cwd=self.cwd)

    def instructions(self) -> str:
        """The server instructions (`wording.py`): known from the project alone, before any tool is loaded.
        A `--project` that cannot be opened raises its catalogued error here, before anything is answered."""
        from unitycli.mcp import wording

        project = self.new_session().optional_project()
        return wording.instructions(str(project.root) if project else None)
