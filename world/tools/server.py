"""MCP servers generated from the registry, served by one world process over streamable HTTP.

``/provider/mcp``, ``/payer/mcp`` and ``/cm/mcp`` — one low-level MCP server per role, each listing
only its role's tools; a world serves only the roles it is started with. The only other route is
``/healthz`` (static "ok", no state). Built with the official ``mcp`` SDK (1.x).

Start-up: the world may be given open, or as a function that opens it. In the second case the
endpoints answer ``initialize`` and ``tools/list`` at once — from the generated catalog
(``tool_catalog.py``), which needs none of the world's modules — while the world, its models,
services and tool bindings load in a background thread; a tool call waits until the world is open.
Once the registry is loaded the server checks the catalog against it and lists the live registry
if they ever differ. This module therefore imports nothing from the world at import time.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TYPE_CHECKING, Any

import anyio
from mcp import types
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from chibench.world.tools.registry import ROLES, Role, catalog, catalog_text, live_catalog

if TYPE_CHECKING:
    from chibench.world.core.world import World

log = logging.getLogger("chibench.tools")


def _as_tools(entries: list[dict[str, Any]]) -> list[types.Tool]:
    return [types.Tool(name=e["name"], description=e["description"], inputSchema=e["inputSchema"],
                       annotations=types.ToolAnnotations(readOnlyHint=e["readOnlyHint"]))
            for e in entries]


class Listing:
    """What each role's ``tools/list`` returns: built once, from the generated catalog until the live
    registry has been compared with it (then from the registry if they differ)."""

    def __init__(self) -> None:
        self._entries = catalog()
        self._tools: dict[str, list[types.Tool]] = {}
        self._lock = threading.Lock()

    def tools(self, role: Role) -> list[types.Tool]:
        tools = self._tools.get(role)
        if tools is None:
            with self._lock:
                tools = self._tools.setdefault(role, _as_tools(self._entries[role]))
        return tools

    def verify(self) -> bool:
        """Compare the catalog with the live registry; switch to the registry if stale. True if fresh."""
        live = live_catalog()
        if catalog_text(live) == catalog_text(self._entries):
            return True
        log.warning("world/tools/tool_catalog.py is stale (run `chibench tools reference`); "
                    "listing the live registry instead")
        with self._lock:
            self._entries = live
            self._tools = {}
        return False


class WorldHandle:
    """The served world: given open, or opened (with the registry loaded) by :meth:`start` in a
    background thread. :meth:`get` waits for it."""

    def __init__(self, source: World | Callable[[], World], listing: Listing,
                 on_error: Callable[[BaseException], None] | None = None):
        self.listing = listing
        self.on_error = on_error
        self.error: BaseException | None = None
        self._world: World | None = None
        self._opener: Callable[[], World] | None = None
        self._done = threading.Event()
        self._started = False
        if callable(source):
            self._opener = source
        else:
            self._prepare()
            self._world = source
            self._done.set()

    def _prepare(self) -> None:
        # Import the dispatcher (world, models) and every binding, and check the generated catalog.
        from chibench.world.tools import dispatch  # noqa: F401

        self.listing.verify()

    def start(self) -> None:
        if self._started or self._opener is None:
            return
        self._started = True
        threading.Thread(target=self._open, name="chibench-world-open", daemon=True).start()

    def _open(self) -> None:
        assert self._opener is not None
        try:
            world = self._opener()
            self._prepare()
            self._world = world
        except BaseException as exc:  # reported, and the server is told to stop
            self.error = exc
            log.exception("the world could not be opened")
            if self.on_error is not None:
                self.on_error(exc)
        finally:
            self._done.set()

    @property
    def ready(self) -> bool:
        return self._world is not None

    async def get(self) -> World | None:
        """The open world (waiting for it if needed); None if it could not be opened."""
        if not self._done.is_set():
            self.start()
            await anyio.to_thread.run_sync(self._done.wait)
        return self._world


def _result(is_error: bool, payload: Any) -> types.CallToolResult:
    text = json.dumps(payload, ensure_ascii=False, indent=1)
    structured = payload if isinstance(payload, dict) else {"result": payload}
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                structuredContent=None if is_error else structured, isError=is_error)


def build_server(world: World | WorldHandle, role: Role, listing: Listing | None = None) -> Server:
    if listing is None:
        listing = world.listing if isinstance(world, WorldHandle) else Listing()
    handle = world if isinstance(world, WorldHandle) else WorldHandle(world, listing)
    server: Server = Server(f"chibench-{role}", version="1")

    @server.list_tools()
    async def _list() -> list[types.Tool]:
        return listing.tools(role)

    @server.call_tool(validate_input=False)
    async def _call(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        w = await handle.get()
        if w is None:
            return _result(True, {"error": "internal_error",
                                  "message": f"{name} failed unexpectedly; nothing was changed. Try again or report it."})
        from chibench.world.tools.dispatch import dispatch, dispatch_now

        # A quick read runs right here when no other call holds the world (no thread hand-off);
        # everything else — writes, a counterpart's model turn, a busy world — runs in a worker thread.
        outcome = dispatch_now(w, role, name, arguments)
        if outcome is None:
            outcome = await anyio.to_thread.run_sync(dispatch, w, role, name, arguments)
        return _result(*outcome)

    return server


class _Endpoint:
    """A raw ASGI endpoint (a class instance, so Starlette's Route passes scope/receive/send through)."""

    def __init__(self, manager: StreamableHTTPSessionManager):
        self.manager = manager

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.manager.handle_request(scope, receive, send)


def build_app(world: World | Callable[[], World], roles: Sequence[Role] = ROLES, *,
              on_error: Callable[[BaseException], None] | None = None) -> Starlette:
    """The world process's ASGI app: one streamable-HTTP MCP endpoint per served role.

    ``world`` is an open world or a function that opens one; the latter runs in a background thread
    started with the app (lifespan), and ``on_error`` is called if it fails.
    """
    unknown = [r for r in roles if r not in ROLES]
    if unknown:
        raise ValueError(f"unknown roles {unknown} (allowed: {', '.join(ROLES)})")
    handle = WorldHandle(world, Listing(), on_error)
    # Containers reach the world as http://world:8000; the DNS-rebinding guard is for browsers on localhost.
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    managers = {r: StreamableHTTPSessionManager(build_server(handle, r), stateless=False, json_response=True,
                                               security_settings=security)
                for r in roles}

    async def healthz(_: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    routes: list[Any] = [Route("/healthz", healthz)]
    for r, m in managers.items():
        routes.append(Route(f"/{r}/mcp", endpoint=_Endpoint(m), methods=["GET", "POST", "DELETE"]))

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        handle.start()
        async with contextlib.AsyncExitStack() as stack:
            for m in managers.values():
                await stack.enter_async_context(m.run())
            yield

    return Starlette(routes=routes, lifespan=lifespan)


def serve(world: World | Callable[[], World], *, host: str = "0.0.0.0", port: int = 8000,
          roles: Sequence[Role] = ROLES) -> None:
    """Serve ``world`` (open, or a function that opens it in the background) until interrupted.

    If the world cannot be opened the server stops and this raises ``SystemExit(1)``.
    """
    import uvicorn

    failed: list[BaseException] = []
    server: uvicorn.Server | None = None

    def on_error(exc: BaseException) -> None:
        failed.append(exc)
        if server is not None:
            server.should_exit = True

    config = uvicorn.Config(build_app(world, roles, on_error=on_error), host=host, port=port, log_level="warning",
                            access_log=False, http="h11", loop="asyncio", lifespan="on")
    server = uvicorn.Server(config)
    server.run()
    if failed:
        raise SystemExit(1)
