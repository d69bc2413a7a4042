#!/usr/bin/env python3
"""chibench-tools: the task's MCP tools from a shell (the agent box's command-line MCP client).

Installed as ``chibench-tools`` in the agent image and the sandbox's agent root (on ``PATH``). It needs only
the official ``mcp`` client (and ``jmespath`` for ``--query``) — never ``chibench``, which must not be
importable in the agent's box. It is the paper's "CLI surface": the same tools, the same server, the same
results as an MCP client gets.

Usage::

    chibench-tools list [--json]                       every tool: name, read/write, summary
    chibench-tools describe NAME [--json]              description and arguments (types, enums, required)
    chibench-tools call NAME ['{"arg": …}' | -] [--query JMESPATH] [--pretty]

The server is ``--url URL``, else ``$CHIBENCH_MCP_URL`` (set in every χ-Bench task's box; the task's
instruction names it too). ``call`` prints the tool's result as JSON on stdout (``--query`` applies a
jmespath expression to it first, like the AWS CLI's; ``-`` reads the arguments from stdin).

Exit codes: 0 success; 1 the tool answered with an error (its error JSON on stdout, a one-line summary
on stderr; nothing was changed); 2 bad usage (unknown tool, arguments that are not a JSON object, a bad
query); 3 the server could not be reached or broke the protocol (the message names the URL).

Session helper: importing the ``mcp`` client costs 1–3 s of CPU per process (it builds several hundred
pydantic models), which made every call from a shell cost seconds. So the first call also starts a helper
process (this script with ``--serve-session URL SOCKET``, detached) that keeps one MCP session to the URL and
answers later calls over a Unix socket (``$XDG_RUNTIME_DIR`` or the temp dir, mode 0600, one per user and
URL). A call that finds the helper sends it its arguments (and stdin) and prints what the helper's run of the
same command printed, with the same exit code — byte for byte what the call would print alone. The helper
runs one command at a time, re-opens its session after a transport failure, and exits after
``CHIBENCH_TOOLS_IDLE_SEC`` (default 300) seconds without a call. ``CHIBENCH_TOOLS_DAEMON=0`` turns it off.
If the helper dies during a call, the call exits 3 and says so (a write may or may not have happened).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import difflib
import hashlib
import io
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

EXIT_OK, EXIT_TOOL_ERROR, EXIT_USAGE, EXIT_UNREACHABLE = 0, 1, 2, 3
URL_ENV = "CHIBENCH_MCP_URL"
DAEMON_ENV, IDLE_ENV = "CHIBENCH_TOOLS_DAEMON", "CHIBENCH_TOOLS_IDLE_SEC"
SERVE_FLAG = "--serve-session"
#: how long a call waits for a helper another call is starting before it runs the command itself
HELPER_START_WAIT_SEC = 10.0

Runner = Callable[[str, float, Any], Awaitable[Any]]


class Usage(Exception):
    """Bad usage: exit 2 with the message."""


class Unreachable(Exception):
    """The server could not be reached or broke the protocol: exit 3 with the message."""


def _root_cause(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


async def _session_run(url: str, timeout: float, action: Any) -> Any:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamablehttp_client

    async with streamablehttp_client(url, timeout=timeout) as (read, write, _), ClientSession(read, write) as session:
        await session.initialize()
        return await action(session)


def _unreachable(url: str, exc: BaseException) -> Exception:
    cause = _root_cause(exc)
    if isinstance(cause, Usage):
        return cause
    return Unreachable(f"cannot use the MCP server at {url}: {type(cause).__name__}: {cause}".strip())


async def _run_once(url: str, timeout: float, action: Any) -> Any:
    """``action(session)`` in a session of its own (the path without the helper)."""
    try:
        return await _session_run(url, timeout, action)
    except (Usage, KeyboardInterrupt, asyncio.CancelledError):
        raise
    except BaseException as exc:  # anyio wraps transport failures in exception groups
        raise _unreachable(url, exc) from None


async def _all_tools(session: Any) -> list[Any]:
    tools: list[Any] = []
    cursor = None
    while True:
        page = await session.list_tools(cursor=cursor) if cursor else await session.list_tools()
        tools += page.tools
        cursor = getattr(page, "nextCursor", None)
        if not cursor:
            return tools


def _kind(tool: Any) -> str:
    ann = getattr(tool, "annotations", None)
    return "read" if ann is not None and getattr(ann, "readOnlyHint", None) else "write"


def _summary(tool: Any) -> str:
    text = (tool.description or "").strip()
    return text.split("\n", 1)[0].split(". ", 1)[0].rstrip(".")


def _as_json(tool: Any) -> dict[str, Any]:
    out = {"name": tool.name, "kind": _kind(tool), "description": tool.description or "",
           "inputSchema": tool.inputSchema}
    return out


def _type_of(schema: dict[str, Any]) -> str:
    if "enum" in schema:
        return "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    if "anyOf" in schema:
        return " or ".join(_type_of(s) for s in schema["anyOf"] if isinstance(s, dict))
    if "$ref" in schema:
        return str(schema["$ref"]).rsplit("/", 1)[-1]
    t = schema.get("type", "any")
    if t == "array" and isinstance(schema.get("items"), dict):
        return f"array of {_type_of(schema['items'])}"
    return str(t)


def describe_text(tool: Any) -> str:
    """The human-readable ``describe`` output."""
    schema = tool.inputSchema or {}
    required = set(schema.get("required") or [])
    lines = [f"{tool.name} ({_kind(tool)})", "", (tool.description or "").strip(), "", "Arguments:"]
    props = schema.get("properties") or {}
    if not props:
        lines.append("  (none)")
    for name, prop in props.items():
        flag = "required" if name in required else "optional"
        lines.append(f"  {name}: {_type_of(prop)} ({flag})")
        if prop.get("description"):
            lines.append(f"      {prop['description']}")
    defs = schema.get("$defs") or {}
    for def_name, d in defs.items():
        lines += ["", f"{def_name}:"]
        for name, prop in (d.get("properties") or {}).items():
            flag = "required" if name in set(d.get("required") or []) else "optional"
            lines.append(f"  {name}: {_type_of(prop)} ({flag})" + (f" — {prop['description']}"
                                                                 if prop.get("description") else ""))
    lines += ["", f"Call: chibench-tools call {tool.name} '{{\"{next(iter(props), 'arg')}\": …}}'"]
    return "\n".join(lines)


def _find(tools: list[Any], name: str) -> Any:
    for t in tools:
        if t.name == name:
            return t
    close = difflib.get_close_matches(name, [t.name for t in tools], n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else "; `chibench-tools list` shows them all"
    raise Usage(f"no tool '{name}' on this server{hint}")


def _arguments(raw: str | None, stdin_text: str | None = None) -> dict[str, Any]:
    if raw is None:
        return {}
    text = (sys.stdin.read() if stdin_text is None else stdin_text) if raw == "-" else raw
    try:
        value = json.loads(text) if text.strip() else {}
    except json.JSONDecodeError as exc:
        raise Usage(f"arguments are not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno}); "
                    "pass one JSON object, e.g. '{\"case_id\": \"PA-1\"}'") from None
    if not isinstance(value, dict):
        raise Usage(f"arguments must be a JSON object, not {type(value).__name__}")
    return value


def _query(expression: str | None) -> Any:
    if expression is None:
        return None
    try:
        import jmespath
    except ImportError:  # pragma: no cover - the agent image installs it
        raise Usage("--query needs the jmespath package") from None
    try:
        return jmespath.compile(expression)
    except jmespath.exceptions.JMESPathError as exc:
        raise Usage(f"--query: not a jmespath expression: {exc}") from None


def _dump(value: Any, pretty: bool) -> str:
    if pretty:
        return json.dumps(value, indent=2, ensure_ascii=False)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _result_payload(result: Any) -> tuple[Any, str]:
    text = "".join(getattr(c, "text", "") or "" for c in result.content)
    try:
        return (json.loads(text) if text else result.structuredContent), text
    except json.JSONDecodeError:
        return {"text": text}, text


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="chibench-tools", description="the task's MCP tools from a shell")
    p.add_argument("--url", help=f"MCP server URL (default: ${URL_ENV})")
    p.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for one request (default 300)")
    sub = p.add_subparsers(dest="command", required=True)
    ls = sub.add_parser("list", help="every tool with read/write and a one-line summary")
    ls.add_argument("--json", action="store_true", help="names, kinds, descriptions and input schemas as JSON")
    d = sub.add_parser("describe", help="one tool's description and arguments")
    d.add_argument("name")
    d.add_argument("--json", action="store_true")
    c = sub.add_parser("call", help="call a tool with JSON arguments; prints its JSON result")
    c.add_argument("name")
    c.add_argument("arguments", nargs="?", help="a JSON object ('-' reads it from stdin; default {})")
    c.add_argument("--query", help="jmespath expression applied to the result (e.g. 'case.id')")
    c.add_argument("--pretty", action="store_true", help="indent the JSON output")
    return p


async def _execute(args: argparse.Namespace, run: Runner, stdin_text: str | None = None) -> int:
    """One command; prints its output and returns its exit code. ``run(url, timeout, action)`` runs
    ``action(session)`` on a session to ``url`` (its own, or the helper's kept one)."""
    url = args.url or os.environ.get(URL_ENV, "")
    try:
        if not url:
            raise Usage(f"no MCP server: pass --url or set {URL_ENV} (the task's instruction names the URL)")
        if args.command == "list":
            tools = await run(url, args.timeout, _all_tools)
            if args.json:
                print(_dump([_as_json(t) for t in tools], True))
            else:
                width = max((len(t.name) for t in tools), default=0)
                for t in sorted(tools, key=lambda t: t.name):
                    print(f"{t.name:<{width}}  {_kind(t):<5}  {_summary(t)}")
            return EXIT_OK
        if args.command == "describe":
            tool = await run(url, args.timeout, _all_tools)
            found = _find(tool, args.name)
            print(_dump(_as_json(found), True) if args.json else describe_text(found))
            return EXIT_OK
        arguments = _arguments(args.arguments, stdin_text)
        query = _query(args.query)

        async def call(session: Any) -> Any:
            result = await session.call_tool(args.name, arguments)
            payload, _ = _result_payload(result)
            if result.isError and isinstance(payload, dict) and payload.get("error") == "unknown_tool":
                _find(await _all_tools(session), args.name)  # raises Usage with close matches
            return bool(result.isError), payload

        is_error, payload = await run(url, args.timeout, call)
        if is_error:
            print(_dump(payload, args.pretty))
            message = payload.get("message") if isinstance(payload, dict) else None
            print(f"chibench-tools: {args.name}: tool error: {message or payload}", file=sys.stderr)
            return EXIT_TOOL_ERROR
        print(_dump(query.search(payload) if query is not None else payload, args.pretty))
        return EXIT_OK
    except Usage as exc:
        print(f"chibench-tools: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except Unreachable as exc:
        print(f"chibench-tools: {exc}", file=sys.stderr)
        return EXIT_UNREACHABLE


# ------------------------------------------------------------------------------------------ session helper
#: a Unix socket's path must fit sun_path (108 bytes on Linux, with its NUL)
MAX_SOCKET_PATH = 100


def _socket_path(url: str) -> str:
    digest = hashlib.sha256(url.encode("utf-8")).hexdigest()[:16]
    name = f"chibench-tools-{os.getuid()}-{digest}.sock"
    for base in (os.environ.get("XDG_RUNTIME_DIR"), tempfile.gettempdir(), "/tmp"):
        if base and len(os.fsencode(os.path.join(base, name))) <= MAX_SOCKET_PATH:
            return os.path.join(base, name)
    return os.path.join("/tmp", name)


def _ask_helper(path: str, request: dict[str, Any]) -> dict[str, Any] | None:
    """The helper's answer, or None when no helper listens at ``path`` (nothing was sent)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        try:
            sock.connect(path)
        except OSError:
            return None
        sock.sendall(json.dumps(request).encode("utf-8") + b"\n")
        chunks = []
        while chunk := sock.recv(1 << 16):
            chunks.append(chunk)
    finally:
        sock.close()
    try:
        answer = json.loads(b"".join(chunks).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        answer = None
    if not isinstance(answer, dict):  # connected and sent, but the helper died before answering
        return {"code": EXIT_UNREACHABLE, "stdout": "", "stderr": (
            "chibench-tools: the session helper ended during this call; it may or may not have been carried "
            f"out (run it again with {DAEMON_ENV}=0 to bypass the helper)\n")}
    return answer


def _start_helper(url: str, path: str) -> bool:
    """Start a helper unless one is starting (a fresh ``.starting`` mark); True if one is (now) starting."""
    mark = path + ".starting"
    try:
        if time.time() - os.stat(mark).st_mtime < HELPER_START_WAIT_SEC * 3:
            return True
        os.unlink(mark)
    except FileNotFoundError:
        pass
    try:
        os.close(os.open(mark, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except FileExistsError:
        return True
    try:
        subprocess.Popen([sys.executable, os.path.abspath(__file__), SERVE_FLAG, url, path],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True, close_fds=True)
    except OSError:
        os.unlink(mark)
        return False
    return False  # this call runs alone; the helper serves the next ones


def _via_helper(argv: list[str], args: argparse.Namespace) -> int | None:
    """Run the command through the helper; None means: run it here."""
    url = args.url or os.environ.get(URL_ENV, "")
    if not url or os.environ.get(DAEMON_ENV, "1") == "0":
        return None
    stdin_text = sys.stdin.read() if args.command == "call" and args.arguments == "-" else None
    request = {"argv": argv, "url": url, "stdin": stdin_text}
    path = _socket_path(url)
    answer = _ask_helper(path, request)
    if answer is None and _start_helper(url, path):  # another call is starting one: wait for it a little
        deadline = time.monotonic() + HELPER_START_WAIT_SEC
        while answer is None and time.monotonic() < deadline:
            starting = os.path.exists(path + ".starting")
            time.sleep(0.05)
            answer = _ask_helper(path, request)
            if not starting:
                break
    if answer is None:
        return asyncio.run(_execute(args, _run_once, stdin_text))
    sys.stdout.write(answer.get("stdout", ""))
    sys.stderr.write(answer.get("stderr", ""))
    return int(answer.get("code", EXIT_UNREACHABLE))


class _KeptSession:
    """One MCP session to one URL, owned by one task (an MCP session's task group must open and close in the
    same task); actions queue up and run in order. A transport failure fails the action in flight and ends
    the session; the next action opens a new one."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.queue: asyncio.Queue[tuple[Any, asyncio.Future[Any]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.timeout = 300.0

    async def run(self, url: str, timeout: float, action: Any) -> Any:
        if url != self.url:
            return await _run_once(url, timeout, action)
        if self.task is None or self.task.done():
            self.timeout = timeout
            self.task = asyncio.create_task(self._serve())
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await self.queue.put((action, done))
        return await done

    async def _serve(self) -> None:
        current: asyncio.Future[Any] | None = None
        try:
            from mcp import ClientSession
            from mcp.client.streamable_http import streamablehttp_client

            async with (streamablehttp_client(self.url, timeout=self.timeout) as (read, write, _),
                        ClientSession(read, write) as session):
                await session.initialize()
                while True:
                    action, current = await self.queue.get()
                    try:
                        current.set_result(await action(session))
                    except Usage as exc:  # the command's own error; the session is fine
                        current.set_exception(exc)
                    current = None
        except BaseException as exc:
            failure = _unreachable(self.url, exc)
            if current is not None and not current.done():
                current.set_exception(failure)
            while not self.queue.empty():  # queued behind a broken session: fail them too (nothing ran)
                _, waiting = self.queue.get_nowait()
                if not waiting.done():
                    waiting.set_exception(failure)
            if isinstance(exc, asyncio.CancelledError):
                raise


async def _serve_helper(url: str, path: str) -> None:
    if _ask_helper(path, {"argv": ["--ping"], "url": url}) is not None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path + ".starting")
        return  # another helper already serves this URL
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)  # a stale socket of a helper that died
    kept = _KeptSession(url)
    lock = asyncio.Lock()
    idle = float(os.environ.get(IDLE_ENV) or 300)
    last = time.monotonic()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        nonlocal last
        try:
            request = json.loads(await reader.readline())
            argv = list(request["argv"])
            async with lock:
                out, err = io.StringIO(), io.StringIO()
                if argv == ["--ping"]:
                    code = EXIT_OK
                else:
                    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                        try:
                            args = parser().parse_args(argv)
                            code = await _execute(args, kept.run, request.get("stdin"))
                        except SystemExit as exc:  # argparse already printed its usage error
                            code = exc.code if isinstance(exc.code, int) else EXIT_USAGE
                last = time.monotonic()
            writer.write(json.dumps({"code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}).encode())
            await writer.drain()
        except Exception:  # a malformed request: close without an answer (the caller reports it)
            pass
        finally:
            writer.close()

    old_umask = os.umask(0o177)
    try:
        server = await asyncio.start_unix_server(handle, path=path)
    finally:
        os.umask(old_umask)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path + ".starting")
    async with server:
        while time.monotonic() - last < idle or lock.locked():
            await asyncio.sleep(min(5.0, idle))
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    logging.disable(logging.WARNING)  # the SDK logs transport noise; errors are reported below
    if len(argv) == 3 and argv[0] == SERVE_FLAG:
        asyncio.run(_serve_helper(argv[1], argv[2]))
        return EXIT_OK
    args = parser().parse_args(argv)
    via = _via_helper(argv, args)
    if via is not None:
        return via
    return asyncio.run(_execute(args, _run_once))


if __name__ == "__main__":
    raise SystemExit(main())
