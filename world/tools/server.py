"""MCP servers generated from the registry, served by one world process over streamable HTTP.

``/provider/mcp``, ``/payer/mcp`` and ``/cm/mcp`` — one low-level MCP server per role, each listing
only its role's tools; a world serves only the roles it is started with. The only other route is
``/healthz`` (static "ok", no state). Built with the official ``mcp`` SDK (1.x).

Start-up: the world may be given open, or as a function that opens it. Either way the endpoints
answer ``initialize`` and ``tools/list`` at once, from the generated catalog (``tool_catalog.py``):
computing a role's listing from the registry costs 0.6–1.1 s of CPU on the reference machine (pydantic
JSON schemas), and codex (0.169) gives a server it was not told is required about one second to list its
tools before it starts the turn without them — a whole ``codex exec`` run then has no χ-Bench tools.
A world given as a function loads (models, services, tool bindings) in a background thread, and a tool
call waits until it is open. Once the registry is loaded, a background thread checks the served roles'
catalog entries against it and lists the live registry if they ever differ. :func:`serve` binds and
listens on its socket before it imports the MCP SDK, so a client that connects early is queued by the
kernel, not refused. This module therefore imports
neither the world nor the SDK at import time.
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import sys
import threading
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .registry import (
    ROLES,
    Role,
    catalog,
    catalog_entry,
    catalog_text,
    live_catalog,
    load_all,
)

if TYPE_CHECKING:
    from mcp import types
    from mcp.server.lowlevel import Server
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from starlette.applications import Starlette
    from starlette.types import Receive, Scope, Send

    from chibench.world.core.world import World

log = logging.getLogger("chibench.tools")
#: GIL switch interval (s) while the world loads in the background (Python's default is 0.005).
LOADING_SWITCH_INTERVAL = 0.0005
_START_LOCK = threading.Lock()
_loading: list[float] = []  # the interval to restore, while any world is loading (guarded by _START_LOCK)


@contextlib.contextmanager
def _gil_to_the_server() -> Iterator[None]:
    """While a world loads in a background thread, let the serving thread have the GIL back quickly,
    so that initialize / tools/list are not held up by the loading."""
    with _START_LOCK:
        _loading.append(sys.getswitchinterval())
        sys.setswitchinterval(min(_loading[0], LOADING_SWITCH_INTERVAL))
    try:
        yield
    finally:
        with _START_LOCK:
            first = _loading[0]
            _loading.pop()
            if not _loading:
                sys.setswitchinterval(first)


def _as_tools(entries: list[dict[str, Any]]) -> list[types.Tool]:
    from mcp import types

    return [types.Tool(name=e["name"], description=e["description"], inputSchema=e["inputSchema"],
                       outputSchema=e["outputSchema"], annotations=types.ToolAnnotations(readOnlyHint=e["readOnlyHint"]))
            for e in entries]


class Listing:
    """What each role's ``tools/list`` returns, built once per role.

    ``Listing()`` lists the live registry (the world's modules are loaded). ``Listing.generated()``
    lists the generated catalog, which needs none of them, until :meth:`verify` has compared it with
    the live registry — and lists the registry from then on if they ever differ."""

    def __init__(self, entries: dict[str, list[dict[str, Any]]] | None = None) -> None:
        self._entries = entries
        self._tools: dict[str, list[types.Tool]] = {}
        self._lock = threading.Lock()

    @classmethod
    def generated(cls) -> Listing:
        return cls(catalog())

    def tools(self, role: Role) -> list[types.Tool]:
        tools = self._tools.get(role)
        if tools is None:
            with self._lock:
                tools = self._tools.get(role)
                if tools is None:
                    entries = (self._entries[role] if self._entries is not None
                               else [catalog_entry(t) for t in load_all().for_role(role)])
                    tools = self._tools[role] = _as_tools(entries)
        return tools

    def verify(self, roles: Sequence[Role] = ROLES) -> bool:
        """Compare the generated catalog's ``roles`` with the live registry; list the registry (every
        role) if any differs. True if fresh."""
        if self._entries is None:
            return True
        registry = load_all()
        live_roles: dict[str, list[dict[str, Any]]] = {r: [catalog_entry(t) for t in registry.for_role(r)] for r in roles}
        if catalog_text(live_roles) == catalog_text({r: self._entries[r] for r in roles}):
            return True
        live = live_catalog()
        log.warning("world/tools/tool_catalog.py is stale (run `chibench tools reference`); "
                    "listing the live registry instead")
        with self._lock:
            self._entries = live
            self._tools = {}
        return False


class WorldHandle:
    """The served world: given open, or opened by :meth:`start` in a background thread (which then
    imports the dispatcher and every tool binding, and checks the listing's generated catalog).
    :meth:`get` waits for it."""

    def __init__(self, source: World | Callable[[], World], listing: Listing,
                 on_error: Callable[[BaseException], None] | None = None, roles: Sequence[Role] = ROLES):
        self.listing = listing
        self.roles = tuple(roles)
        self.on_error = on_error
        self.error: BaseException | None = None
        self._world: World | None = None
        self._opener: Callable[[], World] | None = None
        self._done = threading.Event()
        self._started = False
        if callable(source):
            self._opener = source
        else:
            load_all()
            self._world = source
            self._done.set()

    def start(self) -> None:
        """Open the world in a background thread (a world given open: check the listing there instead)."""
        with _START_LOCK:
            if self._started:
                return
            self._started = True
        if self._opener is None:
            threading.Thread(target=self._check_listing, name="chibench-listing-check", daemon=True).start()
        else:
            threading.Thread(target=self._open, name="chibench-world-open", daemon=True).start()

    def _check_listing(self) -> None:
        with _gil_to_the_server():
            self._verify_listing()

    def _verify_listing(self) -> None:
        try:
            self.listing.verify(self.roles)
        except Exception:  # the catalog stays listed; calls are unaffected
            log.exception("the generated tool catalog could not be checked")

    def _open(self) -> None:
        assert self._opener is not None
        try:
            with _gil_to_the_server():
                world = self._opener()
                load_all()  # every binding, with its services and models
                from . import dispatch  # noqa: F401

                self._verify_listing()  # before any call runs, so that no call shares the CPU with it
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
            import anyio

            self.start()
            await anyio.to_thread.run_sync(self._done.wait)
        return self._world


def call_result(is_error: bool, payload: Any, text: str | None = None) -> types.CallToolResult:
    """The ``tools/call`` result the servers send for a dispatcher outcome (also built by ``chibench.rl``).

    ``content`` is the dispatcher's text, byte for byte what oracles, replays and graders were built on. A
    successful result also carries the payload as ``structuredContent``: every tool lists an
    ``outputSchema``, and MCP requires structured results from such a tool (the official SDK clients raise
    without them). Handing the SDK a finished ``CallToolResult`` is also what keeps its server from
    re-validating each result against the output schema (it validates only results it builds itself);
    the schemas are checked against real results in tests instead (tests/world/tools/test_output_schemas.py).
    Errors carry no structured content (the output schema describes successful results only)."""
    from mcp import types

    if text is None:  # the dispatcher's format (dispatch.TEXT_FORMAT), without importing it
        text = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    structured = payload if isinstance(payload, dict) else {"result": payload}
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                structuredContent=None if is_error else structured, isError=is_error)


def build_server(world: World | WorldHandle, role: Role, listing: Listing | None = None) -> Server:
    import anyio
    from mcp.server.lowlevel import Server

    if isinstance(world, WorldHandle):
        handle, listing = world, listing or world.listing
    else:
        listing = listing or Listing()
        handle = WorldHandle(world, listing)
    server: Server = Server(f"chibench-{role}", version="1")

    # the SDK's low-level decorators carry no annotations (mcp 1.30)
    @server.list_tools()  # type: ignore[no-untyped-call, untyped-decorator]
    async def _list() -> list[types.Tool]:
        return listing.tools(role)

    @server.call_tool(validate_input=False)  # type: ignore[untyped-decorator]
    async def _call(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        w = await handle.get()
        if w is None:
            return call_result(True, {"error": "internal_error",
                                  "message": f"{name} failed unexpectedly; nothing was changed. Try again or report it."})
        from .dispatch import dispatch_encoded, dispatch_now

        # A quick read runs right here when no other call holds the world (no thread hand-off);
        # everything else — writes, a counterpart's model turn, a busy world — runs in a worker thread.
        outcome = dispatch_now(w, role, name, arguments)
        if outcome is None:
            outcome = await anyio.to_thread.run_sync(dispatch_encoded, w, role, name, arguments)
        return call_result(*outcome)

    return server


#: Largest request body an MCP endpoint reads (bytes). The largest legitimate call is an attachment
#: upload: ≤ 10 MiB decoded is ≤ 13,981,016 base64 characters (``bindings_provider.MAX_BASE64_CHARS``),
#: plus the JSON-RPC envelope and the other arguments; 16 MiB leaves room for those and no more.
MAX_BODY_BYTES = 16 * 1024 * 1024
#: Deepest JSON nesting accepted in a request (the deepest tool argument schema nests < 10 levels).
MAX_JSON_DEPTH = 64
#: Longest integer literal accepted (digits); Python refuses > 4,300 when converting, inside the SDK.
MAX_INT_DIGITS = 64


class BadBody(ValueError):
    """A request body that is not one well-formed, bounded JSON document; ``status`` and ``code`` say how."""

    def __init__(self, message: str, status: int = 400, code: int = -32700):
        super().__init__(message)
        self.status, self.code = status, code


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise BadBody(f"a number has {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS} are accepted)")
    return int(text)


def _depth_ok(value: Any) -> bool:
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            if d > MAX_JSON_DEPTH:
                return False
            stack.extend((c, d + 1) for c in (v.values() if isinstance(v, dict) else v))
    return True


def check_body(body: bytes) -> None:
    """Refuse a body the SDK would answer with HTTP 500 (or accept unbounded): not UTF-8, not JSON,
    nested deeper than :data:`MAX_JSON_DEPTH`, an integer longer than :data:`MAX_INT_DIGITS` digits.
    Raises :class:`BadBody`; the size limit is enforced while reading (:class:`BodyGuard`)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadBody(f"the body is not UTF-8 (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_int=_bounded_int)
    except RecursionError:
        raise BadBody(f"the JSON is nested too deeply (at most {MAX_JSON_DEPTH} levels)") from None
    except json.JSONDecodeError as exc:
        raise BadBody(f"the body is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError as exc:  # BadBody from parse_int, or a float literal Python cannot represent
        raise BadBody(str(exc)[:200]) from None
    if not _depth_ok(value):
        raise BadBody(f"the JSON is nested too deeply (at most {MAX_JSON_DEPTH} levels)")


class BodyGuard:
    """ASGI middleware in front of the SDK's streamable-HTTP endpoints: a POST body is read whole (up to
    :data:`MAX_BODY_BYTES`) and checked by :func:`check_body` before the SDK sees it. A bad body gets a
    4xx with a JSON-RPC error object (``id: null``) — 400 / -32700 for a parse error, 413 / -32600 for an
    oversized body — instead of the SDK's HTTP 500, and changes nothing. Everything else passes through
    untouched (the body is replayed to the SDK as one message)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        try:
            if declared is not None and int(declared) > MAX_BODY_BYTES:
                raise BadBody(f"the body is {int(declared)} bytes, which exceeds the limit of {MAX_BODY_BYTES}",
                             413, -32600)
            chunks: list[bytes] = []
            size = 0
            more = True
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > MAX_BODY_BYTES:
                    raise BadBody(f"the body exceeds the limit of {MAX_BODY_BYTES} bytes", 413, -32600)
                chunks.append(chunk)
                more = bool(message.get("more_body"))
            body = b"".join(chunks)
            check_body(body)
        except BadBody as exc:
            await _jsonrpc_error(send, exc.status, exc.code, str(exc))
            return
        except ValueError:  # a Content-Length that is not a number
            await _jsonrpc_error(send, 400, -32600, "the Content-Length header is not a number")
            return
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _jsonrpc_error(send: Send, status: int, code: int, message: str) -> None:
    payload = json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": payload})


class _AbandonedStream(logging.Filter):
    """The SDK logs a full traceback ("Error in standalone SSE writer") when a client drops a session's
    GET stream without closing the session — an ordinary event for a world whose agent simply stops.
    Rewrite it to one line, without the traceback; every other record passes unchanged."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage() == "Error in standalone SSE writer":
            exc = record.exc_info[1] if record.exc_info else None
            record.msg = "an MCP session's standalone SSE stream ended (client went away)%s"
            record.args = (f": {type(exc).__name__}" if exc is not None else "",)
            record.levelno, record.levelname = logging.INFO, "INFO"
            record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


def quiet_abandoned_sessions() -> None:
    """Install :class:`_AbandonedStream` on the SDK's streamable-HTTP logger (idempotent)."""
    sdk = logging.getLogger("mcp.server.streamable_http")
    if not any(isinstance(f, _AbandonedStream) for f in sdk.filters):
        sdk.addFilter(_AbandonedStream())


class _Endpoint:
    """A raw ASGI endpoint (a class instance, so Starlette's Route passes scope/receive/send through);
    request bodies are checked by :class:`BodyGuard` first."""

    def __init__(self, manager: StreamableHTTPSessionManager):
        self.manager = manager
        self.guarded = BodyGuard(manager.handle_request)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.guarded(scope, receive, send)


def build_app(world: World | Callable[[], World], roles: Sequence[Role] = ROLES, *,
              on_error: Callable[[BaseException], None] | None = None, extra_routes: Sequence[Any] = ()) -> Starlette:
    """The world process's ASGI app: one streamable-HTTP MCP endpoint per served role.

    ``world`` is an open world or a function that opens one; the latter runs in a background thread
    started with the app (lifespan), and ``on_error`` is called if it fails.
    """
    from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
    from mcp.server.transport_security import TransportSecuritySettings
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    unknown = [r for r in roles if r not in ROLES]
    if unknown:
        raise ValueError(f"unknown roles {unknown} (allowed: {', '.join(ROLES)})")
    quiet_abandoned_sessions()
    handle = WorldHandle(world, Listing.generated(), on_error, roles)
    # Containers reach the world as http://world:8000; the DNS-rebinding guard is for browsers on localhost.
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    managers = {r: StreamableHTTPSessionManager(build_server(handle, r), stateless=False, json_response=True,
                                               security_settings=security)
                for r in roles}

    async def healthz(_: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    routes: list[Any] = [Route("/healthz", healthz), *extra_routes]  # extra: the arena's turn routes
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


def listen(host: str, port: int, backlog: int = 2048) -> list[socket.socket]:
    """Bind and listen on ``host:port`` now (as uvicorn would: every address the host resolves to,
    ``SO_REUSEADDR``): connections made before the server runs wait in the kernel's queue."""
    infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    families = {info[0] for info in infos}
    sockets: list[socket.socket] = []
    seen: set[Any] = set()
    try:
        for family, kind, proto, _, address in infos:
            if address in seen:
                continue
            seen.add(address)
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and len(families) > 1:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(backlog)
            sock.set_inheritable(True)
    except OSError:
        for sock in sockets:
            sock.close()
        raise
    return sockets


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` that was free a moment ago (bind to port 0, read it, release it)."""
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serve_in_thread(app: Any, host: str, port: int, *, name: str, what: str,
                    error: type[Exception] = RuntimeError, start_timeout_sec: float = 60.0,
                    **config: Any) -> Iterator[None]:
    """Run ``app`` under uvicorn in a daemon thread on ``host:port`` for the block (``config``: more
    ``uvicorn.Config`` keywords, e.g. ``lifespan``). Raises ``error("<what> did not start on host:port")`` when
    the server is not up within ``start_timeout_sec``; on exit asks it to stop and joins the thread (≤ 30 s)."""
    import time

    import uvicorn

    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", **config))
    thread = threading.Thread(target=server.run, name=name, daemon=True)
    thread.start()
    deadline = time.monotonic() + start_timeout_sec
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise error(f"{what} did not start on {host}:{port}")
        time.sleep(0.01)
    try:
        yield
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def serve(world: World | Callable[[], World], *, host: str = "0.0.0.0", port: int = 8000,
          roles: Sequence[Role] = ROLES) -> None:
    """Serve ``world`` (open, or a function that opens it in the background) until interrupted.

    The socket is bound first, then the SDK and the app are loaded. If the address is taken or the
    world cannot be opened, this says why on stderr and raises ``SystemExit(1)``.
    """
    try:
        sockets = listen(host, port)
    except OSError as exc:
        print(f"chibench: cannot listen on {host}:{port}: {exc}", file=sys.stderr)
        raise SystemExit(1) from None

    import uvicorn

    failed: list[BaseException] = []
    server: uvicorn.Server | None = None

    def on_error(exc: BaseException) -> None:
        failed.append(exc)
        if server is not None:
            server.should_exit = True

    config = uvicorn.Config(build_app(world, roles, on_error=on_error), host=host, port=port, log_level="warning",
                            access_log=False, http="auto", loop="auto", lifespan="on")
    server = uvicorn.Server(config)
    server.run(sockets=sockets)
    if failed:
        raise SystemExit(1)
