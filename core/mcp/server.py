"""`unitycli mcp`: the registry served over MCP with the SDK's low-level server, in both protocol eras.

The SDK speaks two eras on one stdio pipe and the client's first request picks one: the handshake era
(`initialize`, protocol versions up to 2025-11-25), where the server may send `notifications/tools/list_changed`
whenever it likes on the connection, and the 2026-07-28 era (a `_meta` envelope on every request, no
handshake), where change notifications reach a client only on a `subscriptions/listen` stream it opened. The
server announces a changed tool set both ways: on the last handshake-era session it saw, and on a subscription
bus that feeds every listen stream.

Per connection (the SDK's lifespan), `McpState` holds the current `ToolSurface` and a watcher that rebuilds it
when the files the tool set depends on change. Tool calls run in worker threads through `run_tool`, so a slow
tool never blocks cancellation or progress; cancellation flips the flag `ToolContext.progress()` checks, and the
runner then discards the staged writes (`E_CANCELLED`, nothing written). The state also keeps the project's
index resident (`indexes.resident.ResidentIndex`), so every index query of the connection skips the project walk.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sys
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio
import anyio.from_thread
import anyio.to_thread
import mcp_types as types
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.models import InitializationOptions
from mcp.server.session import ServerSession
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

import unitycli
from unitycli import strict_json
from unitycli.errors import UnityCliError
from unitycli.internal_error import internal_error
from unitycli.mcp.handshake import SERVER_NAME, DropEarlyAnswer, EarlyAnswer, ReplayedInput
from unitycli.mcp.options import ServerOptions
from unitycli.mcp.screen import ScreenedStdin, input_refused
from unitycli.mcp.surface import ToolSurface
from unitycli.mcp.toolsets import check_toolsets
from unitycli.mcp.watch import fingerprint, watched_paths

logger = logging.getLogger("unitycli.mcp")


class McpState:
    """One connection's tool surface, its change watcher's memory and the channels to announce changes on."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.bus = InMemorySubscriptionBus()
        self.listen = ListenHandler(self.bus)
        self.legacy_session: ServerSession | None = None
        self._lock = threading.Lock()
        self._closed = False
        self.resident: Any = None  # the ResidentIndex, once started
        self.surface, self._paths, self._fingerprint = self._build()
        check_toolsets(options.policy.toolsets, {d.group for d in self.surface.heads})

    def _build(self) -> tuple[ToolSurface, list[str], str]:
        session = self.options.new_session()
        surface = ToolSurface.build(session, self.options.policy)
        project = session.optional_project()
        paths = watched_paths(session.dependencies(), project.root if project else None)
        return surface, paths, fingerprint(paths)

    def refresh(self) -> bool:
        """Rebuild when a watched file moved; True when the listing itself changed (worth announcing)."""
        with self._lock:
            if fingerprint(self._paths) == self._fingerprint:
                return False
            before = self.surface.digest
            try:
                self.surface, self._paths, self._fingerprint = self._build()
            except UnityCliError as exc:  # e.g. the project folder vanished: keep serving the last good surface
                logger.warning("tool set not refreshed: %s", exc)
                return False
            return self.surface.digest != before

    def start_resident_index(self) -> None:
        """Open the project's index and keep it current with a file watcher, so reference queries right after
        an edit cost milliseconds (`indexes.resident`); in a thread, since a first build can take seconds."""
        project = self.surface.session.optional_project()
        if not self.options.resident_index or project is None or self.resident is not None:
            return

        def start() -> None:
            from unitycli.indexes.resident import ResidentIndex

            try:
                resident = ResidentIndex(project.root)
            except Exception:  # the plain per-call index still answers every query
                logger.warning("resident index not started", exc_info=True)
                return
            with self._lock:
                if self._closed:
                    resident.close()
                    return
                self.resident = resident
                resident.activate()

        threading.Thread(target=start, name="unitycli-resident-index", daemon=True).start()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            resident, self.resident = self.resident, None
        if resident is not None:
            resident.close()

    async def announce(self) -> None:
        """Tell clients of both eras that `tools/list` changed."""
        await self.bus.publish(ToolsListChanged())
        session = self.legacy_session
        if session is not None:
            try:
                await session.send_tool_list_changed()
            except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                self.legacy_session = None

    async def refresh_and_announce(self) -> None:
        if await anyio.to_thread.run_sync(self.refresh):
            await self.announce()


def _state(ctx: Any) -> McpState:
    return ctx.lifespan_context


class _RememberLegacySession:
    """Middleware: keep the handshake-era session, the only channel its list_changed notification can use."""

    async def __call__(self, ctx: Any, call_next: Any) -> Any:
        state = ctx.lifespan_context
        if isinstance(state, McpState) and ctx.protocol_version not in MODERN_PROTOCOL_VERSIONS:
            state.legacy_session = ctx.session
        return await call_next(ctx)


async def _list_tools(ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    state = _state(ctx)
    await state.refresh_and_announce()
    # 2026-era caching hint: private (the list is this project's), and fresh until a change is announced, which
    # the watcher does within `poll_interval`.
    return types.ListToolsResult(tools=state.surface.tools, ttl_ms=_list_ttl_ms(state), cache_scope="private")


def _list_ttl_ms(state: McpState) -> int:
    return int(state.options.poll_interval * 1000)


def _progress_bridge(ctx: Any) -> Callable[[float, float | None, str | None], None] | None:
    """A thread-side progress callback, only when the client asked for progress (it sent a token)."""
    meta = ctx.meta or {}
    if meta.get("progress_token") is None and meta.get("progressToken") is None:
        return None

    def report(done: float, total: float | None, message: str | None) -> None:
        try:
            anyio.from_thread.run(ctx.session.report_progress, done, total, message)
        except Exception:  # progress is advisory; a closed stream must not fail the tool
            logger.debug("progress notification dropped", exc_info=True)

    return report


def _check_arguments(arguments: Any) -> None:
    """Tool arguments within the limits every entry applies (depth, integer digits, no lone surrogate)."""
    try:
        strict_json.check_value(arguments)
    except strict_json.JsonLimitError as exc:
        raise input_refused(exc) from None


async def _call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
    state = _state(ctx)
    surface = state.surface
    cancelled = threading.Event()
    progress = _progress_bridge(ctx)

    def work() -> tuple[bool, dict[str, Any]]:
        try:
            _check_arguments(params.arguments)
            answer, unread = surface.call_checked(params.name, params.arguments, progress=progress,
                                                  is_cancelled=cancelled.is_set)
            if unread is not None:  # the CLI's exit 3: the answer whole, and the error that says it is incomplete
                return True, {**answer, "error": surface.error_payload(unread)}
            return False, answer
        except UnityCliError as exc:
            return True, {"error": surface.error_payload(exc)}
        except Exception as exc:  # never exception text on the wire: a catalogued E_INTERNAL with a log path
            return True, {"error": surface.error_payload(internal_error(exc))}

    try:
        is_error, payload = await anyio.to_thread.run_sync(work, abandon_on_cancel=True)
    except anyio.get_cancelled_exc_class():
        cancelled.set()  # the worker stops at its next progress() and the runner discards staged writes
        raise
    if not is_error and not payload.get("dryRun", True):
        await state.refresh_and_announce()  # a write (package.add, …) can change what the project can run
    payload = strict_json.encodable(payload)
    text = json.dumps(payload, ensure_ascii=False, separators=strict_json.WIRE_SEPARATORS)
    return types.CallToolResult(content=[types.TextContent(text=text)], structured_content=payload,
                                is_error=is_error)


async def _subscriptions_listen(ctx: Any, params: types.SubscriptionsListenRequestParams) -> Any:
    return await _state(ctx).listen(ctx, params)


class UnityCliServer(Server[McpState]):
    """The low-level server, advertising `tools.listChanged` in the handshake era whoever builds the options."""

    def create_initialization_options(self, notification_options: NotificationOptions | None = None,
                                      experimental_capabilities: dict[str, dict[str, Any]] | None = None,
                                      extensions: dict[str, dict[str, Any]] | None = None) -> InitializationOptions:
        return super().create_initialization_options(notification_options or NotificationOptions(tools_changed=True),
                                                      experimental_capabilities, extensions)


async def _watch(state: McpState) -> None:
    while True:
        await anyio.sleep(state.options.poll_interval)
        try:
            await state.refresh_and_announce()
        except Exception:  # the watcher must outlive any one bad rebuild
            logger.exception("tool set watcher failed; retrying")


def build_server(options: ServerOptions, *, state: McpState | None = None) -> UnityCliServer:
    """A server whose every connection gets its own state (or the one given, built before serving)."""

    @asynccontextmanager
    async def lifespan(_server: Server[McpState]) -> AsyncIterator[McpState]:
        current = state if state is not None else await anyio.to_thread.run_sync(McpState, options)
        current.start_resident_index()
        async with anyio.create_task_group() as tg:
            tg.start_soon(_watch, current)
            try:
                yield current
            finally:
                current.listen.close()
                current.close()
                tg.cancel_scope.cancel()

    server = UnityCliServer(
        SERVER_NAME, version=unitycli.__version__,
        title=SERVER_NAME, lifespan=lifespan,
        on_list_tools=_list_tools, on_call_tool=_call_tool, on_subscriptions_listen=_subscriptions_listen,
    )
    server.middleware.append(_RememberLegacySession())
    server.instructions = state.surface.instructions() if state is not None else options.instructions()
    return server


async def serve_stdio(options: ServerOptions, ahead: bytes = b"", early: EarlyAnswer | None = None) -> None:
    """Serve one client on stdin/stdout. The SDK points fd 1 at stderr meanwhile, so stray prints miss the wire.
    `ahead` is what `handshake.py` read of stdin before the SDK was imported (replayed first), `early` the
    `initialize` it answered (the SDK's own answer to it is dropped)."""
    from mcp.server import stdio

    # fd 0 and 1 are claimed as the SDK would (pointed at the null device and stderr while serving); stdin is read
    # through the screen, stdout written through the filter of the early answer.
    stdin_buffer, restore_stdin = stdio._claim_fd(0, sys.stdin, "rb", stdio._open_stdin_diversion)
    stdout_buffer, restore_stdout = stdio._claim_fd(1, sys.stdout, "wb", stdio._open_stdout_diversion)
    screened = ScreenedStdin(anyio.wrap_file(ReplayedInput(ahead, stdin_buffer)))  # type: ignore[arg-type]
    stdout = DropEarlyAnswer(anyio.wrap_file(stdio._UnownedTextWrapper(stdout_buffer, encoding="utf-8")), early)
    try:
        async with stdio.stdio_server(stdin=screened, stdout=stdout) as (read_stream, write_stream):  # type: ignore[arg-type]
            screened.attach(write_stream)
            # Plugins load here, after the SDK diverted fd 1, so an import-time print cannot reach the wire; and
            # Python-level prints go straight to stderr, never into a buffer flushed onto stdout at exit.
            with contextlib.redirect_stdout(sys.stderr):
                state = await anyio.to_thread.run_sync(McpState, options)
                server = build_server(options, state=state)
                await server.run(read_stream, write_stream, server.create_initialization_options())
    except BaseExceptionGroup as group:  # the transport's task group wraps a startup failure; unwrap ours
        found = group.subgroup(UnityCliError)
        if found is None:
            raise
        first: BaseException = found
        while isinstance(first, BaseExceptionGroup):
            first = first.exceptions[0]
        raise first from None
    finally:
        if restore_stdout is not None:
            restore_stdout()
        if restore_stdin is not None:
            restore_stdin()
