"""Where the reference agent's tool calls go.

- :class:`DirectMCP`: the official ``mcp`` client in the agent's own process, for an MCP URL reachable
  from where the loop runs (tests, ``chibench.rl``, a world published on the host).
- :class:`BoxTools`: through the Harbor environment — each call runs ``chibench-tools`` (the box's
  command-line MCP client, itself the official client) inside the agent's box with ``environment.exec``.
  This is how the loop reaches the world under Harbor: the loop runs on the host (like terminus-2), the
  world sidecar is reachable only from inside the box (``http://world:8000/…``).

Both return ``(is_error, text)`` with the text exactly as the MCP server sent it (compact JSON), and raise
:class:`~chibench.agents.loop.ToolTransportError` when the server cannot be reached.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import uuid
from typing import Any

from chibench.agents.loop import ToolTransportError

EXIT_TOOL_ERROR, EXIT_USAGE, EXIT_UNREACHABLE = 1, 2, 3
MAX_INLINE_ARGS = 64_000  # larger arguments travel as a file (one exec argument is limited to 128 KiB)


class DirectMCP:
    """The official client from this process; one short session per request (an MCP session's task
    group must open and close in the same task, and a failed connection must not look like a
    cancellation of the whole run)."""

    def __init__(self, url: str, *, timeout_sec: float = 300.0) -> None:
        self.url = url
        self.timeout = timeout_sec

    async def _with_session(self, what: str, action: Any) -> Any:
        from mcp import ClientSession
        from mcp.client.streamable_http import streamablehttp_client

        try:
            async with (streamablehttp_client(self.url, timeout=self.timeout) as (read, write, _),
                        ClientSession(read, write) as session):
                await session.initialize()
                return await action(session)
        except BaseException as exc:
            task = asyncio.current_task()
            if isinstance(exc, (KeyboardInterrupt, SystemExit)) or (task is not None and task.cancelling()):
                raise  # a real cancellation (e.g. Harbor's agent timeout)
            cause: BaseException = exc
            while isinstance(cause, BaseExceptionGroup) and cause.exceptions:
                cause = cause.exceptions[0]
            raise ToolTransportError(f"{what} at {self.url}: {type(cause).__name__}: {cause}") from None

    async def list_tools(self) -> list[dict[str, Any]]:
        async def action(session: Any) -> Any:
            return await session.list_tools()

        listed = await self._with_session("tools/list", action)
        return [{"name": t.name, "description": t.description or "", "inputSchema": t.inputSchema}
                for t in listed.tools]

    async def call(self, name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        async def action(session: Any) -> Any:
            return await session.call_tool(name, arguments)

        result = await self._with_session(f"tools/call {name}", action)
        text = "".join(getattr(c, "text", "") or "" for c in result.content)
        if not text and result.structuredContent is not None:
            text = json.dumps(result.structuredContent, ensure_ascii=False, separators=(",", ":"))
        return bool(result.isError), text

    async def shell(self, command: str) -> tuple[int, str]:
        return EXIT_USAGE, "error: the command-line surface needs the agent's box (tool_transport=exec)"

    async def aclose(self) -> None:
        return None


class BoxTools:
    """``chibench-tools`` inside the agent's box via ``environment.exec`` (one exec per call)."""

    def __init__(self, environment: Any, url: str | None, *, timeout_sec: float = 300.0,
                 client: str = "chibench-tools") -> None:
        self.env = environment
        self.url = url
        self.timeout = timeout_sec
        self.client = client

    def _base(self) -> str:
        url = f" --url {shlex.quote(self.url)}" if self.url else ""  # else the box's CHIBENCH_MCP_URL
        return f"{self.client}{url} --timeout {int(self.timeout)}"

    async def _exec(self, command: str) -> Any:
        try:
            return await self.env.exec(command=command, timeout_sec=int(self.timeout) + 30)
        except Exception as exc:
            raise ToolTransportError(f"exec in the agent's box failed: {type(exc).__name__}: {exc}") from exc

    async def list_tools(self) -> list[dict[str, Any]]:
        res = await self._exec(f"{self._base()} list --json")
        if res.return_code != 0:
            raise ToolTransportError(f"{self.client} list (exit {res.return_code}): {(res.stderr or res.stdout or '')[:500]}")
        try:
            listed = json.loads(res.stdout or "")
        except json.JSONDecodeError as exc:
            raise ToolTransportError(f"{self.client} list printed no JSON: {exc}") from exc
        return [{"name": t["name"], "description": t.get("description", ""), "inputSchema": t.get("inputSchema")}
                for t in listed]

    async def call(self, name: str, arguments: dict[str, Any]) -> tuple[bool, str]:
        payload = json.dumps(arguments, ensure_ascii=False)
        if len(payload) <= MAX_INLINE_ARGS:
            res = await self._exec(f"{self._base()} call {shlex.quote(name)} {shlex.quote(payload)}")
        else:
            path = f"/tmp/chibench-args-{uuid.uuid4().hex}.json"
            import tempfile
            from pathlib import Path

            with tempfile.TemporaryDirectory() as tmp:
                local = Path(tmp) / "args.json"
                local.write_text(payload, encoding="utf-8")
                await self.env.upload_file(local, path)
            res = await self._exec(f"{self._base()} call {shlex.quote(name)} - < {path}; s=$?; rm -f {path}; exit $s")
        out = (res.stdout or "").strip()
        if res.return_code == 0:
            return False, out
        if res.return_code == EXIT_TOOL_ERROR:
            return True, out
        if res.return_code == EXIT_UNREACHABLE:
            raise ToolTransportError((res.stderr or "").strip()[:1000])
        return True, "error: " + ((res.stderr or "").strip() or out or f"{self.client} exited {res.return_code}")

    async def shell(self, command: str) -> tuple[int, str]:
        res = await self._exec(command.replace("chibench-tools", self._base(), 1))
        text = (res.stdout or "") + (("\n[stderr]\n" + res.stderr) if res.stderr else "")
        return int(res.return_code), text.strip() + f"\n[exit {res.return_code}]"

    async def aclose(self) -> None:
        return None
