"""MCP servers generated from the registry, served by one world process over streamable HTTP.

``/provider/mcp``, ``/payer/mcp`` and ``/cm/mcp`` — one low-level MCP server per role, each listing
only its role's tools; a world serves only the roles it is started with. The only other route is
``/healthz`` (static "ok", no state). Built with the official ``mcp`` SDK (1.x).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from typing import Any

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

from chibench.world.core.world import World
from chibench.world.tools.dispatch import dispatch
from chibench.world.tools.registry import ROLES, Role, load_all


def build_server(world: World, role: Role) -> Server:
    registry = load_all()
    tools = registry.for_role(role)
    server: Server = Server(f"chibench-{role}", version="1")

    @server.list_tools()
    async def _list() -> list[types.Tool]:
        return [types.Tool(name=t.name, description=t.description, inputSchema=t.input_schema(),
                           annotations=types.ToolAnnotations(readOnlyHint=t.kind == "read"))
                for t in tools]

    @server.call_tool(validate_input=False)
    async def _call(name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        is_error, payload = await anyio.to_thread.run_sync(dispatch, world, role, name, arguments)
        text = json.dumps(payload, ensure_ascii=False, indent=1)
        structured = payload if isinstance(payload, dict) else {"result": payload}
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                    structuredContent=None if is_error else structured, isError=is_error)

    return server


class _Endpoint:
    """A raw ASGI endpoint (a class instance, so Starlette's Route passes scope/receive/send through)."""

    def __init__(self, manager: StreamableHTTPSessionManager):
        self.manager = manager

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.manager.handle_request(scope, receive, send)


def build_app(world: World, roles: Sequence[Role] = ROLES) -> Starlette:
    """The world process's ASGI app: one streamable-HTTP MCP endpoint per served role."""
    unknown = [r for r in roles if r not in ROLES]
    if unknown:
        raise ValueError(f"unknown roles {unknown} (allowed: {', '.join(ROLES)})")
    # Containers reach the world as http://world:8000; the DNS-rebinding guard is for browsers on localhost.
    security = TransportSecuritySettings(enable_dns_rebinding_protection=False)
    managers = {r: StreamableHTTPSessionManager(build_server(world, r), stateless=False, json_response=True,
                                               security_settings=security)
                for r in roles}

    async def healthz(_: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    routes: list[Any] = [Route("/healthz", healthz)]
    for r, m in managers.items():
        routes.append(Route(f"/{r}/mcp", endpoint=_Endpoint(m), methods=["GET", "POST", "DELETE"]))

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        async with contextlib.AsyncExitStack() as stack:
            for m in managers.values():
                await stack.enter_async_context(m.run())
            yield

    return Starlette(routes=routes, lifespan=lifespan)


def serve(world: World, *, host: str = "0.0.0.0", port: int = 8000, roles: Sequence[Role] = ROLES) -> None:
    import uvicorn

    uvicorn.run(build_app(world, roles), host=host, port=port, log_level="warning")
